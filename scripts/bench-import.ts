/**
 * Times a 5,000-row lesson vocabulary import (decode + parse + preview, then apply) against a local D1
 * through wrangler's platform proxy, with the same service code the admin page runs, and checks the
 * result: the rows are stored and a re-import of the same file is all "unchanged". Prints figures,
 * asserts no timing. Cleans up the rows it wrote.
 *   tsx scripts/bench-import.ts [--persist-to .bench-state]     (BENCH_IMPORT_ROWS changes the size)
 */
import { inArray, like } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import * as schema from "../drizzle/schema";
import { createAppContext } from "../server/context";
import type { Env } from "../server/env";
import { applyImportDraft, createImportDraft } from "../server/services/vocabulary-import";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1]! : ".bench-state";
const WORDS = ["بيت", "كتاب", "شمس", "قمر", "بحر", "جبل", "شجرة", "مدينة", "سيارة", "قهوة"];

function fail(message: string): never {
  console.error(`bench-import: ${message}`);
  process.exit(1);
}

const proxy = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } });
try {
  const ctx = createAppContext({ ...proxy.env, ENVIRONMENT: "development" });
  const lessons = await ctx.db
    .select({ id: schema.videos.id, durationSeconds: schema.videos.durationSeconds })
    .from(schema.videos)
    .limit(10);
  if (lessons.length === 0) fail(`no lessons in ${persistTo}: migrate and seed it first`);
  const [admin] = await ctx.db.select({ id: schema.users.id }).from(schema.users).limit(1);
  const run = `ب${Date.now().toString(36)}`;
  const lines = ["\uFEFFlesson,arabic,transliteration,english,start"];
  for (let index = 0; index < ROWS; index++) {
    const lesson = lessons[index % lessons.length]!;
    lines.push(
      // A word's time is inside its lesson (core/word-time.ts refuses one past the end).
      `${lesson.id},${WORDS[index % WORDS.length]} ${run} ${index},word ${index},"meaning ${index}, bench",${index % Math.min(600, lesson.durationSeconds || 600)}`,
    );
  }
  const bytes = new TextEncoder().encode(lines.join("\r\n"));
  const owner = { kind: "lesson" as const, userId: admin?.id ?? 1 };

  let start = performance.now();
  const draft = await createImportDraft(ctx, { ...owner, fileName: "bench.csv", bytes });
  const previewMs = performance.now() - start;
  if (draft.preview.counts.create !== ROWS)
    fail(`preview expected ${ROWS} creates, got ${JSON.stringify(draft.preview.counts)}`);

  start = performance.now();
  const report = await applyImportDraft(ctx, { ...owner, draftId: draft.draftId });
  const applyMs = performance.now() - start;

  const stored = await ctx.db
    .select({ id: schema.videoVocabulary.id })
    .from(schema.videoVocabulary)
    .where(like(schema.videoVocabulary.arabic, `% ${run} %`));
  if (stored.length !== ROWS) fail(`expected ${ROWS} stored rows, found ${stored.length}`);

  start = performance.now();
  const again = await createImportDraft(ctx, { ...owner, fileName: "bench.csv", bytes });
  const reviewMs = performance.now() - start;
  if (again.preview.counts.unchanged !== ROWS)
    fail(`re-import expected all unchanged, got ${JSON.stringify(again.preview.counts)}`);
  await ctx.bucket.delete(`import-drafts/lesson/${owner.userId}/${again.draftId}.json`);

  const kb = (bytes.byteLength / 1024).toFixed(0);
  console.log(`CSV import, ${ROWS} rows (${kb} KB), ${report.chunks} atomic chunks`);
  console.log(`  upload → parse + validate + preview (diff)   ${previewMs.toFixed(0).padStart(7)} ms`);
  console.log(`  apply (${report.created} created)                  ${applyMs.toFixed(0).padStart(7)} ms`);
  console.log(`  re-import preview (all unchanged)          ${reviewMs.toFixed(0).padStart(7)} ms`);
  console.log(`  verified: ${stored.length} rows stored, re-import ${again.preview.counts.unchanged} unchanged`);

  for (let i = 0; i < stored.length; i += 90) {
    await ctx.db.delete(schema.videoVocabulary).where(
      inArray(
        schema.videoVocabulary.id,
        stored.slice(i, i + 90).map((row) => row.id),
      ),
    );
  }
} finally {
  await proxy.dispose();
}
