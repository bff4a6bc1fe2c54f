import { exportDeckSchema, type ExportDeck, type ExportNote } from "#core/schemas/anki-export";
import { buildAnkiPackage, type PackageSound } from "./anki-package";
import { canCutClips, cutClip, decodeMedia, fetchMedia, type DecodedMedia } from "./audio-clip";

/**
 * The export button's work in the browser (docs/export.md, ADR 037), loaded only when a member presses it:
 * ask the API for the deck's notes, gather the sounds (whole files, or sentences cut from the lesson's media),
 * write the package with sql.js (its asm.js build, loaded here) and hand the file to the browser.
 */

export type ExportQuery = { source: "my-words" | "all" } | { source: "list" | "collection" | "deck"; id: number };

export class ExportRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ExportRefused";
  }
}

export interface ExportProgress {
  /** What is happening, for the status line. */
  step: string;
}

export interface ExportResult {
  fileName: string;
  notes: number;
  sounds: number;
  /** Sounds the notes name that could not be added (a media file that failed to load or decode). */
  soundsMissing: number;
  notices: string[];
}

const GENERIC = "The export failed. Please try again.";

export function exportPath(query: ExportQuery, format: "json" | "csv") {
  const params = new URLSearchParams({ source: query.source });
  if ("id" in query) params.set("id", String(query.id));
  return `/api/export/notes${format === "csv" ? ".csv" : ""}?${params.toString()}`;
}

async function refusal(response: Response): Promise<ExportRefused> {
  const body: unknown = await response.json().catch(() => null);
  const errors = (body as { errors?: unknown } | null)?.errors;
  const message = Array.isArray(errors) && typeof errors[0] === "string" ? errors.join(" ") : GENERIC;
  return new ExportRefused(response.status, message);
}

/** Offers bytes to the browser as a download. */
export function saveFile(bytes: BlobPart, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function runCsvExport(query: ExportQuery): Promise<ExportResult> {
  const response = await fetch(exportPath(query, "csv"), { credentials: "same-origin" });
  if (!response.ok) throw await refusal(response);
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "ahla-cards.csv";
  const text = await response.arrayBuffer();
  saveFile(text, fileName, "text/csv;charset=utf-8");
  return { fileName, notes: -1, sounds: 0, soundsMissing: 0, notices: [] };
}

const extensionOf = (url: string) =>
  /\.([a-z0-9]{2,4})$/i.exec(new URL(url, window.location.href).pathname)?.[1] ?? "mp3";
const mediaKey = (url: string) => new URL(url, window.location.href).pathname;

/** Each note's sound: a whole file as it is, or a sentence cut from its lesson's media (decoded once). */
async function gatherSounds(notes: ExportNote[], onProgress: (progress: ExportProgress) => void) {
  const sounds = new Map<string, PackageSound>();
  const withAudio = notes.filter((note) => note.audio);
  const decoded = new Map<string, Promise<DecodedMedia>>();
  const files = new Map<string, Promise<Uint8Array>>();
  let missing = 0;
  let done = 0;
  for (const note of withAudio) {
    const audio = note.audio!;
    onProgress({ step: `Adding sounds: ${done + 1} of ${withAudio.length}` });
    try {
      const key = mediaKey(audio.mediaUrl);
      if (audio.startMs !== undefined && audio.endMs !== undefined) {
        if (!canCutClips()) throw new Error("no audio decoding");
        if (!decoded.has(key)) decoded.set(key, fetchMedia(audio.mediaUrl).then(decodeMedia));
        const media = await decoded.get(key)!;
        sounds.set(note.guid, {
          fileName: `${note.guid}.wav`,
          bytes: await cutClip(media, audio.startMs, audio.endMs),
        });
      } else {
        if (!files.has(key))
          files.set(
            key,
            fetchMedia(audio.mediaUrl).then((bytes) => new Uint8Array(bytes)),
          );
        const name = `ahla-${key
          .split("/")
          .pop()!
          .replace(/[^A-Za-z0-9._-]/g, "_")}`;
        sounds.set(note.guid, {
          fileName: name.endsWith(`.${extensionOf(audio.mediaUrl)}`) ? name : `${name}.${extensionOf(audio.mediaUrl)}`,
          bytes: await files.get(key)!,
        });
      }
    } catch {
      missing += 1;
    }
    done += 1;
  }
  return { sounds, missing };
}

export async function runAnkiExport(
  query: ExportQuery,
  { withSound, onProgress }: { withSound: boolean; onProgress: (progress: ExportProgress) => void },
): Promise<ExportResult> {
  onProgress({ step: "Gathering your cards…" });
  const response = await fetch(exportPath(query, "json"), {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw await refusal(response);
  const parsed = exportDeckSchema.safeParse(((await response.json()) as { data?: unknown }).data);
  if (!parsed.success) throw new ExportRefused(500, GENERIC);
  const deck: ExportDeck = parsed.data;

  const { sounds, missing } = withSound
    ? await gatherSounds(deck.notes, onProgress)
    : { sounds: new Map(), missing: 0 };

  onProgress({ step: "Writing the Anki package…" });
  const { default: initSqlJs } = await import("sql.js/dist/sql-asm.js");
  const SQL = await initSqlJs();
  const bytes = await buildAnkiPackage(() => new SQL.Database(), deck, { sounds });
  const fileName = `${deck.fileName}.apkg`;
  saveFile(bytes as Uint8Array<ArrayBuffer>, fileName, "application/octet-stream");
  return { fileName, notes: deck.notes.length, sounds: sounds.size, soundsMissing: missing, notices: deck.notices };
}
