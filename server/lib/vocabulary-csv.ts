import Papa from "papaparse";
import { hasArabic } from "#core/arabic";
import { formatTimestamp } from "#core/import-format";
import { isPastTheEnd, WORD_PAST_THE_END } from "#core/word-time";
import { spreadsheetCsv } from "./csv";

export { formatTimestamp };

// Pure logic of the mass vocabulary imports (docs/admin-imports.md): decoding the upload, reading the
// columns, validating each row, finding duplicates and diffing against what D1 holds. No I/O here.

export type ImportKind = "lesson" | "deck" | "lemma";

export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

/** `list`: several values in one cell, separated by "|" (a lemma's meanings and forms). */
type FieldType = "text" | "time" | "position" | "list";

interface FieldSpec {
  /** The CSV header. */
  column: string;
  /** The property of the D1 row it writes. */
  field: string;
  type: FieldType;
  required: boolean;
  max: number;
  description: string;
  example: string;
}

export interface ImportSpec {
  kind: ImportKind;
  title: string;
  /**
   * The header identifying a row: the parent (a lesson or a deck, by numeric id or slug) whose Arabic is the
   * rest of the key, or a lemma's own key.
   */
  parentColumn: "lesson" | "deck" | "key";
  parentLabel: string;
  /** What the pages show about that column: the preview's heading, the columns table, the matching rule. */
  parentHeading: string;
  parentDescription: string;
  parentExample: string;
  matchRule: string;
  /** The preview's count of new rows ("New words"). */
  newLabel: string;
  fields: readonly FieldSpec[];
}

