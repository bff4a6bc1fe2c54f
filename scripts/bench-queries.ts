/**
 * `npm run bench` only, after scripts/bench-seed.ts: measures what needs no HTTP server, straight against
 * the bench's local D1/R2 through wrangler's platform proxy, with the same Drizzle code the app runs.
 *   - the FTS query alone (searchLessons), per query, p50/p95
 *   - "% known" of a library page of 24 cards, p50/p95, and the library sorted and filtered by it (bench-known.ts)
 *   - EXPLAIN QUERY PLAN of the library statements for every filter combination, SCANs flagged, and the
 *     SQL time of each combination (its median is a target of the summary)
 *   - the word popup's lookup of one token (its plan and SQL time; server/services/words/lookup.ts)
 * Writes <state>/bench-probe.json for scripts/bench.mjs. BENCH_QUERY_RUNS (default 15) sets the samples of
 * the through-the-proxy timings, printed for reference only.
 *   tsx scripts/bench-queries.ts [--persist-to .bench-state]
 */
import { writeFileSync } from "node:fs";
import { and, asc, eq } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import { EMPTY_LIBRARY_QUERY, type LibraryQuery, type LibrarySort } from "../core/library-query";
import * as schema from "../drizzle/schema";
import { createAppContext } from "../server/context";
import type { Env } from "../server/env";
import type { LessonAccessFacts } from "../server/access/policy";
import { buildLibraryStatements, listLibrary } from "../server/services/catalog/library";
import { getLibraryFilterOptions } from "../server/services/catalog/library-filters";
import { searchLessons, searchLessonsStatement } from "../server/services/search";
import { lookupToken, tokenLookupQuery } from "../server/services/words/lookup";
import { probeKnownWords } from "./bench-known";

const RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 15);
const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1]! : ".bench-state";

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeIt(run: () => Promise<unknown>, runs = RUNS) {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/**
 * Retries a read once when the proxy's keep-alive socket was closed under it ("fetch failed: other side
 * closed", after a quiet spell such as building the 896 statements): an undici/workerd race, not a D1 error.
 */
async function retried<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof TypeError) || !/fetch failed/.test(error.message)) throw error;
    return read();
  }
}

const line = (label: string, { p50, p95 }: { p50: number; p95: number }) =>
  console.log(`${label.padEnd(52)} p50 ${p50.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms`);

