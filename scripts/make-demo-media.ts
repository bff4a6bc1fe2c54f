/**
 * Generates the small, real demo media for the demo catalogue in seed/demo-content.ts
 * and writes it to seed/media/ (the seed uploads these files to local R2 under the same keys).
 *
 *   npx tsx scripts/make-demo-media.ts
 *
 * Needs, on PATH or at the given path (Debian/Ubuntu: `apt-get install ffmpeg espeak-ng chromium`):
 *   - ffmpeg and ffprobe (libx264 and the native AAC encoder)
 *   - espeak-ng with its Arabic voice (`espeak-ng --voices=ar`)
 *   - Chromium at /usr/bin/chromium (override with CHROMIUM_PATH), driven by the project's playwright-core
 *
 * For every demo lesson (published and draft) it writes:
 *   - videos/<slug>.mp4: one 640x360 slide per cue (Arabic large and right-to-left, transliteration and
 *     English below), each visible from its cue's start until the next cue starts; the cue's Arabic spoken
 *     by espeak-ng starting at the cue's start and sped up (ffmpeg atempo) when needed so it ends inside
 *     the cue. H.264 + AAC mono, exactly `durationSeconds` long, keyframes at every cue start.
 *   - thumbnails/<slug>.jpg: the title card (also shown in the video before the first cue, if any).
 *   - attachments/<slug>-transcript.txt: the cue transcript as UTF-8 text.
 * For every listening activity: audio/<activity-slug>.m4a, the activity's Arabic transcript read aloud.
 * For the shadowing e2e (tests/e2e/speaking-voice.spec.ts): speaking/<slug>-line-<n>.wav, a few lines of one lesson
 * spoken exactly as its video says them, then silence, for Chromium's fake microphone
 * (`--use-file-for-fake-audio-capture`); not uploaded by the seed. `--speaking-only` writes just these.
 * And manifest.json with the R2 keys, sizes and durations. Re-running regenerates everything and removes
 * generated files that no longer belong to any lesson or activity.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import {
  DEMO_LESSONS,
  DEMO_LISTENING_GROUPS,
  DEMO_TEACHERS,
  type DemoCue,
  type DemoLesson,
  type DemoListeningActivity,
} from "../seed/demo-content";

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = join(ROOT, "seed", "media");
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 10;
const FRAME_MS = 1000 / FPS;
/** Longest gap between keyframes, in frames (keyframes are also forced at every cue start). */
const GOP_FRAMES = 5 * FPS;
const VIDEO_CRF = 33;
const AUDIO_BITRATE = "32k";
const JPEG_QUALITY = 70;

/** espeak-ng's native output: 16-bit signed little-endian mono at 22.05 kHz. */
const SAMPLE_RATE = 22050;
const BYTES_PER_SAMPLE = 2;
const VOICE = "ar";
const WORDS_PER_MINUTE = 130;
/** Spoken lines must end at least this long before their cue ends. */
const CUE_TAIL_MS = 200;
/** atempo is chained in steps no larger than this (each instance is best within 0.5-2.0). */
const MAX_ATEMPO_STEP = 2;

/** Listening clips: silence before, between and after the lines; alternating pitch marks the speakers. */
const LISTENING_LEAD_MS = 400;
const LISTENING_GAP_MS = 700;
const LISTENING_TAIL_MS = 500;
const SPEAKER_PITCHES = [45, 70] as const;

/** Soft limits: exceeding them fails the run rather than shipping oversized seed files. */
const MAX_VIDEO_BYTES = 1_000_000;
const MAX_THUMBNAIL_BYTES = 60_000;

const BRAND = { teal: "#11453e", tealDark: "#0a2e29", amber: "#fbab33", amberSoft: "#fde3b5" } as const;

const FONT_FILES = {
  naskh400: "node_modules/@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff2",
  naskh700: "node_modules/@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-700-normal.woff2",
  interLatin: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  interLatinExt: "node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2",
} as const;