export const IMPORT_SPECS: Record<ImportKind, ImportSpec> = {
  lesson: {
    kind: "lesson",
    title: "Lesson vocabulary",
    parentColumn: "lesson",
    parentLabel: "lesson",
    parentHeading: "Lesson",
    parentDescription: "The lesson's numeric id or its slug (as in its URL). With the Arabic, it identifies the row.",
    parentExample: "12",
    matchRule: "A row whose lesson and Arabic already exist updates that word; otherwise it is created.",
    newLabel: "New words",
    fields: [
      {
        column: "arabic",
        field: "arabic",
        type: "text",
        required: true,
        max: 200,
        description: "The word or phrase in Arabic script. With the lesson, it identifies the row.",
        example: "كيفك",
      },
      {
        column: "transliteration",
        field: "transliteration",
        type: "text",
        required: false,
        max: 200,
        description: "Latin-letter reading.",
        example: "kīfak",
      },
      {
        column: "english",
        field: "english",
        type: "text",
        required: true,
        max: 500,
        description: "The meaning in English.",
        example: "how are you? (to a man)",
      },
      {
        column: "start",
        field: "startMs",
        type: "time",
        required: false,
        max: 0,
        description: "Where the word is heard in the video: seconds (12.5), m:ss or h:mm:ss(.mmm). Empty for none.",
        example: "0:12.5",
      },
    ],
  },
  deck: {
    kind: "deck",
    title: "Global vocabulary",
    parentColumn: "deck",
    parentLabel: "deck",
    parentHeading: "Deck",
    parentDescription: "The deck's numeric id or its slug (as in its URL). With the Arabic, it identifies the row.",
    parentExample: "food-and-drink",
    matchRule: "A row whose deck and Arabic already exist updates that word; otherwise it is created.",
    newLabel: "New words",
    fields: [
      {
        column: "arabic",
        field: "arabic",
        type: "text",
        required: true,
        max: 200,
        description: "The word in Arabic script. With the deck, it identifies the row.",
        example: "مي",
      },
      {
        column: "transliteration",
        field: "transliteration",
        type: "text",
        required: false,
        max: 200,
        description: "Latin-letter reading.",
        example: "mayy",
      },
      {
        column: "english",
        field: "english",
        type: "text",
        required: true,
        max: 500,
        description: "The meaning in English.",
        example: "water",
      },
      {
        column: "example_arabic",
        field: "exampleArabic",
        type: "text",
        required: false,
        max: 1000,
        description: "An example sentence in Arabic.",
        example: "بدي كاسة مي",
      },
      {
        column: "example_english",
        field: "exampleEnglish",
        type: "text",
        required: false,
        max: 1000,
        description: "Its English translation.",
        example: "I want a glass of water",
      },
      {
        column: "position",
        field: "position",
        type: "position",
        required: false,
        max: 0,
        description: "Order in the deck (0, 1, 2…). Empty or left out: new words go after the last one.",
        example: "3",
      },
    ],
  },
  lemma: {
    kind: "lemma",
    title: "Lexicon",
    parentColumn: "key",
    parentLabel: "key",
    parentHeading: "Key",
    parentDescription:
      'The lemma\'s stable id: lower-case letters, digits and hyphens ("ballash", "3ind"). It identifies the row.',
    parentExample: "ballash",
    matchRule: "A row whose key already exists updates that lemma (its Arabic too); otherwise it is created.",
    newLabel: "New lemmas",
    fields: [
      lemmaText(
        "arabic",
        "arabic",
        true,
        80,
        "The dictionary form in Arabic script; verbs in the he-form of the past.",
        "بَلَّش",
      ),
      lemmaText(
        "transliteration",
        "transliteration",
        true,
        80,
        "Ahla's scheme: ʔ ʕ ħ, long vowels doubled.",
        "ballash",
      ),
      {
        column: "meanings",
        field: "meanings",
        type: "list",
        required: true,
        max: 200,
        description: "English meanings, most common first, separated by |.",
        example: "to start | to begin",
      },
      lemmaText(
        "part_of_speech",
        "partOfSpeech",
        true,
        20,
        "noun, verb, adjective, adverb, preposition, pronoun, particle, conjunction, interjection, numeral, name or phrase.",
        "verb",
      ),
      lemmaText("root", "root", false, 20, "The radicals, separated by spaces.", "ب ل ش"),
      lemmaText("gender", "gender", false, 1, "m or f (nouns and adjectives); empty for none.", ""),
      lemmaText("plural", "plural", false, 80, "The plural in Arabic script.", ""),
      {
        column: "forms",
        field: "forms",
        type: "list",
        required: false,
        max: 60,
        description: "Other written forms a transcript uses (present stems, past forms, plurals…), separated by |.",
        example: "بلشت | بلشنا",
      },
      lemmaText("verb_past", "verbPast", false, 60, "Verbs: the past (he did). With verb_present.", "بلّش"),
      lemmaText(
        "verb_present",
        "verbPresent",
        false,
        60,
        "Verbs: the present stem without b-. With verb_past.",
        "يبلّش",
      ),
      lemmaText("verb_imperative", "verbImperative", false, 60, "Verbs: the imperative.", "بلّش"),
      lemmaText("verb_masdar", "verbMasdar", false, 60, "Verbs: the verbal noun.", ""),
      lemmaText("region_syrian", "regionSyrian", false, 300, "Where Syrian usage differs.", ""),
      lemmaText("region_lebanese", "regionLebanese", false, 300, "Where Lebanese usage differs.", ""),
      lemmaText("region_palestinian", "regionPalestinian", false, 300, "Where Palestinian usage differs.", ""),
      lemmaText("region_jordanian", "regionJordanian", false, 300, "Where Jordanian usage differs.", ""),
      lemmaText("notes", "notes", false, 500, "Anything else worth knowing.", ""),
    ],
  },
};

function lemmaText(
  column: string,
  field: string,
  required: boolean,
  max: number,
  description: string,
  example: string,
): FieldSpec {
  return { column, field, type: "text", required, max, description, example };
}

export type FieldValue = string | number | null;

export interface ImportRowError {
  /** The spreadsheet row: the header is row 1, the first word row 2. */
  row: number;
  column: string;
  message: string;
}

/** One valid row: its parent reference as typed, its key and the values of the columns present. */
export interface ParsedImportRow {
  row: number;
  parentRef: string;
  arabic: string;
  values: Record<string, FieldValue>;
}

export interface ParsedImport {
  /** Columns present in the file, in the file's order (normalised names). */
  columns: string[];
  rows: ParsedImportRow[];
  errors: ImportRowError[];
  /** Problems with the whole file (encoding, missing columns): nothing can be previewed. */
  fileErrors: string[];
  totalRows: number;
}

