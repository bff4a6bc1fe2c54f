/**
 * Pure editing rules of the transcript cue editor (admin lesson workspace and subtitles generator):
 * the time format of the inputs, split, merge and validation. The server validates with the same
 * `validateCues` before it saves.
 */

export interface DraftCue {
  /** Stored cue id; absent for a line that is not saved yet (a split half, an imported line). */
  id?: number;
  startMs: number;
  endMs: number;
  arabic: string;
  transliteration: string;
  english: string;
}

export const CUE_TEXT_MAX_LENGTH = 600;
export const MAX_CUES_PER_LESSON = 2000;
/** The shortest line a split may leave on either side. */
export const MIN_CUE_MS = 100;

const pad = (value: number, size = 2) => String(value).padStart(size, "0");

/** "m:ss.mmm" ("h:mm:ss.mmm" past the hour): what the time inputs show. */
export function formatCueTime(totalMs: number): string {
  if (!Number.isFinite(totalMs)) return "";
  const ms = Math.max(0, Math.round(totalMs));
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = ms % 1000;
  const tail = `${pad(seconds)}.${pad(millis, 3)}`;
  return hours > 0 ? `${hours}:${pad(minutes)}:${tail}` : `${pad(minutes)}:${tail}`;
}

/**
 * Reads "mm:ss.mmm", "h:mm:ss.mmm", "ss.mmm" or plain seconds (a comma works as the decimal mark, as
 * in SRT). Null when the text is not a time.
 */
export function parseCueTime(text: string): number | null {
  const match = /^\s*(?:(?:(\d{1,2}):)?(\d{1,3}):)?(\d{1,5})(?:[.,](\d{1,3}))?\s*$/.exec(text);
  if (!match) return null;
  const [, hours, minutes, seconds, fraction] = match;
  if ((hours !== undefined || minutes !== undefined) && Number(seconds) >= 60) return null;
  if (hours !== undefined && Number(minutes) >= 60) return null;
  const millis = fraction ? Number(fraction.padEnd(3, "0")) : 0;
  return ((Number(hours ?? 0) * 60 + Number(minutes ?? 0)) * 60 + Number(seconds)) * 1000 + millis;
}

/** Splits `text` at the word boundary nearest to `ratio` (0..1) of its length. */
export function splitTextAt(text: string, ratio: number): [string, string] {
  const trimmed = text.trim();
  if (!trimmed) return ["", ""];
  const target = Math.round(trimmed.length * Math.min(1, Math.max(0, ratio)));
  let best = -1;
  for (let index = 0; index < trimmed.length; index += 1) {
    if (/\s/.test(trimmed[index]!) && (best < 0 || Math.abs(index - target) < Math.abs(best - target))) best = index;
  }
  if (best < 0) return ratio < 0.5 ? ["", trimmed] : [trimmed, ""];
  return [trimmed.slice(0, best).trim(), trimmed.slice(best).trim()];
}

/**
 * Splits a line at a time inside it: the first half keeps the stored id (so exercises that point at
 * the line keep pointing at its start), texts are cut at the word nearest the same proportion.
 * Null when either half would be shorter than MIN_CUE_MS.
 */
export function splitCueAtTime(cue: DraftCue, atMs: number): [DraftCue, DraftCue] | null {
  const at = Math.round(atMs);
  if (at - cue.startMs < MIN_CUE_MS || cue.endMs - at < MIN_CUE_MS) return null;
  const ratio = (at - cue.startMs) / (cue.endMs - cue.startMs);
  const [arabicA, arabicB] = splitTextAt(cue.arabic, ratio);
  const [translitA, translitB] = splitTextAt(cue.transliteration, ratio);
  const [englishA, englishB] = splitTextAt(cue.english, ratio);
  return [
    { ...cue, endMs: at, arabic: arabicA, transliteration: translitA, english: englishA },
    { startMs: at, endMs: cue.endMs, arabic: arabicB, transliteration: translitB, english: englishB },
  ];
}

/**
 * Splits a line where the editor's caret is in its Arabic text: Arabic is cut exactly there, the time
 * and the other two lines in the same proportion.
 */