// Unicode ranges of the fontsource "latin" and "latin-ext" subsets (latin-ext covers ʔ ʕ ħ).
const LATIN_RANGE =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
const LATIN_EXT_RANGE =
  "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";

// ---------------------------------------------------------------------------------------------
// Manifest shape (read by the seed)
// ---------------------------------------------------------------------------------------------

interface VideoEntry {
  key: string;
  thumbnailKey: string;
  contentType: "video/mp4";
  thumbnailContentType: "image/jpeg";
  durationMs: number;
  bytes: number;
  thumbnailBytes: number;
}

interface AudioEntry {
  key: string;
  contentType: "audio/mp4";
  durationMs: number;
  bytes: number;
}

interface AttachmentEntry {
  key: string;
  title: string;
  contentType: "text/plain; charset=utf-8";
  bytes: number;
}

interface Manifest {
  videos: Record<string, VideoEntry>;
  audio: Record<string, AudioEntry>;
  attachments: Record<string, AttachmentEntry>;
}

interface LessonReport {
  slug: string;
  seconds: number;
  videoBytes: number;
  thumbnailBytes: number;
  /** Largest atempo factor any cue needed (1 = none sped up). */
  maxSpeedUp: number;
  spedUpCues: number;
}

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

/** Runs a tool to completion; throws with its stderr when it fails. Returns stdout. */
function run(command: string, args: string[], input?: Buffer | string): Buffer {
  const result = spawnSync(command, args, { input, maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status}:\n${result.stderr.toString()}`);
  }
  return result.stdout;
}

function checkTools(): void {
  for (const [tool, flag] of [
    ["ffmpeg", "-version"],
    ["ffprobe", "-version"],
    ["espeak-ng", "--version"],
  ] as const) {
    try {
      run(tool, [flag]);
    } catch {
      throw new Error(`${tool} is required (apt-get install ffmpeg espeak-ng).`);
    }
  }
  const voices = run("espeak-ng", [`--voices=${VOICE}`]).toString();
  if (!/\bar\b/.test(voices.split("\n").slice(1).join("\n"))) {
    throw new Error(`espeak-ng has no Arabic voice ("${VOICE}"); install espeak-ng-data.`);
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  for (const file of Object.values(FONT_FILES)) {
    if (!existsSync(join(ROOT, file))) throw new Error(`Font missing: ${file} (run npm install).`);
  }
}

function probeDurationMs(file: string): number {
  const out = run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]).toString();
  const seconds = Number(out.trim());
  if (!Number.isFinite(seconds)) throw new Error(`ffprobe could not read the duration of ${file}`);
  return Math.round(seconds * 1000);
}

// ---------------------------------------------------------------------------------------------
// Speech (raw PCM buffers: s16le, mono, SAMPLE_RATE)
// ---------------------------------------------------------------------------------------------

const PCM_FORMAT = ["-f", "s16le", "-ar", String(SAMPLE_RATE), "-ac", "1"];

function msToSamples(ms: number): number {
  return Math.round((ms * SAMPLE_RATE) / 1000);
}

function pcmDurationMs(pcm: Buffer): number {
  return (pcm.length / BYTES_PER_SAMPLE / SAMPLE_RATE) * 1000;
}

const TRIM_SILENCE = [
  "silenceremove=start_periods=1:start_threshold=-50dB:start_silence=0.02",
  "areverse",
  "silenceremove=start_periods=1:start_threshold=-50dB:start_silence=0.05",
  "areverse",
].join(",");

/** espeak-ng reads `text` (from stdin, so a leading "-" is never an option) with leading/trailing silence trimmed. */
function speak(text: string, pitch = 50): Buffer {
  const wav = run("espeak-ng", ["-v", VOICE, "-s", String(WORDS_PER_MINUTE), "-p", String(pitch), "--stdout"], text);
  const pcm = run(
    "ffmpeg",
    ["-v", "error", "-f", "wav", "-i", "pipe:0", "-af", TRIM_SILENCE, ...PCM_FORMAT, "pipe:1"],
    wav,
  );
  if (pcm.length === 0) throw new Error(`espeak-ng produced no audio for: ${text}`);
  return pcm;
}

/** atempo factors no larger than MAX_ATEMPO_STEP whose product is `factor`. */
function atempoChain(factor: number): string {
  const steps: string[] = [];
  let remaining = factor;
  while (remaining > MAX_ATEMPO_STEP) {
    steps.push(`atempo=${MAX_ATEMPO_STEP}`);
    remaining /= MAX_ATEMPO_STEP;
  }
  steps.push(`atempo=${remaining.toFixed(5)}`);
  return steps.join(",");
}

/**
 * Fits speech into a window: returned unchanged when it already fits (the caller pads with silence),
 * otherwise sped up with atempo so it lasts at most `windowMs`.
 */
function fitToWindow(pcm: Buffer, windowMs: number): { pcm: Buffer; factor: number } {
  const spokenMs = pcmDurationMs(pcm);
  if (spokenMs <= windowMs) return { pcm, factor: 1 };
  // Aim 2% under the window so atempo's rounding never pushes the end past it.
  const factor = spokenMs / (windowMs * 0.98);
  const faster = run(
    "ffmpeg",
    ["-v", "error", ...PCM_FORMAT, "-i", "pipe:0", "-af", atempoChain(factor), ...PCM_FORMAT, "pipe:1"],
    pcm,
  );
  const maxBytes = msToSamples(windowMs) * BYTES_PER_SAMPLE;
  return { pcm: faster.length > maxBytes ? faster.subarray(0, maxBytes) : faster, factor };
}

/** Writes raw PCM as a WAV file. */
function writeWav(file: string, pcm: Buffer): void {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(pcm.length, 40);
  writeFileSync(file, Buffer.concat([header, pcm]));
}

// ---------------------------------------------------------------------------------------------
// Slides (HTML rendered by Chromium, so Arabic is shaped and laid out right-to-left)
// ---------------------------------------------------------------------------------------------

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

function fontUrl(file: string): string {
  return pathToFileURL(join(ROOT, file)).href;
}

const SLIDE_CSS = `
@font-face { font-family: "Noto Naskh Arabic"; font-weight: 400; src: url("${fontUrl(FONT_FILES.naskh400)}") format("woff2"); }
@font-face { font-family: "Noto Naskh Arabic"; font-weight: 700; src: url("${fontUrl(FONT_FILES.naskh700)}") format("woff2"); }
@font-face { font-family: "Inter"; font-weight: 100 900; src: url("${fontUrl(FONT_FILES.interLatin)}") format("woff2"); unicode-range: ${LATIN_RANGE}; }
@font-face { font-family: "Inter"; font-weight: 100 900; src: url("${fontUrl(FONT_FILES.interLatinExt)}") format("woff2"); unicode-range: ${LATIN_EXT_RANGE}; }
* { box-sizing: border-box; margin: 0; padding: 0; }
html, body { width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
body {
  font-family: "Inter", sans-serif; color: #fff;
  background: radial-gradient(120% 140% at 0% 0%, ${BRAND.teal} 0%, ${BRAND.teal} 45%, ${BRAND.tealDark} 100%);
  display: flex; flex-direction: column; padding: 22px 32px 20px;
}
[lang="ar"] { font-family: "Noto Naskh Arabic", "Inter", serif; }
.top { display: flex; align-items: center; justify-content: space-between; font-size: 13px; color: rgba(255,255,255,.72); gap: 16px; }
.brand { display: flex; align-items: baseline; gap: 8px; font-weight: 700; font-size: 17px; color: #fff; letter-spacing: .01em; }
.brand .dot { width: 8px; height: 8px; border-radius: 50%; background: ${BRAND.amber}; display: inline-block; }
.brand [lang="ar"] { color: ${BRAND.amber}; font-size: 18px; }
.top .meta { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.main { flex: 1; display: flex; flex-direction: column; justify-content: center; align-items: center; text-align: center; gap: 10px; min-height: 0; }
.rule { width: 56px; height: 3px; border-radius: 2px; background: ${BRAND.amber}; margin: 4px auto; }
.title-ar { font-size: 46px; font-weight: 700; line-height: 1.5; }
.title-en { font-size: 26px; font-weight: 700; line-height: 1.2; letter-spacing: -.01em; }
.chips { display: flex; gap: 10px; justify-content: center; flex-wrap: wrap; margin-top: 8px; font-size: 14px; }
.chip { padding: 5px 12px; border-radius: 999px; background: rgba(255,255,255,.1); color: #fff; }
.chip.level { background: ${BRAND.amber}; color: ${BRAND.tealDark}; font-weight: 700; text-transform: capitalize; }
.cue-ar { font-size: 44px; font-weight: 700; line-height: 1.55; max-width: 100%; }
.cue-tr { font-size: 19px; color: ${BRAND.amberSoft}; line-height: 1.35; font-style: italic; }
.cue-en { font-size: 18px; color: rgba(255,255,255,.86); line-height: 1.35; }
.progress { height: 4px; border-radius: 2px; background: rgba(255,255,255,.15); overflow: hidden; }
.progress > div { height: 100%; background: ${BRAND.amber}; }
`;

/** Shrinks every [data-fit] element until it is at most data-fit px tall, then marks the page ready. */
const FIT_SCRIPT = `
document.fonts.ready.then(() => {
  for (const el of document.querySelectorAll("[data-fit]")) {
    const max = Number(el.dataset.fit);
    let size = parseFloat(getComputedStyle(el).fontSize);
    while (el.scrollHeight > max && size > 12) { size -= 1; el.style.fontSize = size + "px"; }
  }
  document.body.dataset.ready = "1";
});
`;

function htmlDocument(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${SLIDE_CSS}</style></head><body>${body}<script>${FIT_SCRIPT}</script></body></html>`;
}

const BRAND_HTML = `<div class="brand"><span class="dot"></span>Ahla <span lang="ar" dir="rtl">أهلا</span></div>`;

function teacherLine(lesson: DemoLesson): string {
  return lesson.teacherSlugs
    .map((slug) => {
      const teacher = DEMO_TEACHERS.find((t) => t.slug === slug);
      if (!teacher) throw new Error(`demo lesson ${lesson.slug}: unknown teacher ${slug}`);
      return teacher.name;
    })
    .join(" & ");
}

function titleCardHtml(lesson: DemoLesson): string {
  return htmlDocument(`
    <div class="top">${BRAND_HTML}<span class="meta">Levantine Arabic from video</span></div>
    <div class="main">
      <div class="title-ar" lang="ar" dir="rtl" data-fit="140">${escapeHtml(lesson.titleAr)}</div>
      <div class="rule"></div>
      <div class="title-en" data-fit="70">${escapeHtml(lesson.title)}</div>
      <div class="chips">
        <span class="chip level">${escapeHtml(lesson.level)}</span>
        <span class="chip">with ${escapeHtml(teacherLine(lesson))}</span>
      </div>
    </div>`);
}

function cueSlideHtml(lesson: DemoLesson, cue: DemoCue, index: number): string {
  const percent = (((index + 1) / lesson.cues.length) * 100).toFixed(1);
  return htmlDocument(`
    <div class="top">${BRAND_HTML}<span class="meta">${escapeHtml(lesson.title)} · ${index + 1}/${lesson.cues.length}</span></div>
    <div class="main">
      <div class="cue-ar" lang="ar" dir="rtl" data-fit="150">${escapeHtml(cue.arabic)}</div>
      <div class="rule"></div>
      <div class="cue-tr" data-fit="54">${escapeHtml(cue.transliteration)}</div>
      <div class="cue-en" data-fit="50">${escapeHtml(cue.english)}</div>
    </div>
    <div class="progress"><div style="width:${percent}%"></div></div>`);
}

async function renderSlide(tab: Page, html: string, htmlFile: string, output: string, jpeg = false): Promise<void> {
  writeFileSync(htmlFile, html);
  await tab.goto(pathToFileURL(htmlFile).href);
  await tab.waitForSelector("body[data-ready]", { state: "attached", timeout: 15_000 });
  await tab.screenshot(jpeg ? { path: output, type: "jpeg", quality: JPEG_QUALITY } : { path: output, type: "png" });
}

// ---------------------------------------------------------------------------------------------
// Lessons
// ---------------------------------------------------------------------------------------------

interface Segment {
  image: string;
  frames: number;
}

function frameAt(ms: number, context: string, notes: string[]): number {
  const frame = Math.round(ms / FRAME_MS);
  if (Math.abs(frame * FRAME_MS - ms) > 0.5) notes.push(`${context}: ${ms} ms rounded to frame ${frame} (${FPS} fps)`);
  return frame;
}

function formatTimestamp(ms: number): string {
  const totalTenths = Math.round(ms / 100);
  const minutes = Math.floor(totalTenths / 600);
  const seconds = (totalTenths % 600) / 10;
  return `${String(minutes).padStart(2, "0")}:${seconds.toFixed(1).padStart(4, "0")}`;
}

function transcriptText(lesson: DemoLesson): string {
  const lines = [
    `${lesson.title} — ${lesson.titleAr}`,
    `Ahla · Levantine Arabic · ${lesson.level} · with ${teacherLine(lesson)}`,
    "",
  ];
  for (const cue of lesson.cues) {
    lines.push(
      `[${formatTimestamp(cue.startMs)} – ${formatTimestamp(cue.endMs)}]`,
      cue.arabic,
      cue.transliteration,
      cue.english,
      "",
    );
  }
  return lines.join("\n");
}

function validateLesson(lesson: DemoLesson): void {
  const totalMs = lesson.durationSeconds * 1000;
  if (lesson.cues.length === 0) throw new Error(`demo lesson ${lesson.slug} has no cues`);
  let previousEnd = 0;
  for (const cue of lesson.cues) {
    if (cue.startMs < previousEnd || cue.endMs <= cue.startMs || cue.endMs > totalMs) {
      throw new Error(
        `demo lesson ${lesson.slug}: cue ${cue.position} (${cue.startMs}-${cue.endMs} ms) is out of order or range`,
      );
    }
    if (cue.endMs - cue.startMs <= CUE_TAIL_MS)
      throw new Error(`demo lesson ${lesson.slug}: cue ${cue.position} is too short to speak`);
    previousEnd = cue.endMs;
  }
}

async function makeLesson(
  tab: Page,
  lesson: DemoLesson,
  work: string,
  manifest: Manifest,
  notes: string[],
): Promise<LessonReport> {
  validateLesson(lesson);
  const slug = lesson.slug;
  const dir = join(work, slug);
  mkdirSync(dir, { recursive: true });
  const totalMs = lesson.durationSeconds * 1000;
  const totalFrames = frameAt(totalMs, `${slug} duration`, notes);

  // Slides: the title card (thumbnail, and the picture before the first cue) and one per cue.
  const titlePng = join(dir, "title.png");
  const thumbnail = join(OUT_DIR, "thumbnails", `${slug}.jpg`);
  await renderSlide(tab, titleCardHtml(lesson), join(dir, "title.html"), titlePng);
  await renderSlide(tab, titleCardHtml(lesson), join(dir, "title.html"), thumbnail, true);
  const cuePngs: string[] = [];
  for (const [index, cue] of lesson.cues.entries()) {
    const png = join(dir, `cue-${String(index).padStart(2, "0")}.png`);
    await renderSlide(tab, cueSlideHtml(lesson, cue, index), join(dir, `cue-${index}.html`), png);
    cuePngs.push(png);
  }

  // Picture timeline: each cue's slide from its start until the next cue starts (the last one to the end).
  const segments: Segment[] = [];
  const firstFrame = frameAt(lesson.cues[0].startMs, `${slug} cue 0 start`, notes);
  if (firstFrame > 0) segments.push({ image: titlePng, frames: firstFrame });
  for (const [index, cue] of lesson.cues.entries()) {
    const start = frameAt(cue.startMs, `${slug} cue ${index} start`, notes);
    const next = lesson.cues[index + 1];
    const end = next ? frameAt(next.startMs, `${slug} cue ${index + 1} start`, notes) : totalFrames;
    segments.push({ image: cuePngs[index], frames: end - start });
  }

  // Sound timeline: each cue's speech placed at its start, fitted to end CUE_TAIL_MS before the cue ends.
  const track = Buffer.alloc(msToSamples(totalMs) * BYTES_PER_SAMPLE);
  let maxSpeedUp = 1;
  let spedUpCues = 0;
  for (const cue of lesson.cues) {
    const { pcm, factor } = fitToWindow(speak(cue.arabic), cue.endMs - cue.startMs - CUE_TAIL_MS);
    if (factor > 1) spedUpCues += 1;
    maxSpeedUp = Math.max(maxSpeedUp, factor);
    pcm.copy(track, msToSamples(cue.startMs) * BYTES_PER_SAMPLE);
  }
  const wav = join(dir, "track.wav");
  writeWav(wav, track);

  // Encode: stills concatenated at FPS, keyframes at every cue start, AAC mono, moov atom first.
  const video = join(OUT_DIR, "videos", `${slug}.mp4`);
  const inputs = segments.flatMap((s) => [
    "-loop",
    "1",
    "-framerate",
    String(FPS),
    "-t",
    (s.frames / FPS).toFixed(3),
    "-i",
    s.image,
  ]);
  const concat = `${segments.map((_, i) => `[${i}:v]`).join("")}concat=n=${segments.length}:v=1:a=0,format=yuv420p[v]`;
  const keyframes = lesson.cues.map((c) => (c.startMs / 1000).toFixed(3)).join(",");
  // prettier-ignore
  run("ffmpeg", [
    "-y", "-v", "error",
    ...inputs,
    "-i", wav,
    "-filter_complex", concat,
    "-map", "[v]", "-map", `${segments.length}:a`,
    "-c:v", "libx264", "-profile:v", "main", "-preset", "veryslow", "-tune", "stillimage", "-crf", String(VIDEO_CRF),
    "-r", String(FPS), "-g", String(GOP_FRAMES), "-force_key_frames", keyframes,
    "-c:a", "aac", "-b:a", AUDIO_BITRATE, "-ac", "1", "-ar", String(SAMPLE_RATE),
    "-t", (totalMs / 1000).toFixed(3),
    "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
    "-movflags", "+faststart",
    video,
  ]);

  const durationMs = probeDurationMs(video);
  if (Math.abs(durationMs - totalMs) > 60) {
    throw new Error(`${slug}: video lasts ${durationMs} ms, expected ${totalMs} ms`);
  }
  const videoBytes = statSync(video).size;
  const thumbnailBytes = statSync(thumbnail).size;
  if (videoBytes > MAX_VIDEO_BYTES) throw new Error(`${slug}: video is ${videoBytes} bytes (limit ${MAX_VIDEO_BYTES})`);
  if (thumbnailBytes > MAX_THUMBNAIL_BYTES) throw new Error(`${slug}: thumbnail is ${thumbnailBytes} bytes`);

  manifest.videos[slug] = {
    key: `videos/${slug}.mp4`,
    thumbnailKey: `thumbnails/${slug}.jpg`,
    contentType: "video/mp4",
    thumbnailContentType: "image/jpeg",
    durationMs: totalMs,
    bytes: videoBytes,
    thumbnailBytes,
  };

  const transcriptName = `${slug}-transcript.txt`;
  const transcriptFile = join(OUT_DIR, "attachments", transcriptName);
  writeFileSync(transcriptFile, transcriptText(lesson), "utf8");
  manifest.attachments[slug] = {
    key: `attachments/${transcriptName}`,
    title: "Transcript (text)",
    contentType: "text/plain; charset=utf-8",
    bytes: statSync(transcriptFile).size,
  };

  return { slug, seconds: durationMs / 1000, videoBytes, thumbnailBytes, maxSpeedUp, spedUpCues };
}

// ---------------------------------------------------------------------------------------------
// Listening activities
// ---------------------------------------------------------------------------------------------

const ARABIC = /[\u0600-\u06FF]/;

/** The activity's Arabic lines: its transcript (one turn per line, "- " prefixes dropped), else Arabic answers. */
function listeningLines(activity: DemoListeningActivity): string[] {
  const transcript = activity.transcript
    .split("\n")
    .map((line) => line.replace(/^\s*[-–—•]\s*/, "").trim())
    .filter((line) => ARABIC.test(line));
  if (transcript.length > 0) return transcript;
  const answers = activity.questions.map((q) => q.answer.trim()).filter((answer) => ARABIC.test(answer));
  if (answers.length > 0) return answers;
  throw new Error(`listening activity ${activity.slug} has no Arabic transcript or answers to read`);
}

function makeListeningAudio(activity: DemoListeningActivity, work: string, manifest: Manifest): number {
  const parts: Buffer[] = [Buffer.alloc(msToSamples(LISTENING_LEAD_MS) * BYTES_PER_SAMPLE)];
  listeningLines(activity).forEach((line, index) => {
    if (index > 0) parts.push(Buffer.alloc(msToSamples(LISTENING_GAP_MS) * BYTES_PER_SAMPLE));
    parts.push(speak(line, SPEAKER_PITCHES[index % SPEAKER_PITCHES.length]));
  });
  parts.push(Buffer.alloc(msToSamples(LISTENING_TAIL_MS) * BYTES_PER_SAMPLE));
  const wav = join(work, `listening-${activity.slug}.wav`);
  writeWav(wav, Buffer.concat(parts));

  const output = join(OUT_DIR, "audio", `${activity.slug}.m4a`);
  // prettier-ignore
  run("ffmpeg", [
    "-y", "-v", "error", "-i", wav,
    "-c:a", "aac", "-b:a", AUDIO_BITRATE, "-ac", "1", "-ar", String(SAMPLE_RATE),
    "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact", "-movflags", "+faststart",
    output,
  ]);
  const bytes = statSync(output).size;
  manifest.audio[activity.slug] = {
    key: `audio/${activity.slug}.m4a`,
    contentType: "audio/mp4",
    durationMs: probeDurationMs(output),
    bytes,
  };
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const OUTPUT_DIRS = { videos: ".mp4", thumbnails: ".jpg", attachments: "-transcript.txt", audio: ".m4a" } as const;

/** The lines the shadowing e2e speaks into the fake microphone (1-based), and the silence after each. */
export const SPEAKING_LESSON = "greetings-in-damascus";
export const SPEAKING_LINES = [2, 8] as const;
const SPEAKING_TAIL_MS = 1500;

/** seed/media/speaking/<lesson>-line-<n>.wav: the line as the lesson's video speaks it, then silence. */
function makeSpeakingWavs(): string[] {
  const lesson = DEMO_LESSONS.find((candidate) => candidate.slug === SPEAKING_LESSON);
  if (!lesson) throw new Error(`No demo lesson ${SPEAKING_LESSON}`);
  mkdirSync(join(OUT_DIR, "speaking"), { recursive: true });
  return SPEAKING_LINES.map((line) => {
    const cue = lesson.cues[line - 1]!;
    const { pcm } = fitToWindow(speak(cue.arabic), cue.endMs - cue.startMs - CUE_TAIL_MS);
    const file = join(OUT_DIR, "speaking", `${lesson.slug}-line-${line}.wav`);
    const padded = Buffer.concat([pcm, Buffer.alloc(msToSamples(SPEAKING_TAIL_MS) * BYTES_PER_SAMPLE)]);
    // 16 kHz (a third smaller, and what the analysis runs at): the fake microphone resamples anyway.
    // To a file, not a pipe: ffmpeg then writes the header's real sizes.
    run("ffmpeg", ["-v", "error", "-y", ...PCM_FORMAT, "-i", "pipe:0", "-ar", "16000", "-bitexact", file], padded);
    return file;
  });
}

/** Deletes generated files whose lesson or activity no longer exists; returns their names. */
function removeStale(manifest: Manifest): string[] {
  const expected = new Set([
    ...Object.values(manifest.videos).flatMap((v) => [v.key, v.thumbnailKey]),
    ...Object.values(manifest.audio).map((a) => a.key),
    ...Object.values(manifest.attachments).map((a) => a.key),
  ]);
  const removed: string[] = [];
  for (const [dir, suffix] of Object.entries(OUTPUT_DIRS)) {
    for (const name of readdirSync(join(OUT_DIR, dir))) {
      const key = `${dir}/${name}`;
      if (name.endsWith(suffix) && !expected.has(key)) {
        rmSync(join(OUT_DIR, key));
        removed.push(key);
      }
    }
  }
  return removed;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  checkTools();
  for (const file of makeSpeakingWavs()) console.log(`speaking ${file} ${kb(statSync(file).size)}`);
  if (process.argv.includes("--speaking-only")) return;
  for (const dir of Object.keys(OUTPUT_DIRS)) mkdirSync(join(OUT_DIR, dir), { recursive: true });
  const work = mkdtempSync(join(tmpdir(), "ahla-media-"));
  const manifest: Manifest = { videos: {}, audio: {}, attachments: {} };
  const notes: string[] = [];
  const reports: LessonReport[] = [];

  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
    const tab = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
    for (const lesson of DEMO_LESSONS) {
      process.stdout.write(`lesson ${lesson.slug} … `);
      const report = await makeLesson(tab, lesson, work, manifest, notes);
      reports.push(report);
      console.log(`${kb(report.videoBytes)}`);
    }
  } finally {
    await browser?.close();
  }

  const audioRows: Array<[string, number, number]> = [];
  for (const group of DEMO_LISTENING_GROUPS) {
    for (const activity of group.activities) {
      const bytes = makeListeningAudio(activity, work, manifest);
      audioRows.push([activity.slug, manifest.audio[activity.slug].durationMs / 1000, bytes]);
    }
  }

  writeFileSync(join(OUT_DIR, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const removed = removeStale(manifest);
  rmSync(work, { recursive: true, force: true });

  // Summary
  const rows: string[][] = [["kind", "slug", "seconds", "bytes", "thumb bytes", "max speed-up"]];
  for (const r of reports) {
    const speedUp = r.maxSpeedUp > 1 ? `×${r.maxSpeedUp.toFixed(2)} (${r.spedUpCues} cues)` : "none";
    rows.push(["video", r.slug, r.seconds.toFixed(2), String(r.videoBytes), String(r.thumbnailBytes), speedUp]);
  }
  for (const [slug, seconds, bytes] of audioRows) rows.push(["audio", slug, seconds.toFixed(2), String(bytes), "", ""]);
  for (const [slug, a] of Object.entries(manifest.attachments)) rows.push(["text", slug, "", String(a.bytes), "", ""]);
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  console.log("");
  for (const row of rows)
    console.log(
      row
        .map((cell, col) => cell.padEnd(widths[col]))
        .join("  ")
        .trimEnd(),
    );

  const total = walkBytes(OUT_DIR);
  console.log(`\n${reports.length} videos, ${audioRows.length} audio clips; seed/media totals ${kb(total)}.`);
  for (const note of notes) console.log(`note: ${note}`);
  for (const key of removed) console.log(`removed stale ${key}`);
}

function walkBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? walkBytes(path) : statSync(path).size;
  }
  return total;
}

await main();
