import { z } from "zod";
import { globalVocabularyWords } from "#drizzle/schema";
import { integerField, mediaKeyField, nullableId, requiredId, requiredText, textWithDefault } from "../schema-helpers";
import { defineResource } from "../types";

export const globalVocabularySingleVocabularyResource = defineResource({
  slug: "global-vocabulary-single-vocabulary",
  label: "Vocabulary words",
  description: "Single words with examples and audio.",
  singular: "vocabulary word",
  table: globalVocabularyWords,
  titleField: "arabic",
  createSchema: z.object({
    deckId: requiredId("Choose the deck."),
    arabic: requiredText("Enter the Arabic.", 200),
    transliteration: textWithDefault(200),
    english: requiredText("Enter the meaning in English.", 300),
    exampleArabic: textWithDefault(500),
    exampleEnglish: textWithDefault(500),
    audioKey: mediaKeyField("audio/"),
    position: integerField({ max: 100_000 }),
    lemmaId: nullableId(),
  }),
  columns: [
    { field: "arabic", label: "Arabic", lang: "ar", sortable: true },
    { field: "transliteration", label: "Transliteration" },
    { field: "english", label: "English", sortable: true },
    { field: "deckId", label: "Deck", render: "relation", relation: "global-vocabulary-deck", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
    { field: "lemmaId", label: "Lemma", render: "relation", relation: "lemmas" },
  ],
  searchFields: ["arabic", "transliteration", "english"],
  filters: [{ field: "deckId", label: "Deck", type: "relation", resource: "global-vocabulary-deck" }],
  defaultSort: { field: "position", direction: "asc" },
  fields: [
    {
      name: "deckId",
      label: "Deck",
      widget: { type: "relation-one", resource: "global-vocabulary-deck" },
      required: true,
    },
    { name: "arabic", label: "Arabic", widget: { type: "text", maxLength: 200 }, lang: "ar", required: true },
    { name: "transliteration", label: "Transliteration", widget: { type: "text", maxLength: 200 } },
    { name: "english", label: "English", widget: { type: "text", maxLength: 300 }, required: true },
    {
      name: "exampleArabic",
      label: "Example (Arabic)",
      widget: { type: "textarea", rows: 2 },
      lang: "ar",
      section: "Example",
    },
    { name: "exampleEnglish", label: "Example (English)", widget: { type: "textarea", rows: 2 }, section: "Example" },
    {
      name: "audioKey",
      label: "Audio",
      widget: { type: "upload", kind: "audio", prefix: "audio/", maxBytes: 5 * 1024 * 1024 },
      help: "The word spoken: MP3, M4A, OGG or WAV up to 5 MB.",
    },
    { name: "position", label: "Order", widget: { type: "number", min: 0 } },
    {
      name: "lemmaId",
      label: "Lemma",
      widget: { type: "relation-one", resource: "lemmas" },
      help: "The lexicon entry this word is a form of (search by Arabic, transliteration or meaning).",
    },
  ],
});
