/**
 * `npm run media:package <lesson-id-or-slug> <video-file>`: packages a lesson video for adaptive streaming
 * (docs/video.md, ADR 046) with ffmpeg, then uploads it through the admin API. Workers cannot run ffmpeg,
 * so an admin runs this where ffmpeg is installed.
 *
 *   --base URL       the app (default $AHLA_URL or http://127.0.0.1:8787)
 *   --out DIR        keep the packaged files in DIR (default: a temporary folder, deleted afterwards)
 *   --no-upload      only package (with --out): what scripts/make-demo-media.ts does for the seed
 *   --crf N          quality of the video renditions (default 23; the demo slides use 33)
 *
 * Signs in with $AHLA_TOKEN (a session token), or $ADMIN_EMAIL and $ADMIN_PASSWORD.
 * Renditions (core/hls.ts): every rung of 240p/360p/480p/720p/1080p no taller than the source, video only,
 * H.264 Main without B-frames (so the first frame's timestamp is 0, as in the MP4), keyframes forced every
 * 2 s in all of them; and one AAC audio-only rendition. Each is one fMP4 file whose 2-second segments are
 * byte ranges (`-hls_flags single_file`).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { avcCodec, chooseRenditions, HLS_AUDIO, HLS_SEGMENT_SECONDS, type VideoRung } from "../core/hls";

export interface PackagedFile {
  name: string;
  kind: "video" | "audio";
  width: number | null;
  height: number | null;
  codecs: string;
}

interface ProbeStream {
  codec_type: string;
  width?: number;
  height?: number;
  bit_rate?: string;
  profile?: string;
  level?: number;
}

function probe(file: string): { streams: ProbeStream[]; duration: number } {
  const json = execFileSync(
    "ffprobe",
    [
      "-v",
      "error",
      "-show_entries",
      "stream=codec_type,width,height,bit_rate,profile,level:format=duration",
      "-of",
      "json",
      file,
    ],
    { encoding: "utf8" },
  );
  const parsed = JSON.parse(json) as { streams: ProbeStream[]; format: { duration: string } };
  return { streams: parsed.streams, duration: Number(parsed.format.duration) };
}

const hlsOutput = (dir: string, name: string) => [
  "-f",
  "hls",
  "-hls_time",
  String(HLS_SEGMENT_SECONDS),
  "-hls_playlist_type",
  "vod",
  "-hls_segment_type",
  "fmp4",
  "-hls_flags",
  "single_file",
  "-hls_segment_filename",
  path.join(dir, `${name}.mp4`),
  path.join(dir, `${name}.m3u8`),
];

function encodeVideo(source: string, dir: string, rung: VideoRung, crf: number) {
  execFileSync(
    "ffmpeg",
    [
      ...["-v", "error", "-y", "-i", source, "-map", "0:v:0", "-an"],
      ...["-vf", `scale=${rung.width}:${rung.height}`, "-c:v", "libx264", "-profile:v", "main", "-bf", "0"],
      ...["-preset", "veryfast", "-crf", String(crf), "-pix_fmt", "yuv420p"],
      ...["-maxrate", `${rung.maxKbps}k`, "-bufsize", `${rung.maxKbps * 2}k`],
      ...["-force_key_frames", `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`, "-sc_threshold", "0"],
      ...hlsOutput(dir, rung.name),
    ],
    { stdio: "inherit" },
  );
}

function encodeAudio(source: string, dir: string, kbps: number) {
  execFileSync(
    "ffmpeg",
    [
      ...["-v", "error", "-y", "-i", source, "-map", "0:a:0", "-vn", "-c:a", "aac", "-b:a", `${kbps}k`],
      ...hlsOutput(dir, HLS_AUDIO.name),
    ],
    { stdio: "inherit" },
  );
}

/** Packages `source` into `dir`; answers what the commit call announces for each rendition. */
export function packageVideo(source: string, dir: string, { crf = 23 }: { crf?: number } = {}): PackagedFile[] {
  const { streams } = probe(source);
  const video = streams.find((stream) => stream.codec_type === "video");
  const audio = streams.find((stream) => stream.codec_type === "audio");
  if (!video?.width || !video.height) throw new Error(`${source} has no video stream.`);
  if (!audio) throw new Error(`${source} has no audio stream: lessons are listened to.`);
  mkdirSync(dir, { recursive: true });
  const videoKbps = video.bit_rate ? Math.round(Number(video.bit_rate) / 1000) : null;
  const audioKbps = audio.bit_rate ? Math.round(Number(audio.bit_rate) / 1000) : HLS_AUDIO.kbps;
  const files: PackagedFile[] = [];
  for (const rung of chooseRenditions({ width: video.width, height: video.height, videoKbps })) {
    encodeVideo(source, dir, rung, crf);
    const out = probe(path.join(dir, `${rung.name}.mp4`)).streams[0]!;
    files.push({
      name: rung.name,
      kind: "video",
      width: rung.width,
      height: rung.height,
      codecs: avcCodec(out.profile ?? "Main", out.level ?? 30),
    });
  }
  // No more than the source's own rate: re-encoding cannot add what it lacks.
  encodeAudio(source, dir, Math.max(24, Math.min(HLS_AUDIO.kbps, audioKbps)));
  files.push({ name: HLS_AUDIO.name, kind: "audio", width: null, height: null, codecs: "mp4a.40.2" });
  return files;
}

