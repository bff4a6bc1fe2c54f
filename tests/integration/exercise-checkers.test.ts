import { describe, expect, it } from "vitest";
import {
  checkListeningAnswer,
  checkSentenceGap,
  checkSentenceOrder,
  fillGap,
  scrambleWords,
  sentenceWords,
  splitGapSentence,
} from "../../core/exercise-checkers";

const LINE = "أنا من الشام، بس ساكن بحلب هلّق.";
const WORDS = ["أنا", "من", "الشام", "بس", "ساكن", "بحلب", "هلّق"];

describe("sentenceWords", () => {
  it("keeps the words in reading order and leaves punctuation out", () => {
    expect(sentenceWords(LINE)).toEqual(WORDS);
    expect(sentenceWords("مرحبا! كِيفَك؟")).toEqual(["مرحبا", "كِيفَك"]);
  });

  it("keeps harakat inside a word and drops bare numbers", () => {
    expect(sentenceWords("الساعة ٣ ونص، تْشَرَّفنا")).toEqual(["الساعة", "ونص", "تْشَرَّفنا"]);
    expect(sentenceWords("  ")).toEqual([]);
  });
});

describe("scrambleWords", () => {
  it("is the same for the same seed and never the right order", () => {
    for (let seed = 1; seed < 200; seed += 1) {
      const mixed = scrambleWords(WORDS, seed);
      expect(mixed).toEqual(scrambleWords(WORDS, seed));
      expect(mixed).not.toEqual(WORDS);
      expect([...mixed].sort()).toEqual([...WORDS].sort());
    }
  });

  it("swaps a two-word line and leaves a one-word or all-same line alone", () => {
    expect(scrambleWords(["مرحبا", "كيفك"], 7)).toEqual(["كيفك", "مرحبا"]);
    expect(scrambleWords(["مرحبا"], 7)).toEqual(["مرحبا"]);
    expect(scrambleWords(["لا", "لا"], 7)).toEqual(["لا", "لا"]);
  });
});

describe("checkSentenceOrder", () => {
  it("accepts the words in order and returns the expected order either way", () => {
    expect(checkSentenceOrder(LINE, WORDS)).toEqual({ correct: true, expected: WORDS });
    const swapped = [WORDS[1]!, WORDS[0]!, ...WORDS.slice(2)];
    expect(checkSentenceOrder(LINE, swapped)).toEqual({ correct: false, expected: WORDS });
  });

  it("ignores harakat and hamza forms of a word but not missing or extra words", () => {
    expect(checkSentenceOrder(LINE, ["انا", "من", "الشام", "بس", "ساكن", "بحلب", "هلق"]).correct).toBe(true);
    expect(checkSentenceOrder(LINE, WORDS.slice(0, -1)).correct).toBe(false);
    expect(checkSentenceOrder(LINE, [...WORDS, "كمان"]).correct).toBe(false);
    expect(checkSentenceOrder(LINE, []).correct).toBe(false);
  });

  it("lets a repeated word stand in either of its places", () => {
    expect(checkSentenceOrder("لا لا ما بدي", ["لا", "لا", "ما", "بدي"]).correct).toBe(true);
  });

  it("never accepts an answer to a line without words", () => {
    expect(checkSentenceOrder("!!", [])).toEqual({ correct: false, expected: [] });
  });
});

describe("gap sentences", () => {
  it("splits at the gap and fills it back", () => {
    expect(splitGapSentence("أنا ___، الحمدلله.")).toEqual({ before: "أنا ", after: "، الحمدلله." });
    expect(splitGapSentence("بلا فراغ")).toEqual({ before: "بلا فراغ", after: "" });
    expect(fillGap("أنا ___، الحمدلله.", "منيح")).toBe("أنا منيح، الحمدلله.");
  });

  const gap = { answer: "قدّيش", acceptedVariants: ["ʔaddeesh", "addesh", "2addesh", "قديش"] };

  it.each(["قدّيش", "قديش", "  قَدّيش ", "addeesh", "2addesh", "ADDESH", "ʔaddeesh"])("accepts %s", (given) => {
    expect(checkSentenceGap(gap, given)).toEqual({ correct: true, expected: "قدّيش" });
  });

  it.each(["", "   ", "وين", "wein", "قد"])("rejects %j", (given) => {
    expect(checkSentenceGap(gap, given).correct).toBe(false);
  });

  it("accepts Arabizi spellings of a transliterated variant", () => {
    const good = { answer: "منيح", acceptedVariants: ["mniiħ", "mnih"] };
    expect(checkSentenceGap(good, "mni7").correct).toBe(true);
    expect(checkSentenceGap(good, "mneeh").correct).toBe(true);
    expect(checkSentenceGap(good, "ktir").correct).toBe(false);
  });
});

describe("checkListeningAnswer", () => {
  const choice = {
    kind: "choice" as const,
    options: ["Two minutes", "Five minutes"],
    answer: "Five minutes",
    acceptedVariants: [],
    acceptArabizi: false,
  };
  const dictation = {
    kind: "dictation" as const,
    options: [],
    answer: "بدّي ربطة خبز",
    acceptedVariants: ["baddi rabtit khubz"],
    acceptArabizi: true,
  };

  it("takes the right option, whatever its case or spacing, and nothing else", () => {
    expect(checkListeningAnswer(choice, "Five minutes")).toBe(true);
    expect(checkListeningAnswer(choice, " five  MINUTES ")).toBe(true);
    expect(checkListeningAnswer(choice, "Two minutes")).toBe(false);
    expect(checkListeningAnswer(choice, "")).toBe(false);
  });

  it("ignores tashkeel, hamza forms and spacing in a dictation", () => {
    expect(checkListeningAnswer(dictation, "بدي ربطة خبز")).toBe(true);
    expect(checkListeningAnswer(dictation, "بِدّي رَبطِة خُبز")).toBe(true);
    expect(checkListeningAnswer(dictation, "بدي ربطه  خبز")).toBe(true);
    expect(checkListeningAnswer(dictation, "بديربطةخبز")).toBe(true);
    expect(checkListeningAnswer(dictation, "بدي خبز")).toBe(false);
  });

  it("accepts Arabizi only where the question says so", () => {
    expect(checkListeningAnswer(dictation, "baddi rabtet khubz")).toBe(true);
    expect(checkListeningAnswer({ ...dictation, acceptArabizi: false }, "baddi rabtet khubz")).toBe(false);
    // A variant typed exactly still counts without Arabizi folding.
    expect(checkListeningAnswer({ ...dictation, acceptArabizi: false }, "Baddi rabtit khubz")).toBe(true);
  });

  it("folds hamza carriers in a dictation", () => {
    const hamza = { ...dictation, answer: "أكيد", acceptedVariants: [] };
    expect(checkListeningAnswer(hamza, "اكيد")).toBe(true);
    expect(checkListeningAnswer(hamza, "إكيد")).toBe(true);
  });
});
