import { lemmas } from "#drizzle/schema";
import { normalizeArabic } from "#core/arabic";
import { readJsonList, PARTS_OF_SPEECH } from "#core/schemas/lexicon";
import {
  lemmaFormSchema,
  lemmaJsonParts,
  REGION_FIELDS,
  VERB_FORM_FIELDS,
  verbFormErrors,
} from "#core/schemas/glossing";
import { toArabizi } from "#core/transliteration";
import { freeLemmaKey, readRegions, readVerbForms, syncLemmaForms } from "../../services/words/lemmas";
import { AppError } from "../../lib/errors";
import {
  defineResource,
  type AdminAfterChangeHook,
  type AdminAfterReadHook,
  type AdminBeforeChangeHook,
  type AdminField,
  type AdminRow,
} from "../types";

// The Shami lexicon (docs/words.md): one entry per lemma, shared by every lesson. Its lists are JSON text
// columns, shown and written as lists; its verb forms and region notes are separate inputs stored together.
// Whatever writes a lemma keeps `lemma_forms` in step (the word analysis looks stems up there).

const POS_OPTIONS = PARTS_OF_SPEECH.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

/**
 * The values a stored row shows: lists and objects instead of JSON text, and the verb forms and region notes
 * also as the form's own fields.
 */
export function lemmaValues(row: AdminRow): AdminRow {
  const verb = readVerbForms(typeof row.verbForms === "string" ? row.verbForms : null);
  const regions = readRegions(typeof row.regions === "string" ? row.regions : null);
  const values: AdminRow = {
    ...row,
    meanings: readJsonList(String(row.meanings ?? "[]")),
    forms: readJsonList(String(row.forms ?? "[]")),
    verbForms: verb,
    regions,
  };
  for (const field of VERB_FORM_FIELDS) values[field.name] = verb?.[field.key] ?? null;
  for (const field of REGION_FIELDS) values[field.name] = regions[field.region] ?? null;
  return values;
}

const showLists: AdminAfterReadHook = (_ctx, { rows }) => rows.map(lemmaValues);

/**
 * The stored columns from the form's values: Arabic without tashkeel for lookups, the Arabizi and the key
 * from the transliteration when left empty, the lists as JSON, the verb forms and region notes joined (a
 * partial update merges with what is stored).
 */
const storeColumns: AdminBeforeChangeHook = async (ctx, { operation, values, existing, input }) => {
  const next: AdminRow = { ...values };
  const stored = existing ? lemmaValues(existing) : {};
  const merged: AdminRow = { ...stored, ...input };

  const verbErrors = verbFormErrors(merged);
  if (Object.keys(verbErrors).length > 0) {
    throw new AppError(
      422,
      Object.entries(verbErrors).map(([field, [message]]) => `${field}: ${message}`),
      verbErrors,
    );
  }

  if (typeof next.arabic === "string") next.arabicPlain = normalizeArabic(next.arabic);
  if ((operation === "create" || "arabizi" in input) && !next.arabizi) {
    next.arabizi = toArabizi(String(next.transliteration ?? existing?.transliteration ?? ""));
  }
  if (!next.key) {
    if (operation === "create") {
      next.key = await freeLemmaKey(ctx.app, { transliteration: String(next.transliteration ?? "") });
    } else {
      delete next.key;
    }
  }
  if (Array.isArray(next.meanings)) next.meanings = JSON.stringify(next.meanings);
  if (Array.isArray(next.forms)) next.forms = JSON.stringify(next.forms);
  else if (next.forms === null) next.forms = "[]";

  const verbSent = VERB_FORM_FIELDS.some((field) => field.name in input);
  const regionSent = REGION_FIELDS.some((field) => field.name in input);
  const parts = lemmaJsonParts(merged);
  if (operation === "create" || verbSent) next.verbForms = parts.verbForms ? JSON.stringify(parts.verbForms) : null;
  if (operation === "create" || regionSent) next.regions = JSON.stringify(parts.regions);
  return next;
};

/** `lemma_forms` follows the lemma's Arabic, forms, verb forms and part of speech. */
const keepFormsInStep: AdminAfterChangeHook = async (ctx, { operation, row, previous }) => {
  if (operation === "update" && previous) {
    const same = (["arabic", "forms", "verbForms", "partOfSpeech"] as const).every(
      (column) => previous[column] === row[column],
    );
    if (same) return;
  }
  await syncLemmaForms(ctx.app, row);
};

