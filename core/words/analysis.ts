/**
 * Levantine-aware word analysis: one written word split into proclitics, a stem and enclitics, the way Shami
 * builds words. Pure code, no dependencies beyond core/. docs/words.md ("The analysis") has the affix table.
 *
 *   analyzeWord("وبالبيت", lexicon)[0]  → w- + bi- + il- + بيت
 *   analyzeWord("مابعرفش", lexicon)[0]  → ma- + b- + عرف + -sh        (lookup يعرف)
 *   analyzeWord("مدرستي", lexicon)[0]   → مدرست + -i                  (lookup مدرسه: the construct of مدرسة)
 *   analyzeWord("بيت")[0]               → بيت                          (never b- + يت)
 *
 * Word shape: [w-|f-] [ma-] ( [ʕam] b- | ħa- | m- ) stem [pronoun | l-pronoun] [-sh]
 *         or: [w-|f-] [bi-|la-|ʕa-] [ha-] [il-] stem [pronoun]         (no pronoun after il-)
 *
 * Every analysis re-joins to the normalized word: prefix forms + stem + suffix forms = normalizeArabic(word).
 * Candidates are ranked (score, higher first; only the order means anything):
 *   1. the lexicon's own irregular analysis, then a clitic written as a word of its own (ع, عم, رح: one
 *      affix and an empty stem; not عمّ with a shadda, which is ʕamm "uncle");
 *   2. splits whose stem the lexicon knows (or a built-in look-alike, core/words/look-alikes.ts): the longer
 *      stem wins, so a known whole word beats any split of it (فيه stays فيه though في is known);
 *   3. the rest by how likely the split is in Shami speech; the unsplit word scores 0, and without a lexicon
 *      only confident splits beat it: the article family (ال بال لل عال هال), b-/ħa- before a present stem
 *      (بيحكي, بتروح, حنشوف), m- before n- (منحكي), ma-…-sh. A split leaving a stem of 2 letters ranks
 *      below the unsplit word unless the article or the ma-…-sh frame is part of it. A stem the rules
 *      build is never shorter than 2 letters.
 */
import { splitArabicWords, type TextToken } from "../arabic";
import {
  type Affix,
  ENCLITICS,
  type EncliticEntry,
  NEGATION_SUFFIX,
  PRONOUN_STRINGS,
  PROCLITIC,
  STANDALONE_CLITICS,
  type StemClass,
  articleAffix,
} from "./affixes";
import { LOOK_ALIKES } from "./look-alikes";
import { type WordKey, normalizeWord } from "./normalize";

export type { Affix, AffixKind, StemClass } from "./affixes";

export interface WordAnalysis {
  /** The word as given (tashkeel and all). */
  surface: string;
  /** Proclitics, outermost first: و ب ال for وبالبيت. */
  prefixes: Affix[];
  /** Normalized stem as written in the word (مدرست in مدرستي); "" only for a clitic standing alone (ع, عم). */
  stem: string;
  /** Enclitics in order: the pronoun, then -sh. */
  suffixes: Affix[];
  /**
   * The normalized form to look the stem up by: the stem itself, or the form a lexicon lists for it:
   * مدرسه for مدرست (ta marbuta in construct), حكي for حكا (حكاني), يحكي for the present stem of another
   * person (بتحكي, منحكي, بحكي, بيحكو). When the lexicon knows none of them, the stem.
   */
  lookup: string;
  /** True when the lexicon knows `lookup` (or gave this analysis through `irregular`). */
  known: boolean;
  /** Rank among this word's candidates, higher first. Not comparable across words. */
  score: number;
}

/**
 * What the analysis needs from a lexicon. All forms are normalized (`normalizeArabic`); present tenses are
 * asked for in the he-form (يحكي), the form dictionaries cite.
 */
export interface StemLexicon {
  /** True when some lemma has this form (dictionary form, present stem, plural, feminine, construct…). */
  has(normalizedStem: string): boolean;
  /**
   * Optional: true when the form is a verb form. When given, b- is read as the present tense only before a
   * verb (بحكي "I talk") and as bi- "in, with" otherwise (بيد, بنص), and a pronoun ending is glossed as object
   * or possessive accordingly.
   */
  isVerb?(normalizedStem: string): boolean;
  /**
   * Optional: the lexicon's own analysis of a form no rule builds (مرتي → مرت + -i, lemma مرا; بقلك). Asked
   * for the whole word and for the word after a leading w-/f-. It must re-join to the form it was given, or
   * it is ignored.
   */
  irregular?(normalizedSurface: string): WordAnalysis | undefined;
}

