import Papa from "papaparse";
import { lemmaFormSchema, REGION_FIELDS, VERB_FORM_FIELDS } from "#core/schemas/glossing";
import { readJsonList } from "#core/schemas/lexicon";
import {
  IMPORT_SPECS,
  MAX_IMPORT_ROWS,
  normalizeHeader,
  type FieldChange,
  type FieldValue,
  type ImportChange,
  type ImportRowError,
  type ParsedImport,
  type ParsedImportRow,
} from "./vocabulary-csv";

// Pure rules of the lexicon's CSV import (docs/admin-imports.md "The lexicon"): the same file rules, preview
// and drafts as the vocabulary imports, but a row is identified by the lemma's key, checked by the lexicon's
// own schema (core/schemas/glossing.ts), and its lists are cells separated by "|".

const SPEC = IMPORT_SPECS.lemma;
const KEY = /^[a-z0-9][a-z0-9-]*$/;
const LIST_SEPARATOR = "|";
const VERB_COLUMNS = VERB_FORM_FIELDS.map((field) => field.name);

/** A list cell's items, trimmed, empty ones dropped. */
export function splitList(cell: string): string[] {
  return cell
    .split(LIST_SEPARATOR)
    .map((item) => item.normalize("NFC").trim())
    .filter(Boolean);
}

/** How a list is kept in a draft and compared: its items joined by " | ". */
export const joinList = (items: readonly string[]) => items.join(` ${LIST_SEPARATOR} `);

const fieldByName = new Map(SPEC.fields.map((field) => [field.field, field]));

function columnOf(path: PropertyKey[]): { column: string; item?: number } {
  const field = fieldByName.get(String(path[0] ?? ""));
  return { column: field?.column ?? "(row)", item: typeof path[1] === "number" ? path[1] : undefined };
}

/** Reads the lexicon CSV: header checks, then every row checked by the lexicon's schema on its own. */
export function parseLemmaCsv(text: string): ParsedImport {
  const empty: ParsedImport = { columns: [], rows: [], errors: [], fileErrors: [], totalRows: 0 };
  const records = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: false }).data;
  const header = records[0];
  if (!header || header.every((cell) => !cell.trim())) return { ...empty, fileErrors: ["The file has no header row."] };
  const columns = header.map(normalizeHeader);
  const known = new Set<string>([SPEC.parentColumn, ...SPEC.fields.map((field) => field.column)]);
  const fileErrors: string[] = [];
  const unknown = columns.filter((column) => column && !known.has(column));
  if (unknown.length > 0) {
    fileErrors.push(
      `Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => `“${c}”`).join(", ")}. The columns are: ${[...known].join(", ")}.`,
    );
  }
  const repeated = columns.filter((column, index) => column && columns.indexOf(column) !== index);
  if (repeated.length > 0) fileErrors.push(`Column “${repeated[0]}” appears twice.`);
  const required = [SPEC.parentColumn, ...SPEC.fields.filter((field) => field.required).map((field) => field.column)];
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length > 0) fileErrors.push(`Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.`);
  const verbColumns = SPEC.fields.filter((field) => VERB_COLUMNS.includes(field.field as never));
  if (verbColumns.some((field) => columns.includes(field.column))) {
    const pair = ["verb_past", "verb_present"].filter((column) => !columns.includes(column));
    if (pair.length > 0) fileErrors.push(`Verb forms go together: add the ${pair.join(" and ")} column too.`);
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
  const present = SPEC.fields.filter((field) => index.has(field.column));
  const rows: ParsedImportRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  dataRows.forEach((cells, position) => {
    const row = position + 2;
    if (!cells.some((cell) => cell.trim())) return;
    const rowErrors: ImportRowError[] = [];
    if (cells.length > columns.length && cells.slice(columns.length).some((cell) => cell.trim())) {
      rowErrors.push({
        row,
        column: "(row)",
        message: `The row has ${cells.length} cells but the header has ${columns.length}. Is a comma missing its quotes?`,
      });
    }
    const key = (cells[index.get(SPEC.parentColumn)!] ?? "").trim();
    if (!key) rowErrors.push({ row, column: "key", message: "The key cell is empty; it is required." });
    else if (key.length > 60 || !KEY.test(key)) {
      rowErrors.push({ row, column: "key", message: `“${key}” is not a key: lower-case letters, digits and hyphens.` });
    } else if (seen.has(key)) {
      rowErrors.push({ row, column: "key", message: `Repeats row ${seen.get(key)} (same key). Keep one of them.` });
    }

    // The lexicon's schema judges the row: lists split, an empty optional cell is "none".
    const input: Record<string, unknown> = {};
    const values: Record<string, FieldValue> = {};
    for (const field of present) {
      const cell = (cells[index.get(field.column)!] ?? "").normalize("NFC").trim();
      if (field.type === "list") {
        const items = splitList(cell);
        input[field.field] = items;
        values[field.field] = joinList(items);
      } else {
        if (cell || field.required) input[field.field] = cell;
        values[field.field] = cell;
      }
    }
    const parsed = lemmaFormSchema.partial().safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const { column, item } = columnOf(issue.path);
        rowErrors.push({
          row,
          column,
          message: item === undefined ? issue.message : `Item ${item + 1}: ${issue.message}`,
        });
      }
    }
    const verbGiven = VERB_COLUMNS.some((name) => values[name]);
    if (verbGiven && (!values.verbPast || !values.verbPresent)) {
      rowErrors.push({
        row,
        column: values.verbPast ? "verb_present" : "verb_past",
        message: "A verb needs both verb_past and verb_present.",
      });
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      return;
    }
    seen.set(key, row);
    rows.push({ row, parentRef: key, arabic: String(values.arabic ?? ""), values });
  });
  return { columns, rows, errors, fileErrors: [], totalRows: nonEmpty.length };
}

