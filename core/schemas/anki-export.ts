import { z } from "zod";
import { queryIntegerField } from "./query";

/**
 * Exporting cards to Anki or a spreadsheet (docs/export.md, ADR 037). The server answers a deck's notes in one
 * shape, `ExportNote`, whatever the source; the browser writes the Anki package or the CSV from them.
 */

/** Which cards: the member's "My words", one of their lists, a curated collection, a global deck, or all cards. */
export const EXPORT_SOURCES = ["my-words", "list", "collection", "deck", "all"] as const;
export type ExportSource = (typeof EXPORT_SOURCES)[number];
const NEEDS_ID: ReadonlySet<ExportSource> = new Set(["list", "collection", "deck"]);

/** `GET /api/export/notes?source=&id=` (and `/api/export/notes.csv`). */
export const exportNotesQuerySchema = z
  .object({
    source: z.enum(EXPORT_SOURCES, { error: `source must be one of: ${EXPORT_SOURCES.join(", ")}.` }),
    id: queryIntegerField("id must be a whole number from 1.", { min: 1, max: 999_999_999_999 }).optional(),
  })
  .superRefine((query, issues) => {
    if (NEEDS_ID.has(query.source) && query.id === undefined)
      issues.addIssue({ code: "custom", path: ["id"], message: `id is required for source ${query.source}.` });
    if (!NEEDS_ID.has(query.source) && query.id !== undefined)
      issues.addIssue({ code: "custom", path: ["id"], message: `source ${query.source} takes no id.` });
  });
export type ExportNotesQuery = z.output<typeof exportNotesQuerySchema>;

/**
 * The sound of a note: a media file the browser may fetch (a signed URL, so only for a viewer entitled to it),
 * whole, or the stretch [startMs, endMs) of it (a sentence of a lesson).
 */
export const exportAudioSchema = z.object({
  mediaUrl: z.string(),
  startMs: z.number().int().min(0).optional(),
  endMs: z.number().int().min(0).optional(),
});
export type ExportAudio = z.infer<typeof exportAudioSchema>;

/** One note, as every export writes it (Anki fields, CSV columns). */
export const exportNoteSchema = z.object({
  /** Stable across exports of the same card, so re-importing updates a note instead of duplicating it. */
  guid: z.string().min(1),
  arabic: z.string(),
  transliteration: z.string(),
  english: z.string(),
  /** The line (or example) the word was met in. */
  sentenceArabic: z.string().optional(),
  sentenceTransliteration: z.string().optional(),
  sentenceEnglish: z.string().optional(),
  lessonTitle: z.string().optional(),
  /** An absolute link to the lesson at the moment (`?t=<seconds>`). */
  momentUrl: z.string().optional(),
  audio: exportAudioSchema.optional(),
  /** Anki tags: no spaces inside one. */
  tags: z.array(z.string().regex(/^\S+$/)),
});
export type ExportNote = z.infer<typeof exportNoteSchema>;

export const exportDeckSchema = z.object({
  /** The deck's name in Anki ("Ahla::My words"). */
  deckName: z.string().min(1),
  /** A file name without extension: letters, digits and dashes. */
  fileName: z.string().min(1),
  notes: z.array(exportNoteSchema),
  /** What the export leaves out and why, to show beside the result. */
  notices: z.array(z.string()),
});
export type ExportDeck = z.infer<typeof exportDeckSchema>;

/** The CSV's columns, in order, and how each note fills them. */
export const EXPORT_CSV_COLUMNS = [
  ["Arabic", (note: ExportNote) => note.arabic],
  ["Transliteration", (note: ExportNote) => note.transliteration],
  ["English", (note: ExportNote) => note.english],
  ["Sentence", (note: ExportNote) => note.sentenceArabic ?? ""],
  ["Sentence transliteration", (note: ExportNote) => note.sentenceTransliteration ?? ""],
  ["Sentence English", (note: ExportNote) => note.sentenceEnglish ?? ""],
  ["Lesson", (note: ExportNote) => note.lessonTitle ?? ""],
  ["Link", (note: ExportNote) => note.momentUrl ?? ""],
  ["Tags", (note: ExportNote) => note.tags.join(" ")],
] as const;
