/**
 * `npm run bench` only, after scripts/bench-seed.ts: measures what needs no HTTP server, straight against
 * the bench's local D1/R2 through wrangler's platform proxy, with the same Drizzle code the app runs.
 *   - the FTS query alone (searchLessons), per query, p50/p95
 *   - EXPLAIN QUERY PLAN of the library statements for every filter combination, SCANs flagged
 *   - reading the 50 MB bench object from the R2 binding (the baseline for /media)
 * Writes <state>/bench-probe.json for scripts/bench.mjs.
 *   tsx scripts/bench-queries.ts [--persist-to .bench-state]
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { eq } from "drizzle-orm";
import { getPlatformProxy, unstable_startWorker } from "wrangler";
import { EMPTY_LIBRARY_QUERY, type LibraryQuery, type LibrarySort } from "../core/library-query";
import * as schema from "../drizzle/schema";
import { createAppContext } from "../server/context";
import type { Env } from "../server/env";
import type { ViewerAccess } from "../server/access/policy";
import { buildLibraryStatements, getLibraryFilterOptions, listLibrary } from "../server/services/catalog";
import { searchLessons, searchLessonsStatement } from "../server/services/search";

const BENCH_MEDIA_KEY = "videos/bench-50mb.mp4";
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
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
  const perStatementMs = async (statement: D1PreparedStatement, copies = 40, rounds = 9) => {
    const run = async (list: D1PreparedStatement[]) => {
      const start = performance.now();
      await d1.batch(list);
      return performance.now() - start;
    };
    const same = Array.from({ length: copies }, () => statement);
    const baseline = Array.from({ length: copies }, () => d1.prepare("SELECT 1"));
    await run(same);
    await run(baseline);
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
    const timing = await timeIt(() => searchLessons(ctx, q, { limit: 24 }));
    fts[q] = { ...timing, sqlMs, hits };
    console.log(
      `FTS "${q}" (${what}, ${hits} lessons)`.padEnd(44) +
        ` query ${sqlMs.toFixed(2).padStart(6)} ms ${sqlMs <= 10 ? "✓" : "✗"} (target ≤ 10)` +
        `   searchLessons via proxy p50 ${timing.p50.toFixed(1)} / p95 ${timing.p95.toFixed(1)} ms`,
    );
  }

  const options = await getLibraryFilterOptions(ctx);
  const member: ViewerAccess = { signedIn: true, hasSubscription: true, userId: learner?.id ?? null };
  const searchAndFilters: LibraryQuery = { ...EMPTY_LIBRARY_QUERY, q: "kifak", levels: ["beginner"], country: "sy" };
  for (const [label, query] of [
    ["library statements q=kifak&level=beginner&country=sy", searchAndFilters],
    ["library statements, no filters", EMPTY_LIBRARY_QUERY],
  ] as const) {
    const { statements } = await buildLibraryStatements(ctx, { query, viewer: member, filterOptions: options });
    let sqlMs = 0;
    for (const statement of Object.values(statements)) sqlMs += await perStatementMs(bound(statement));
    const timing = await timeIt(() => listLibrary(ctx, { query, viewer: member, filterOptions: options }));
    console.log(
      `${label}`.padEnd(44) +
        ` query ${sqlMs.toFixed(2).padStart(6)} ms (items + count + levels)   listLibrary via proxy p50 ${timing.p50.toFixed(1)} / p95 ${timing.p95.toFixed(1)} ms`,
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
  let combinations = 0;
  let flaggedCombinations = 0;
  const comboTimes: Array<[number, string]> = [];
  for (let mask = 0; mask < 1 << dimensions.length; mask++) {
    const chosen = dimensions.filter((_, index) => mask & (1 << index));
    const base = chosen.reduce<LibraryQuery>((query, [, part]) => ({ ...query, ...part }), EMPTY_LIBRARY_QUERY);
    const sorts: LibrarySort[] = base.q
      ? ["relevance", "newest", "popular", "shortest"]
      : ["newest", "popular", "shortest"];
    for (const sort of sorts) {
      combinations += 1;
      const label = [...chosen.map(([name]) => name), `sort=${sort}`].join(" + ");
      const { statements } = await buildLibraryStatements(ctx, {
        query: { ...base, sort },
        viewer: member,
        filterOptions: options,
      });
      let comboFlagged = false;
      let comboMs = 0;
      for (const [kind, statement] of Object.entries(statements)) {
        const { sql, params } = statement.toSQL();
        comboMs += await perStatementMs(d1.prepare(sql).bind(...(params as unknown[])), 8, 5);
        const rows = (
          await proxy.env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
            .bind(...(params as unknown[]))
            .all<{ id: number; parent: number; detail: string }>()
        ).results;
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
    `SQL time per combination (items + count + per-level counts; median of 5 paired D1 batches of 8 copies minus 8 × SELECT 1): ` +
      `median ${at(50)[0].toFixed(2)} ms, p95 ${at(95)[0].toFixed(2)} ms, worst ${comboTimes[comboTimes.length - 1]![0].toFixed(2)} ms (${comboTimes[comboTimes.length - 1]![1]})\n`,
  );
  for (const [key, { count, example, flagged }] of plans) {
    const [kind, ...plan] = key.split("\n");
    console.log(
      `[${kind}] ${count}× e.g. ${example}${flagged ? "   ⚠ SCAN without index" : ""}: ${plan.map((step) => step.trim()).join(" → ")}`,
    );
  }

  // --- R2 binding, read directly ---------------------------------------------------------------------
  // Inside a Worker: a bench Worker on the same local R2 reads the whole object from the binding. Through
  // the platform proxy (Node) it is printed too, but that transport is far slower than the binding.
  const head = await proxy.env.MEDIA.head(BENCH_MEDIA_KEY);
  const megabytes = (head?.size ?? 0) / 1048576;
  // Its own config file, so the project's wrangler.toml (assets, D1, cron) stays out of it.
  const config = resolve(persistTo, "bench-r2.wrangler.json");
  writeFileSync(
    config,
    JSON.stringify({
      name: "ahla-bench-r2",
      main: resolve("scripts/bench-r2-worker.mjs"),
      compatibility_date: "2025-09-01",
      r2_buckets: [{ binding: "MEDIA", bucket_name: "ahla-media" }],
    }),
  );
  const r2Worker = await unstable_startWorker({
    config,
    dev: {
      persist: resolve(persistTo),
      server: { hostname: "127.0.0.1", port: 0 },
      inspector: false,
      watch: false,
      logLevel: "none",
    },
  });
  let r2InWorkerMs = 0;
  try {
    const origin = (await r2Worker.url).origin;
    const reads: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`${origin}/?key=${encodeURIComponent(BENCH_MEDIA_KEY)}`);
      const { ms } = (await response.json()) as { ms: number };
      if (i > 1) reads.push(ms);
    }
    reads.sort((a, b) => a - b);
    r2InWorkerMs = percentile(reads, 50);
  } finally {
    await r2Worker.dispose();
  }
  const throughProxy = await timeIt(async () => (await proxy.env.MEDIA.get(BENCH_MEDIA_KEY))?.arrayBuffer(), 3);
  console.log(
    `\nR2 binding read inside a Worker, ${BENCH_MEDIA_KEY} (${megabytes.toFixed(0)} MB)`.padEnd(53) +
      ` p50 ${r2InWorkerMs.toFixed(0).padStart(7)} ms   (${(megabytes / (r2InWorkerMs / 1000)).toFixed(0)} MB/s)`,
  );
  console.log(
    `R2 binding read through the platform proxy, for reference`.padEnd(52) +
      ` p50 ${throughProxy.p50.toFixed(0).padStart(7)} ms   (${(megabytes / (throughProxy.p50 / 1000)).toFixed(0)} MB/s)`,
  );

  writeFileSync(
    `${persistTo}/bench-probe.json`,
    JSON.stringify({
      lesson,
      fts,
      proxyRoundTripMs: roundTrip.p50,
      r2InWorkerMs,
      mediaKey: BENCH_MEDIA_KEY,
      mediaBytes: head?.size ?? 0,
    }),
  );
} finally {
  await proxy.dispose();
}
