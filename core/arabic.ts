/**
 * Arabic-script helpers shared by the browser and the Worker: pure functions, no dependencies.
 *
 * `normalizeArabic` produces a comparison/search key, not display text. It folds the spelling
 * variants a learner (or a native speaker on a phone keyboard) produces for the same word:
 *
 *   | input                                   | key            | example                      |
 *   | --------------------------------------- | -------------- | ---------------------------- |
 *   | harakat, shadda, sukun, tatweel, ٰ      | dropped        | كِيفَك → كيفك, هلّق → هلق      |
 *   | أ إ آ ٱ (and ٲ ٳ ٵ)                      | ا              | إنتِ → انت                    |
 *   | ؤ                                       | و              |                              |
 *   | ئ                                       | ي              | هادئة → هاديه (= هادية)       |
 *   | standalone ء (anywhere)                 | dropped        | مساء → مسا, الكهرباء → الكهربا |
 *   | ة                                       | ه              | مدرسة → مدرسه                 |
 *   | ى                                       | ي              | على → علي (also "Ali": lost)  |
 *   | Persian/Urdu forms ک ی ھ ہ ۀ ۃ          | ك ي ه ه ه ه    |                              |
 *   | loanword letters ڤ پ چ گ                | ف ب ج ك        | ڤيديو → فيديو                 |
 *   | ٠-٩ and ۰-۹                             | 0-9            | ٢٠٢٦ → 2026                   |
 *   | Latin letters                           | lower case     |                              |
 *   | punctuation and symbols (، ؛ ؟ « » ...) | space          |                              |
 *   | zero-width joiners and bidi marks       | dropped        |                              |
 *   | runs of whitespace                      | one space      | trimmed at both ends         |
 *
 * Dropping ء everywhere (rather than only word-finally) keeps the rule simple and matches how
 * dialect is actually typed: شي/شيء, كهربا/كهرباء, مسا/مساء. The price is that the rare pairs
 * that differ only by ء or by ى/ي or ة/ه fold together; for answer checking and search that is
 * the behaviour we want. Note that ق is never folded: the urban qaaf is pronounced ʔ, but هلّق
 * and هلّأ are different spellings, and هلّأ folds to هلا (which is also "hala", hello).
 */

/**
 * Harakat U+064B–U+065F, superscript alef U+0670, tatweel U+0640, Quranic marks U+06D6–U+06ED.
 * An alternation, not one class: a class mixing marks and letters trips no-misleading-character-class.
 */
const TASHKEEL = /[\u064b-\u065f]|\u0670|\u0640|[\u06d6-\u06ed]/g;

/** Zero-width (non-)joiners, bidi marks, Arabic letter mark, BOM: invisible, dropped. */
const INVISIBLES = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/g;

const LETTER_FOLDS: Record<string, string> = {
  "\u0623": "\u0627", // أ
  "\u0625": "\u0627", // إ
  "\u0622": "\u0627", // آ
  "\u0671": "\u0627", // ٱ alef wasla
  "\u0672": "\u0627", // ٲ
  "\u0673": "\u0627", // ٳ
  "\u0675": "\u0627", // ٵ
  "\u0624": "\u0648", // ؤ → و
  "\u0626": "\u064a", // ئ → ي
  "\u0621": "", // ء dropped
  "\u0629": "\u0647", // ة → ه
  "\u06c3": "\u0647", // ۃ → ه
  "\u0649": "\u064a", // ى → ي
  "\u06cc": "\u064a", // ی Persian yeh → ي
  "\u06d2": "\u064a", // ے Urdu yeh barree → ي
  "\u06a9": "\u0643", // ک keheh → ك
  "\u06aa": "\u0643", // ڪ swash kaf → ك
  "\u06af": "\u0643", // گ gaf → ك
  "\u06be": "\u0647", // ھ heh doachashmee → ه
  "\u06c1": "\u0647", // ہ heh goal → ه
  "\u06c0": "\u0647", // ۀ → ه
  "\u06d5": "\u0647", // ە ae → ه
  "\u06a4": "\u0641", // ڤ veh → ف
  "\u067e": "\u0628", // پ peh → ب
  "\u0686": "\u062c", // چ tcheh → ج
};
const LETTER_FOLD_PATTERN = new RegExp(`[${Object.keys(LETTER_FOLDS).join("")}]`, "g");

/** Arabic-Indic (U+0660–0669) and Extended Arabic-Indic (U+06F0–06F9) digits. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Punctuation and symbols of every script (، ؛ ؟ ٪ « » and ASCII alike). */
const PUNCTUATION = /[\p{P}\p{S}]/gu;

/** An Arabic-script letter (not Arabic punctuation, digits or marks). */
const ARABIC_LETTER = /(?=\p{Script=Arabic})\p{L}/u;

/** Characters that belong to a word: letters, combining marks (harakat), digits, zero-width joiners. */
const WORD_RUN = /[\p{L}\p{M}\p{N}\u200c\u200d]+/gu;
const HAS_LETTER = /\p{L}/u;

/** Removes harakat, shadda, sukun, superscript alef, tatweel and Quranic annotation marks. */
export function stripTashkeel(text: string): string {
  return text.replace(TASHKEEL, "");
}

/**
 * Comparison/search key for Arabic text (see the table at the top of this file). Latin letters
 * pass through lower-cased, so mixed lines stay readable: `normalizeArabic("أنا Layla!")` is
 * `"انا layla"`.
 */
export function normalizeArabic(text: string): string {
  return stripTashkeel(
    text
      // Presentation forms (ﻻ, ﺑ...) and full-width Latin back to plain letters.
      .normalize("NFKC")
      .replace(INVISIBLES, ""),
  )
    .replace(LETTER_FOLD_PATTERN, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(EASTERN_DIGITS, (digit) => {
      const code = digit.charCodeAt(0);
      return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
    })
    .toLowerCase()
    .replace(PUNCTUATION, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** True when the text contains at least one Arabic-script letter (punctuation and digits alone do not count). */
export function hasArabic(text: string): boolean {
  return ARABIC_LETTER.test(text);
}

export interface TextToken {
  /** The original characters, unchanged (harakat included). */
  text: string;
  /** True for a word (a run containing a letter); false for spaces, punctuation and bare numbers. */
  isWord: boolean;
}

/**
 * Splits a line into alternating word and non-word tokens, in order, so the UI can render each
 * word as a clickable element and everything else as plain text. Concatenating the `text` of
 * every token gives back the input exactly. Punctuation is never attached to a word:
 *
 *   splitArabicWords("مرحبا! كِيفَك؟") →
 *     [{ text: "مرحبا", isWord: true }, { text: "! ", isWord: false },
 *      { text: "كِيفَك", isWord: true }, { text: "؟", isWord: false }]
 *
 * Harakat and tatweel stay inside their word. Digits alone ("2026", "٣") are not a word: they join
 * the surrounding non-word token, so words and non-words always alternate.
 */
export function splitArabicWords(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  const push = (part: string, isWord: boolean) => {
    const previous = tokens[tokens.length - 1];
    // Non-word pieces merge ("2026" between a space and "!" becomes one " 2026!" token).
    if (!isWord && previous && !previous.isWord) previous.text += part;
    else tokens.push({ text: part, isWord });
  };
  let last = 0;
  for (const match of text.matchAll(WORD_RUN)) {
    const start = match.index;
    if (start > last) push(text.slice(last, start), false);
    push(match[0], HAS_LETTER.test(match[0]));
    last = start + match[0].length;
  }
  if (last < text.length) push(text.slice(last), false);
  return tokens;
}
