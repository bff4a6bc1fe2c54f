/**
 * The learner's explanation of a stored token breakdown (`cue_tokens.prefixes`, `stem`, `suffixes`): each
 * written piece back to its entry of the affix table (core/words/affixes.ts), read in its context. The pieces
 * come from the team's glosses (seed/glosses.ts conventions: the article always ال, ha- written ها) or from
 * the word analysis (ه for ha-, ل for the article in لل), so both spellings are understood. What a piece means
 * is decided by its neighbours and by the lemma's part of speech: ب before a verb is the b- present, before
 * anything else bi- "in, with"; a pronoun ending is an object after a verb or a preposition (معي "with me")
 * and a possessive after a noun (بيتي "my house"). Pure, so the popup's answer needs no analysis at request time.
 */
import { normalizeArabic } from "../arabic";
import { type Affix, type AffixKind, type StemClass, PROCLITIC, articleAffix, enclitic } from "./affixes";

/** A piece of a token as the learner reads it; `kind` "other" when the table has no such piece. */
export interface ExplainedAffix extends Omit<Affix, "kind"> {
  kind: AffixKind | "other";
}

export interface StoredBreakdown {
  prefixes: readonly string[];
  stem: string;
  suffixes: readonly string[];
  /** The lemma's part of speech (core/schemas/lexicon.ts), when the token has a lemma. */
  partOfSpeech?: string | null;
}

const VERBAL = new Set(["verb"]);
const NOMINAL = new Set(["noun", "adjective", "numeral", "name"]);

/** How a pronoun ending reads on this stem: object after a verb or a preposition, possessive after a noun. */
function stemClassOf(partOfSpeech: string | null | undefined): StemClass {
  if (!partOfSpeech) return "any";
  if (VERBAL.has(partOfSpeech) || partOfSpeech === "preposition") return "verb";
  if (NOMINAL.has(partOfSpeech)) return "noun";
  return "any";
}

const other = (form: string): ExplainedAffix => ({ form, kind: "other", meaning: "", translit: "" });
const withForm = (affix: Affix, form: string): ExplainedAffix => ({ ...affix, form });

/** The proclitics, outermost first, each explained by what comes after it and the stem it is on. */
export function explainPrefixes(
  prefixes: readonly string[],
  stem: string,
  partOfSpeech?: string | null,
): ExplainedAffix[] {
  const isVerb = partOfSpeech ? VERBAL.has(partOfSpeech) : false;
  const plainStem = normalizeArabic(stem);
  return prefixes.map((raw, index): ExplainedAffix => {
    const form = normalizeArabic(raw);
    const previous = index > 0 ? normalizeArabic(prefixes[index - 1]!) : null;
    const next = index + 1 < prefixes.length ? normalizeArabic(prefixes[index + 1]!) : null;
    const articleNext = next === "ال" || (next === "ل" && form === "ل");
    switch (form) {
      case "و":
        return withForm(PROCLITIC.and, raw);
      case "ف":
        return withForm(PROCLITIC.so, raw);
      case "ما":
        return withForm(PROCLITIC.not, raw);
      case "عم":
        return withForm(PROCLITIC.progressive, raw);
      case "م":
        return withForm(PROCLITIC.presentWe, raw);
      case "ح":
        return withForm(PROCLITIC.future, raw);
      case "ب":
        // b- marks a verb's present; before the article, a noun or a name it is bi- "in, with, by".
        return withForm(isVerb && !articleNext ? PROCLITIC.present : PROCLITIC.with, raw);
      case "ع":
        return withForm(PROCLITIC.on, raw);
      case "ه":
      case "ها":
        return withForm(PROCLITIC.this, raw);
      case "ال":
        return { ...articleAffix(raw, previous !== null && ["ل", "ع", "ه", "ها"].includes(previous), plainStem) };
      case "ل":
        // The analysis writes la + il- as ل + ل (للبيت); the second is the article.
        if (previous === "ل") return { ...articleAffix(raw, true, plainStem) };
        if (isVerb) return { ...PROCLITIC.to, form: raw, meaning: "la- (to, so that, until)" };
        return withForm(PROCLITIC.to, raw);
      default:
        return other(raw);
    }
  });
}

/** The enclitics as written, each explained for the stem's class (object or possessive). */
export function explainSuffixes(suffixes: readonly string[], partOfSpeech?: string | null): ExplainedAffix[] {
  const stemClass = stemClassOf(partOfSpeech);
  return suffixes.map((raw) => {
    const found = enclitic(normalizeArabic(raw), stemClass);
    return found ? withForm(found, raw) : other(raw);
  });
}

/** Every piece of a stored breakdown, explained. */
export function explainBreakdown(breakdown: StoredBreakdown): {
  prefixes: ExplainedAffix[];
  stem: string;
  suffixes: ExplainedAffix[];
} {
  return {
    prefixes: explainPrefixes(breakdown.prefixes, breakdown.stem, breakdown.partOfSpeech),
    stem: breakdown.stem,
    suffixes: explainSuffixes(breakdown.suffixes, breakdown.partOfSpeech),
  };
}
