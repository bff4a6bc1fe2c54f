import Papa from "papaparse";

/**
 * A cell a spreadsheet would run as a formula: one starting with =, +, -, @, a tab or a carriage return.
 * Papa Parse's own default (`escapeFormulae: true`) ends in `.*$`, which misses such a cell when it holds a
 * line break, so the exports pass this one.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV for spreadsheets, as every export serves it: a UTF-8 byte order mark (so Excel reads Arabic as UTF-8),
 * RFC 4180 quoting, CRLF lines ending with one, and formula cells defused by Papa Parse (a leading
 * apostrophe, quoted) so opening the file runs nothing.
 */
export function spreadsheetCsv(fields: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const body = Papa.unparse(
    { fields: [...fields], data: rows.map((row) => [...row]) },
    { newline: "\r\n", escapeFormulae: FORMULA_START },
  );
  // Papa Parse ends the header with a line break when there are no rows, and the last row without one.
  return `\uFEFF${rows.length === 0 ? body.replace(/\r\n$/, "") : body}\r\n`;
}
