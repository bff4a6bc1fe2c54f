import { count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  globalVocabularyDecks,
  globalVocabularyThemes,
  globalVocabularyWords,
  videoVocabulary,
} from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createVideo } from "../fixtures/collections";
import { createUser, loginToken, testApp, testEnv } from "./helpers";

const app = testApp();
const ctx = createAppContext(testEnv);

async function adminToken() {
  const user = await createUser({ permissions: ["admin"] });
  return loginToken(app, user.email, user.password);
}

function upload(path: string, token: string | null, content: string | Uint8Array<ArrayBuffer>, name = "words.csv") {
  const form = new FormData();
  form.append("file", new File([content], name, { type: "text/csv" }));
  return app.request(path, { method: "POST", headers: token ? { Authorization: token } : {}, body: form }, testEnv);
}

function applyDraft(path: string, token: string, draftId: string) {
  return app.request(
    path,
    {
      method: "POST",
      headers: { Authorization: token, "Content-Type": "application/json" },
      body: JSON.stringify({ draftId }),
    },
    testEnv,
  );
}

interface Preview {
  draftId: string;
  preview: {
    totalRows: number;
    counts: { create: number; update: number; unchanged: number; errors: number };
    errors: { row: number; column: string; message: string }[];
    changes: { row: number; action: string; changes: { field: string; from: unknown; to: unknown }[] }[];
  };
}

const WORDS = ["بيت", "كتاب", "شمس", "قمر", "بحر", "جبل", "شجرة", "مدينة", "سيارة", "قهوة"];
const arabicFor = (index: number) => `${WORDS[index % WORDS.length]} ${index}`;