/** NFC, no tatweel, inner spaces collapsed: how two spellings of the same word are compared. */
export function arabicKey(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\u0640/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The upload's bytes as text, or a sentence saying why they are not a UTF-8 CSV. A leading BOM is dropped. */
export function decodeCsvBytes(bytes: Uint8Array): { text: string } | { error: string } {
  if (bytes.byteLength === 0) return { error: "The file is empty." };
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    return { error: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.` };
  }
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    return { error: "This is a spreadsheet workbook (.xlsx), not a CSV. Save it as “CSV UTF-8” and upload that." };
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { error: "The file is UTF-16. Save it as “CSV UTF-8” and upload that." };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return {
      error: "The file is not UTF-8 text, so Arabic would be garbled. Save it as “CSV UTF-8” and upload that.",
    };
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what marks a binary file
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) {
    return { error: "The file contains binary data, not CSV text." };
  }
  return { text: text.replace(/^\uFEFF/, "") };
}

export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** "12.5", "0:12.5", "1:02:03.250" → milliseconds; null for anything else. */
export function parseTimestamp(text: string): number | null {
  const match = /^(?:(\d{1,2}):)?(?:(\d{1,3}):)?(\d{1,5}(?:\.\d{1,3})?)$/.exec(text.trim());
  if (!match) return null;
  const [, first, second, secondsText] = match;
  const hours = first !== undefined && second !== undefined ? Number(first) : 0;
  const minutes = second !== undefined ? Number(second) : first !== undefined ? Number(first) : 0;
  const seconds = Number(secondsText);
  if ((first !== undefined || second !== undefined) && seconds >= 60) return null;
  if (hours > 0 && minutes >= 60) return null;
  const total = Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000);
  return total <= 24 * 3600 * 1000 ? total : null;
}

function parseValue(spec: FieldSpec, raw: string): { value: FieldValue } | { error: string } {
  const text = spec.type === "text" ? raw.normalize("NFC").trim() : raw.trim();
  if (spec.type === "text") {
    if (spec.required && !text) return { error: `The ${spec.column} cell is empty; it is required.` };
    if (text.length > spec.max) return { error: `${spec.column} is longer than ${spec.max} characters.` };
    return { value: text };
  }
  if (!text) return { value: null };
  if (spec.type === "time") {
    const ms = parseTimestamp(text);
    return ms === null ? { error: `“${text}” is not a time like 12.5, 0:12.5 or 1:02:03.` } : { value: ms };
  }
  if (!/^\d{1,6}$/.test(text)) return { error: `“${text}” is not a whole number of 0 or more.` };
  return { value: Number(text) };
}

/** Reads the CSV text: header checks, then every row validated on its own. */
export function parseVocabularyCsv(kind: ImportKind, text: string): ParsedImport {
  const spec = IMPORT_SPECS[kind];
  const empty: ParsedImport = { columns: [], rows: [], errors: [], fileErrors: [], totalRows: 0 };
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: false });
  const records = parsed.data;
  const header = records[0];
  if (!header || header.every((cell) => !cell.trim())) {
    return { ...empty, fileErrors: ["The file has no header row."] };
  }
  const columns = header.map(normalizeHeader);
  const known = new Set<string>([spec.parentColumn, ...spec.fields.map((field) => field.column)]);
  const fileErrors: string[] = [];
  const unknown = columns.filter((column) => column && !known.has(column));
  if (unknown.length > 0) {
    fileErrors.push(
      `Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => `“${c}”`).join(", ")}. The columns are: ${[...known].join(", ")}.`,
    );
  }
  const repeated = columns.filter((column, index) => column && columns.indexOf(column) !== index);
  if (repeated.length > 0) fileErrors.push(`Column “${repeated[0]}” appears twice.`);
  const required = [spec.parentColumn, ...spec.fields.filter((field) => field.required).map((field) => field.column)];
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    fileErrors.push(`Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.`);
  }
  if (fileErrors.length > 0) return { ...empty, columns, fileErrors };

  const dataRows = records.slice(1);
  const nonEmpty = dataRows.filter((cells) => cells.some((cell) => cell.trim()));
  if (nonEmpty.length === 0) return { ...empty, columns, fileErrors: ["The file has a header but no rows."] };
  if (nonEmpty.length > MAX_IMPORT_ROWS) {
    return {
      ...empty,
      columns,
      fileErrors: [`The file has ${nonEmpty.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`],
    };
  }

  const index = new Map(columns.map((column, position) => [column, position]));
  const present = spec.fields.filter((field) => index.has(field.column));
  const rows: ParsedImportRow[] = [];
  const errors: ImportRowError[] = [];
  dataRows.forEach((cells, position) => {
    const rowNumber = position + 2;
    if (!cells.some((cell) => cell.trim())) return;
    const rowErrors: ImportRowError[] = [];
    if (cells.length > columns.length && cells.slice(columns.length).some((cell) => cell.trim())) {
      rowErrors.push({
        row: rowNumber,
        column: "(row)",
        message: `The row has ${cells.length} cells but the header has ${columns.length}. Is a comma missing its quotes?`,
      });
    }
    const parentRef = (cells[index.get(spec.parentColumn)!] ?? "").trim();
    if (!parentRef) {
      rowErrors.push({
        row: rowNumber,
        column: spec.parentColumn,
        message: `The ${spec.parentColumn} cell is empty; it is required.`,
      });
    }
    const values: Record<string, FieldValue> = {};
    for (const field of present) {
      const result = parseValue(field, cells[index.get(field.column)!] ?? "");
      if ("error" in result) rowErrors.push({ row: rowNumber, column: field.column, message: result.error });
      else values[field.field] = result.value;
    }
    const arabic = typeof values.arabic === "string" ? arabicKey(values.arabic) : "";
    if (arabic && !hasArabic(arabic)) {
      rowErrors.push({ row: rowNumber, column: "arabic", message: `“${arabic}” has no Arabic letters.` });
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      return;
    }
    values.arabic = arabic;
    rows.push({ row: rowNumber, parentRef, arabic, values });
  });
  return { columns, rows, errors, fileErrors: [], totalRows: nonEmpty.length };
}

/** Parent references (ids or slugs) as typed in the file, distinct. */
export function parentRefs(rows: readonly ParsedImportRow[]) {
  const ids = new Set<number>();
  const slugs = new Set<string>();
  for (const row of rows) {
    if (/^\d{1,12}$/.test(row.parentRef)) ids.add(Number(row.parentRef));
    else slugs.add(row.parentRef.toLowerCase());
  }
  return { ids: [...ids], slugs: [...slugs] };
}

export interface ParentRow {
  id: number;
  slug: string;
  title: string;
  /** A lesson's duration, for the word-time rule (core/word-time.ts); decks have none. */
  durationSeconds?: number | null;
}

/** A row whose parent is resolved to an id. */
export interface ResolvedImportRow extends ParsedImportRow {
  parentId: number;
  parentTitle: string;
}

/**
 * Resolves each row's parent (id, else slug) and rejects unknown or ambiguous parents and rows that repeat
 * an earlier row's key (same parent and Arabic).
 */
export function resolveRows(
  spec: ImportSpec,
  rows: readonly ParsedImportRow[],
  parents: readonly ParentRow[],
): { rows: ResolvedImportRow[]; errors: ImportRowError[] } {
  const byId = new Map(parents.map((parent) => [parent.id, parent]));
  const bySlug = new Map<string, ParentRow[]>();
  for (const parent of parents) {
    const key = parent.slug.toLowerCase();
    bySlug.set(key, [...(bySlug.get(key) ?? []), parent]);
  }
  const seen = new Map<string, number>();
  const resolved: ResolvedImportRow[] = [];
  const errors: ImportRowError[] = [];
  for (const row of rows) {
    const isId = /^\d{1,12}$/.test(row.parentRef);
    const candidates = isId
      ? [byId.get(Number(row.parentRef))].filter((parent): parent is ParentRow => Boolean(parent))
      : (bySlug.get(row.parentRef.toLowerCase()) ?? []);
    if (candidates.length === 0) {
      errors.push({
        row: row.row,
        column: spec.parentColumn,
        message: `There is no ${spec.parentLabel} with ${isId ? "id" : "slug"} “${row.parentRef}”.`,
      });
      continue;
    }
    if (candidates.length > 1) {
      errors.push({
        row: row.row,
        column: spec.parentColumn,
        message: `${candidates.length} ${spec.parentLabel}s have the slug “${row.parentRef}”; use the id (${candidates.map((c) => c.id).join(" or ")}).`,
      });
      continue;
    }
    const parent = candidates[0]!;
    const key = `${parent.id}\u0000${row.arabic}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({
        row: row.row,
        column: "arabic",
        message: `Repeats row ${earlier} (same ${spec.parentLabel} and Arabic). Keep one of them.`,
      });
      continue;
    }
    const startMs = row.values.startMs;
    if (typeof startMs === "number" && isPastTheEnd(parent.durationSeconds, startMs)) {
      const column = spec.fields.find((field) => field.field === "startMs")?.column ?? "start";
      errors.push({ row: row.row, column, message: WORD_PAST_THE_END });
      continue;
    }
    seen.set(key, row.row);
    resolved.push({ ...row, parentId: parent.id, parentTitle: parent.title });
  }
  return { rows: resolved, errors };
}

