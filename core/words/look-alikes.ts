/**
 * Whole words that the analysis's rules alone would split, because they begin like a Levantine verb form
 * (بيروت read as b- + yruut), end like a pronoun, or start with what looks like the article (بالون). The
 * analysis treats each as a known stem, with or without a lexicon, so بيروت stays whole and ببيروت is
 * bi- + beeruut. Normalized forms (core/arabic.ts `normalizeArabic`).
 *
 * Only words a rule would otherwise get wrong belong here: بيت, بنت and لبنان are here because the
 * analysis must also split بيتي and بنتنا and keep لبنان whole under a lexicon that lacks it; a word no
 * rule splits (بكرا, كتير, ولد) needs no entry.
 */
export const LOOK_ALIKES: ReadonlySet<string> = new Set([
  // b- + a present stem (بي… بت… بن…), ħa- + a present stem, m- + a n- stem
  "بيروت",
  "بيتزا",
  "بيانو",
  "بنطلون",
  "بنزين",
  "بنفسج",
  "بتاع",
  "حيوان",
  "حيطان",
  "حيتان",
  "منشان",
  "منتخب",
  "منتزه",
  "مناقيش",
  "مناطق",
  "منازل",
  "مناظر",
  // nouns that take pronoun endings (بيتي, بنتنا, بيتكن)
  "بيت",
  "بنت",
  "لبنان",
  // look like the article after bi-/ʕa-, or a pronoun ending
  "بالون",
  "عالمي",
  "الان",
  "اماكن",
  // ma- + a stem
  "مازوت",
  "مانجا",
  "مايونيز",
  "ماجستير",
  // one word in speech though built from w- + the article
  "والله",
  "بالله",
]);