/** The word back from its parts: prefix forms + stem + suffix forms (= the normalized surface). */
export function rejoin(analysis: Pick<WordAnalysis, "prefixes" | "stem" | "suffixes">): string {
  return [...analysis.prefixes.map((a) => a.form), analysis.stem, ...analysis.suffixes.map((a) => a.form)].join("");
}

/**
 * A StemLexicon over a list of forms (normalized here), for tests and small word lists. `verbs` are also
 * forms; listing them turns on `isVerb`.
 */
export function stemLexicon(
  forms: Iterable<string>,
  options: { verbs?: Iterable<string>; irregular?: StemLexicon["irregular"] } = {},
): StemLexicon {
  const words = new Set<string>();
  for (const form of forms) words.add(normalizeWord(form).key);
  const verbs = options.verbs ? new Set<string>() : null;
  for (const form of options.verbs ?? []) {
    const { key } = normalizeWord(form);
    words.add(key);
    verbs?.add(key);
  }
  return {
    has: (stem) => words.has(stem),
    ...(verbs ? { isVerb: (stem: string) => verbs.has(stem) } : {}),
    ...(options.irregular ? { irregular: options.irregular } : {}),
  };
}

/** What came before the stem: the affixes and what they say about the stem. */
interface Chain {
  prefixes: Affix[];
  rest: string;
  /** verb: after b-/ħa-/m-/ʕam; noun: after bi-/ʕa-/the article; to: after la- (a noun or, la-nʔakkid, a verb). */
  mode: "bare" | "verb" | "noun" | "to";
  article: boolean;
}

/** Every way the start of the word can be read as proclitics (no stem checks yet). */
function prefixChains(key: string): Chain[] {
  const chains: Chain[] = [];
  const add = (prefixes: Affix[], rest: string, mode: Chain["mode"], article = false) =>
    chains.push({ prefixes, rest, mode, article });
  for (const conj of [null, PROCLITIC.and, PROCLITIC.so]) {
    if (conj && !key.startsWith(conj.form)) continue;
    const afterConj = conj ? key.slice(conj.form.length) : key;
    const outer = conj ? [conj] : [];
    for (const neg of [null, PROCLITIC.not]) {
      if (neg && !afterConj.startsWith(neg.form)) continue;
      const rest = neg ? afterConj.slice(neg.form.length) : afterConj;
      const before = neg ? [...outer, neg] : outer;
      add(before, rest, "bare");
      // ʕam joined only before b- (عمبيحكي): عمي is "my uncle", never ʕam + -i.
      if (rest.startsWith("عمب")) add([...before, PROCLITIC.progressive, PROCLITIC.present], rest.slice(3), "verb");
      if (rest.startsWith("ب")) add([...before, PROCLITIC.present], rest.slice(1), "verb");
      if (rest.startsWith("ح")) add([...before, PROCLITIC.future], rest.slice(1), "verb");
      if (!neg && rest.startsWith("من")) add([...before, PROCLITIC.presentWe], rest.slice(1), "verb");
      if (neg) continue; // ma- negates verbs and pseudo-verbs (ماعندي), not nouns with bi-/il-
      for (const prep of [null, PROCLITIC.with, PROCLITIC.to, PROCLITIC.on]) {
        if (prep && !rest.startsWith(prep.form)) continue;
        const noun = prep ? rest.slice(prep.form.length) : rest;
        const withPrep = prep ? [...before, prep] : before;
        if (prep) add(withPrep, noun, prep === PROCLITIC.to ? "to" : "noun");
        const afterVowel = prep === PROCLITIC.to || prep === PROCLITIC.on;
        if (noun.startsWith("هال")) {
          const stem = noun.slice(3);
          add([...withPrep, PROCLITIC.this, articleAffix("ال", true, stem)], stem, "noun", true);
        }
        if (noun.startsWith("ال")) {
          const stem = noun.slice(2);
          add([...withPrep, articleAffix("ال", afterVowel, stem)], stem, "noun", true);
        }
        // la + il- is written لل: للبيت = l + l + beet
        if (prep === PROCLITIC.to && noun.startsWith("ل")) {
          const stem = noun.slice(1);
          add([...withPrep, articleAffix("ل", true, stem)], stem, "noun", true);
        }
      }
    }
  }
  return chains;
}