export interface ExistingWord {
  id: number;
  parentId: number;
  arabic: string;
  [field: string]: FieldValue;
}

export interface FieldChange {
  field: string;
  column: string;
  from: FieldValue;
  to: FieldValue;
}

export type ImportAction = "create" | "update" | "unchanged";

export interface ImportChange {
  row: number;
  action: ImportAction;
  parentId: number;
  parentTitle: string;
  arabic: string;
  /** The D1 row an update or unchanged row matched. */
  id: number | null;
  /** Every field written: on create all of them, on update only those that differ. */
  changes: FieldChange[];
  /** The full set of values to write (create) or the differing ones (update). */
  values: Record<string, FieldValue>;
}

function defaultFor(spec: FieldSpec): FieldValue {
  return spec.type === "text" ? "" : null;
}

/**
 * Create, update or unchanged for every resolved row, against the words already stored (matched by
 * parent and `arabicKey`; when D1 holds the same word twice, the oldest row is the one updated).
 * Columns left out of the file keep their stored values; on create they take their defaults.
 */
export function diffImport(
  spec: ImportSpec,
  rows: readonly ResolvedImportRow[],
  existing: readonly ExistingWord[],
): ImportChange[] {
  const stored = new Map<string, ExistingWord>();
  const nextPosition = new Map<number, number>();
  for (const word of [...existing].sort((a, b) => a.id - b.id)) {
    const key = `${word.parentId}\u0000${arabicKey(word.arabic)}`;
    if (!stored.has(key)) stored.set(key, word);
    if (typeof word.position === "number") {
      nextPosition.set(word.parentId, Math.max(nextPosition.get(word.parentId) ?? 0, word.position + 1));
    }
  }
  const editable = spec.fields.filter((field) => field.field !== "arabic");
  return rows.map((row) => {
    const base = { row: row.row, parentId: row.parentId, parentTitle: row.parentTitle, arabic: row.arabic };
    const match = stored.get(`${row.parentId}\u0000${row.arabic}`);
    if (!match) {
      const values: Record<string, FieldValue> = { arabic: row.arabic };
      for (const field of editable) {
        values[field.field] = field.field in row.values ? row.values[field.field]! : defaultFor(field);
      }
      if (spec.kind === "deck" && values.position === null) {
        const position = nextPosition.get(row.parentId) ?? 0;
        values.position = position;
        nextPosition.set(row.parentId, position + 1);
      }
      const changes = editable
        .filter((field) => values[field.field] !== defaultFor(field))
        .map((field) => ({ field: field.field, column: field.column, from: null, to: values[field.field]! }));
      return { ...base, action: "create", id: null, changes, values };
    }
    const changes: FieldChange[] = [];
    const values: Record<string, FieldValue> = {};
    for (const field of editable) {
      if (!(field.field in row.values)) continue;
      let next = row.values[field.field]!;
      // An empty position on an existing word means "leave it where it is".
      if (field.type === "position" && next === null) continue;
      if (field.type === "text" && typeof next === "string") next = next.normalize("NFC");
      const previous = match[field.field] ?? defaultFor(field);
      if (previous !== next) {
        changes.push({ field: field.field, column: field.column, from: previous, to: next });
        values[field.field] = next;
      }
    }
    return { ...base, action: changes.length > 0 ? "update" : "unchanged", id: match.id, changes, values };
  });
}

export function countActions(changes: readonly ImportChange[]): Record<ImportAction, number> {
  const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0 };
  for (const change of changes) counts[change.action] += 1;
  return counts;
}

/** The downloadable template: the header and an example row, as a spreadsheet CSV (./csv.ts). */
export function importTemplateCsv(kind: ImportKind, parentExample: string): string {
  const spec = IMPORT_SPECS[kind];
  const header = [spec.parentColumn, ...spec.fields.map((field) => field.column)];
  const example = [parentExample, ...spec.fields.map((field) => field.example)];
  return spreadsheetCsv(header, [example]);
}
