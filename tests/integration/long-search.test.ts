import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { getTableColumns, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as auditLogRoute from "../../app/features/admin/routes/audit-log";
import * as mailingListCsvRoute from "../../app/features/admin/routes/mailing-list-csv";
import * as mailingListRoute from "../../app/features/admin/routes/mailing-list";
import * as resourceListRoute from "../../app/features/admin/routes/resource-list";
import * as subtitlesGeneratorRoute from "../../app/features/admin/routes/subtitles-generator";
import * as usersRoute from "../../app/features/admin/routes/users";
import * as videoAiChatRoute from "../../app/features/admin/routes/video-ai-chat";
import * as libraryRoute from "../../app/features/library/routes/library";
import * as deckWordsRoute from "../../app/features/vocabulary/routes/deck-words";
import * as vocabularyListRoute from "../../app/features/vocabulary/routes/list";
import { AUDIT_RECORD_MAX_LENGTH } from "../../core/schemas/admin-audit-log";
import { LIBRARY_SEARCH_MAX_LENGTH, SEARCH_MAX_LENGTH } from "../../core/search-limits";
import {
  globalVocabularyDecks,
  globalVocabularyThemes,
  globalVocabularyWords,
  mailingList,
  videoAiMessages,
} from "../../drizzle/schema";
import { ADMIN_RESOURCES, getAdminResource } from "../../server/admin/registry";
import type { AdminResource } from "../../server/admin/types";
import { createAppContext } from "../../server/context";
import { auditInsert } from "../../server/services/audit-log";
import { deckHref } from "../../server/services/global-vocabulary";
import { indexVideo } from "../../server/services/search";
import { vocabularyListHref } from "../../server/services/vocabulary-lists";
import { ADMIN_SAMPLES, type SampleDependency } from "../fixtures/admin-samples";
import { createLesson } from "../fixtures/catalog";
import { createUser, loginToken, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it is
// @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// Every search box of the product, with text D1 refuses as a LIKE pattern (over 50 bytes): 60 ASCII letters,
// 30 Arabic letters and "%_" forty times. Within the box's maximum each answers 200 and finds the record
// that really contains the text (and not the one that does not: "%_" is no wildcard); over it, a 422 that
// says so, in the API and on the page. Never a 5xx. The rule: core/schemas/search.ts, docs/product-rules.md#search.

const app = remixPages({
  "resource-list": { path: "admin/:page", module: resourceListRoute },
  users: { path: "admin/users", module: usersRoute },
  "mailing-list": { path: "admin/mailing-list", module: mailingListRoute },
  "mailing-list-csv": { path: "admin/mailing-list.csv", module: mailingListCsvRoute },
  "audit-log": { path: "admin/audit-log", module: auditLogRoute },
  "video-ai-chat": { path: "admin/video-ai-chat", module: videoAiChatRoute },
  "subtitles-generator": { path: "admin/subtitles-generator", module: subtitlesGeneratorRoute },
  library: { path: "video-library", module: libraryRoute },
  "vocabulary-list": { path: "vocabulary-list/:listId/:listSlug", module: vocabularyListRoute },
  "deck-words": { path: "global-vocabulary-deck/:deckId/:deckSlug/vocabularies", module: deckWordsRoute },
});
const ctx = createAppContext(testEnv);

function randomText(alphabet: string, length: number) {
  const letters = [...alphabet];
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => letters[byte % letters.length]).join("");
}

/** Stored in lower case, searched in upper case: ASCII matching stays case-insensitive. */
const ASCII = randomText("abcdefghijklmnopqrstuvwxyz", 60);
const ARABIC = randomText("ابتثجحخدذرزسشصضطظعغفقكلمنهوي", 30);
const WILDCARDS = "%_".repeat(40);
/** What a matching record holds: all three, inside other text. */
const CONTAINS_ALL = `x${ASCII} ${ARABIC}y ${WILDCARDS}z`;
/** What a record that must not match holds: long enough for an unescaped "%_%_…" to match it. */
const CONTAINS_NONE = `no match ${"-".repeat(90)}`;

const SEARCHES = [
  { name: "60 ASCII letters", q: ASCII.toUpperCase() },
  { name: "30 Arabic letters", q: ARABIC },
  { name: "%_ forty times", q: WILDCARDS },
] as const;

/** Longer than the box takes (Arabic: the maximum counts characters, not bytes). */
const tooLong = (max: number) => "ع".repeat(max + 1);
const TOO_LONG_MESSAGE = (max: number) => `Search for ${max} characters or fewer`;

const tag = () => crypto.randomUUID().slice(0, 8);
const enc = encodeURIComponent;

type Json = { data?: unknown; errors?: string[] };

let adminToken = "";
let memberToken = "";

beforeAll(async () => {
  const admin = await createUser({ permissions: ["admin"] });
  adminToken = await loginToken(app, admin.email, admin.password);
  const member = await createUser();
  memberToken = await loginToken(app, member.email, member.password);
});

// The admin's token by default: most searches here are admin pages' and their APIs'.
async function api(path: string, token = adminToken) {
  const response = await app.request(path, { headers: { Authorization: `Bearer ${token}` } }, testEnv);
  return { status: response.status, body: (await response.json()) as Json };
}

async function page(path: string, token = adminToken) {
  const executionCtx = createExecutionContext();
  const response = await app.request(
    `https://ahla.test${path}`,
    { headers: { Cookie: `token=${token}` } },
    testEnv,
    executionCtx,
  );
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, body };
}

