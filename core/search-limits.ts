// The longest text each search box takes (no zod here: the pages' search boxes import it for `maxLength`).
// The zod fields that enforce them are in core/schemas/search.ts; the rule is in docs/product-rules.md#search.

/** The admin lists (registry and bespoke), pickers and filters, and a learner's word filters. */
export const SEARCH_MAX_LENGTH = 100;
/** The lesson library's search (server/services/search.ts folds at most this much into FTS terms). */
export const LIBRARY_SEARCH_MAX_LENGTH = 120;

export const searchTooLongMessage = (max: number) =>
  `Search for ${max} characters or fewer: shorten the search and try again.`;