interface Split {
  stem: string;
  enclitic: EncliticEntry | null;
  sh: boolean;
}

/** Every way the end of `rest` can be read as [pronoun | l-pronoun] [-sh]. */
function suffixSplits(rest: string, word: WordKey): Split[] {
  const splits: Split[] = [{ stem: rest, enclitic: null, sh: false }];
  if (word.endsInTaMarbuta) return splits; // a final ة is the stem's, never -o "his"
  for (const sh of [false, true]) {
    if (sh && !rest.endsWith(NEGATION_SUFFIX.form)) continue;
    const body = sh ? rest.slice(0, -NEGATION_SUFFIX.form.length) : rest;
    if (sh) splits.push({ stem: body, enclitic: null, sh });
    for (const entry of ENCLITICS) {
      if (!sh && word.endsInAlefMaqsura && entry.form.endsWith("ي")) continue; // ى is the stem's
      if (body.endsWith(entry.form)) splits.push({ stem: body.slice(0, -entry.form.length), enclitic: entry, sh });
    }
  }
  return splits;
}

function isValid(chain: Chain, split: Split, { endsInTaMarbuta }: WordKey): boolean {
  const { stem } = split;
  if (stem.length < 2) return false;
  const suffixed = split.enclitic !== null || split.sh;
  if (chain.article) {
    if (suffixed || PRONOUN_STRINGS.has(stem)) return false;
    if (stem.length === 2 && endsInTaMarbuta) return false;
  }
  if (chain.mode === "verb" && (endsInTaMarbuta || stem.startsWith("ال"))) return false;
  if (chain.prefixes.includes(PROCLITIC.presentWe) && !(stem.startsWith("ن") && stem.length >= 3)) return false;
  if (chain.prefixes.includes(PROCLITIC.not) && endsInTaMarbuta) return false;
  return true;
}

const PERSON_PREFIX = /^[يتن]/;

/** Keys for a present stem: the he-form (بتحكي → يحكي, بحكي → يحكي, بيحكو → يحكي), as the lexicon lists it. */
function presentKeys(stem: string): string[] {
  const bases: string[] = [];
  if (/^[تنا]/.test(stem)) bases.push("ي" + stem.slice(1));
  bases.push(stem.startsWith("ي") ? stem : "ي" + stem); // 1st singular (بحكي) and t- verbs (بتعلم → يتعلم)
  const keys = [...bases];
  for (const base of bases) {
    // the -u of "they/you all" (بيحكوا, بيقولو) and the -i of "you (f.)" (بتقدري)
    if (base.endsWith("وا")) keys.push(base.slice(0, -2), base.slice(0, -2) + "ي");
    else if (base.endsWith("و")) keys.push(base.slice(0, -1), base.slice(0, -1) + "ي");
    if (stem.startsWith("ت") && base.endsWith("ي")) keys.push(base.slice(0, -1));
  }
  return keys;
}

function lookupKeys(chain: Chain, split: Split): string[] {
  const { stem } = split;
  const suffixed = split.enclitic !== null;
  let keys: string[];
  if (chain.mode === "verb") keys = presentKeys(stem);
  else {
    keys = [stem];
    // مدرستي → مدرسه: the ta marbuta is written ت before a pronoun
    if (split.enclitic?.kind === "pronoun" && stem.endsWith("ت")) keys.push(stem.slice(0, -1) + "ه");
    // a bare present (بدي احكي, بدك تروح); never an ال- word read as 1st singular ʔa-
    if (
      (chain.mode === "bare" || chain.mode === "to") &&
      stem.length >= 3 &&
      /^[يتنا]/.test(stem) &&
      !stem.startsWith("ال")
    )
      keys.push(...presentKeys(stem));
  }
  // حكاني → حكي (حكى), بينساني → ينسي: a final alef maqsura is written ا before an ending
  if (suffixed) keys = keys.flatMap((key) => (key.endsWith("ا") ? [key, key.slice(0, -1) + "ي"] : [key]));
  return [...new Set(keys)];
}