export function splitCueAtCharacter(cue: DraftCue, characterIndex: number): [DraftCue, DraftCue] | null {
  const length = cue.arabic.length;
  if (length === 0 || characterIndex <= 0 || characterIndex >= length) return null;
  const ratio = characterIndex / length;
  const at = Math.round(cue.startMs + (cue.endMs - cue.startMs) * ratio);
  const halves = splitCueAtTime(cue, at);
  if (!halves) return null;
  halves[0].arabic = cue.arabic.slice(0, characterIndex).trim();
  halves[1].arabic = cue.arabic.slice(characterIndex).trim();
  return halves;
}

const joinText = (a: string, b: string) => [a.trim(), b.trim()].filter(Boolean).join(" ");

/** Merges a line with the next one: the first keeps its id, the texts are joined with a space. */
export function mergeCues(first: DraftCue, second: DraftCue): DraftCue {
  return {
    ...first,
    startMs: Math.min(first.startMs, second.startMs),
    endMs: Math.max(first.endMs, second.endMs),
    arabic: joinText(first.arabic, second.arabic),
    transliteration: joinText(first.transliteration, second.transliteration),
    english: joinText(first.english, second.english),
  };
}

/** A new empty line at `atMs`, as long as the gap before the next line allows (at most 3 s). */
export function newCueAt(cues: readonly DraftCue[], atMs: number, durationMs: number | null): DraftCue {
  const start = Math.max(0, Math.round(atMs));
  const next = cues.filter((cue) => cue.startMs > start).sort((a, b) => a.startMs - b.startMs)[0];
  let end = start + 3000;
  if (next) end = Math.min(end, next.startMs);
  if (durationMs && durationMs > 0) end = Math.min(end, durationMs);
  if (end <= start) end = start + MIN_CUE_MS;
  return { startMs: start, endMs: end, arabic: "", transliteration: "", english: "" };
}

export function sortCues<T extends DraftCue>(cues: readonly T[]): T[] {
  return [...cues].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

export type CueField = "startMs" | "endMs" | "arabic" | "transliteration" | "english";
/** Errors of one line by field, plus `line` for what concerns the line as a whole. */
export type CueErrors = Partial<Record<CueField | "line", string[]>>;

/**
 * Checks every line: start before end, inside the media's duration (when known), no overlap with the
 * line before (in the given order, which must be time order), an Arabic text, length limits.
 * Returns errors by line index; an empty object means the transcript can be saved.
 */
export function validateCues(cues: readonly DraftCue[], durationMs: number | null): Record<number, CueErrors> {
  const errors: Record<number, CueErrors> = {};
  const add = (index: number, field: CueField | "line", message: string) => {
    const line = (errors[index] ??= {});
    (line[field] ??= []).push(message);
  };
  if (cues.length > MAX_CUES_PER_LESSON) add(0, "line", `A lesson has at most ${MAX_CUES_PER_LESSON} lines.`);
  cues.forEach((cue, index) => {
    if (!Number.isFinite(cue.startMs) || cue.startMs < 0) add(index, "startMs", "Start must be a time like 01:02.500.");
    if (!Number.isFinite(cue.endMs) || cue.endMs < 0) add(index, "endMs", "End must be a time like 01:04.000.");
    else if (cue.endMs <= cue.startMs) add(index, "endMs", "End must be after the start.");
    if (durationMs && durationMs > 0 && cue.endMs > durationMs) {
      add(index, "endMs", `End is past the end of the video (${formatCueTime(durationMs)}).`);
    }
    const previous = cues[index - 1];
    if (previous && cue.startMs < previous.endMs) {
      add(
        index,
        "startMs",
        previous.startMs > cue.startMs
          ? "Lines must be in time order: this one starts before the line above."
          : `Overlaps the line above, which ends at ${formatCueTime(previous.endMs)}.`,
      );
    }
    if (!cue.arabic.trim()) add(index, "arabic", "Write the Arabic line.");
    for (const field of ["arabic", "transliteration", "english"] as const) {
      if (cue[field].length > CUE_TEXT_MAX_LENGTH) add(index, field, `At most ${CUE_TEXT_MAX_LENGTH} characters.`);
    }
  });
  return errors;
}

/** "Line 3: End must be after the start." for every error, in line order. */
export function describeCueErrors(errors: Record<number, CueErrors>): string[] {
  return Object.entries(errors)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([index, fields]) =>
      Object.values(fields)
        .flat()
        .map((message) => `Line ${Number(index) + 1}: ${message}`),
    );
}
