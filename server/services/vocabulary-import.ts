import { eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { globalVocabularyDecks, globalVocabularyWords, videos, videoVocabulary } from "#drizzle/schema";
import type { AppContext } from "../context";
import { auditInsert } from "./audit-log";
import { randomToken } from "../lib/crypto";
import { AppError, notFound } from "../lib/errors";
import { parseLemmaCsv } from "../lib/lemma-csv";
import { diffLemmaRows, lemmaImportStatements } from "./lemma-import";
import {
  countActions,
  decodeCsvBytes,
  diffImport,
  IMPORT_SPECS,
  parentRefs,
  parseVocabularyCsv,
  resolveRows,
  type ExistingWord,
  type ImportAction,
  type ImportChange,
  type ImportKind,
  type ImportRowError,
  type ParentRow,
  type ParsedImportRow,
} from "../lib/vocabulary-csv";

// Mass vocabulary imports (docs/admin-imports.md): upload → stored draft → preview (diff against D1) →
// apply in atomic chunks. The pure rules are in server/lib/vocabulary-csv.ts; the lexicon's (rows keyed by
// the lemma's key) in server/lib/lemma-csv.ts and server/services/lemma-import.ts.

/** D1 refuses statements with more than 100 bound parameters; stay a little under. */
const MAX_PARAMETERS = 99;
const ID_LIST_CHUNK = 90;
/** Rows per chunk: one chunk is one `db.batch`, i.e. one transaction. */
export const ROWS_PER_CHUNK = 500;
/** A lemma writes its forms too (a delete and an insert): fewer rows per batch. */
const LEMMA_ROWS_PER_CHUNK = 200;
export const DRAFT_LIFETIME_MS = 60 * 60 * 1000;
const DRAFT_ID = /^[A-Za-z0-9_-]{16,64}$/;

type Query = BatchItem<"sqlite">;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

async function findParents(ctx: AppContext, kind: ImportKind, rows: readonly ParsedImportRow[]): Promise<ParentRow[]> {
  const { ids, slugs } = parentRefs(rows);
  const table = kind === "lesson" ? videos : globalVocabularyDecks;
  const conditions: SQL[] = [
    ...chunk(ids, ID_LIST_CHUNK).map((part) => inArray(table.id, part)),
    ...chunk(slugs, ID_LIST_CHUNK).map((part) => inArray(sql`lower(${table.slug})`, part)),
  ];
  const found = new Map<number, ParentRow>();
  for (const condition of conditions) {
    const rows =
      kind === "lesson"
        ? await ctx.db
            .select({ id: videos.id, slug: videos.slug, title: videos.title, durationSeconds: videos.durationSeconds })
            .from(videos)
            .where(condition)
        : await ctx.db.select({ id: table.id, slug: table.slug, title: table.title }).from(table).where(condition);
    for (const row of rows) found.set(row.id, row);
  }
  return [...found.values()];
}

async function findExistingWords(ctx: AppContext, kind: ImportKind, parentIds: number[]): Promise<ExistingWord[]> {
  const words: ExistingWord[] = [];
  for (const part of chunk(parentIds, ID_LIST_CHUNK)) {
    if (kind === "lesson") {
      const rows = await ctx.db
        .select({
          id: videoVocabulary.id,
          parentId: videoVocabulary.videoId,
          arabic: videoVocabulary.arabic,
          transliteration: videoVocabulary.transliteration,
          english: videoVocabulary.english,
          startMs: videoVocabulary.startMs,
        })
        .from(videoVocabulary)
        .where(inArray(videoVocabulary.videoId, part));
      words.push(...rows);
    } else {
      const rows = await ctx.db
        .select({
          id: globalVocabularyWords.id,
          parentId: globalVocabularyWords.deckId,
          arabic: globalVocabularyWords.arabic,
          transliteration: globalVocabularyWords.transliteration,
          english: globalVocabularyWords.english,
          exampleArabic: globalVocabularyWords.exampleArabic,
          exampleEnglish: globalVocabularyWords.exampleEnglish,
          position: globalVocabularyWords.position,
        })
        .from(globalVocabularyWords)
        .where(inArray(globalVocabularyWords.deckId, part));
      words.push(...rows);
    }
  }
  return words;
}

export interface ImportPreview {
  kind: ImportKind;
  totalRows: number;
  errors: ImportRowError[];
  changes: ImportChange[];
  counts: Record<ImportAction, number> & { errors: number };
}

/** Resolves parents and diffs against what D1 holds now; `errors` are the file's own plus unknown/duplicate rows. */
export async function previewRows(
  ctx: AppContext,
  {
    kind,
    parsed,
  }: { kind: ImportKind; parsed: { rows: ParsedImportRow[]; errors: ImportRowError[]; totalRows: number } },
): Promise<ImportPreview> {
  if (kind === "lemma") {
    const { changes } = await diffLemmaRows(ctx, parsed.rows);
    return previewOf(kind, parsed, changes, parsed.errors);
  }
  const spec = IMPORT_SPECS[kind];
  const parents = await findParents(ctx, kind, parsed.rows);
  const resolved = resolveRows(spec, parsed.rows, parents);
  const existing = await findExistingWords(ctx, kind, [...new Set(resolved.rows.map((row) => row.parentId))]);
  const changes = diffImport(spec, resolved.rows, existing);
  return previewOf(kind, parsed, changes, [...parsed.errors, ...resolved.errors]);
}

function previewOf(
  kind: ImportKind,
  parsed: { totalRows: number },
  changes: ImportChange[],
  rowErrors: ImportRowError[],
): ImportPreview {
  const errors = [...rowErrors].sort((a, b) => a.row - b.row);
  const erroneousRows = new Set(errors.map((error) => error.row)).size;
  return {
    kind,
    totalRows: parsed.totalRows,
    errors,
    changes,
    counts: { ...countActions(changes), errors: erroneousRows },
  };
}

interface ImportDraft {
  kind: ImportKind;
  userId: number;
  fileName: string;
  createdAt: string;
  totalRows: number;
  rows: ParsedImportRow[];
  errors: ImportRowError[];
}

const draftKey = (kind: ImportKind, userId: number, draftId: string) =>
  `import-drafts/${kind}/${userId}/${draftId}.json`;

/**
 * Reads an upload. A file that cannot be read at all (encoding, columns) is a 422 with the reason; otherwise
 * the parsed rows are kept in R2 as a draft for an hour, so applying needs no second upload.
 */
export async function createImportDraft(
  ctx: AppContext,
  input: { kind: ImportKind; userId: number; fileName: string; bytes: Uint8Array },
): Promise<{ draftId: string; preview: ImportPreview }> {
  const decoded = decodeCsvBytes(input.bytes);
  if ("error" in decoded) throw new AppError(422, [decoded.error], { file: [decoded.error] });
  const parsed = input.kind === "lemma" ? parseLemmaCsv(decoded.text) : parseVocabularyCsv(input.kind, decoded.text);
  if (parsed.fileErrors.length > 0) throw new AppError(422, parsed.fileErrors, { file: parsed.fileErrors });
  const draftId = randomToken(18);
  const draft: ImportDraft = {
    kind: input.kind,
    userId: input.userId,
    fileName: input.fileName.slice(0, 200),
    createdAt: ctx.now().toISOString(),
    totalRows: parsed.totalRows,
    rows: parsed.rows,
    errors: parsed.errors,
  };
  await ctx.bucket.put(draftKey(input.kind, input.userId, draftId), JSON.stringify(draft), {
    httpMetadata: { contentType: "application/json" },
  });
  return { draftId, preview: await previewRows(ctx, { kind: input.kind, parsed }) };
}

const DRAFT_GONE = "This preview has expired or was already applied. Upload the file again.";

export async function getImportDraft(
  ctx: AppContext,
  input: { kind: ImportKind; userId: number; draftId: string },
): Promise<ImportDraft> {
  if (!DRAFT_ID.test(input.draftId)) throw notFound(DRAFT_GONE);
  const object = await ctx.bucket.get(draftKey(input.kind, input.userId, input.draftId));
  if (!object) throw notFound(DRAFT_GONE);
  const draft = (await object.json()) as ImportDraft;
  if (ctx.now().getTime() - Date.parse(draft.createdAt) > DRAFT_LIFETIME_MS) {
    await ctx.bucket.delete(draftKey(input.kind, input.userId, input.draftId));
    throw notFound(DRAFT_GONE);
  }
  return draft;
}

export async function getImportDraftPreview(
  ctx: AppContext,
  input: { kind: ImportKind; userId: number; draftId: string },
) {
  const draft = await getImportDraft(ctx, input);
  return {
    fileName: draft.fileName,
    createdAt: new Date(draft.createdAt),
    preview: await previewRows(ctx, { kind: input.kind, parsed: draft }),
  };
}

function statementsFor(ctx: AppContext, kind: ImportKind, changes: readonly ImportChange[]): Query[] {
  const now = ctx.now();
  const table = kind === "lesson" ? videoVocabulary : globalVocabularyWords;
  const rowsPerInsert = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(getTableColumns(table)).length));
  const statements: Query[] = [];
  const creates = changes.filter((change) => change.action === "create");
  for (const part of chunk(creates, rowsPerInsert)) {
    if (kind === "lesson") {
      statements.push(
        ctx.db.insert(videoVocabulary).values(
          part.map((change) => ({
            videoId: change.parentId,
            arabic: change.arabic,
            transliteration: String(change.values.transliteration ?? ""),
            english: String(change.values.english ?? ""),
            startMs: typeof change.values.startMs === "number" ? change.values.startMs : null,
            createdAt: now,
            updatedAt: now,
          })),
        ),
      );
    } else {
      statements.push(
        ctx.db.insert(globalVocabularyWords).values(
          part.map((change) => ({
            deckId: change.parentId,
            arabic: change.arabic,
            transliteration: String(change.values.transliteration ?? ""),
            english: String(change.values.english ?? ""),
            exampleArabic: String(change.values.exampleArabic ?? ""),
            exampleEnglish: String(change.values.exampleEnglish ?? ""),
            position: typeof change.values.position === "number" ? change.values.position : 0,
            createdAt: now,
            updatedAt: now,
          })),
        ),
      );
    }
  }
  for (const change of changes) {
    if (change.action !== "update" || change.id === null) continue;
    // Only declared, validated fields reach `set`: the diff copies them from the import spec.
    statements.push(
      kind === "lesson"
        ? ctx.db
            .update(videoVocabulary)
            .set({ ...(change.values as Partial<typeof videoVocabulary.$inferInsert>), updatedAt: now })
            .where(eq(videoVocabulary.id, change.id))
        : ctx.db
            .update(globalVocabularyWords)
            .set({ ...(change.values as Partial<typeof globalVocabularyWords.$inferInsert>), updatedAt: now })
            .where(eq(globalVocabularyWords.id, change.id)),
    );
  }
  return statements;
}

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  /** Rows with errors, left out. */
  skipped: number;
  chunks: number;
}