/** Endings a bare stem rarely has itself (-ha, -kon, -hon); after b-/ħa-/m- also -ni and -na. */
const STRONG_PRONOUNS = new Set(["ها", "كن", "كم", "هن", "هم"]);
const STRONG_AFTER_VERB = new Set([...STRONG_PRONOUNS, "ني", "نا"]);

/**
 * How likely this split is in Shami speech, before any lexicon: > 0 beats the unsplit word (0). Tuned on
 * transcripts: the article family and b-/ħa-/m- before a present stem are near certain; a bare b-, l-, ʕa-,
 * w- or a one-letter ending is as likely part of the word (بكرا, لبنان, عيلة, وقت, عربي).
 */
function plausibility(prefixes: Affix[], split: Split, word: WordKey): number {
  const { stem, enclitic, sh } = split;
  const article = prefixes.some((a) => a.kind === "article");
  const frame = prefixes.includes(PROCLITIC.not) && sh;
  const verbal = prefixes.some((a) => a.kind === "tense");
  // b-/ħa-/m- judge the whole present form, ending included (بيحبها: yħibb-ha)
  const form = stem + (enclitic?.form ?? "");
  const person = PERSON_PREFIX.test(form);
  const core = person ? form.length - 1 : form.length;
  let score = 0;
  prefixes.forEach((affix, i) => {
    const previous = prefixes[i - 1];
    const next = prefixes[i + 1];
    switch (affix.kind) {
      case "conjunction":
        if (i === 0 && word.wawBeforeHamza) score += 1;
        else score += next ? 0 : affix === PROCLITIC.and ? -1.5 : -2;
        break;
      case "negation":
        score += frame ? 3 : next?.kind === "tense" ? 1 : stem.length >= 3 ? 0.5 : -1;
        break;
      case "tense":
        if (affix === PROCLITIC.progressive) score += 1;
        else if (affix === PROCLITIC.presentWe) score += core >= 3 ? 3 : -1;
        else if (person && core >= 3) score += 3;
        else if (affix === PROCLITIC.future) score -= 2;
        else if (previous === PROCLITIC.not || previous === PROCLITIC.progressive) score += 1;
        else score += person ? (core >= 2 ? -1 : -3) : -1.5;
        break;
      case "preposition":
        score += next ? 1 : -2;
        break;
      case "demonstrative":
        score += 1;
        break;
      default: // article
        score += 3;
    }
  });
  if (enclitic?.kind === "indirect") score += stem.endsWith("ت") || verbal ? 1 : -1;
  else if (enclitic && verbal) score += STRONG_AFTER_VERB.has(enclitic.form) ? 1 : -0.5;
  else if (enclitic && STRONG_PRONOUNS.has(enclitic.form)) score += stem.length >= 3 ? 0.5 : -1;
  // -i/-ak/-o after a feminine -t (مدرستي); not ه, which is as often ة written ه (تلاته)
  else if (enclitic) score += stem.endsWith("ت") && stem.length >= 4 && enclitic.form !== "ه" ? 0.5 : frame ? 0 : -1;
  if (sh && !frame) score -= 2;
  if (stem.length === 2 && !article && !frame && (prefixes.length > 0 || enclitic || sh)) score = Math.min(score, -0.5);
  return score;
}

const KNOWN = 1000;
const PER_LETTER = 100;

function stemClassOf(chain: Chain, split: Split, lexicon: StemLexicon | undefined, found: string | null): StemClass {
  if (chain.mode === "verb" || split.enclitic?.kind === "indirect") return "verb";
  if (chain.mode === "noun") return "noun";
  if (found !== null && lexicon?.isVerb) return lexicon.isVerb(found) ? "verb" : "noun";
  if (found !== null && split.stem.endsWith("ت") && found === split.stem.slice(0, -1) + "ه") return "noun"; // construct
  return "any";
}

