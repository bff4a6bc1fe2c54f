import { normalizeArabic, stripTashkeel } from "../arabic";

/** The normalized key of a word, with the few spelling facts `normalizeArabic` folds away and the analysis needs. */
export interface WordKey {
  /** `normalizeArabic` of the word: the form every analysis re-joins to. */
  key: string;
  /** Written with a final ة (or ۃ): the key's final ه is the noun's, never -o "his" (مدرسة vs كتابه). */
  endsInTaMarbuta: boolean;
  /** Written with a final ى: the key's final ي is the word's, never -i "my" (إيمتى, حتى). */
  endsInAlefMaqsura: boolean;
  /** Starts with و then a hamza seat (وإنتو, وأختين): no Arabic word does, so the و is w- "and". */
  wawBeforeHamza: boolean;
  /** Written with a shadda: عمّ is ʕamm "uncle", never the progressive ʕam. */
  hasShadda: boolean;
}

/** The key of one written word (see WordKey). */
export function normalizeWord(surface: string): WordKey {
  const composed = surface.normalize("NFKC");
  const letters = stripTashkeel(composed).replace(/[^\p{L}]/gu, "");
  return {
    key: normalizeArabic(surface),
    endsInTaMarbuta: /[\u0629\u06c3]$/.test(letters),
    endsInAlefMaqsura: /\u0649$/.test(letters),
    wawBeforeHamza: /^\u0648[\u0623\u0625\u0622]/.test(letters),
    hasShadda: composed.includes("\u0651"),
  };
}
