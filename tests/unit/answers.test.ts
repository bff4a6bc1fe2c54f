import { describe, expect, it } from "vitest";
import { answersMatch } from "../../core/answers";

describe("answersMatch: Arabic answers", () => {
  it.each([
    ["منيح", "منيح"],
    ["مْنيح", "منيح"],
    ["كيفَك", "كيفك"],
    ["قديش", "قدّيش"],
    ["ستي", "ستّي"],
    ["تلاته", "تلاتة"],
    ["هادئة", "هادية"],
    ["الكهرباء", "الكهربا"],
    ["انت", "إنتِ"],
    ["علي", "على"],
    ["مابدي", "ما بدّي"],
    ["  ما   بدي؟ ", "ما بدّي"],
    ["بِدّي رَبطة خُبز", "بدّي ربطة خبز"],
  ])("accepts %s for %s", (given, expected) => {
    expect(answersMatch(given, expected)).toBe(true);
  });

  it.each([
    ["كتير", "منيح"],
    ["هلّأ", "هلّق"],
    ["بنت", "بيت"],
    ["بدّو", "بدّها"],
    ["تلاتين", "تلاتة"],
    ["سوى", "سوا"], // ى folds to ي, not to ا
  ])("rejects %s for %s", (given, expected) => {
    expect(answersMatch(given, expected)).toBe(false);
  });

  it("accepts an Arabic variant", () => {
    const variants = ["بدي ربطة خبز", "baddi rabtit khubz", "baddi rabtet khebez"];
    expect(answersMatch("بدي ربطه خبز", "بدّي ربطة خبز", { variants })).toBe(true);
    expect(answersMatch("شاي بْنعنع", "شاي بالنعنع", { variants: ["شاي بنعنع"] })).toBe(true);
    expect(answersMatch("سوى", "سوا", { variants: ["sawa", "swa", "سوى"] })).toBe(true);
  });
});

describe("answersMatch: Latin answers", () => {
  const mniih = { variants: ["mniiħ", "mnih", "mniih"], acceptLatin: true };

  it.each(["mniiħ", "mnih", "mni7", "Mnih!", "mniih", "mneeh"])("accepts %s for منيح with acceptLatin", (given) => {
    expect(answersMatch(given, "منيح", mniih)).toBe(true);
  });

  it.each(["kteer", "mniiħa", "mnih kteer"])("rejects %s for منيح", (given) => {
    expect(answersMatch(given, "منيح", mniih)).toBe(false);
  });

  it("folds Arabizi and learner spellings of a listed transliteration", () => {
    const addeesh = { variants: ["ʔaddeesh", "addeesh", "addesh", "2addesh", "قديش"], acceptLatin: true };
    expect(answersMatch("2adeesh", "قدّيش", addeesh)).toBe(true);
    expect(answersMatch("ADDEISH?", "قدّيش", addeesh)).toBe(true);
    expect(answersMatch("3azeb", "عازب", { variants: ["ʕaazib"], acceptLatin: true })).toBe(true);
    expect(answersMatch("el-jaww", "الجو", { variants: ["ij-jaww", "il-jaw", "jaw"], acceptLatin: true })).toBe(true);
  });

  it("ignores spacing and hyphens between words", () => {
    const variants = ["shaay bin-naʕnaʕ", "shai bel na3na3"];
    expect(answersMatch("shay binna3na3", "شاي بالنعنع", { variants, acceptLatin: true })).toBe(true);
    expect(
      answersMatch("badi rabtit 5ubz", "بدّي ربطة خبز", { variants: ["baddi rabtit khubz"], acceptLatin: true }),
    ).toBe(true);
    expect(answersMatch("maabaddi", "ما بدّي", { variants: ["ma baddi"], acceptLatin: true })).toBe(true);
  });

  it("only compares Latin answers with Latin expectations", () => {
    expect(answersMatch("mnih", "منيح", { acceptLatin: true })).toBe(false);
    expect(answersMatch("منيح", "mniiħ", { acceptLatin: true })).toBe(false);
  });

  it("without acceptLatin, accepts a listed Latin variant only as written", () => {
    const variants = ["mniiħ", "mnih"];
    expect(answersMatch("Mnih", "منيح", { variants })).toBe(true);
    expect(answersMatch("mni7", "منيح", { variants })).toBe(false);
  });

  it("compares English choices case-, punctuation- and spacing-insensitively", () => {
    expect(answersMatch("an hour.", "An hour")).toBe(true);
    expect(answersMatch("Three za'tar manakish", "Three za'tar manakish")).toBe(true);
    expect(answersMatch("Ten minutes", "Five minutes")).toBe(false);
  });
});

describe("answersMatch: edge cases", () => {
  it("never accepts a blank answer", () => {
    expect(answersMatch("", "")).toBe(false);
    expect(answersMatch("   ", "منيح")).toBe(false);
    expect(answersMatch("؟", "؟")).toBe(false);
    expect(answersMatch("", "mnih", { acceptLatin: true })).toBe(false);
  });

  it("compares numbers across digit scripts", () => {
    expect(answersMatch("٣", "3")).toBe(true);
    expect(answersMatch("٢٠٢٦", "2026", { acceptLatin: true })).toBe(true);
    expect(answersMatch("2025", "2026", { acceptLatin: true })).toBe(false);
  });
});
