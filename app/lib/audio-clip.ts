import { encodeWav } from "#core/wav";
/**
 * Sentence audio for an export, cut in the learner's browser (docs/export.md, ADR 037): the lesson's media is
 * fetched once through its signed URL, decoded by the browser (`decodeAudioData`), and each sentence's stretch
 * is rendered to mono 16 kHz and written as a 16-bit WAV, which every Anki plays.
 */

/** Past this size a lesson's media is not decoded (its audio would not fit a phone's memory): no sound. */
export const CLIP_SOURCE_MAX_BYTES = 80 * 1024 * 1024;
export const CLIP_SAMPLE_RATE = 16_000;

/** A decoded media file, shared by every clip of the same lesson. */
export type DecodedMedia = AudioBuffer;

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  const scope = globalThis as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

/** Whether this browser can cut clips at all. */
export function canCutClips(): boolean {
  return audioContextClass() !== null && typeof OfflineAudioContext !== "undefined";
}

/** The media's bytes, refused past `CLIP_SOURCE_MAX_BYTES`. */
export async function fetchMedia(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch(url, { signal, credentials: "same-origin" });
  if (!response.ok) throw new Error(`The media answered ${response.status}.`);
  const length = Number(response.headers.get("Content-Length") ?? "0");
  if (length > CLIP_SOURCE_MAX_BYTES) throw new Error("The lesson's media is too large to cut here.");
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength > CLIP_SOURCE_MAX_BYTES) throw new Error("The lesson's media is too large to cut here.");
  return bytes;
}

export async function decodeMedia(bytes: ArrayBuffer): Promise<DecodedMedia> {
  const Context = audioContextClass();
  if (!Context) throw new Error("This browser cannot decode audio.");
  const context = new Context();
  try {
    return await context.decodeAudioData(bytes);
  } finally {
    void context.close();
  }
}

/** [startMs, endMs) of the decoded media as a mono 16 kHz WAV. */
export async function cutClip(media: DecodedMedia, startMs: number, endMs: number): Promise<Uint8Array> {
  return encodeWav(await cutSamples(media, startMs, endMs), CLIP_SAMPLE_RATE);
}

/** [startMs, endMs) of the decoded media as mono 16 kHz samples (-1..1). */
export async function cutSamples(media: DecodedMedia, startMs: number, endMs: number): Promise<Float32Array> {
  const start = Math.min(startMs / 1000, media.duration);
  const duration = Math.max(0.05, Math.min(endMs / 1000, media.duration) - start);
  const frames = Math.ceil(duration * CLIP_SAMPLE_RATE);
  const offline = new OfflineAudioContext(1, frames, CLIP_SAMPLE_RATE);
  const source = offline.createBufferSource();
  source.buffer = media;
  source.connect(offline.destination);
  source.start(0, start, duration);
  const rendered = await offline.startRendering();
  return rendered.getChannelData(0);
}
