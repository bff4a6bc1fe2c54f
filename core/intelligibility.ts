import { splitArabicWords } from "./arabic";
import { searchKeysForQuery } from "./transliteration";

// The intelligibility check (docs/speaking.md): which words of a line came through in what a speech recogniser
// heard. Both sides are folded by the library search's own keys (`searchKeysForQuery`: tashkeel, hamza and alef
// forms, ta marbuta, alef maqsura, the article and و, and Arabizi/romanised spellings), so a word counts as heard
// whichever way either side spells it.

export interface HeardWord {
  /** The word as the line writes it (tashkeel kept). */
  text: string;
  heard: boolean;
}

export interface IntelligibilityResult {
  words: HeardWord[];
  heardCount: number;
  /** Words of the line that can be compared (a bare number or symbol is not one). */
  total: number;
}

/** Each word of `line`, and whether the transcription `heard` holds it (in any order). */
export function compareHeard(line: string, heard: string): IntelligibilityResult {
  const heardKeys = new Set(searchKeysForQuery(heard).split(" ").filter(Boolean));
  const words: HeardWord[] = [];
  for (const token of splitArabicWords(line)) {
    if (!token.isWord) continue;
    const keys = searchKeysForQuery(token.text).split(" ").filter(Boolean);
    if (keys.length === 0) continue;
    words.push({ text: token.text, heard: keys.every((key) => heardKeys.has(key)) });
  }
  return { words, heardCount: words.filter((word) => word.heard).length, total: words.length };
}
