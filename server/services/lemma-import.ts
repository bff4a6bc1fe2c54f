import { eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { lemmas } from "#drizzle/schema";
import { normalizeArabic } from "#core/arabic";
import { lemmaJsonParts, REGION_FIELDS, VERB_FORM_FIELDS } from "#core/schemas/glossing";
import type { LemmaInput } from "#core/schemas/lexicon";
import { toArabizi } from "#core/transliteration";
import type { AppContext } from "../context";
import { diffLemmaImport, splitList, storedLemmaValues, type StoredLemma } from "../lib/lemma-csv";
import type { FieldValue, ImportChange, ParsedImportRow } from "../lib/vocabulary-csv";
import { auditInsert } from "./audit-log";
import { lemmaFormsStatements } from "./words/lemmas";

// The lexicon's CSV import against D1 (docs/admin-imports.md "The lexicon"): stored lemmas by key, and the
// statements that write a chunk of changes with every written lemma's `lemma_forms` in the same batch.
// server/services/vocabulary-import.ts runs the upload, the draft and the preview for it.

type Query = BatchItem<"sqlite">;

const KEY_CHUNK = 90;
/** 17 columns a lemma row: 5 rows stay under D1's 100 bound parameters. */
const LEMMAS_PER_INSERT = 5;

export async function findStoredLemmas(ctx: AppContext, rows: readonly ParsedImportRow[]): Promise<StoredLemma[]> {
  const keys = [...new Set(rows.map((row) => row.parentRef))];
  const found: StoredLemma[] = [];
  for (let index = 0; index < keys.length; index += KEY_CHUNK) {
    const stored = await ctx.db
      .select()
      .from(lemmas)
      .where(inArray(lemmas.key, keys.slice(index, index + KEY_CHUNK)));
    found.push(...stored.map(storedLemmaValues));
  }
  return found;
}

/** Create, update or unchanged for every valid row, and the stored lemmas it was judged against. */
export async function diffLemmaRows(ctx: AppContext, rows: readonly ParsedImportRow[]) {
  const stored = await findStoredLemmas(ctx, rows);
  return { changes: diffLemmaImport(rows, stored), stored };
}

const text = (value: FieldValue | undefined) => (value === null || value === undefined ? "" : String(value));

/** The stored columns of a lemma from its full set of import values (the stored ones under the file's). */
function lemmaColumns(values: Record<string, FieldValue>) {
  const parts = lemmaJsonParts(values);
  return {
    arabic: text(values.arabic),
    arabicPlain: normalizeArabic(text(values.arabic)),
    transliteration: text(values.transliteration),
    arabizi: toArabizi(text(values.transliteration)),
    meanings: JSON.stringify(splitList(text(values.meanings))),
    partOfSpeech: text(values.partOfSpeech),
    root: text(values.root),
    gender: text(values.gender) || null,
    plural: text(values.plural),
    forms: JSON.stringify(splitList(text(values.forms))),
    verbForms: parts.verbForms ? JSON.stringify(parts.verbForms) : null,
    regions: JSON.stringify(parts.regions),
    notes: text(values.notes),
  };
}

function shapeOf(
  values: Record<string, FieldValue>,
): Pick<LemmaInput, "arabic" | "forms" | "verbForms" | "partOfSpeech"> {
  return {
    arabic: text(values.arabic),
    forms: splitList(text(values.forms)),
    verbForms: lemmaJsonParts(values).verbForms,
    partOfSpeech: text(values.partOfSpeech) as LemmaInput["partOfSpeech"],
  };
}

const FORM_FIELDS = new Set(["arabic", "forms", "partOfSpeech", ...VERB_FORM_FIELDS.map((field) => field.name)]);
const JSON_PART_FIELDS = new Set([...VERB_FORM_FIELDS, ...REGION_FIELDS].map((field) => field.name));

/**
 * One chunk's statements: new lemmas (multi-row inserts, then their forms found by key), updated lemmas (only
 * what changed, the verb forms and region notes merged with what is stored), forms rewritten where they
 * depend on a change, and the chunk's audit row.
 */
export function lemmaImportStatements(
  ctx: AppContext,
  { changes, stored, actorId }: { changes: readonly ImportChange[]; stored: readonly StoredLemma[]; actorId: number },
): Query[] {
  const now = ctx.now();
  const byKey = new Map(stored.map((lemma) => [lemma.key, lemma]));
  const statements: Query[] = [];
  const creates = changes.filter((change) => change.action === "create");
  for (let index = 0; index < creates.length; index += LEMMAS_PER_INSERT) {
    statements.push(
      ctx.db.insert(lemmas).values(
        creates.slice(index, index + LEMMAS_PER_INSERT).map((change) => ({
          key: change.parentTitle,
          ...lemmaColumns(change.values),
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
  }
  for (const change of creates) {
    statements.push(...lemmaFormsStatements(ctx, { key: change.parentTitle }, shapeOf(change.values)));
  }
  for (const change of changes) {
    if (change.action !== "update" || change.id === null) continue;
    const before = byKey.get(change.parentTitle);
    const merged = { ...before, ...change.values };
    const all = lemmaColumns(merged);
    const set: Record<string, unknown> = { updatedAt: now };
    for (const field of Object.keys(change.values)) {
      if (JSON_PART_FIELDS.has(field)) continue;
      if (field === "arabic") Object.assign(set, { arabic: all.arabic, arabicPlain: all.arabicPlain });
      else if (field === "transliteration")
        Object.assign(set, { transliteration: all.transliteration, arabizi: all.arabizi });
      else set[field] = all[field as keyof typeof all];
    }
    const changed = Object.keys(change.values);
    if (changed.some((field) => VERB_FORM_FIELDS.some((verb) => verb.name === field))) set.verbForms = all.verbForms;
    if (changed.some((field) => REGION_FIELDS.some((region) => region.name === field))) set.regions = all.regions;
    statements.push(ctx.db.update(lemmas).set(set).where(eq(lemmas.id, change.id)));
    if (changed.some((field) => FORM_FIELDS.has(field))) {
      statements.push(...lemmaFormsStatements(ctx, { id: change.id }, shapeOf(merged)));
    }
  }
  if (statements.length > 0) {
    statements.push(
      auditInsert(ctx, {
        actorId,
        action: "import.apply",
        resource: "lemmas",
        recordLabel: "CSV import (lexicon)",
        changes: {
          created: { after: creates.length },
          updated: { after: changes.filter((change) => change.action === "update").length },
        },
      }),
    );
  }
  return statements;
}

export type { StoredLemma };
