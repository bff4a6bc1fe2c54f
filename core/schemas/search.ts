import { z } from "zod";
import { LIBRARY_SEARCH_MAX_LENGTH, SEARCH_MAX_LENGTH, searchTooLongMessage } from "../search-limits";

// Every search box of the product declares its maximum (core/search-limits.ts) through these fields, here or
// beside its other fields (docs/product-rules.md#search): text up to the maximum is searched as typed (`%`,
// `_` and `\` are ordinary characters), longer text is refused with the field's message (422 in the API,
// the page's error message), never cut short and never a 500.

/** A search box's text: trimmed, at most `max` characters (UTF-16 code units: an Arabic letter counts one); "" when absent. */
export function searchTextField(max: number = SEARCH_MAX_LENGTH) {
  return searchText(max).default("");
}

function searchText(max: number) {
  return z.string().trim().max(max, searchTooLongMessage(max));
}

/** `?q=` of an admin list: the registry's `/admin/<slug>` and `/api/admin/<slug>`, and its relation pickers. */
export const adminListSearchField = searchTextField(SEARCH_MAX_LENGTH);

/** `?q=` of the library (/video-library, /api/library, /api/library/search): runs of white space count as one space. */
export const librarySearchField = z
  .string()
  .default("")
  .transform((value) => value.replace(/\s+/g, " "))
  .pipe(searchText(LIBRARY_SEARCH_MAX_LENGTH));