const proxy = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } });
try {
  const ctx = createAppContext({ ...proxy.env, ENVIRONMENT: "development" });
  const [learner] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, "learner@ahla.dev"));
  const [lesson] = await ctx.db
    .select({ id: schema.videos.id, slug: schema.videos.slug })
    .from(schema.videos)
    .where(eq(schema.videos.slug, "greetings-in-damascus"));
  const [{ lessons, cues }] = (
    await proxy.env.DB.prepare(
      "SELECT (SELECT count(*) FROM videos) AS lessons, (SELECT count(*) FROM transcript_cues) AS cues",
    ).all<{ lessons: number; cues: number }>()
  ).results as [{ lessons: number; cues: number }];

  console.log(
    `\nFTS and query plans: ${lessons} lessons, ${cues} transcript lines, via the platform proxy (${RUNS} runs)\n`,
  );

  // --- The FTS query alone -------------------------------------------------------------------------
  // Through the proxy every call pays a Node → workerd round trip (measured below with SELECT 1), so the
  // query's own cost is measured as D1 sees it too: a batch of 40 copies minus a batch of 40 SELECT 1.
  const d1 = proxy.env.DB;
  // `statements` together, per copy: a combination's three statements are timed as one unit.
  const perStatementMs = async (
    statements: D1PreparedStatement | D1PreparedStatement[],
    copies = 40,
    rounds = 9,
    warm = true,
  ) => {
    const run = async (list: D1PreparedStatement[]) => {
      const start = performance.now();
      await retried(() => d1.batch(list));
      return performance.now() - start;
    };
    const unit = Array.isArray(statements) ? statements : [statements];
    const same = Array.from({ length: copies }, () => unit).flat();
    const baseline = same.map(() => d1.prepare("SELECT 1"));
    if (warm) {
      await run(same);
      await run(baseline);
    }
    // Paired rounds, median difference: a burst of load on the machine skews one pair, not the figure.
    const differences: number[] = [];
    for (let i = 0; i < rounds; i++) differences.push((await run(same)) - (await run(baseline)));
    differences.sort((x, y) => x - y);
    return Math.max(0, differences[Math.floor(rounds / 2)]! / copies);
  };
  const bound = (statement: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = statement.toSQL();
    return d1.prepare(sql).bind(...params);
  };
  const roundTrip = await timeIt(() => d1.prepare("SELECT 1").all());
  line("proxy round trip (SELECT 1), for reference", roundTrip);

  const queries: Array<[string, string]> = [
    ["kifak", "common word, Arabizi"],
    ["قهوة", "common word, Arabic"],
    ["2ahwe", "Arabizi with a digit"],
    ["ya 7abibi", "two words"],
    ["ahw", "prefix while typing"],
    ["coffee", "English"],
    ["mishmish", "no match"],
  ];
  const fts: Record<string, { p50: number; p95: number; sqlMs: number; hits: number }> = {};
  for (const [q, what] of queries) {
    const statement = searchLessonsStatement(ctx.db, q, { limit: 24 })!;
    const hits = (await statement).length;
    const sqlMs = await perStatementMs(bound(statement));
    const timing = await timeIt(() => searchLessons(ctx, { query: q, limit: 24 }));
    fts[q] = { ...timing, sqlMs, hits };
    console.log(
      `FTS "${q}" (${what}, ${hits} lessons)`.padEnd(44) +
        ` query ${sqlMs.toFixed(2).padStart(6)} ms ${sqlMs <= 10 ? "✓" : "✗"} (target ≤ 10)` +
        `   searchLessons via proxy p50 ${timing.p50.toFixed(1)} / p95 ${timing.p95.toFixed(1)} ms`,
    );
  }

  const options = await getLibraryFilterOptions(ctx);
  const member: LessonAccessFacts = { signedIn: true, hasSubscription: true, userId: learner?.id ?? null };
  const searchAndFilters: LibraryQuery = { ...EMPTY_LIBRARY_QUERY, q: "kifak", levels: ["beginner"], country: "sy" };
  for (const [label, query] of [
    ["library statements q=kifak&level=beginner&country=sy", searchAndFilters],
    ["library statements, no filters", EMPTY_LIBRARY_QUERY],
  ] as const) {
    const { statements } = await buildLibraryStatements(ctx, { query, identity: member, filterOptions: options });
    const sqlMs = await perStatementMs(Object.values(statements).map(bound), 20, 5);
    const timing = await timeIt(() => listLibrary(ctx, { query, identity: member, filterOptions: options }));
    console.log(
      `${label}`.padEnd(44) +
        ` query ${sqlMs.toFixed(2).padStart(6)} ms (items + levels)   listLibrary via proxy p50 ${timing.p50.toFixed(1)} / p95 ${timing.p95.toFixed(1)} ms`,
    );
  }

  // --- "% known" (scripts/bench-known.ts) ---------------------------------------------------------------
  const statementSamples = async (
    statements: D1PreparedStatement[],
    { copies, rounds }: { copies: number; rounds: number },
  ) => {
    const same = Array.from({ length: copies }, () => statements).flat();
    const baseline = same.map(() => d1.prepare("SELECT 1"));
    const run = async (list: D1PreparedStatement[]) => {
      const start = performance.now();
      await retried(() => d1.batch(list));
      return performance.now() - start;
    };
    await run(same);
    await run(baseline);
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) samples.push(Math.max(0, ((await run(same)) - (await run(baseline))) / copies));
    return samples;
  };
  const knownWords = learner
    ? await probeKnownWords(ctx, d1, { learnerId: learner.id, filterOptions: options, measure: statementSamples })
    : null;
  if (knownWords) {
    console.log(
      `"% known" of a library page (${knownWords.page.lessons} cards; ${knownWords.lessonLemmas} lesson lemmas, ` +
        `${knownWords.knownLemmas} known)`.padEnd(44) +
        ` query p50 ${knownWords.page.p50.toFixed(2)} ms ${knownWords.page.p50 <= 20 ? "✓" : "✗"} (target ≤ 20), p95 ${knownWords.page.p95.toFixed(2)} ms`,
    );
    console.log(
      `library sorted by "% known" (items + levels) ${knownWords.sortedMs.toFixed(1)} ms; ` +
        `"right for me" ${knownWords.rightForMeMs.toFixed(1)} ms (${knownWords.rightForMeTotal} lessons)`,
    );
  }

  // --- EXPLAIN QUERY PLAN for every filter combination -----------------------------------------------
  const dimensions: Array<[string, Partial<LibraryQuery>]> = [
    ["q", { q: "kifak" }],
    ["level", { levels: ["beginner", "advanced"] }],
    ["category", { category: "food-cooking" }],
    ["teacher", { teacher: "rami-haddad" }],
    ["country", { country: "sy" }],
    ["duration", { duration: "1-3" }],
    ["free", { freeOnly: true }],
    ["status", { status: "in-progress" }],
  ];
  const plans = new Map<string, { count: number; example: string; flagged: boolean }>();
  const full: string[] = [];
  let flaggedCombinations = 0;
  const comboTimes: Array<[number, string]> = [];
  const combos: Array<{ label: string; statements: Array<[string, { sql: string; params: unknown[] }]> }> = [];
  for (let mask = 0; mask < 1 << dimensions.length; mask++) {
    const chosen = dimensions.filter((_, index) => mask & (1 << index));
    const base = chosen.reduce<LibraryQuery>((query, [, part]) => ({ ...query, ...part }), EMPTY_LIBRARY_QUERY);
    const sorts: LibrarySort[] = base.q
      ? ["relevance", "newest", "popular", "shortest"]
      : ["newest", "popular", "shortest"];
    for (const sort of sorts) {
      const label = [...chosen.map(([name]) => name), `sort=${sort}`].join(" + ");
      const { statements } = await buildLibraryStatements(ctx, {
        query: { ...base, sort },
        identity: member,
        filterOptions: options,
      });
      combos.push({
        label,
        statements: Object.entries(statements).map(([kind, statement]) => [
          kind,
          statement.toSQL() as { sql: string; params: unknown[] },
        ]),
      });
    }
  }
  const combinations = combos.length;

  // Plans: many combinations' EXPLAINs in one D1 batch (one round trip instead of one each).
  const explained: Array<Array<{ id: number; parent: number; detail: string }>> = [];
  const explains = combos.flatMap(({ statements }) =>
    statements.map(([, { sql, params }]) => d1.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params)),
  );
  for (let i = 0; i < explains.length; i += 48) {
    for (const result of await retried(() =>
      d1.batch<{ id: number; parent: number; detail: string }>(explains.slice(i, i + 48)),
    ))
      explained.push(result.results);
  }

  // SQL time: one batch of the combination's statements × 3 against as many SELECT 1, one pair each. SQL
  // itself is most of this phase (896 × ~9 ms a copy), so one pair per combination; the median over all
  // 896 absorbs the noise of any one pair.
  const COPIES = 3;
  let explainIndex = 0;
  for (const { label, statements } of combos) {
    const prepared = statements.map(([, { sql, params }]) => d1.prepare(sql).bind(...params));
    const comboMs = await perStatementMs(prepared, COPIES, 1, false);
    let comboFlagged = false;
    for (const [kind] of statements) {
      const rows = explained[explainIndex++]!;
      const depth = new Map<number, number>([[0, 0]]);
      const text = rows
        .map((row) => {
          const level = (depth.get(row.parent) ?? 0) + 1;
          depth.set(row.id, level);
          return `${"  ".repeat(level)}${row.detail}`;
        })
        .join("\n");
      // A SCAN of a base table with no index is a full table scan; "SCAN … USING (COVERING) INDEX" walks an
      // index. The FTS matches ("hits") must be the outer loop: scanned after videos, they re-run per lesson.
      const details = rows.map((row) => row.detail);
      const flagged =
        details.some(
          (detail) => /^SCAN (videos|transcript_cues)\b/.test(detail) && !/USING (COVERING )?INDEX/.test(detail),
        ) ||
        details.findIndex((detail) => detail === "SCAN hits") >
          details.findIndex((detail) => /^(SCAN|SEARCH) videos\b/.test(detail));
      comboFlagged ||= flagged;
      const key = `${kind}\n${text}`;
      const seen = plans.get(key);
      if (seen) seen.count += 1;
      else plans.set(key, { count: 1, example: label, flagged });
      full.push(`## ${label} — ${kind}${flagged ? "  ⚠ SCAN without index" : ""}\n${text}\n`);
    }
    if (comboFlagged) flaggedCombinations += 1;
    comboTimes.push([comboMs, label]);
  }
  writeFileSync(`${persistTo}/explain-plans.txt`, full.join("\n"));
  console.log(
    `\nEXPLAIN QUERY PLAN: ${combinations} filter combinations (8 filters × sorts) × 3 statements (items, count, per-level counts);` +
      ` ${plans.size} distinct plans; ${flaggedCombinations} combinations with a SCAN of videos/transcript_cues without an index.` +
      `\nEvery combination's plan: ${persistTo}/explain-plans.txt. Distinct plans:\n`,
  );
  comboTimes.sort((a, b) => a[0] - b[0]);
  const at = (p: number) => comboTimes[Math.min(comboTimes.length - 1, Math.floor((p / 100) * comboTimes.length))]!;
  console.log(
    `SQL time per combination (items + count + per-level counts; one D1 batch of ${COPIES} copies minus as many SELECT 1): ` +
      `median ${at(50)[0].toFixed(2)} ms, p95 ${at(95)[0].toFixed(2)} ms, worst ${comboTimes[comboTimes.length - 1]![0].toFixed(2)} ms (${comboTimes[comboTimes.length - 1]![1]})\n`,
  );
  for (const [key, { count, example, flagged }] of plans) {
    const [kind, ...plan] = key.split("\n");
    console.log(
      `[${kind}] ${count}× e.g. ${example}${flagged ? "   ⚠ SCAN without index" : ""}: ${plan.map((step) => step.trim()).join(" → ")}`,
    );
  }

  // --- The word popup: one token looked up at its place (docs/words.md "The popup") -------------------------
  // A word in the middle of the bench lesson, as the popup asks for it: one statement, every read by an index
  // (cue_tokens by (cue_id, position), the line, the lemma by id, the member's status, "saved" in My words).
  const [word] = lesson
    ? await ctx.db
        .select({
          cueId: schema.cueTokens.cueId,
          position: schema.cueTokens.position,
          surface: schema.cueTokens.surface,
        })
        .from(schema.cueTokens)
        .innerJoin(schema.transcriptCues, eq(schema.transcriptCues.id, schema.cueTokens.cueId))
        .where(and(eq(schema.cueTokens.lessonId, lesson.id), eq(schema.transcriptCues.position, 3)))
        .orderBy(asc(schema.cueTokens.position))
        .limit(1)
    : [];
  let wordLookup: Record<string, unknown> | null = null;
  if (lesson && learner && word) {
    const input = {
      userId: learner.id,
      lessonId: lesson.id,
      cueId: word.cueId,
      position: word.position,
      word: word.surface,
    };
    const statement = tokenLookupQuery(ctx, input);
    const { sql: text, params } = statement.toSQL();
    const plan = (
      await d1
        .prepare(`EXPLAIN QUERY PLAN ${text}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((row) => row.detail);
    // A SCAN of a table is a read of every row; the popup's reads must all be SEARCHes by an index (the saved
    // check walks the member's own list, found by its index).
    const scans = plan.filter((detail) => /^SCAN /.test(detail) && !/USING (COVERING )?INDEX/.test(detail));
    const sqlMs = await perStatementMs(bound(statement));
    const timing = await timeIt(() => lookupToken(ctx, input));
    const [{ tokens }] = (await d1.prepare("SELECT count(*) AS tokens FROM cue_tokens").all<{ tokens: number }>())
      .results as [{ tokens: number }];
    wordLookup = { ...input, sqlMs, plan, scans, tokens, proxyP50: timing.p50 };
    console.log(
      `\nThe word popup: "${word.surface}" (line ${word.cueId}, word ${word.position}) among ${tokens} tokens` +
        `\n  query ${sqlMs.toFixed(2)} ms (one statement)   lookupToken via proxy p50 ${timing.p50.toFixed(1)} / p95 ${timing.p95.toFixed(1)} ms` +
        `\n  plan: ${plan.join(" → ")}${scans.length ? `   ⚠ ${scans.join("; ")}` : ""}`,
    );
  } else console.log("\nThe word popup: no token of the bench lesson to look up (is the demo seed glossed?)");

  writeFileSync(
    `${persistTo}/bench-probe.json`,
    JSON.stringify({
      lesson,
      fts,
      knownWords,
      proxyRoundTripMs: roundTrip.p50,
      lessons,
      cues,
      wordLookup,
      combinations: {
        count: combinations,
        flagged: flaggedCombinations,
        distinctPlans: plans.size,
        sqlMedianMs: at(50)[0],
        sqlP95Ms: at(95)[0],
        worst: comboTimes[comboTimes.length - 1],
      },
    }),
  );
} finally {
  await proxy.dispose();
}
