/**
 * Lenient answer checking for typed exercises (gap fills, dictation). Pure, no dependencies.
 *
 * - Arabic answers compare after `normalizeArabic` with every space removed: harakat, shadda,
 *   hamza carriers (أ إ آ ؤ ئ ء), ة/ه, ى/ي, punctuation and spacing never make an answer wrong
 *   ("ما بدّي" = "مابدي", "الكهرباء" = "الكهربا"). Letters do: هلّق ≠ هلّأ.
 * - Latin answers with `acceptLatin` compare with `foldLatinForSearch` (spaces removed, doubled
 *   letters collapsed across words), so the stored scheme, Arabizi and common learner spellings
 *   of the same word all count: "mniiħ" = "mni7" = "mnih". They are checked against the Latin
 *   entries among `expected` and `variants` (put the transliteration in `variants`: there is no
 *   Arabic → Latin conversion).
 * - Latin answers without `acceptLatin` (English multiple choice, or a Latin variant typed
 *   exactly) compare case-, punctuation- and spacing-insensitively only.
 * - A blank answer never matches.
 */
import { hasArabic, normalizeArabic } from "./arabic";
import { foldLatinForSearch } from "./transliteration";

export interface AnswerMatchOptions {
  /** Other accepted answers (Arabic spellings, transliterations, Arabizi). */
  variants?: readonly string[];
  /** Accept Latin-script answers folded leniently (romanized, Arabizi, learner spelling). */
  acceptLatin?: boolean;
}

function arabicKey(text: string): string {
  return normalizeArabic(text).replace(/ /g, "");
}

function latinFoldedKey(text: string): string {
  return foldLatinForSearch(text)
    .replace(/ /g, "")
    .replace(/([a-z])\1+/g, "$1");
}

/** Case, punctuation and spacing ignored; digits in any script compared as ASCII. */
function latinPlainKey(text: string): string {
  return normalizeArabic(text);
}

/** True when the learner's `given` answer matches `expected` or one of `options.variants`. */
export function answersMatch(given: string, expected: string, options: AnswerMatchOptions = {}): boolean {
  const candidates = [expected, ...(options.variants ?? [])];
  if (hasArabic(given)) {
    const key = arabicKey(given);
    return key !== "" && candidates.some((candidate) => hasArabic(candidate) && arabicKey(candidate) === key);
  }
  const latinKey = options.acceptLatin ? latinFoldedKey : latinPlainKey;
  const key = latinKey(given);
  return key !== "" && candidates.some((candidate) => !hasArabic(candidate) && latinKey(candidate) === key);
}
