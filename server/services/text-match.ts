import { or, sql, type SQL, type SQLWrapper } from "drizzle-orm";

// "Contains" matching for every search over ordinary columns (the admin lists, pickers and filters). A pure
// SQL-fragment builder: the services put it in their queries. The library searches its FTS5 index instead
// (server/services/search.ts).
//
// No LIKE: D1 refuses a LIKE pattern over 50 bytes (49 ASCII letters, 25 Arabic ones) and the whole query
// fails, and LIKE gives `%` and `_` a meaning. `instr(lower(column), ?) > 0` has no length limit and
// compares the text as typed, so `%_` finds only text that contains "%_". SQLite's lower() folds ASCII
// letters only, so the search folds the same letters: case-insensitive for ASCII as LIKE was, every other
// script (Arabic included) matched exactly, as a substring.

/** The search text folded the way SQLite's lower() folds a column: A-Z to a-z, nothing else. */
export function foldAsciiCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * Rows where any of `columns` contains `text` (ASCII case-insensitive); undefined for an empty text, so it
 * drops out of an `and(...)`. A NULL column matches nothing.
 */
export function containsText(columns: readonly SQLWrapper[], text: string): SQL | undefined {
  const needle = foldAsciiCase(text);
  if (needle === "" || columns.length === 0) return undefined;
  return or(...columns.map((column) => sql`instr(lower(${column}), ${needle}) > 0`));
}
