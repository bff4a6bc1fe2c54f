/**
 * The clitics Levantine (Shami) Arabic writes joined to a word, as `core/words/analysis.ts` splits them.
 * Forms are written as `normalizeArabic` (core/arabic.ts) leaves them: no tashkeel, ة as ه, ى as ي.
 * The table with examples is in docs/words.md ("The analysis").
 */

/** What an affix does, for the learner and for the next layer (glossing, knowledge rules). */
export type AffixKind =
  /** w- "and", f- "so" */
  | "conjunction"
  /** ma- … -sh "not" */
  | "negation"
  /** b- present, m(n)- "we" present, ħa- future, ʕam progressive (and raħ, written apart) */
  | "tense"
  /** bi- "in, with", la- "to, for", ʕa- "on, to" */
  | "preposition"
  /** il- "the" */
  | "article"
  /** ha- "this" (only before the article: هالساعة) */
  | "demonstrative"
  /** object (verbs) or possessive (nouns) pronoun: -ni, -i, -ak, -o, -ha, -na, -kon, -on */
  | "pronoun"
  /** indirect object, l- + pronoun: -li "to me", -lak "to you" … */
  | "indirect";

export interface Affix {
  /** The letters as written in the normalized word: ب, ال, ني. Prefix forms + stem + suffix forms = the word. */
  form: string;
  kind: AffixKind;
  /** Short English for the learner: "b- (present tense)", "il- (the)", "-ni (me)". */
  meaning: string;
  /** How it sounds here, in the transcripts' romanization: "b-", "il-", "ish-" (the article before a sun letter), "-ak". */
  translit: string;
}

/** What the stem is, as far as the analysis can tell: it picks "-o (him)" or "-o (his)". */
export type StemClass = "verb" | "noun" | "any";

const affix = (form: string, kind: AffixKind, meaning: string, translit: string): Affix => ({
  form,
  kind,
  meaning,
  translit,
});

/** Every proclitic, by name. The article's `translit` is the bare "il-"; see `articleAffix` for its sound in a word. */
export const PROCLITIC = {
  and: affix("و", "conjunction", "w- (and)", "w-"),
  so: affix("ف", "conjunction", "f- (so, then)", "f-"),
  not: affix("ما", "negation", "ma- (not)", "ma-"),
  present: affix("ب", "tense", "b- (present tense)", "b-"),
  /** منحكي = m + niħki: Syrian and Lebanese "we …" (the n- of the stem says who). */
  presentWe: affix("م", "tense", "m- (present tense: we)", "m-"),
  future: affix("ح", "tense", "ħa- (will)", "ħa-"),
  progressive: affix("عم", "tense", "ʕam (-ing, right now)", "ʕam"),
  /** Written apart (رح روح); only the standalone word gets it. */
  willWord: affix("رح", "tense", "raħ (will)", "raħ"),
  with: affix("ب", "preposition", "bi- (in, with, by)", "bi-"),
  to: affix("ل", "preposition", "la- (to, for)", "la-"),
  on: affix("ع", "preposition", "ʕa- (on, to)", "ʕa-"),
  this: affix("ه", "demonstrative", "ha- (this)", "ha-"),
  the: affix("ال", "article", "il- (the)", "il-"),
} as const satisfies Record<string, Affix>;

