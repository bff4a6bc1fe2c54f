import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { videoAiSettings } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { createLesson } from "../fixtures/lessons";
import { conformanceProblem, DECLARED } from "./api-conformance";
import { apiPathFor, createUser, testApp, testEnv } from "./helpers";

// Generated bodies against every JSON API route that takes one: wrong types, huge and empty strings,
// Arabic, right-to-left and zero-width marks, NUL bytes, markup, deep nesting and text that is not JSON.
// However wrong the body, the answer is a 4xx with an `errors` list or a success, never a 5xx; every answer is
// one the route's OpenAPI description documents, with a body its schema for that status accepts (schemathesis'
// response checks: ./api-conformance.ts); and the database holds the same rows afterwards, apart from the
// rate-limit counters the attempts themselves add.
//
// Every route gets the fixed edge cases below (EDGE_CASES: each kind of body the generator makes, at its
// extremes) and then RUNS generated bodies. `npm test` sends 60 a route; `npm run test:deep` sends 1,000
// (FUZZ_RUNS=<n> sets any count). Each run draws new bodies (fast-check prints the seed of a failure).

const ORIGIN = "https://ahla.test";
/** Generated bodies per route: FUZZ_RUNS (vitest.config.ts passes it through), else 60. */
const RUNS = Number(testEnv.FUZZ_RUNS) || 60;
const ctx = createAppContext(testEnv);
/**
 * The site as deployed has Workers AI; the test env has no binding, where the lesson assistant answers 503
 * ("not set up") to any valid question. A stand-in at the binding answers like the model, so a generated
 * question that is valid gets the assistant's real answer path.
 */
const env = {
  ...testEnv,
  AI: { run: async () => ({ response: "«يلّا» means “come on”." }) } as unknown as Ai,
} as typeof testEnv;
const app = testApp();

/** Routes whose body is not JSON (file uploads), or that a provider signs. */
const NOT_JSON = new Set([
  "POST /billing/webhooks/stripe",
  "POST /admin/uploads",
  "PUT /admin/uploads/part",
  "POST /admin/:resource/upload",
  "POST /admin/imports/:kind/preview",
]);
/** Tables whose rows the attempts themselves may add: rate-limit and failed-attempt counters. */
const COUNTERS = /rate|attempt_limit|login_attempts|throttle/i;

const FIELDS = [
  "title",
  "body",
  "email",
  "password",
  "name",
  "videoId",
  "videoIds",
  "arabic",
  "english",
  "transliteration",
  "toListId",
  "listId",
  "seed",
  "words",
  "answers",
  "rating",
  "cardId",
  "position",
  "seconds",
  "plan",
  "interval",
  "reason",
  "code",
  "token",
  "level",
  "status",
  "quotedMessageId",
  "wordId",
  "message",
  "id",
] as const;

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom("\u0000", "\u200b", "\u200f", "\u202e", "ع", "ّ", "a", " ", "<", '"'),
    maxLength: 60,
  }),
  fc.constantFrom("", " ", "\u0000", "قهوة بلا سكّر", "<script>alert(1)</script>", "' OR 1=1 --", "x".repeat(70_000)),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 5 }),
  ),
}));
/** A body as sent: JSON of any value, an object of likely fields, deep nesting, or text that is not JSON. */
const body = fc.oneof(
  value.map((v) => JSON.stringify(v) ?? "null"),
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  fc.string({ maxLength: 30 }),
);

/** Sent to every route before the generated bodies: one of each kind `body` makes, at its extremes. */
const EDGE_CASES: string[] = [
  "",
  "null",
  "[]",
  "{}",
  "0",
  "true",
  JSON.stringify("\u0000\u200b"),
  JSON.stringify("x".repeat(70_000)),
  JSON.stringify({ title: "<script>alert(1)</script>", body: "' OR 1=1 --", name: "\u200f\u202eقهوة بلا سكّر" }),
  JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, null]))),
  JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, ""]))),
  JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, -1]))),
  JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, 1e308]))),
  JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, [{}]]))),
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
  "{",
  "not json",
];

