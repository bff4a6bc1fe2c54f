/**
 * The bench's video row (scripts/bench-video.mjs): makes a 60-second 1080p test lesson with ffmpeg (testsrc2 and
 * a sine tone, H.264 at ≈ 4.7 Mbit/s as in the issue's measurement, +faststart), packages it with the admin's
 * command (scripts/package-media.ts), and writes both into a local state: the whole MP4 as the video of two free
 * demo lessons, and the package as the stream of the first only — so one plays HLS, the other the MP4.
 *   tsx scripts/bench-video-setup.ts --persist-to DIR --work DIR
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import * as schema from "../drizzle/schema";
import { createAppContext } from "../server/context";
import type { Env } from "../server/env";
import { commitPackage, hlsKey } from "../server/services/hls";
import { packageVideo } from "./package-media";

const arg = (name: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const persistTo = arg("--persist-to");
const work = arg("--work") ?? ".bench-video";
if (!persistTo) throw new Error("--persist-to DIR is required");
const HLS_LESSON = "greetings-in-damascus";
const MP4_LESSON = "ordering-coffee-in-beirut";

mkdirSync(work, { recursive: true });
const source = path.join(work, "bench-1080p.mp4");
if (!existsSync(source)) {
  execFileSync(
    "ffmpeg",
    [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=60"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=60"],
      ...["-c:v", "libx264", "-profile:v", "high", "-preset", "veryfast", "-pix_fmt", "yuv420p"],
      ...["-b:v", "4600k", "-maxrate", "4600k", "-bufsize", "9200k", "-g", "60"],
      ...["-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", source],
    ],
    { stdio: "inherit" },
  );
}
const packageDir = path.join(work, "hls");
const renditions = existsSync(path.join(packageDir, "audio.m3u8"))
  ? (JSON.parse(readFileSync(path.join(work, "renditions.json"), "utf8")) as ReturnType<typeof packageVideo>)
  : packageVideo(source, packageDir);
writeFileSync(path.join(work, "renditions.json"), JSON.stringify(renditions));

const proxy = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } });
try {
  const app = createAppContext({ ...proxy.env, ENVIRONMENT: "development" });
  const db = drizzle(proxy.env.DB, { schema });
  const videoKey = "videos/bench-1080p.mp4";
  const paths: Record<string, string> = {};
  await proxy.env.MEDIA.put(videoKey, readFileSync(source), { httpMetadata: { contentType: "video/mp4" } });
  for (const slug of [HLS_LESSON, MP4_LESSON]) {
    const [lesson] = await db.select({ id: schema.videos.id }).from(schema.videos).where(eq(schema.videos.slug, slug));
    if (!lesson) throw new Error(`No demo lesson ${slug}: seed first.`);
    await db
      .update(schema.videos)
      .set({ videoKey, durationSeconds: 60, isFree: true })
      .where(eq(schema.videos.id, lesson.id));
    await db.delete(schema.videoStreams).where(eq(schema.videoStreams.videoId, lesson.id));
    paths[slug === HLS_LESSON ? "hls" : "mp4"] = `/video/${lesson.id}/${slug}`;
    if (slug !== HLS_LESSON) continue;
    const version = "bench1";
    for (const { name } of renditions) {
      for (const [ext, contentType] of [
        ["m3u8", "application/vnd.apple.mpegurl"],
        ["mp4", "video/mp4"],
      ] as const) {
        const file = path.join(packageDir, `${name}.${ext}`);
        await proxy.env.MEDIA.put(hlsKey(lesson.id, version, `${name}.${ext}`), readFileSync(file), {
          httpMetadata: { contentType },
        });
      }
    }
    const stream = await commitPackage(app, { lessonId: lesson.id, input: { version, renditions } });
    if (stream.state === "packaged")
      console.log(
        `Packaged ${slug}: ${stream.renditions.map((r) => `${r.name} ${Math.round(r.average / 1000)} kbit/s`).join(", ")}`,
      );
  }
  writeFileSync(path.join(work, "lessons.json"), JSON.stringify(paths));
  console.log(`MP4: ${(statSync(source).size / 1024 / 1024).toFixed(1)} MB`);
} finally {
  await proxy.dispose();
}
