/**
 * Pure helpers between a lemma as written (core/schemas/lexicon.ts) and what the word analysis and the
 * tables need: the written stems to look it up by, and the JSON of a token's breakdown.
 */
import { normalizeArabic } from "../arabic";
import type { LemmaInput } from "../schemas/lexicon";
import { analyzeWord, type StemLexicon, type WordAnalysis } from "./analysis";

export interface LemmaForm {
  form: string;
  isVerb: boolean;
}

/**
 * Every normalized written stem of a lemma: the dictionary form, its other forms, the verb's past, present,
 * imperative (and, for a name written with its article, the form without it when listed in `forms`).
 */
export function lemmaForms(lemma: Pick<LemmaInput, "arabic" | "forms" | "verbForms" | "partOfSpeech">): LemmaForm[] {
  const isVerb = lemma.partOfSpeech === "verb";
  const out = new Map<string, boolean>();
  const add = (text: string | undefined, verb: boolean) => {
    if (!text) return;
    const form = normalizeArabic(text);
    if (form && !form.includes(" ")) out.set(form, (out.get(form) ?? false) || verb);
    else if (form) out.set(form, out.get(form) ?? false);
  };
  add(lemma.arabic, isVerb);
  for (const form of lemma.forms ?? []) add(form, isVerb);
  if (lemma.verbForms) {
    add(lemma.verbForms.past, true);
    add(lemma.verbForms.present, true);
    add(lemma.verbForms.imperative, true);
    add(lemma.verbForms.masdar, false);
  }
  return [...out].map(([form, verb]) => ({ form, isVerb: verb }));
}

/** A StemLexicon over forms already loaded (from `lemma_forms`). */
export function formsLexicon(forms: Iterable<LemmaForm>): StemLexicon {
  const known = new Set<string>();
  const verbs = new Set<string>();
  for (const { form, isVerb } of forms) {
    known.add(form);
    if (isVerb) verbs.add(form);
  }
  return { has: (stem) => known.has(stem), isVerb: (stem) => verbs.has(stem) };
}

/**
 * Every form the analysis would ask a lexicon about for these words, so they can be fetched in one query
 * before the real analysis runs.
 */
export function formsToAsk(words: Iterable<string>): string[] {
  const asked = new Set<string>();
  const recorder: StemLexicon = {
    has: (stem) => {
      asked.add(stem);
      return false;
    },
    isVerb: (stem) => {
      asked.add(stem);
      return false;
    },
  };
  for (const word of words) {
    for (const analysis of analyzeWord(word, recorder)) asked.add(analysis.lookup);
  }
  asked.delete("");
  return [...asked];
}

/** The best analysis the lexicon knows the stem of, or null. */
export function bestKnownAnalysis(word: string, lexicon: StemLexicon): WordAnalysis | null {
  return analyzeWord(word, lexicon).find((analysis) => analysis.known && analysis.lookup !== "") ?? null;
}