/** The clitics that also stand as words of their own (ع البيت, عم بيحكي, رح روح, و بعدين), and what each means. */
export const STANDALONE_CLITICS: ReadonlyMap<string, Affix> = new Map(
  [
    PROCLITIC.and,
    PROCLITIC.so,
    PROCLITIC.not,
    PROCLITIC.future,
    PROCLITIC.progressive,
    PROCLITIC.willWord,
    PROCLITIC.with,
    PROCLITIC.to,
    PROCLITIC.on,
  ].map((a) => [a.form, { ...a, meaning: a.meaning.replace(/- \(/, " ("), translit: a.translit.replace(/-$/, "") }]),
);

/** Sun letters (the article assimilates to them: il-shams → ish-shams) and how the scheme writes each. */
const SUN_LETTERS: Record<string, string> = {
  ت: "t",
  ث: "th",
  د: "d",
  ذ: "dh",
  ر: "r",
  ز: "z",
  س: "s",
  ش: "sh",
  ص: "s",
  ض: "d",
  ط: "t",
  ظ: "z",
  ل: "l",
  ن: "n",
};

/**
 * The article as it sounds in this word: "il-" at the start or after b-/w- (bil-beet), "l-" after a
 * proclitic ending in a vowel (la-l-beet, ʕa-l-beet, ha-l-beet), assimilated to a sun letter (ish-shaam,
 * ʕa-sh-shighl). `form` is ال, or ل in لل (la + l-).
 */
export function articleAffix(form: string, afterVowel: boolean, stem: string): Affix {
  const consonant = SUN_LETTERS[stem[0] ?? ""] ?? "l";
  return { ...PROCLITIC.the, form, translit: `${afterVowel ? "" : "i"}${consonant}-` };
}

export interface EncliticEntry {
  form: string;
  kind: "pronoun" | "indirect";
  translit: string;
  /** Meaning on a verb (object), on a noun or preposition (possessive), and when the stem's class is unknown. */
  meaning: Record<StemClass, string>;
}

const pronoun = (form: string, translit: string, verb: string, noun: string, any = `${verb}, ${noun}`) => ({
  form,
  kind: "pronoun" as const,
  translit,
  meaning: { verb: `${translit} (${verb})`, noun: `${translit} (${noun})`, any: `${translit} (${any})` },
});
const indirect = (form: string, translit: string, english: string) => ({
  form,
  kind: "indirect" as const,
  translit,
  meaning: { verb: `${translit} (${english})`, noun: `${translit} (${english})`, any: `${translit} (${english})` },
});

/**
 * Object/possessive and indirect-object enclitics. Several spellings share a meaning (-kon as كن or كم,
 * -o as و or ه). ه is the pronoun only where the word was not written with ة.
 */
export const ENCLITICS: readonly EncliticEntry[] = [
  pronoun("ني", "-ni", "me", "me"),
  pronoun("ي", "-i", "me", "my"),
  pronoun("ك", "-ak/-ik", "you", "your"),
  pronoun("كي", "-ik", "you, f.", "your, f."),
  pronoun("و", "-o", "him", "his"),
  pronoun("ه", "-o", "him", "his"),
  pronoun("ها", "-ha", "her", "her", "her"),
  pronoun("نا", "-na", "us", "our"),
  pronoun("كن", "-kon", "you all", "your, pl."),
  pronoun("كم", "-kon", "you all", "your, pl."),
  pronoun("ن", "-on", "them", "their"),
  pronoun("هن", "-hon", "them", "their"),
  pronoun("هم", "-hon", "them", "their"),
  indirect("لي", "-li", "to me, for me"),
  indirect("لك", "-lak/-lik", "to you"),
  indirect("لو", "-lo", "to him"),
  indirect("له", "-lo", "to him"),
  indirect("لها", "-la", "to her"),
  indirect("لنا", "-lna", "to us"),
  indirect("لكن", "-lkon", "to you all"),
  indirect("لكم", "-lkon", "to you all"),
  indirect("لن", "-lon", "to them"),
  indirect("لهن", "-lon", "to them"),
  indirect("لهم", "-lon", "to them"),
];

/** The -sh of ma-…-sh, always the last letter. */
export const NEGATION_SUFFIX: Affix = affix("ش", "negation", "-sh (not)", "-sh");

/** The enclitic written `form` (and of `kind`, when given), as an Affix for a stem of the given class. */
export function enclitic(form: string, stemClass: StemClass = "any", kind?: "pronoun" | "indirect"): Affix | undefined {
  if (form === NEGATION_SUFFIX.form && kind === undefined) return NEGATION_SUFFIX;
  const entry = ENCLITICS.find((e) => e.form === form && (kind === undefined || e.kind === kind));
  return entry && affix(entry.form, entry.kind, entry.meaning[stemClass], entry.translit);
}

/** Strings that are only a pronoun ending: the article never stands before one (الها is ʔilha "to her", not il-ha). */
export const PRONOUN_STRINGS: ReadonlySet<string> = new Set(ENCLITICS.map((e) => e.form));