let lessonId = 0;
let gapId = 0;
const tokens: { member?: string; admin?: string } = {};

beforeAll(async () => {
  tokens.member = (await createSession(ctx, { userId: (await createUser()).id })).token;
  tokens.admin = (
    await createSession(ctx, { userId: (await createUser({ permissions: [ADMIN_PERMISSION] })).id })
  ).token;
  lessonId = (await createLesson(ctx, { isFree: true })).video.id;
  // The assistant switched on for it, as an admin would: a valid question gets an answer, not "off" (503).
  await ctx.db.insert(videoAiSettings).values({ lessonId, enabled: true, contextNotes: "" });
  const [gap] = await ctx.db.all<{ id: number }>(
    sql`select id from video_sentence_gaps where video_id = ${lessonId} limit 1`,
  );
  gapId = gap?.id ?? 987654321;
});

async function rowCounts() {
  const tables = await ctx.db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%' and name not like '_cf_%' and name != 'd1_migrations'`,
  );
  // Fifty tables' counts a statement, as one row (a statement a table made two hundred round trips per route;
  // D1 allows few terms in a compound SELECT, so no UNION ALL).
  const counts: Record<string, number> = {};
  for (let start = 0; start < tables.length; start += 50) {
    const chunk = tables.slice(start, start + 50).map(({ name }) => name);
    const [row] = await ctx.db.all<Record<string, number>>(
      sql.raw(`select ${chunk.map((name, index) => `(select count(*) from "${name}") as c${index}`).join(", ")}`),
    );
    chunk.forEach((name, index) => (counts[name] = row![`c${index}`]!));
  }
  return counts;
}

const routes = [...DECLARED.values()]
  .filter(({ key }) => /^(POST|PUT|PATCH) /.test(key) && !NOT_JSON.has(key))
  .map(({ key, method, honoPath, route }) => ({ route: key, method, path: honoPath, audience: route.audience }));

describe("fuzzing the JSON API's bodies", () => {
  it.each(routes)(
    "$route: no 5xx, every answer documented, nothing written",
    async ({ route, method, path: pattern, audience }) => {
      // Real ids where the body is read only for something that exists (lessons, their exercises).
      const path = apiPathFor(pattern, { lesson: lessonId, sentenceGap: gapId, resource: "blogs" });
      const before = await rowCounts();
      const token = audience === "admin" ? tokens.admin : audience === "public" ? undefined : tokens.member;
      const accepted: string[] = [];
      const undocumented = new Set<string>();
      await fc.assert(
        fc.asyncProperty(body, async (sent) => {
          const response = await app.request(
            `${ORIGIN}/api${path}`,
            {
              method,
              headers: {
                "Content-Type": "application/json",
                Origin: ORIGIN,
                ...(token ? { Authorization: token } : {}),
              },
              body: sent,
            },
            env,
          );
          const answer = await response.text();
          expect(response.status, answer.slice(0, 300)).toBeLessThan(500);
          const problem = conformanceProblem(route, response, answer);
          if (problem) undocumented.add(problem);
          if (response.status >= 400) {
            const parsed = JSON.parse(answer) as { errors?: unknown };
            expect(Array.isArray(parsed.errors) && parsed.errors.every((error) => typeof error === "string")).toBe(
              true,
            );
          } else accepted.push(sent.slice(0, 80));
        }),
        { numRuns: RUNS, examples: EDGE_CASES.map((sent) => [sent] as [string]) },
      );
      expect([...undocumented], "answers the description does not document").toEqual([]);
      const after = await rowCounts();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table] && !COUNTERS.test(table));
      // A body that was accepted may have written; then it must have been a valid one (listed on failure).
      if (accepted.length === 0)
        expect(changed, `tables changed by rejected bodies: ${changed.join(", ")}`).toEqual([]);
    },
    120_000,
  );
});