function title(row: AdminRow): string {
  const meaning = readJsonList(String(row.meanings ?? "[]"))[0];
  return `${String(row.arabic ?? "")} · ${String(row.transliteration ?? "")}${meaning ? ` — ${meaning}` : ""}`;
}

const verbFields: AdminField[] = VERB_FORM_FIELDS.map((field) => ({
  name: field.name,
  label: field.label,
  widget: { type: "text", maxLength: 60 },
  lang: "ar",
  section: "Verb forms",
  help: field.name === "verbPast" ? `Verbs only. Past and present go together (e.g. ${field.example}).` : undefined,
}));

const regionFields: AdminField[] = REGION_FIELDS.map((field) => ({
  name: field.name,
  label: field.label,
  widget: { type: "textarea", rows: 2 },
  section: "Region notes",
  help: field.region === "syrian" ? "Only where usage differs from the rest of the Levant." : undefined,
}));

export const lemmasResource = defineResource({
  slug: "lemmas",
  label: "Lemmas",
  description: "The Shami lexicon: each lemma's meanings, forms, verb forms and region notes.",
  singular: "lemma",
  table: lemmas,
  titleField: "arabic",
  title,
  createSchema: lemmaFormSchema,
  updateSchema: lemmaFormSchema.partial(),
  columns: [
    { field: "arabic", label: "Arabic", lang: "ar", sortable: true },
    { field: "transliteration", label: "Transliteration", sortable: true },
    { field: "meanings", label: "Meanings" },
    { field: "partOfSpeech", label: "Part of speech", render: "badge", sortable: true },
    { field: "key", label: "Key", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["arabic", "arabicPlain", "transliteration", "arabizi", "meanings", "key"],
  filters: [{ field: "partOfSpeech", label: "Part of speech", type: "select", options: POS_OPTIONS }],
  defaultSort: { field: "transliteration", direction: "asc" },
  fields: [
    {
      name: "arabic",
      label: "Arabic",
      widget: { type: "text", maxLength: 80 },
      lang: "ar",
      required: true,
      help: "The dictionary form, with tashkeel where it helps; verbs in the he-form of the past (بلّش).",
    },
    {
      name: "transliteration",
      label: "Transliteration",
      widget: { type: "text", maxLength: 80 },
      required: true,
      help: "Ahla's scheme: ʔ ʕ ħ, long vowels doubled (ballash, ʕind).",
    },
    {
      name: "meanings",
      label: "Meanings",
      widget: { type: "string-list" },
      required: true,
      help: "One per line, the most common first.",
    },
    {
      name: "partOfSpeech",
      label: "Part of speech",
      widget: { type: "select", options: POS_OPTIONS },
      required: true,
    },
    {
      name: "key",
      label: "Key",
      widget: { type: "text", maxLength: 60 },
      help: "A stable ASCII id (ballash, 3ind). Leave it empty to build it from the transliteration.",
    },
    {
      name: "arabizi",
      label: "Arabizi",
      widget: { type: "text", maxLength: 80 },
      help: "Leave it empty to build it from the transliteration.",
    },
    { name: "root", label: "Root", widget: { type: "text", maxLength: 20 }, lang: "ar", section: "Grammar" },
    {
      name: "gender",
      label: "Gender",
      widget: {
        type: "select",
        options: [
          { value: "m", label: "Masculine" },
          { value: "f", label: "Feminine" },
        ],
      },
      section: "Grammar",
    },
    { name: "plural", label: "Plural", widget: { type: "text", maxLength: 80 }, lang: "ar", section: "Grammar" },
    {
      name: "forms",
      label: "Other written forms",
      widget: { type: "string-list" },
      lang: "ar",
      section: "Grammar",
      help: "One per line: present stems, past forms, plurals, construct forms — what a transcript writes.",
    },
    ...verbFields,
    ...regionFields,
    { name: "notes", label: "Usage notes", widget: { type: "textarea", rows: 3 }, section: "Notes" },
  ],
  defaultValues: { partOfSpeech: "noun" },
  hooks: {
    beforeChange: [storeColumns],
    afterChange: [keepFormsInStep],
    // lemma_forms, lesson_lemmas and members' statuses go with the lemma (ON DELETE CASCADE); its tokens
    // and vocabulary words lose their link (SET NULL), so the lessons' coverage shows them again.
    afterRead: [showLists],
  },
});
