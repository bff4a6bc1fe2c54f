import { describe, expect, it } from "vitest";
import { explainBreakdown } from "../../core/words/explain";
import { parseStoredPreferences } from "../../app/features/lessons/components/use-player-preferences";

// The popup's breakdown (core/words/explain.ts): each stored piece explained by its neighbours and the lemma's
// part of speech, in both spellings the pieces come in (the team's glosses and the word analysis).

const explain = (prefixes: string[], stem: string, suffixes: string[], partOfSpeech: string | null) => {
  const result = explainBreakdown({ prefixes, stem, suffixes, partOfSpeech });
  return [...result.prefixes, ...result.suffixes].map((piece) => `${piece.form}=${piece.meaning}`);
};

describe("explainBreakdown", () => {
  it.each([
    // b- is the present before a verb, bi- before a noun, a name or the article
    [["و", "ب"], "يبلّش", [], "verb", ["و=w- (and)", "ب=b- (present tense)"]],
    [["ب"], "حلب", [], "name", ["ب=bi- (in, with, by)"]],
    [["ب", "ال"], "جامعة", [], "noun", ["ب=bi- (in, with, by)", "ال=il- (the)"]],
    [["م"], "نحكي", [], "verb", ["م=m- (present tense: we)"]],
    [["ع", "ال"], "بيت", [], "noun", ["ع=ʕa- (on, to)", "ال=il- (the)"]],
    // ha- as the team writes it (ها) and as the analysis does (ه)
    [["ها", "ال"], "برد", [], "noun", ["ها=ha- (this)", "ال=il- (the)"]],
    [["ه", "ال"], "ساعه", [], "noun", ["ه=ha- (this)", "ال=il- (the)"]],
    // la + il-: ل + ال (the team) or ل + ل (the analysis)
    [["ل", "ال"], "عيلة", [], "noun", ["ل=la- (to, for)", "ال=il- (the)"]],
    [["ل", "ل"], "بيت", [], "noun", ["ل=la- (to, for)", "ل=il- (the)"]],
    [["ل"], "نأكّد", [], "verb", ["ل=la- (to, so that, until)"]],
    // pronouns: possessive on a noun, object on a verb or a preposition
    [[], "اسم", ["ي"], "noun", ["ي=-i (my)"]],
    [[], "مع", ["ي"], "preposition", ["ي=-i (me)"]],
    [["ب"], "شوف", ["ك"], "verb", ["ب=b- (present tense)", "ك=-ak/-ik (you)"]],
    [[], "كيف", ["ك"], "adverb", ["ك=-ak/-ik (you, your)"]],
    [[], "إحكي", ["لك"], "verb", ["لك=-lak/-lik (to you)"]],
    [["ما", "ب"], "عرف", ["ش"], "verb", ["ما=ma- (not)", "ب=b- (present tense)", "ش=-sh (not)"]],
    // without a lemma, still explained where the piece alone says it
    [["و"], "شي", ["ها"], null, ["و=w- (and)", "ها=-ha (her)"]],
  ])("%j + %s + %j (%s)", (prefixes, stem, suffixes, partOfSpeech, expected) => {
    expect(explain(prefixes, stem, suffixes, partOfSpeech)).toEqual(expected);
  });

  it("says the article's sound before a sun letter, and after a vowel", () => {
    expect(explainBreakdown({ prefixes: ["ال"], stem: "شام", suffixes: [] }).prefixes[0]!.translit).toBe("ish-");
    expect(explainBreakdown({ prefixes: ["ع", "ال"], stem: "شغل", suffixes: [] }).prefixes[1]!.translit).toBe("sh-");
    expect(explainBreakdown({ prefixes: ["ب", "ال"], stem: "بيت", suffixes: [] }).prefixes[1]!.translit).toBe("il-");
    // a written shadda on the sun letter (الدُّوّار) does not hide it
    expect(explainBreakdown({ prefixes: ["ال"], stem: "دُّوّار", suffixes: [] }).prefixes[0]!.translit).toBe("id-");
  });

  it("keeps the piece as written and marks what the table does not have", () => {
    const result = explainBreakdown({ prefixes: ["وَ", "x"], stem: "بيت", suffixes: ["ز"] });
    expect(result.prefixes.map((piece) => [piece.form, piece.kind])).toEqual([
      ["وَ", "conjunction"],
      ["x", "other"],
    ]);
    expect(result.suffixes).toEqual([{ form: "ز", kind: "other", meaning: "", translit: "" }]);
  });
});

describe("the transcript tint preference", () => {
  it("is remembered as a boolean only", () => {
    expect(parseStoredPreferences(JSON.stringify({ tintWords: true }))).toEqual({ tintWords: true });
    expect(parseStoredPreferences(JSON.stringify({ tintWords: "yes" }))).toEqual({});
  });
});