/**
 * Applies the valid rows, re-diffed against D1 at this moment. Each chunk of ROWS_PER_CHUNK rows is one
 * `db.batch` (atomic); if a chunk fails, the ones before it stay applied, and applying the same file
 * again finishes the job, because rows already written now diff as unchanged.
 */
export async function applyImportRows(
  ctx: AppContext,
  {
    kind,
    parsed,
    actorId,
  }: {
    kind: ImportKind;
    parsed: { rows: ParsedImportRow[]; errors: ImportRowError[]; totalRows: number };
    actorId: number;
  },
): Promise<ImportReport> {
  if (kind === "lemma") return applyLemmaRows(ctx, parsed, actorId);
  const preview = await previewRows(ctx, { kind, parsed });
  const pending = preview.changes.filter((change) => change.action !== "unchanged");
  let chunks = 0;
  for (const part of chunk(pending, ROWS_PER_CHUNK)) {
    const statements = statementsFor(ctx, kind, part);
    if (statements.length === 0) continue;
    // Each chunk is its own batch, so each carries its own audit row: what it created and updated.
    statements.push(
      auditInsert(ctx, {
        actorId,
        action: "import.apply",
        resource: kind === "lesson" ? "video-vocabulary" : "global-vocabulary-single-vocabulary",
        recordLabel: `CSV import (${kind === "lesson" ? "lesson" : "global"} vocabulary)`,
        changes: {
          created: { after: part.filter((change) => change.action === "create").length },
          updated: { after: part.filter((change) => change.action === "update").length },
        },
      }),
    );
    await ctx.db.batch(statements as [Query, ...Query[]]);
    chunks += 1;
  }
  return {
    created: preview.counts.create,
    updated: preview.counts.update,
    unchanged: preview.counts.unchanged,
    skipped: preview.counts.errors,
    chunks,
  };
}

