const MAX_SLUG_LENGTH = 80;

/** Latin combining marks left behind by NFKD ("é" → "e" + U+0301). */
const LATIN_COMBINING_MARKS = /[\u0300-\u036f]/g;
/** Arabic harakat (tashkeel), superscript alef and tatweel: dropped, the letters stay. */
const ARABIC_DIACRITICS = /[\u064b-\u0652\u0670\u0640]/g;
/** Anything that is not a Latin letter/digit or an Arabic letter/digit. */
const NOT_SLUG_CHARS = /[^a-z0-9\u0621-\u063a\u0641-\u064a\u0660-\u0669\u0671-\u06d3\u06f0-\u06f9]+/g;

/**
 * URL slug of a title: lower case, diacritics stripped (Latin accents and Arabic tashkeel),
 * Arabic letters kept, every other run of characters replaced by "-", at most 80 characters.
 * Returns "item" when nothing is left.
 *
 *   slugify("Ordering Coffee in Beirut") === "ordering-coffee-in-beirut"
 *   slugify("Café & Crème") === "cafe-creme"
 *   slugify("قَهْوة عربية") === "قهوة-عربية"
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(LATIN_COMBINING_MARKS, "")
    // Recompose so Arabic hamza forms (أ إ آ ؤ ئ) are single letters again.
    .normalize("NFKC")
    .replace(ARABIC_DIACRITICS, "")
    .toLowerCase()
    .replace(NOT_SLUG_CHARS, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, "");
  return slug || "item";
}