describe("lesson vocabulary import", () => {
  it("previews, applies and re-applies 5,000 rows in workerd", async () => {
    const token = await adminToken();
    // Ten-minute lessons: every row's time (up to 599.5 s) is inside its video.
    const lessons = await Promise.all(Array.from({ length: 5 }, () => createVideo(ctx, { durationSeconds: 600 })));
    const lines = ["\uFEFFlesson,arabic,transliteration,english,start"];
    for (let index = 0; index < 5000; index++) {
      const lesson = lessons[index % 5]!;
      // Half the rows name the lesson by id, half by slug.
      const ref = index % 2 ? String(lesson.id) : lesson.slug;
      lines.push(`${ref},${arabicFor(index)},word ${index},"meaning ${index}, with a comma",${index % 600}.5`);
    }
    const csv = lines.join("\r\n");

    const previewed = await upload("/api/admin/imports/vocabulary/preview", token, csv);
    expect(previewed.status).toBe(201);
    const { data } = (await previewed.json()) as { data: Preview };
    expect(data.preview.totalRows).toBe(5000);
    expect(data.preview.counts).toEqual({ create: 5000, update: 0, unchanged: 0, errors: 0 });

    const applied = await applyDraft("/api/admin/imports/vocabulary/apply", token, data.draftId);
    expect(applied.status).toBe(200);
    expect(((await applied.json()) as { data: unknown }).data).toMatchObject({ created: 5000, updated: 0, skipped: 0 });

    const ids = lessons.map((lesson) => lesson.id);
    const [stored] = await ctx.db
      .select({ total: count() })
      .from(videoVocabulary)
      .where(inArray(videoVocabulary.videoId, ids));
    expect(stored!.total).toBe(5000);
    const [word] = await ctx.db
      .select()
      .from(videoVocabulary)
      .where(eq(videoVocabulary.arabic, arabicFor(4321)));
    expect(word).toMatchObject({
      videoId: lessons[4321 % 5]!.id,
      transliteration: "word 4321",
      english: "meaning 4321, with a comma",
      startMs: (4321 % 600) * 1000 + 500,
    });

    // The draft is used up; the same file again is all unchanged.
    expect((await applyDraft("/api/admin/imports/vocabulary/apply", token, data.draftId)).status).toBe(404);
    const again = (await (await upload("/api/admin/imports/vocabulary/preview", token, csv)).json()) as {
      data: Preview;
    };
    expect(again.data.preview.counts).toEqual({ create: 0, update: 0, unchanged: 5000, errors: 0 });

    // Change one meaning and leave the start column out: one update, the start times stay.
    const edited = `lesson,arabic,english\n${lessons[0]!.id},${arabicFor(0)},a new meaning\n`;
    const editPreview = (await (await upload("/api/admin/imports/vocabulary/preview", token, edited)).json()) as {
      data: Preview;
    };
    expect(editPreview.data.preview.counts.update).toBe(1);
    expect(editPreview.data.preview.changes[0]!.changes).toEqual([
      { field: "english", column: "english", from: "meaning 0, with a comma", to: "a new meaning" },
    ]);
    await applyDraft("/api/admin/imports/vocabulary/apply", token, editPreview.data.draftId);
    const [updated] = await ctx.db
      .select()
      .from(videoVocabulary)
      .where(eq(videoVocabulary.arabic, arabicFor(0)));
    expect(updated).toMatchObject({ english: "a new meaning", startMs: 500 });
  });

  it("explains bad files and bad rows, never a 500", async () => {
    const token = await adminToken();
    const lesson = await createVideo(ctx);
    const path = "/api/admin/imports/vocabulary/preview";

    const missing = await upload(path, token, "lesson,arabic\n1,كتاب\n");
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: string[] }).errors).toEqual(["Missing column: english."]);

    const binary = await upload(path, token, new Uint8Array([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x9c]), "photo.csv");
    expect(binary.status).toBe(422);
    const latin1 = await upload(path, token, new Uint8Array([0x6c, 0x65, 0x73, 0x73, 0x6f, 0x6e, 0x0a, 0xe9, 0xe8]));
    expect(latin1.status).toBe(422);
    expect(((await latin1.json()) as { errors: string[] }).errors[0]).toMatch(/not UTF-8/);
    const workbook = await upload(path, token, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), "words.xlsx");
    expect(((await workbook.json()) as { errors: string[] }).errors[0]).toMatch(/xlsx/);
    const empty = await upload(path, token, "");
    expect(empty.status).toBe(422);

    const rows = [
      "lesson,arabic,english",
      `${lesson.slug},مرحبا,hello`,
      `${lesson.slug},,nothing`,
      "no-such-lesson,كتاب,book",
      `${lesson.id},مرحبا,hello again`,
    ].join("\n");
    const previewed = await upload(path, token, rows);
    expect(previewed.status).toBe(201);
    const { data } = (await previewed.json()) as { data: Preview };
    expect(data.preview.counts).toEqual({ create: 1, update: 0, unchanged: 0, errors: 3 });
    expect(data.preview.errors.map((error) => [error.row, error.column])).toEqual([
      [3, "arabic"],
      [4, "lesson"],
      [5, "arabic"],
    ]);
    const applied = await applyDraft("/api/admin/imports/vocabulary/apply", token, data.draftId);
    expect(((await applied.json()) as { data: unknown }).data).toMatchObject({ created: 1, skipped: 3 });

    const noFile = await app.request(
      path,
      { method: "POST", headers: { Authorization: token }, body: new FormData() },
      testEnv,
    );
    expect(noFile.status).toBe(400);
    expect((await applyDraft("/api/admin/imports/vocabulary/apply", token, "not a draft")).status).toBe(404);
    expect((await applyDraft("/api/admin/imports/vocabulary/apply", token, "")).status).toBe(422);
    expect((await upload("/api/admin/imports/nothing/preview", token, rows)).status).toBe(404);
  });

  it("refuses a word time past the lesson's end, as the lesson workspace does (one rule for the table)", async () => {
    const token = await adminToken();
    const lesson = await createVideo(ctx, { durationSeconds: 60 });
    const rows = [
      "lesson,arabic,english,start",
      `${lesson.slug},بكرا,tomorrow,0:59`,
      `${lesson.slug},مبارح,yesterday,1:30`,
    ].join("\n");
    const previewed = await upload("/api/admin/imports/vocabulary/preview", token, rows);
    expect(previewed.status).toBe(201);
    const { data } = (await previewed.json()) as { data: Preview };
    expect(data.preview.counts).toMatchObject({ create: 1, errors: 1 });
    expect(data.preview.errors).toEqual([
      { row: 3, column: "start", message: "The time is past the end of the video." },
    ]);
    const applied = await applyDraft("/api/admin/imports/vocabulary/apply", token, data.draftId);
    expect(((await applied.json()) as { data: unknown }).data).toMatchObject({ created: 1, skipped: 1 });
    const stored = await ctx.db
      .select({ arabic: videoVocabulary.arabic, startMs: videoVocabulary.startMs })
      .from(videoVocabulary)
      .where(eq(videoVocabulary.videoId, lesson.id));
    expect(stored).toEqual([{ arabic: "بكرا", startMs: 59_000 }]);
  });

  it("keeps drafts to the admin who uploaded them and refuses non-admins", async () => {
    const token = await adminToken();
    const other = await adminToken();
    const lesson = await createVideo(ctx);
    const learner = await createUser();
    const learnerToken = await loginToken(app, learner.email, learner.password);
    const csv = `lesson,arabic,english\n${lesson.id},شباك,window\n`;
    expect((await upload("/api/admin/imports/vocabulary/preview", null, csv)).status).toBe(401);
    expect((await upload("/api/admin/imports/vocabulary/preview", learnerToken, csv)).status).toBe(403);
    const { data } = (await (await upload("/api/admin/imports/vocabulary/preview", token, csv)).json()) as {
      data: Preview;
    };
    expect((await applyDraft("/api/admin/imports/vocabulary/apply", other, data.draftId)).status).toBe(404);
    expect((await applyDraft("/api/admin/imports/vocabulary/apply", token, data.draftId)).status).toBe(200);
  });
});