function analyze(
  surface: string,
  word: WordKey,
  chain: Chain,
  split: Split,
  lexicon: StemLexicon | undefined,
): WordAnalysis {
  const keys = lookupKeys(chain, split);
  // After b-/ħa-/m- a form counts only as a verb, when the lexicon can tell: بيد is bi- + iid, not b- + yid.
  const fits = (key: string) => chain.mode !== "verb" || (lexicon?.isVerb?.(key) ?? true);
  const found = lexicon ? (keys.find((key) => lexicon.has(key) && fits(key)) ?? null) : null;
  const lookAlike = chain.mode !== "verb" && LOOK_ALIKES.has(split.stem);
  const stemClass = stemClassOf(chain, split, lexicon, found);
  const suffixes: Affix[] = [];
  if (split.enclitic) {
    const { form, kind, translit, meaning } = split.enclitic;
    suffixes.push({ form, kind, translit, meaning: meaning[stemClass] });
  }
  if (split.sh) suffixes.push({ ...NEGATION_SUFFIX });
  const likely = plausibility(chain.prefixes, split, word);
  return {
    surface,
    prefixes: chain.prefixes.map((affix) => ({ ...affix })), // copies: the tables stay untouched
    stem: split.stem,
    suffixes,
    lookup: found ?? split.stem,
    known: found !== null,
    score: found !== null || lookAlike ? KNOWN + PER_LETTER * split.stem.length + likely : likely,
  };
}

/**
 * Candidate analyses of one written word, best first (see the top of this file). Always includes the unsplit
 * word. A token with no Arabic letters, or with a space inside, is returned unsplit.
 */
export function analyzeWord(surface: string, lexicon?: StemLexicon): WordAnalysis[] {
  const word = normalizeWord(surface);
  const { key } = word;
  const whole: Chain = { prefixes: [], rest: key, mode: "bare", article: false };
  const unsplit = analyze(surface, word, whole, { stem: key, enclitic: null, sh: false }, lexicon);
  if (!/^\p{Script=Arabic}+$/u.test(key)) return [unsplit];

  const candidates: WordAnalysis[] = [unsplit];
  const irregular = (prefixes: Affix[], rest: string) => {
    const given = lexicon?.irregular?.(rest);
    if (!given || rejoin(given) !== rest) return;
    candidates.push({
      ...given,
      surface,
      prefixes: [...prefixes, ...given.prefixes],
      known: true,
      score: KNOWN + PER_LETTER * rest.length + 50,
    });
  };
  irregular([], key);
  for (const conj of [PROCLITIC.and, PROCLITIC.so]) {
    if (key.startsWith(conj.form) && key.length > conj.form.length) irregular([conj], key.slice(conj.form.length));
  }

  const standalone = word.hasShadda ? undefined : STANDALONE_CLITICS.get(key);
  if (standalone) {
    candidates.push({
      surface,
      prefixes: [{ ...standalone }],
      stem: "",
      suffixes: [],
      lookup: key,
      known: lexicon?.has(key) ?? false,
      score: KNOWN + PER_LETTER * key.length + 60,
    });
  }

  for (const chain of prefixChains(key)) {
    for (const split of suffixSplits(chain.rest, word)) {
      if (chain.prefixes.length === 0 && split.stem === key) continue; // the unsplit word, already there
      if (isValid(chain, split, word)) candidates.push(analyze(surface, word, chain, split, lexicon));
    }
  }

  const best = new Map<string, WordAnalysis>();
  for (const candidate of candidates) {
    const signature = [
      ...candidate.prefixes.map((a) => `${a.form}:${a.kind}`),
      `[${candidate.stem}]`,
      ...candidate.suffixes.map((a) => `${a.form}:${a.kind}`),
    ].join(" ");
    const kept = best.get(signature);
    if (!kept || candidate.score > kept.score) best.set(signature, candidate);
  }
  const affixCount = (a: WordAnalysis) => a.prefixes.length + a.suffixes.length;
  return [...best.values()].sort(
    (a, b) => b.score - a.score || affixCount(a) - affixCount(b) || b.stem.length - a.stem.length,
  );
}

export interface AnalyzedToken extends TextToken {
  /** The word's candidates, best first (`analyzeWord`); empty for spaces and punctuation. */
  analyses: WordAnalysis[];
}

/** A transcript line as `splitArabicWords` tokens, each word with its analyses. */
export function analyzeLine(text: string, lexicon?: StemLexicon): AnalyzedToken[] {
  return splitArabicWords(text).map((token) => ({
    ...token,
    analyses: token.isWord ? analyzeWord(token.text, lexicon) : [],
  }));
}
