/**
 * Reading subtitle files an administrator uploads (WebVTT, https://www.w3.org/TR/webvtt1/, and SubRip
 * .srt) and the Workers AI Whisper answer into transcript lines. Pure and strict: a malformed file is
 * refused with every problem and its line number instead of silently losing lines.
 */

export type SubtitleFormat = "vtt" | "srt";

export interface ImportedCue {
  startMs: number;
  endMs: number;
  text: string;
}

export interface SubtitleProblem {
  line: number;
  message: string;
}

export interface ParsedSubtitles {
  format: SubtitleFormat | null;
  cues: ImportedCue[];
  problems: SubtitleProblem[];
}

export const MAX_SUBTITLE_FILE_BYTES = 1024 * 1024;
export const MAX_IMPORTED_CUES = 2000;
const MAX_PROBLEMS = 20;

const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+(.*))?$/;
const VTT_TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const SRT_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{1,3})$/;

function readTime(text: string, format: SubtitleFormat): number | null {
  const match = (format === "vtt" ? VTT_TIME : SRT_TIME).exec(text);
  if (!match) return null;
  const [, hours, minutes, seconds, fraction] = match;
  return ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(fraction!.padEnd(3, "0"));
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  nbsp: " ",
  quot: '"',
  apos: "'",
  lrm: "",
  rlm: "",
};

/** Cue text as plain text: markup tags (voices, italics, timestamps) dropped, entities decoded, one line. */
export function plainCueText(lines: string[]): string {
  return lines
    .join(" ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

export function detectSubtitleFormat(text: string, fileName = ""): SubtitleFormat | null {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (/^WEBVTT(?:[ \t\n]|$)/.test(start)) return "vtt";
  if (/\.vtt$/i.test(fileName)) return "vtt";
  if (/\.srt$/i.test(fileName)) return "srt";
  if (/^\d+\s*\n\s*\d{1,3}:\d\d:\d\d[,.]\d{1,3}\s+-->/.test(start)) return "srt";
  return null;
}

/** Parses a .vtt or .srt file. Any problem means the file is refused: `cues` is then what could be read. */
export function parseSubtitles(input: string, options: { fileName?: string; format?: SubtitleFormat } = {}) {
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const format = options.format ?? detectSubtitleFormat(text, options.fileName);
  const result: ParsedSubtitles = { format, cues: [], problems: [] };
  const problem = (line: number, message: string) => {
    if (result.problems.length < MAX_PROBLEMS) result.problems.push({ line, message });
  };
  if (!text.trim()) {
    problem(1, "The file is empty.");
    return result;
  }
  if (!format) {
    problem(1, "This is neither a WebVTT file (it would start with “WEBVTT”) nor an SRT file (numbered blocks).");
    return result;
  }

  const lines = text.split("\n");
  let index = 0;
  if (format === "vtt") {
    if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0]!)) {
      problem(1, "A WebVTT file must start with the line “WEBVTT”.");
      return result;
    }
    // The header runs until the first blank line.
    while (index < lines.length && lines[index]!.trim() !== "") index += 1;
  }

  while (index < lines.length) {
    while (index < lines.length && lines[index]!.trim() === "") index += 1;
    if (index >= lines.length) break;
    const blockStart = index;
    const block: string[] = [];
    while (index < lines.length && lines[index]!.trim() !== "") block.push(lines[index++]!);

    if (format === "vtt" && /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) continue;
    let timingOffset = block.findIndex((line) => line.includes("-->"));
    if (timingOffset < 0) {
      problem(
        blockStart + 1,
        format === "vtt"
          ? "Expected a timing line like “00:00:01.000 --> 00:00:03.500”."
          : "Expected a timing line like “00:00:01,000 --> 00:00:03,500”.",
      );
      continue;
    }
    if (timingOffset > 1) {
      problem(blockStart + 1, "A cue has at most one identifier line before its timing line.");
      continue;
    }
    if (format === "srt" && timingOffset === 1 && !/^\s*\d+\s*$/.test(block[0]!)) {
      problem(blockStart + 1, `Expected the cue number, found “${block[0]!.trim().slice(0, 40)}”.`);
    }
    const lineNumber = blockStart + timingOffset + 1;
    const timing = TIMING.exec(block[timingOffset]!.trim());
    const start = timing ? readTime(timing[1]!, format) : null;
    const end = timing ? readTime(timing[2]!, format) : null;
    if (!timing) {
      problem(lineNumber, "The timing line must be “start --> end” with spaces around the arrow.");
      continue;
    }
    if (start === null) problem(lineNumber, `“${timing[1]}” is not a valid start time.`);
    if (end === null) problem(lineNumber, `“${timing[2]}” is not a valid end time.`);
    if (start === null || end === null) continue;
    if (end <= start) {
      problem(lineNumber, "The end time must be after the start time.");
      continue;
    }
    timingOffset += 1;
    const cueText = plainCueText(block.slice(timingOffset));
    if (!cueText) {
      problem(lineNumber, "This cue has no text.");
      continue;
    }
    if (result.cues.length >= MAX_IMPORTED_CUES) {
      problem(lineNumber, `A transcript has at most ${MAX_IMPORTED_CUES} lines.`);
      break;
    }
    result.cues.push({ startMs: start, endMs: end, text: cueText });
  }
  if (result.cues.length === 0 && result.problems.length === 0) problem(1, "The file has no cues.");
  return result;
}

/** The part of Whisper's answer we read (Workers AI `@cf/openai/whisper-large-v3-turbo`). */
export interface WhisperAnswer {
  text?: string;
  segments?: Array<{ start?: number; end?: number; text?: string }>;
  vtt?: string;
  transcription_info?: { language?: string; duration?: number };
}

/** Whisper's segments as transcript lines (seconds → ms); its WebVTT when there are no segments. */
export function cuesFromWhisper(answer: WhisperAnswer): ImportedCue[] {
  const fromSegments = (answer.segments ?? [])
    .map((segment) => ({
      startMs: Math.round((segment.start ?? 0) * 1000),
      endMs: Math.round((segment.end ?? 0) * 1000),
      text: (segment.text ?? "").replace(/\s+/g, " ").trim(),
    }))
    .filter((cue) => cue.text && cue.endMs > cue.startMs);
  if (fromSegments.length) return fromSegments;
  if (answer.vtt) return parseSubtitles(answer.vtt, { format: "vtt" }).cues;
  const whole = answer.text?.trim();
  const durationMs = Math.round((answer.transcription_info?.duration ?? 0) * 1000);
  return whole && durationMs > 0 ? [{ startMs: 0, endMs: durationMs, text: whole }] : [];
}

/**
 * Imported lines in time order with overlaps trimmed: a line that starts before the previous one ends
 * pushes that one's end back (Whisper segments and hand-made files often touch or overlap by a frame).
 */
export function tidyImportedCues(cues: ImportedCue[]): ImportedCue[] {
  const sorted = [...cues].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const tidy: ImportedCue[] = [];
  for (const cue of sorted) {
    const previous = tidy[tidy.length - 1];
    if (previous && previous.endMs > cue.startMs) {
      if (cue.startMs - previous.startMs < 100) {
        previous.endMs = Math.max(previous.endMs, cue.endMs);
        previous.text = `${previous.text} ${cue.text}`;
        continue;
      }
      previous.endMs = cue.startMs;
    }
    tidy.push({ ...cue });
  }
  return tidy;
}