async function signIn(base: string): Promise<string> {
  if (process.env.AHLA_TOKEN) return process.env.AHLA_TOKEN;
  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (!email || !password) throw new Error("Set AHLA_TOKEN, or ADMIN_EMAIL and ADMIN_PASSWORD.");
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Signing in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function call(base: string, token: string, method: string, route: string, body?: BodyInit, type?: string) {
  const response = await fetch(`${base}/api/admin/lessons/${route}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(type ? { "Content-Type": type } : {}) },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return JSON.parse(text) as { data: unknown };
}

/** Uploads a packaged folder and commits it as a new version of the lesson's package. */
export async function uploadPackage(base: string, token: string, lesson: string, dir: string, files: PackagedFile[]) {
  const version = Date.now().toString(36);
  for (const file of files) {
    for (const ext of ["m3u8", "mp4"]) {
      const name = `${file.name}.${ext}`;
      const bytes = readFileSync(path.join(dir, name));
      await call(base, token, "PUT", `${lesson}/stream/${version}/${name}`, bytes, "application/octet-stream");
      console.log(`  uploaded ${name} (${statSync(path.join(dir, name)).size} bytes)`);
    }
  }
  return call(
    base,
    token,
    "POST",
    `${lesson}/stream`,
    JSON.stringify({ version, renditions: files }),
    "application/json",
  );
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const index = args.indexOf(name);
    if (index < 0) return undefined;
    const [, value] = args.splice(index, 2);
    return value;
  };
  const noUpload = args.includes("--no-upload");
  if (noUpload) args.splice(args.indexOf("--no-upload"), 1);
  const base = (option("--base") ?? process.env.AHLA_URL ?? "http://127.0.0.1:8787").replace(/\/$/, "");
  const out = option("--out");
  const crf = Number(option("--crf") ?? "23");
  const [lesson, source] = args;
  if (!lesson || !source || !/^[a-z0-9-]+$/.test(lesson)) {
    console.error(
      "Usage: npm run media:package <lesson-id-or-slug> <video-file> [--base URL] [--out DIR] [--no-upload]",
    );
    process.exit(2);
  }
  const dir = out ?? mkdtempSync(path.join(tmpdir(), "ahla-hls-"));
  const token = noUpload ? null : await signIn(base);
  let files: PackagedFile[];
  try {
    files = packageVideo(source, dir, { crf });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (token)
      await call(
        base,
        token,
        "POST",
        `${lesson}/stream/failure`,
        JSON.stringify({ error: message.slice(0, 2000) }),
        "application/json",
      ).catch(() => undefined);
    throw error;
  }
  console.log(`Packaged ${files.map((file) => file.name).join(", ")} into ${dir}`);
  if (token) {
    const result = await uploadPackage(base, token, lesson, dir, files);
    console.log(JSON.stringify(result.data, null, 2));
  }
  if (!out) rmSync(dir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
