import { z } from "zod";
import { flashcards } from "#drizzle/schema";
import { integerField, mediaKeyField, requiredId, requiredText, textWithDefault } from "../schema-helpers";
import { defineResource } from "../types";

export const flashcardsResource = defineResource({
  slug: "flashcards",
  label: "Flashcards",
  description: "Cards with Arabic, transliteration, English, audio and image.",
  singular: "flashcard",
  table: flashcards,
  titleField: "arabic",
  createSchema: z.object({
    collectionId: requiredId("Choose the collection."),
    arabic: requiredText("Enter the Arabic.", 300),
    transliteration: textWithDefault(300),
    english: requiredText("Enter the meaning in English.", 300),
    audioKey: mediaKeyField("audio/"),
    imageKey: mediaKeyField("thumbnails/"),
    position: integerField({ max: 100_000 }),
  }),
  columns: [
    { field: "imageKey", label: "Image", render: "thumbnail" },
    { field: "arabic", label: "Arabic", lang: "ar", sortable: true },
    { field: "transliteration", label: "Transliteration" },
    { field: "english", label: "English", sortable: true },
    { field: "collectionId", label: "Collection", render: "relation", relation: "flashcollections", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  searchFields: ["arabic", "transliteration", "english"],
  filters: [{ field: "collectionId", label: "Collection", type: "relation", resource: "flashcollections" }],
  defaultSort: { field: "position", direction: "asc" },
  fields: [
    {
      name: "collectionId",
      label: "Collection",
      widget: { type: "relation-one", resource: "flashcollections" },
      required: true,
    },
    { name: "arabic", label: "Arabic", widget: { type: "text", maxLength: 300 }, lang: "ar", required: true },
    { name: "transliteration", label: "Transliteration", widget: { type: "text", maxLength: 300 } },
    { name: "english", label: "English", widget: { type: "text", maxLength: 300 }, required: true },
    {
      name: "audioKey",
      label: "Audio",
      widget: { type: "upload", kind: "audio", prefix: "audio/", maxBytes: 5 * 1024 * 1024 },
      help: "A short recording of the word: MP3, M4A, OGG or WAV up to 5 MB.",
    },
    {
      name: "imageKey",
      label: "Image",
      widget: { type: "upload", kind: "image", prefix: "thumbnails/", maxBytes: 2 * 1024 * 1024 },
    },
    { name: "position", label: "Order", widget: { type: "number", min: 0 } },
  ],
});
