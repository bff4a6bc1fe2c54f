/** WebVTT output for lesson captions (https://www.w3.org/TR/webvtt1/). Pure functions. */

export interface VttCue {
  id?: string | number;
  startMs: number;
  endMs: number;
  text: string;
}

/** "HH:MM:SS.mmm": hours always present so every cue timing has the same shape. */
export function formatVttTimestamp(totalMs: number): string {
  const ms = Math.max(0, Math.round(totalMs));
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = ms % 1000;
  const pad = (value: number, size = 2) => String(value).padStart(size, "0");
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(millis, 3)}`;
}

/**
 * Cue text is parsed as markup by players: `&`, `<` and `>` must be escaped (which also keeps "-->" out),
 * and a blank line would end the cue early, so line breaks collapse to single newlines.
 */
export function escapeVttText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r\n?/g, "\n")
    .replace(/\n\s*\n+/g, "\n")
    .trim();
}

/**
 * A complete WebVTT file. Cues with no text are left out (a transliteration line may be empty); a cue
 * whose end is not after its start gets a minimal 1 ms duration rather than breaking the file.
 */
export function buildWebVtt(cues: VttCue[], options: { language?: string } = {}): string {
  const blocks = ["WEBVTT" + (options.language ? `\nLanguage: ${options.language}` : "")];
  for (const cue of [...cues].sort((a, b) => a.startMs - b.startMs)) {
    const text = escapeVttText(cue.text);
    if (!text) continue;
    const end = cue.endMs > cue.startMs ? cue.endMs : cue.startMs + 1;
    const id = cue.id === undefined ? "" : `${String(cue.id).replace(/\s+|-->/g, "-")}\n`;
    blocks.push(`${id}${formatVttTimestamp(cue.startMs)} --> ${formatVttTimestamp(end)}\n${text}`);
  }
  return `${blocks.join("\n\n")}\n`;
}