describe("global vocabulary import", () => {
  it("creates deck words with positions after the last one and updates by deck + Arabic", async () => {
    const token = await adminToken();
    const [theme] = await ctx.db.insert(globalVocabularyThemes).values({ title: "Home", slug: "home" }).returning();
    const [deck] = await ctx.db
      .insert(globalVocabularyDecks)
      .values({ themeId: theme!.id, title: "Kitchen", slug: `kitchen-${crypto.randomUUID().slice(0, 6)}` })
      .returning();
    await ctx.db
      .insert(globalVocabularyWords)
      .values({ deckId: deck!.id, arabic: "مي", english: "water", position: 7 });
    const lines = [
      "deck,arabic,transliteration,english,example_arabic,example_english,position",
      `${deck!.slug},مي,mayy,water,,,`,
    ];
    for (let index = 0; index < 300; index++) lines.push(`${deck!.id},${arabicFor(index)},t${index},e${index},,,`);
    const { data } = (await (
      await upload("/api/admin/imports/global-vocabulary/preview", token, lines.join("\n"))
    ).json()) as {
      data: Preview;
    };
    expect(data.preview.counts).toEqual({ create: 300, update: 1, unchanged: 0, errors: 0 });
    await applyDraft("/api/admin/imports/global-vocabulary/apply", token, data.draftId);
    const words = await ctx.db
      .select()
      .from(globalVocabularyWords)
      .where(eq(globalVocabularyWords.deckId, deck!.id))
      .orderBy(globalVocabularyWords.position);
    expect(words).toHaveLength(301);
    expect(words[0]).toMatchObject({ arabic: "مي", transliteration: "mayy", position: 7 });
    expect(words[1]).toMatchObject({ arabic: arabicFor(0), position: 8 });
    expect(words.at(-1)).toMatchObject({ arabic: arabicFor(299), position: 307 });
  });
});
