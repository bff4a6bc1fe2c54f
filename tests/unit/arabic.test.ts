import { describe, expect, it } from "vitest";
import { hasArabic, normalizeArabic, splitArabicWords, stripTashkeel } from "../../core/arabic";

describe("stripTashkeel", () => {
  it.each([
    ["كِيفَك", "كيفك"],
    ["مَرْحَبا", "مرحبا"],
    ["تْشَرَّفنا", "تشرفنا"],
    ["كَمِّل دُغري", "كمل دغري"],
    ["هلّق", "هلق"],
    ["مـــرحبا", "مرحبا"], // tatweel
    ["هٰذا", "هذا"], // superscript alef
    ["عِلْمًا", "علما"], // tanween
    ["قُلْۖ هُوَ", "قل هو"], // Quranic pause mark U+06D6
  ])("%s → %s", (input, expected) => {
    expect(stripTashkeel(input)).toBe(expected);
  });

  it("keeps letters, hamza forms and punctuation", () => {
    expect(stripTashkeel("أهلين! وإنتَ؟")).toBe("أهلين! وإنت؟");
  });
});

describe("normalizeArabic", () => {
  it.each([
    ["كِيفَك", "كيفك"],
    ["مَرْحَبا", "مرحبا"],
    ["إنتِ", "انت"],
    ["أنا", "انا"],
    ["آخر", "اخر"],
    ["ٱلله", "الله"],
    ["مدرسة", "مدرسه"],
    ["على", "علي"],
    ["إيمتى", "ايمتي"],
    ["مساء", "مسا"],
    ["شيء", "شي"],
    ["الكهرباء", "الكهربا"],
    ["هادئة", "هاديه"],
    ["مسؤول", "مسوول"],
    ["کيف", "كيف"], // Persian keheh
    ["ی", "ي"], // Persian yeh
    ["ڤيديو", "فيديو"],
    ["ﻻ", "لا"], // presentation-form ligature
    ["٢٠٢٦", "2026"],
    ["۲۰۲۶", "2026"],
    ["بدّي\u200c روح", "بدي روح"], // zero-width non-joiner
    ["  أنا   Layla!  ", "انا layla"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeArabic(input)).toBe(expected);
  });

  it("turns Arabic and ASCII punctuation into single spaces", () => {
    expect(normalizeArabic("أهلين! أنا منيح، الحمدلله. وإنتَ؟")).toBe("اهلين انا منيح الحمدلله وانت");
    expect(normalizeArabic("تمام، ماشي الحال. شو أخبارك؟")).toBe("تمام ماشي الحال شو اخبارك");
    expect(normalizeArabic("«يلّا»؛ بشوفك - بعدين...")).toBe("يلا بشوفك بعدين");
  });

  it.each([
    ["كيفَك", "كيفك"],
    ["مَرْحَبا", "مرحبا"],
    ["إنتِ", "انت"],
    ["مدرسة", "مدرسه"],
    ["على", "علي"],
    ["قدّيش", "قديش"],
    ["الجوّ", "الجو"],
    ["بدّها", "بدها"],
    ["الكهربا", "الكهرباء"],
    ["هادية", "هادئة"],
    ["تلاتة", "تلاته"],
  ])("folds %s and %s together", (a, b) => {
    expect(normalizeArabic(a)).toBe(normalizeArabic(b));
  });

  it.each([
    ["هلّأ", "هلّق"], // two spellings of hallaʔ: the letters differ, so they do not fold
    ["بيت", "بنت"],
    ["قلب", "كلب"],
    ["منيح", "منيحة"],
    ["بدّي", "بدّو"],
    ["هاد", "هاي"],
    ["سوى", "سوا"], // ى folds to ي (على = علي), not to ا
  ])("keeps %s and %s apart", (a, b) => {
    expect(normalizeArabic(a)).not.toBe(normalizeArabic(b));
  });

  it("is idempotent", () => {
    const line = "بدّي فنجان قَهوة، لو سمحت.";
    expect(normalizeArabic(normalizeArabic(line))).toBe(normalizeArabic(line));
  });

  it("returns an empty string for punctuation only", () => {
    expect(normalizeArabic(" ؟!، ")).toBe("");
  });
});

describe("hasArabic", () => {
  it.each(["مرحبا", "kiifak? كيفك", "ﻻ", "ـكِـ"])("finds Arabic letters in %s", (text) => {
    expect(hasArabic(text)).toBe(true);
  });

  it.each(["", "kiifak?", "ʔana mniiħ", "٢٠٢٦", "؟ ، ؛", "2ana"])("finds none in %s", (text) => {
    expect(hasArabic(text)).toBe(false);
  });
});

describe("splitArabicWords", () => {
  it("separates words from punctuation and spaces, in order", () => {
    expect(splitArabicWords("مرحبا! كِيفَك؟")).toEqual([
      { text: "مرحبا", isWord: true },
      { text: "! ", isWord: false },
      { text: "كِيفَك", isWord: true },
      { text: "؟", isWord: false },
    ]);
  });

  it("keeps harakat, shadda and tatweel inside the word", () => {
    const words = splitArabicWords("أنا اسمي رامي. تْشَرَّفنا!").filter((token) => token.isWord);
    expect(words.map((token) => token.text)).toEqual(["أنا", "اسمي", "رامي", "تْشَرَّفنا"]);
  });

  it("treats numbers as non-words and merges them with the surrounding separators", () => {
    expect(splitArabicWords("سنة 2026.")).toEqual([
      { text: "سنة", isWord: true },
      { text: " 2026.", isWord: false },
    ]);
  });

  it("alternates words and non-words and rebuilds the line exactly", () => {
    const line = "  أهلين! أنا منيح، الحمدلله. وإنتَ؟ (٣ مرات)";
    const tokens = splitArabicWords(line);
    expect(tokens.map((token) => token.text).join("")).toBe(line);
    for (let index = 1; index < tokens.length; index++) {
      expect(tokens[index]!.isWord).not.toBe(tokens[index - 1]!.isWord);
    }
    expect(tokens.filter((token) => token.isWord).map((token) => token.text)).toEqual([
      "أهلين",
      "أنا",
      "منيح",
      "الحمدلله",
      "وإنتَ",
      "مرات",
    ]);
  });

  it("handles empty and punctuation-only lines", () => {
    expect(splitArabicWords("")).toEqual([]);
    expect(splitArabicWords("؟!")).toEqual([{ text: "؟!", isWord: false }]);
  });
});
