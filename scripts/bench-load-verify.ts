/**
 * `npm run bench` only, after the load run (scripts/bench-load.mjs) and once the app has stopped: reads,
 * through wrangler's platform proxy, what the load members left in D1 and compares it with the writes the
 * app accepted (a 2xx as the last answer), kind by kind and member by member:
 *   progress  video_progress: one row per member, at the last accepted position
 *   word      vocabulary_list_items of the member's lists: the accepted words, each once
 *   review    flashcard_review_logs: the accepted requestIds, each once
 *   message   community_messages in the load thread: the accepted bodies, each once
 *   comment   video_comments on the load lesson: the accepted bodies, each once
 * "missing" = accepted but not in D1 (lost); "duplicated" = in D1 more than once; "extra" = in D1 though the
 * write was refused. A write left without a definite answer may be in D1 or not (at most once). Also counts
 * the members' Idempotency-Keys still claimed with no stored answer. Prints a table, writes
 * <state>/bench-load-verify.json for scripts/bench.mjs. Asserts nothing.
 *   tsx scripts/bench-load-verify.ts [--persist-to .bench-state]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { and, eq, inArray, isNull, like } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import * as schema from "../drizzle/schema";
import { createAppContext } from "../server/context";
import type { Env } from "../server/env";

type Kind = "progress" | "word" | "review" | "message" | "comment";
type Identity = string | number;
interface LedgerEntry {
  userId: number;
  accepted: Record<Kind, Identity[]>;
  unknown: Record<Kind, Identity[]>;
}
interface LoadResult {
  tag: string;
  lesson: { id: number };
  threadId: number;
  ledger: LedgerEntry[];
}

const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1]! : ".bench-state";
const load = JSON.parse(readFileSync(`${persistTo}/bench-load-result.json`, "utf8")) as LoadResult;
const userIds = load.ledger.map((entry) => entry.userId);
const tagged = `%load-${load.tag}-%`;

interface KindCheck {
  accepted: number;
  rows: number;
  missing: number;
  duplicated: number;
  extra: number;
  unknown: number;
  unknownStored: number;
  examples: string[];
}

/** Compares the rows (user, identity) of one kind with the ledger. */
function check(kind: Exclude<Kind, "progress">, rows: { userId: number; identity: Identity }[]): KindCheck {
  const result: KindCheck = {
    accepted: 0,
    rows: rows.length,
    missing: 0,
    duplicated: 0,
    extra: 0,
    unknown: 0,
    unknownStored: 0,
    examples: [],
  };
  const stored = new Map<number, Map<Identity, number>>();
  for (const row of rows) {
    const forUser = stored.get(row.userId) ?? new Map<Identity, number>();
    forUser.set(row.identity, (forUser.get(row.identity) ?? 0) + 1);
    stored.set(row.userId, forUser);
  }
  const note = (text: string) => {
    if (result.examples.length < 5) result.examples.push(text);
  };
  for (const entry of load.ledger) {
    const forUser = stored.get(entry.userId) ?? new Map<Identity, number>();
    const accepted = new Set(entry.accepted[kind]);
    const unknown = new Set(entry.unknown[kind]);
    result.accepted += entry.accepted[kind].length;
    result.unknown += unknown.size;
    for (const identity of accepted) {
      if (!forUser.has(identity)) {
        result.missing += 1;
        note(`${kind} lost: user ${entry.userId} ${identity}`);
      }
    }
    for (const [identity, count] of forUser) {
      if (count > 1) {
        result.duplicated += count - 1;
        note(`${kind} ×${count}: user ${entry.userId} ${identity}`);
      }
      if (unknown.has(identity)) result.unknownStored += 1;
      else if (!accepted.has(identity)) {
        result.extra += 1;
        note(`${kind} stored but not accepted: user ${entry.userId} ${identity}`);
      }
    }
  }
  return result;
}

