/**
 * Writing the lexicon (docs/words.md "Glossing"): `lemma_forms` kept in step with every lemma written (the
 * admin resource's hook, the CSV import, a lemma created from the cue editor), keys built from the
 * transliteration, and a stored row read back with its JSON columns as lists.
 */
import { eq, like, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { lemmaForms as lemmaFormsTable, lemmas } from "#drizzle/schema";
import {
  readJsonList,
  regionNotesSchema,
  verbFormsSchema,
  type LemmaInput,
  type RegionNotes,
  type VerbForms,
} from "#core/schemas/lexicon";
import { lemmaForms } from "#core/words/lexicon";
import { freeKey, lemmaKeyFrom } from "#core/words/lemma-key";
import type { AppContext } from "../../context";

type Query = BatchItem<"sqlite">;

/** Form rows per insert: 3 columns each (the lemma id may be a sub-select with its own parameter). */
const FORM_ROWS_PER_INSERT = 24;

export function readVerbForms(text: string | null | undefined): VerbForms | null {
  if (!text) return null;
  try {
    const parsed = verbFormsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readRegions(text: string | null | undefined): RegionNotes {
  if (!text) return {};
  try {
    const parsed = regionNotesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The parts of a stored lemma row the forms are computed from, JSON read back. */
export function lemmaShape(row: {
  arabic: unknown;
  forms: unknown;
  verbForms: unknown;
  partOfSpeech: unknown;
}): Pick<LemmaInput, "arabic" | "forms" | "verbForms" | "partOfSpeech"> {
  return {
    arabic: String(row.arabic ?? ""),
    forms: readJsonList(String(row.forms ?? "[]")),
    verbForms: readVerbForms(typeof row.verbForms === "string" ? row.verbForms : null),
    partOfSpeech: String(row.partOfSpeech ?? "noun") as LemmaInput["partOfSpeech"],
  };
}

/**
 * The statements that replace a lemma's `lemma_forms` with what `lemmaForms()` computes: `lemma` is its id, or
 * a sub-select by key when the lemma is inserted in the same batch (the CSV import).
 */
export function lemmaFormsStatements(
  ctx: AppContext,
  lemma: { id: number } | { key: string },
  shape: Pick<LemmaInput, "arabic" | "forms" | "verbForms" | "partOfSpeech">,
): Query[] {
  // A lemma inserted earlier in the same batch has no id yet: it is found by its key.
  const lemmaId: number | SQL = "id" in lemma ? lemma.id : sql`(select "id" from "lemmas" where "key" = ${lemma.key})`;
  const statements: Query[] = [ctx.db.delete(lemmaFormsTable).where(eq(lemmaFormsTable.lemmaId, lemmaId))];
  const rows = lemmaForms(shape).map((form) => ({ lemmaId, form: form.form, isVerb: form.isVerb }));
  for (let index = 0; index < rows.length; index += FORM_ROWS_PER_INSERT) {
    statements.push(ctx.db.insert(lemmaFormsTable).values(rows.slice(index, index + FORM_ROWS_PER_INSERT)));
  }
  return statements;
}

/** Replaces a stored lemma's forms (after the admin resource wrote it). */
export async function syncLemmaForms(ctx: AppContext, row: Record<string, unknown>): Promise<void> {
  const statements = lemmaFormsStatements(ctx, { id: Number(row.id) }, lemmaShape(row as never));
  await ctx.db.batch(statements as [Query, ...Query[]]);
}

/** A key no stored lemma has: from `wanted` (or the transliteration), with -2, -3… when taken. */
export async function freeLemmaKey(ctx: AppContext, { transliteration }: { transliteration: string }): Promise<string> {
  const base = lemmaKeyFrom(transliteration) || "lemma";
  const rows = await ctx.db
    .select({ key: lemmas.key })
    .from(lemmas)
    .where(or(eq(lemmas.key, base), like(lemmas.key, `${base}-%`)));
  return freeKey(base, new Set(rows.map((row) => row.key)));
}
