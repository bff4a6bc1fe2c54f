import { describe, expect, it } from "vitest";
import { glossChoiceErrors } from "../../core/schemas/glossing";

// The check a "Suggest glosses" row passes before it is sent, and the accept route runs on each item: the
// glossing form's schema (core/schemas/glossing.ts), its keys under the row's prefix.

const lemma = { arabic: "يلّا", transliteration: "yalla", meanings: ["come on"], partOfSpeech: "interjection" };

describe("glossChoiceErrors", () => {
  it("accepts a stored lemma or a valid new one with a meaning here", () => {
    expect(glossChoiceErrors({ lemmaId: 3, gloss: "come on" })).toEqual({});
    expect(glossChoiceErrors({ lemma, gloss: "come on" }, "items.0.")).toEqual({});
  });

  it("refuses an empty meaning here, both or neither lemma, each under the row's prefix", () => {
    expect(glossChoiceErrors({ lemmaId: 3, gloss: "  " }, "items.1.")).toEqual({
      "items.1.gloss": ["Write the meaning in this sentence."],
    });
    expect(Object.keys(glossChoiceErrors({ lemmaId: 3, lemma, gloss: "x" }, "items.0."))).toEqual(["items.0.lemmaId"]);
    expect(Object.keys(glossChoiceErrors({ gloss: "x" }))).toEqual(["lemmaId"]);
  });

  it("checks an edited new lemma by the lexicon's schema, field by field", () => {
    const errors = glossChoiceErrors(
      { lemma: { ...lemma, arabic: "yalla", transliteration: "", meanings: [], partOfSpeech: "thing" }, gloss: "x" },
      "items.2.",
    );
    expect(errors).toEqual({
      "items.2.lemma.arabic": ["Write it in Arabic letters."],
      "items.2.lemma.transliteration": ["Enter the transliteration."],
      "items.2.lemma.meanings": ["Give at least one meaning."],
      "items.2.lemma.partOfSpeech": ["Choose a part of speech."],
    });
  });
});