/** The lexicon's rows: the same chunks, each with its lemmas' forms and its audit row in one batch. */
async function applyLemmaRows(
  ctx: AppContext,
  parsed: { rows: ParsedImportRow[]; errors: ImportRowError[]; totalRows: number },
  actorId: number,
): Promise<ImportReport> {
  const { changes, stored } = await diffLemmaRows(ctx, parsed.rows);
  const preview = previewOf("lemma", parsed, changes, parsed.errors);
  const pending = changes.filter((change) => change.action !== "unchanged");
  let chunks = 0;
  for (const part of chunk(pending, LEMMA_ROWS_PER_CHUNK)) {
    const statements = lemmaImportStatements(ctx, { changes: part, stored, actorId });
    if (statements.length === 0) continue;
    await ctx.db.batch(statements as [Query, ...Query[]]);
    chunks += 1;
  }
  return {
    created: preview.counts.create,
    updated: preview.counts.update,
    unchanged: preview.counts.unchanged,
    skipped: preview.counts.errors,
    chunks,
  };
}

/** Applies a stored draft once: the draft is removed afterwards, so a double submit cannot apply it twice. */
export async function applyImportDraft(
  ctx: AppContext,
  input: { kind: ImportKind; userId: number; draftId: string },
): Promise<ImportReport> {
  const draft = await getImportDraft(ctx, input);
  await ctx.bucket.delete(draftKey(input.kind, input.userId, input.draftId));
  // Only the administrator who uploaded a draft can apply it: the uploader is the actor.
  return applyImportRows(ctx, { kind: input.kind, parsed: draft, actorId: input.userId });
}

/** Where a template's example row points: the first lesson or deck, by slug. */
export async function templateParentExample(ctx: AppContext, { kind }: { kind: ImportKind }): Promise<string> {
  if (kind === "lemma") return "ballash-example";
  const table = kind === "lesson" ? videos : globalVocabularyDecks;
  const [row] = await ctx.db.select({ slug: table.slug }).from(table).orderBy(table.id).limit(1);
  return row?.slug ?? (kind === "lesson" ? "greetings-in-damascus" : "food-and-drink");
}