const proxy = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } });
try {
  const { db } = createAppContext({ ...proxy.env, ENVIRONMENT: "development" });
  const {
    videoProgress,
    vocabularyListItems,
    vocabularyLists,
    flashcardReviewLogs,
    communityMessages,
    videoComments,
    apiIdempotencyKeys,
  } = schema;

  const [progressRows, wordRows, reviewRows, messageRows, commentRows, stuck] = await Promise.all([
    db
      .select({ userId: videoProgress.userId, position: videoProgress.positionSeconds })
      .from(videoProgress)
      .where(and(eq(videoProgress.videoId, load.lesson.id), inArray(videoProgress.userId, userIds))),
    db
      .select({ userId: vocabularyLists.userId, identity: vocabularyListItems.arabic })
      .from(vocabularyListItems)
      .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
      .where(and(inArray(vocabularyLists.userId, userIds), like(vocabularyListItems.arabic, `كلمة ${load.tag} %`))),
    db
      .select({ userId: flashcardReviewLogs.userId, identity: flashcardReviewLogs.requestId })
      .from(flashcardReviewLogs)
      .where(and(inArray(flashcardReviewLogs.userId, userIds), like(flashcardReviewLogs.requestId, tagged))),
    db
      .select({ userId: communityMessages.userId, identity: communityMessages.body })
      .from(communityMessages)
      .where(
        and(
          eq(communityMessages.threadId, load.threadId),
          inArray(communityMessages.userId, userIds),
          like(communityMessages.body, tagged),
        ),
      ),
    db
      .select({ userId: videoComments.userId, identity: videoComments.body })
      .from(videoComments)
      .where(
        and(
          eq(videoComments.videoId, load.lesson.id),
          inArray(videoComments.userId, userIds),
          like(videoComments.body, tagged),
        ),
      ),
    db
      .select({ key: apiIdempotencyKeys.key, route: apiIdempotencyKeys.route })
      .from(apiIdempotencyKeys)
      .where(and(inArray(apiIdempotencyKeys.userId, userIds), isNull(apiIdempotencyKeys.status))),
  ]);

  const kinds: Record<Kind, KindCheck> = {
    progress: {
      accepted: 0,
      rows: progressRows.length,
      missing: 0,
      duplicated: 0,
      extra: 0,
      unknown: 0,
      unknownStored: 0,
      examples: [],
    },
    word: check("word", wordRows),
    review: check("review", reviewRows),
    message: check("message", messageRows),
    comment: check("comment", commentRows),
  };

  // Progress is one row per member and lesson: it must hold the last accepted position (or a later save
  // whose answer never came).
  const progress = kinds.progress;
  const positionOf = new Map(progressRows.map((row) => [row.userId, row.position]));
  let atLastAccepted = 0;
  for (const entry of load.ledger) {
    const accepted = entry.accepted.progress as number[];
    progress.accepted += accepted.length;
    progress.unknown += entry.unknown.progress.length;
    const last = accepted.at(-1);
    const position = positionOf.get(entry.userId);
    const later = (entry.unknown.progress as number[]).filter((value) => last === undefined || value > last);
    if (position === undefined) {
      if (last !== undefined) {
        progress.missing += 1;
        progress.examples.push(`progress lost: user ${entry.userId} has no row, last accepted ${last}`);
      }
    } else if (position === last) atLastAccepted += 1;
    else if (later.includes(position)) progress.unknownStored += 1;
    else {
      progress.extra += 1;
      if (progress.examples.length < 5)
        progress.examples.push(`progress: user ${entry.userId} at ${position}, last accepted ${last ?? "none"}`);
    }
  }
  const progressMembers = load.ledger.filter((entry) => entry.accepted.progress.length > 0).length;

  const ok = Object.values(kinds).every((k) => k.missing === 0 && k.duplicated === 0 && k.extra === 0);
  const report = {
    ok,
    kinds,
    progress: { members: progressMembers, atLastAccepted },
    stuckKeys: stuck.length,
    stuckExamples: stuck.slice(0, 5),
  };
  writeFileSync(`${persistTo}/bench-load-verify.json`, `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `${"kind".padEnd(9)} ${"accepted".padStart(8)} ${"rows".padStart(6)} ${"lost".padStart(5)} ${"dup".padStart(4)} ${"extra".padStart(5)} ${"no answer (stored)".padStart(18)}`,
  );
  for (const [kind, k] of Object.entries(kinds)) {
    console.log(
      `${kind.padEnd(9)} ${String(k.accepted).padStart(8)} ${String(k.rows).padStart(6)} ${String(k.missing).padStart(5)} ` +
        `${String(k.duplicated).padStart(4)} ${String(k.extra).padStart(5)} ${`${k.unknown} (${k.unknownStored})`.padStart(18)}`,
    );
    for (const example of k.examples) console.log(`  ✗ ${example}`);
  }
  console.log(
    `progress: ${progressRows.length} rows for ${progressMembers} members with an accepted save, ${atLastAccepted} at the last accepted position`,
  );
  console.log(`Idempotency-Keys of the load members still claimed without an answer: ${stuck.length}`);
  for (const row of stuck.slice(0, 5)) console.log(`  ${row.route} ${row.key}`);
  console.log(
    ok ? "D1 rows = accepted writes: nothing lost, nothing duplicated" : "✗ D1 rows differ from the accepted writes",
  );
} finally {
  await proxy.dispose();
}
