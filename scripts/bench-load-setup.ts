/**
 * `npm run bench` only, before the app starts: prepares the load run (scripts/bench-load.mjs) on the run
 * state through wrangler's platform proxy, with the app's own services.
 *   - BENCH_LOAD_MEMBERS (default 50) members, `load-<i>@bench.ahla.test`, each with a fresh session
 *     (server/services/auth.ts createSession, so the token is the app's own);
 *   - what they write to: a free published lesson (progress, saved words, comments), the cards of the
 *     published flashcard collections (reviews), and a community thread of their own (messages).
 * Writes <state>/bench-load.json: base tokens and ids, nothing else.
 *   tsx scripts/bench-load-setup.ts [--persist-to .bench-state]
 */
import { writeFileSync } from "node:fs";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import * as schema from "../drizzle/schema";
import { createAppContext } from "../server/context";
import type { Env } from "../server/env";
import { createSession } from "../server/services/auth";

const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 50);
const THREAD_TITLE = "Bench load run: replies from the load members";
const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1]! : ".bench-state";

function fail(message: string): never {
  console.error(`bench-load-setup: ${message}`);
  process.exit(1);
}

const proxy = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } });
try {
  const ctx = createAppContext({ ...proxy.env, ENVIRONMENT: "development" });
  const now = new Date();

  // The members: found again if this state already has them, created otherwise.
  const emails = Array.from({ length: MEMBERS }, (_, i) => `load-${i + 1}@bench.ahla.test`);
  for (let i = 0; i < emails.length; i += 10) {
    // 6 columns a row: 10 rows stay under D1's 100 bound parameters.
    await ctx.db
      .insert(schema.users)
      .values(
        emails.slice(i, i + 10).map((email, j) => ({
          email,
          name: `Load member ${i + j + 1}`,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  const users = await ctx.db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(inArray(schema.users.email, emails));
  if (users.length !== MEMBERS) fail(`expected ${MEMBERS} load members, found ${users.length}`);
  const byEmail = new Map(users.map((user) => [user.email, user.id]));
  const members = [];
  for (const email of emails) {
    const userId = byEmail.get(email)!;
    const { token } = await createSession(ctx, {
      userId,
      meta: { userAgent: "ahla-bench-load", ipAddress: "127.0.0.1" },
    });
    members.push({ userId, email, token });
  }

  // A free published lesson, the longest (progress positions only grow during the run).
  const [lesson] = await ctx.db
    .select({ id: schema.videos.id, durationSeconds: schema.videos.durationSeconds })
    .from(schema.videos)
    .where(and(eq(schema.videos.isFree, true), eq(schema.videos.isPublished, true)))
    .orderBy(desc(schema.videos.durationSeconds), asc(schema.videos.id))
    .limit(1);
  if (!lesson) fail(`no free published lesson in ${persistTo}`);

  // The cards of published collections.
  const cards = await ctx.db
    .select({ id: schema.flashcards.id })
    .from(schema.flashcards)
    .innerJoin(schema.flashcollections, eq(schema.flashcollections.id, schema.flashcards.collectionId))
    .where(eq(schema.flashcollections.isPublished, true))
    .orderBy(asc(schema.flashcards.id))
    .limit(50);
  if (cards.length === 0) fail(`no flashcard in a published collection in ${persistTo}`);

  // A thread of the load run's own, in the first group, opened by the first member (not locked).
  let [thread] = await ctx.db
    .select({ id: schema.communityThreads.id })
    .from(schema.communityThreads)
    .where(and(eq(schema.communityThreads.title, THREAD_TITLE), isNull(schema.communityThreads.deletedAt)))
    .limit(1);
  if (!thread) {
    const [group] = await ctx.db
      .select({ id: schema.communityGroups.id })
      .from(schema.communityGroups)
      .orderBy(asc(schema.communityGroups.position), asc(schema.communityGroups.id))
      .limit(1);
    if (!group) fail(`no community group in ${persistTo}`);
    [thread] = await ctx.db
      .insert(schema.communityThreads)
      .values({
        groupId: group.id,
        userId: members[0]!.userId,
        title: THREAD_TITLE,
        slug: "bench-load-run",
        lastActivityAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: schema.communityThreads.id });
  }

  const setup = {
    createdAt: now.toISOString(),
    lesson: { id: lesson.id, durationSeconds: lesson.durationSeconds },
    cardIds: cards.map((card) => card.id),
    threadId: thread!.id,
    members,
  };
  writeFileSync(`${persistTo}/bench-load.json`, `${JSON.stringify(setup, null, 2)}\n`);
  console.log(
    `load setup: ${members.length} members with sessions, lesson ${lesson.id} (${lesson.durationSeconds} s, free), ` +
      `${cards.length} flashcards, thread ${thread!.id} → ${persistTo}/bench-load.json`,
  );
} finally {
  await proxy.dispose();
}
