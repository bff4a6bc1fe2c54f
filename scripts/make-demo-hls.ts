/**
 * Packages every demo lesson video (seed/media/videos) for adaptive streaming into seed/media/hls/<slug>/,
 * with the same command an admin runs (scripts/package-media.ts) but without uploading: the seed uploads
 * these files and commits them (scripts/seed.ts). Run after scripts/make-demo-media.ts:
 *   npx tsx scripts/make-demo-hls.ts
 */
import { readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { packageVideo } from "./package-media";

const VIDEOS = "seed/media/videos";
const OUT = "seed/media/hls";
// The demo videos are slides at CRF 33: the renditions keep that quality (and the repository small).
const DEMO_CRF = 33;

rmSync(OUT, { recursive: true, force: true });
let total = 0;
for (const file of readdirSync(VIDEOS)
  .filter((name) => name.endsWith(".mp4"))
  .sort()) {
  const slug = file.replace(/\.mp4$/, "");
  const dir = path.join(OUT, slug);
  const renditions = packageVideo(path.join(VIDEOS, file), dir, { crf: DEMO_CRF });
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ renditions }, null, 2)}\n`);
  const bytes = readdirSync(dir).reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
  total += bytes;
  console.log(`${slug}: ${renditions.map((rendition) => rendition.name).join(", ")}, ${Math.round(bytes / 1024)} KiB`);
}
console.log(`All packages: ${Math.round(total / 1024)} KiB`);
