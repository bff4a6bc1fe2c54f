/**
 * Pure checkers of the lesson exercises (sentence order, sentence gap) and the listening questions.
 * The browser uses them to lay an exercise out; the Worker uses them to decide what is correct.
 */
import { answersMatch } from "./answers";
import { normalizeArabic, splitArabicWords } from "./arabic";

/** How a gap is written in a stored sentence ("أنا ___، الحمدلله."). */
export const GAP_MARK = "___";

/** The words of a line as the learner arranges them: punctuation and bare numbers left out, harakat kept. */
export function sentenceWords(sentence: string): string[] {
  return splitArabicWords(sentence)
    .filter((token) => token.isWord)
    .map((token) => token.text);
}

/** A small deterministic generator (mulberry32), so the server render and the hydrated page agree. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((word, index) => normalizeArabic(word) === normalizeArabic(b[index]!));

/**
 * The words shuffled with a fixed seed (the exercise id): stable across renders, and never in the
 * answer's order while the line has two different words.
 */
export function scrambleWords(words: readonly string[], seed: number): string[] {
  const mixed = [...words];
  if (new Set(words.map(normalizeArabic)).size < 2) return mixed;
  const random = seededRandom(seed * 2654435761);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    for (let index = mixed.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [mixed[index], mixed[other]] = [mixed[other]!, mixed[index]!];
    }
    if (!sameOrder(mixed, words)) return mixed;
  }
  // Still in order after eight shuffles (a two-word line): rotate by one.
  return [...words.slice(1), words[0]!];
}

export interface OrderCheck {
  correct: boolean;
  /** The line's words in their right order. */
  expected: string[];
}

/**
 * Whether `answer` puts the line's words in order. Words compare by their normalised form, so a
 * repeated word may be used in either of its places and harakat never decide.
 */
export function checkSentenceOrder(sentence: string, answer: readonly string[]): OrderCheck {
  const expected = sentenceWords(sentence);
  return { correct: expected.length > 0 && sameOrder(answer, expected), expected };
}

/** The text either side of the gap (the first `___`); a sentence without one has the gap at its end. */
export function splitGapSentence(sentence: string): { before: string; after: string } {
  const at = sentence.indexOf(GAP_MARK);
  if (at < 0) return { before: sentence, after: "" };
  return { before: sentence.slice(0, at), after: sentence.slice(at + GAP_MARK.length) };
}

/** The full line with the answer in its gap. */
export function fillGap(sentence: string, answer: string): string {
  const { before, after } = splitGapSentence(sentence);
  return `${before}${answer}${after}`;
}

export interface GapCheck {
  correct: boolean;
  expected: string;
}

/**
 * A gap answer, chosen or typed: the answer or a configured variant, with tashkeel, hamza forms and
 * spacing ignored; Latin answers (transliteration, Arabizi) count against the Latin variants.
 */
export function checkSentenceGap(
  gap: { answer: string; acceptedVariants: readonly string[] },
  given: string,
): GapCheck {
  return {
    correct: answersMatch(given, gap.answer, { variants: gap.acceptedVariants, acceptLatin: true }),
    expected: gap.answer,
  };
}

export interface ListeningQuestionKey {
  kind: "choice" | "dictation";
  options: readonly string[];
  answer: string;
  acceptedVariants: readonly string[];
  acceptArabizi: boolean;
}

/**
 * One listening answer. A choice must be the right option (compared without case, spacing or
 * punctuation); a dictation is compared like a gap, with Arabizi only where the question accepts it.
 */
export function checkListeningAnswer(question: ListeningQuestionKey, given: string): boolean {
  if (question.kind === "choice") return answersMatch(given, question.answer);
  return answersMatch(given, question.answer, {
    variants: question.acceptedVariants,
    acceptLatin: question.acceptArabizi,
  });
}