/** The API refuses text over the maximum with `{ errors }` that say so. */
async function expectApiRefuses(path: string, max: number, token = adminToken) {
  const refused = await api(path, token);
  expect(refused.status, path).toBe(422);
  expect(refused.body.errors?.join(" ")).toContain(TOO_LONG_MESSAGE(max));
}

/** The page answers text over the maximum with its error page and the message, not a 500. */
async function expectPageRefuses(path: string, max: number, token = adminToken) {
  const refused = await page(path, token);
  expect(refused.status, path).toBe(422);
  expect(refused.body).toContain(TOO_LONG_MESSAGE(max));
}

// ---------------------------------------------------------------------------------------------------
// The admin registry: /api/admin/<slug>?q= and /admin/<slug>?q= for every resource with search fields
// ---------------------------------------------------------------------------------------------------

let counter = 0;

async function createRecord(slug: string): Promise<string> {
  const sample = ADMIN_SAMPLES[slug];
  if (!sample) throw new Error(`No sample for ${slug} in tests/fixtures/admin-samples.ts`);
  const deps: SampleDependency[] = [];
  for (const need of sample.needs ?? []) deps.push({ id: await createRecord(need), title: need });
  counter += 1;
  // A counter first, as in admin-api.test.ts: the samples derive unique values (a country's code) from it.
  const body = sample.create(deps, `${counter}-${tag()}`);
  for (const [field, file] of Object.entries(sample.uploads ?? {})) {
    const form = new FormData();
    const bytes = Uint8Array.from(atob(file.base64), (character) => character.charCodeAt(0));
    form.append("file", new File([bytes], file.name, { type: file.mimeType }));
    const stored = await app.request(
      `/api/admin/${slug}/upload?field=${field}`,
      { method: "POST", headers: { Authorization: `Bearer ${adminToken}` }, body: form },
      testEnv,
    );
    expect(stored.status).toBe(201);
    body[field] = ((await stored.json()) as { data: { key: string } }).data.key;
  }
  const created = await app.request(
    `/api/admin/${slug}`,
    {
      method: "POST",
      headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
    testEnv,
  );
  const json = (await created.json()) as { data?: { id: string }; errors?: string[] };
  expect(created.status, `${slug}: ${JSON.stringify(json.errors)}`).toBe(201);
  return json.data!.id;
}

/** The first search field that holds text: the one the test writes its text into. */
function textSearchColumn(resource: AdminResource): AnySQLiteColumn {
  const columns = getTableColumns(resource.table) as Record<string, AnySQLiteColumn>;
  const field = (resource.searchFields ?? []).find((name) => columns[name]?.dataType === "string");
  if (!field) throw new Error(`${resource.slug} has no text search field`);
  return columns[field]!;
}

async function setText(resource: AdminResource, id: string, column: AnySQLiteColumn, value: string) {
  const key = (getTableColumns(resource.table) as Record<string, AnySQLiteColumn>).id!;
  await ctx.db.run(
    sql`UPDATE ${resource.table} SET ${sql.identifier(column.name)} = ${value} WHERE ${key} = ${Number(id)}`,
  );
}

const SEARCHABLE = ADMIN_RESOURCES.filter((resource) => (resource.searchFields ?? []).length > 0).map(
  (resource) => resource.slug,
);

describe("admin registry lists", () => {
  it("covers every resource with search fields", () => {
    expect(SEARCHABLE.length).toBeGreaterThan(20);
  });

  it.each(SEARCHABLE)("%s: its API list and page search long text and refuse longer", async (slug) => {
    const resource = getAdminResource(slug)!;
    const column = textSearchColumn(resource);
    const hit = await createRecord(slug);
    const miss = await createRecord(slug);
    await setText(resource, hit, column, CONTAINS_ALL);
    await setText(resource, miss, column, CONTAINS_NONE);

    for (const search of SEARCHES) {
      const listed = await api(`/api/admin/${slug}?pageSize=100&q=${enc(search.q)}`);
      expect(listed.status, `${slug}, ${search.name}: ${JSON.stringify(listed.body.errors)}`).toBe(200);
      const ids = (listed.body.data as { items: Array<{ id: string }> }).items.map((item) => item.id);
      expect(ids, `${slug}, ${search.name}`).toContain(hit);
      expect(ids, `${slug}, ${search.name}`).not.toContain(miss);

      const shown = await page(`/admin/${slug}?pageSize=100&q=${enc(search.q)}`);
      expect(shown.status, `/admin/${slug}, ${search.name}`).toBe(200);
      expect(shown.body).toContain(`href="/admin/${slug}/${hit}"`);
      expect(shown.body).not.toContain(`href="/admin/${slug}/${miss}"`);
    }

    expect((await api(`/api/admin/${slug}?q=${"a".repeat(SEARCH_MAX_LENGTH)}`)).status).toBe(200);
    await expectApiRefuses(`/api/admin/${slug}?q=${enc(tooLong(SEARCH_MAX_LENGTH))}`, SEARCH_MAX_LENGTH);
    await expectPageRefuses(`/admin/${slug}?q=${enc(tooLong(SEARCH_MAX_LENGTH))}`, SEARCH_MAX_LENGTH);
  });
});

// ---------------------------------------------------------------------------------------------------
// The bespoke admin pages
// ---------------------------------------------------------------------------------------------------

describe("admin users", () => {
  it("/api/admin/users and /admin/users search names and emails", async () => {
    const t = tag();
    const hit = await createUser({ name: CONTAINS_ALL, email: `hit-${t}@example.com` });
    const miss = await createUser({ name: CONTAINS_NONE, email: `miss-${t}@example.com` });
    for (const search of SEARCHES) {
      const listed = await api(`/api/admin/users?q=${enc(search.q)}`);
      expect(listed.status, search.name).toBe(200);
      const ids = (listed.body.data as { users: Array<{ id: number }> }).users.map((user) => user.id);
      expect(ids, search.name).toContain(hit.id);
      expect(ids, search.name).not.toContain(miss.id);

      const shown = await page(`/admin/users?q=${enc(search.q)}`);
      expect(shown.status, search.name).toBe(200);
      expect(shown.body).toContain(hit.email);
      expect(shown.body).not.toContain(miss.email);
    }
    // Case-insensitive for ASCII, in the email too.
    const byEmail = await api(`/api/admin/users?q=${enc(`HIT-${t.toUpperCase()}@`)}`);
    expect((byEmail.body.data as { users: Array<{ id: number }> }).users.map((user) => user.id)).toEqual([hit.id]);

    await expectApiRefuses(`/api/admin/users?q=${enc(tooLong(SEARCH_MAX_LENGTH))}`, SEARCH_MAX_LENGTH);
    await expectPageRefuses(`/admin/users?q=${enc(tooLong(SEARCH_MAX_LENGTH))}`, SEARCH_MAX_LENGTH);
  });
});

describe("admin mailing list", () => {
  it("/admin/mailing-list and its CSV search emails and names", async () => {
    const t = tag();
    const now = new Date();
    await ctx.db.insert(mailingList).values([
      { email: `hit-${t}@example.com`, name: CONTAINS_ALL, consentAt: now },
      { email: `miss-${t}@example.com`, name: CONTAINS_NONE, consentAt: now },
    ]);
    for (const search of SEARCHES) {
      for (const path of ["/admin/mailing-list", "/admin/mailing-list.csv"]) {
        const shown = await page(`${path}?q=${enc(search.q)}`);
        expect(shown.status, `${path}, ${search.name}`).toBe(200);
        expect(shown.body).toContain(`hit-${t}@example.com`);
        expect(shown.body).not.toContain(`miss-${t}@example.com`);
      }
    }
    await expectPageRefuses(`/admin/mailing-list?q=${enc(tooLong(SEARCH_MAX_LENGTH))}`, SEARCH_MAX_LENGTH);
    await expectPageRefuses(`/admin/mailing-list.csv?q=${enc(tooLong(SEARCH_MAX_LENGTH))}`, SEARCH_MAX_LENGTH);
  });
});

describe("admin audit log", () => {
  it("/admin/audit-log finds a record id of any of these texts and refuses one longer than any id", async () => {
    const t = tag();
    const resource = `search-${t}`;
    const [first, ...rest] = [
      ...SEARCHES.map((search, index) =>
        auditInsert(ctx, {
          actorId: null,
          action: "update",
          resource,
          recordId: search.q,
          recordLabel: `Hit${index}-${t}`,
        }),
      ),
      auditInsert(ctx, {
        actorId: null,
        action: "update",
        resource,
        recordId: CONTAINS_NONE,
        recordLabel: `Miss-${t}`,
      }),
    ];
    await ctx.db.batch([first!, ...rest]);
    for (const [index, search] of SEARCHES.entries()) {
      const shown = await page(`/admin/audit-log?record=${enc(search.q)}`);
      expect(shown.status, search.name).toBe(200);
      expect(shown.body).toContain(`Hit${index}-${t}`);
      expect(shown.body).not.toContain(`Miss-${t}`);
    }
    const refused = await page(`/admin/audit-log?record=${enc(tooLong(AUDIT_RECORD_MAX_LENGTH))}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toContain(`A record ID is at most ${AUDIT_RECORD_MAX_LENGTH} characters.`);
  });
});

describe("admin lesson pickers", () => {
  it("/admin/video-ai-chat searches lessons and filters learners; /admin/subtitles-generator picks lessons", async () => {
    const t = tag();
    const hitLesson = await createLesson(ctx, {
      title: `Hit-${t} ${ASCII} ${WILDCARDS}`,
      titleAr: ARABIC,
      isPublished: false,
    });
    await createLesson(ctx, { title: `Miss-${t} ${CONTAINS_NONE}`, titleAr: "درس", isPublished: false });
    const hitLearner = await createUser({ name: CONTAINS_ALL, email: `hit-${t}@example.com` });
    const missLearner = await createUser({ name: CONTAINS_NONE, email: `miss-${t}@example.com` });
    await ctx.db.insert(videoAiMessages).values([
      { videoId: hitLesson.id, userId: hitLearner.id, role: "user", content: "Shu ya3ni?" },
      { videoId: hitLesson.id, userId: missLearner.id, role: "user", content: "Kifak?" },
    ]);

    for (const search of SEARCHES) {
      for (const path of ["/admin/video-ai-chat", "/admin/subtitles-generator"]) {
        const shown = await page(`${path}?q=${enc(search.q)}`);
        expect(shown.status, `${path}, ${search.name}`).toBe(200);
        expect(shown.body, `${path}, ${search.name}`).toContain(`Hit-${t}`);
        expect(shown.body, `${path}, ${search.name}`).not.toContain(`Miss-${t}`);
      }
      const filtered = await page(`/admin/video-ai-chat?videoId=${hitLesson.id}&learner=${enc(search.q)}`);
      expect(filtered.status, search.name).toBe(200);
      expect(filtered.body).toContain(hitLearner.email);
      expect(filtered.body).not.toContain(missLearner.email);
    }
    const long = enc(tooLong(SEARCH_MAX_LENGTH));
    await expectPageRefuses(`/admin/video-ai-chat?q=${long}`, SEARCH_MAX_LENGTH);
    await expectPageRefuses(`/admin/video-ai-chat?videoId=${hitLesson.id}&learner=${long}`, SEARCH_MAX_LENGTH);
    await expectPageRefuses(`/admin/subtitles-generator?q=${long}`, SEARCH_MAX_LENGTH);
  });
});

// ---------------------------------------------------------------------------------------------------
// The library (FTS5) and a learner's word filters
// ---------------------------------------------------------------------------------------------------

describe("library search", () => {
  it("/video-library, /api/library and /api/library/search find long words; symbols alone find nothing", async () => {
    const t = tag();
    const hit = await createLesson(ctx, {
      title: `Library ${ASCII} ${WILDCARDS}`,
      titleAr: `درس ${ARABIC}`,
      description: `Hit-${t}`,
    });
    const other = await createLesson(ctx, { title: `Library other ${t}`, titleAr: "درس", description: CONTAINS_NONE });
    await indexVideo(ctx, { lessonId: hit.id });
    await indexVideo(ctx, { lessonId: other.id });

    for (const search of SEARCHES.slice(0, 2)) {
      const listed = await api(`/api/library?q=${enc(search.q)}`, memberToken);
      expect(listed.status, search.name).toBe(200);
      const ids = (listed.body.data as { items: Array<{ id: number }> }).items.map((item) => item.id);
      expect(ids, search.name).toEqual([hit.id]);
      const found = await api(`/api/library/search?q=${enc(search.q)}`, memberToken);
      expect(found.status, search.name).toBe(200);
      expect((found.body.data as Array<{ videoId: number }>).map((result) => result.videoId)).toEqual([hit.id]);
      const shown = await page(`/video-library?q=${enc(search.q)}`, memberToken);
      expect(shown.status, search.name).toBe(200);
      expect(shown.body).toContain(`/video/${hit.id}/`);
      expect(shown.body).not.toContain(`/video/${other.id}/`);
    }

    // The index holds words only: "%_…" is no word, so it finds no lesson (not every lesson).
    const symbols = await api(`/api/library?q=${enc(WILDCARDS)}`, memberToken);
    expect(symbols.status).toBe(200);
    expect(symbols.body.data).toMatchObject({ total: 0, items: [], searched: true });
    const symbolsSearch = await api(`/api/library/search?q=${enc(WILDCARDS)}`, memberToken);
    expect(symbolsSearch).toEqual({ status: 200, body: { data: [] } });
    const symbolsPage = await page(`/video-library?q=${enc(WILDCARDS)}`, memberToken);
    expect(symbolsPage.status).toBe(200);
    expect(symbolsPage.body).not.toContain(`/video/${hit.id}/`);

    expect((await api(`/api/library?q=${"a".repeat(LIBRARY_SEARCH_MAX_LENGTH)}`, memberToken)).status).toBe(200);
    const long = enc(tooLong(LIBRARY_SEARCH_MAX_LENGTH));
    await expectApiRefuses(`/api/library?q=${long}`, LIBRARY_SEARCH_MAX_LENGTH, memberToken);
    await expectApiRefuses(`/api/library/search?q=${long}`, LIBRARY_SEARCH_MAX_LENGTH, memberToken);
    await expectPageRefuses(`/video-library?q=${long}`, LIBRARY_SEARCH_MAX_LENGTH, memberToken);
  });
});

describe("vocabulary word filters", () => {
  it("a list's words: /api/vocabulary/lists/:id?q= and its page", async () => {
    const created = await app.request(
      "/api/vocabulary/lists",
      {
        method: "POST",
        headers: { Authorization: `Bearer ${memberToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title: `Long search ${tag()}` }),
      },
      testEnv,
    );
    expect(created.status).toBe(201);
    const list = ((await created.json()) as { data: { id: number; title: string } }).data;
    const t = tag();
    const words = [
      { arabic: ARABIC, transliteration: WILDCARDS, english: `Hit-${t} ${ASCII}` },
      { arabic: "باب", transliteration: "baab", english: `Miss-${t} ${CONTAINS_NONE}` },
    ];
    const ids: number[] = [];
    for (const word of words) {
      const added = await app.request(
        `/api/vocabulary/lists/${list.id}/items`,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${memberToken}`, "Content-Type": "application/json" },
          body: JSON.stringify(word),
        },
        testEnv,
      );
      expect(added.status).toBe(201);
      ids.push(((await added.json()) as { data: { id: number } }).data.id);
    }

    for (const search of SEARCHES) {
      const listed = await api(`/api/vocabulary/lists/${list.id}?q=${enc(search.q)}`, memberToken);
      expect(listed.status, search.name).toBe(200);
      const found = (listed.body.data as { items: Array<{ id: number }> }).items.map((item) => item.id);
      expect(found, search.name).toEqual([ids[0]]);
      const shown = await page(`${vocabularyListHref(list)}?q=${enc(search.q)}`, memberToken);
      expect(shown.status, search.name).toBe(200);
      expect(shown.body).toContain(`Hit-${t}`);
      expect(shown.body).not.toContain(`Miss-${t}`);
    }
    const long = enc(tooLong(SEARCH_MAX_LENGTH));
    await expectApiRefuses(`/api/vocabulary/lists/${list.id}?q=${long}`, SEARCH_MAX_LENGTH, memberToken);
    await expectPageRefuses(`${vocabularyListHref(list)}?q=${long}`, SEARCH_MAX_LENGTH, memberToken);
  });

  it("a deck's words: /api/vocabulary/decks/:id?q= and its words page", async () => {
    const t = tag();
    const [theme] = await ctx.db
      .insert(globalVocabularyThemes)
      .values({ title: `Theme ${t}`, slug: `theme-${t}` })
      .returning();
    const [deck] = await ctx.db
      .insert(globalVocabularyDecks)
      .values({ themeId: theme!.id, title: `Deck ${t}`, slug: `deck-${t}` })
      .returning();
    const [hitWord] = await ctx.db
      .insert(globalVocabularyWords)
      .values([
        { deckId: deck!.id, arabic: ARABIC, transliteration: WILDCARDS, english: `Hit-${t} ${ASCII}`, position: 0 },
        { deckId: deck!.id, arabic: "باب", english: `Miss-${t} ${CONTAINS_NONE}`, position: 1 },
      ])
      .returning();

    for (const search of SEARCHES) {
      const listed = await api(`/api/vocabulary/decks/${deck!.id}?q=${enc(search.q)}`, memberToken);
      expect(listed.status, search.name).toBe(200);
      const found = (listed.body.data as { words: Array<{ id: number }> }).words.map((word) => word.id);
      expect(found, search.name).toEqual([hitWord!.id]);
      const shown = await page(`${deckHref(deck!)}/vocabularies?q=${enc(search.q)}`, memberToken);
      expect(shown.status, search.name).toBe(200);
      expect(shown.body).toContain(`Hit-${t}`);
      expect(shown.body).not.toContain(`Miss-${t}`);
    }
    const long = enc(tooLong(SEARCH_MAX_LENGTH));
    await expectApiRefuses(`/api/vocabulary/decks/${deck!.id}?q=${long}`, SEARCH_MAX_LENGTH, memberToken);
    await expectPageRefuses(`${deckHref(deck!)}/vocabularies?q=${long}`, SEARCH_MAX_LENGTH, memberToken);
  });
});