/** A stored lemma row as the import compares it: every import field, lists joined, JSON parts split out. */
export type StoredLemma = { id: number; key: string } & Record<string, FieldValue>;

export function storedLemmaValues(row: {
  id: number;
  key: string;
  arabic: string;
  transliteration: string;
  meanings: string;
  partOfSpeech: string;
  root: string;
  gender: string | null;
  plural: string;
  forms: string;
  verbForms: string | null;
  regions: string;
  notes: string;
}): StoredLemma {
  let verb: Record<string, string> = {};
  let regions: Record<string, string> = {};
  try {
    verb = row.verbForms ? (JSON.parse(row.verbForms) as Record<string, string>) : {};
  } catch {
    verb = {};
  }
  try {
    regions = JSON.parse(row.regions) as Record<string, string>;
  } catch {
    regions = {};
  }
  const values: StoredLemma = {
    id: row.id,
    key: row.key,
    arabic: row.arabic,
    transliteration: row.transliteration,
    meanings: joinList(readJsonList(row.meanings)),
    partOfSpeech: row.partOfSpeech,
    root: row.root,
    gender: row.gender ?? "",
    plural: row.plural,
    forms: joinList(readJsonList(row.forms)),
    notes: row.notes,
  };
  for (const field of VERB_FORM_FIELDS)
    values[field.name] = typeof verb[field.key] === "string" ? verb[field.key]! : "";
  for (const field of REGION_FIELDS) {
    values[field.name] = typeof regions[field.region] === "string" ? regions[field.region]! : "";
  }
  return values;
}

/**
 * Create, update or unchanged for every valid row, against the lemmas stored under the same keys. Only the
 * columns present in the file are compared and written; the others keep their stored values.
 */
export function diffLemmaImport(rows: readonly ParsedImportRow[], stored: readonly StoredLemma[]): ImportChange[] {
  const byKey = new Map(stored.map((lemma) => [lemma.key, lemma]));
  return rows.map((row) => {
    const base = { row: row.row, parentId: 0, parentTitle: row.parentRef, arabic: row.arabic };
    const match = byKey.get(row.parentRef);
    const fields = SPEC.fields.filter((field) => field.field in row.values);
    if (!match) {
      const changes: FieldChange[] = fields
        .filter((field) => row.values[field.field] !== "")
        .map((field) => ({ field: field.field, column: field.column, from: null, to: row.values[field.field]! }));
      return { ...base, action: "create", id: null, changes, values: { ...row.values } };
    }
    const changes: FieldChange[] = [];
    const values: Record<string, FieldValue> = {};
    for (const field of fields) {
      const next = row.values[field.field] ?? "";
      const previous = match[field.field] ?? "";
      if (previous !== next) {
        changes.push({ field: field.field, column: field.column, from: previous, to: next });
        values[field.field] = next;
      }
    }
    return { ...base, action: changes.length > 0 ? "update" : "unchanged", id: match.id, changes, values };
  });
}
