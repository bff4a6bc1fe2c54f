/**
 * Seeds local D1 and R2 with the demo catalogue, its generated media (seed/media) and the three demo
 * accounts. Runs in Node against the same local state `wrangler dev` uses, through wrangler's platform
 * proxy. Idempotent: a second run writes nothing.
 *   tsx scripts/seed.ts [--persist-to DIR] [--migrate]
 * `--migrate` first applies the migrations not yet applied, as `wrangler d1 migrations apply --local` does (the
 * same d1_migrations table), in this process: a fresh state is ready without starting a second runtime
 * (scripts/e2e-server.mjs).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import * as schema from "../drizzle/schema";
import { createAppContext } from "../server/context";
import type { Env } from "../server/env";
import { hashPassword } from "../server/lib/password";
import { demoMediaManifestSchema, manifestObjects } from "../seed/media-manifest";
import { isSearchIndexEmpty, rebuildSearchIndex } from "../server/services/search";
import { commitPackage, commitPackageSchema, getStreamState, hlsKey } from "../server/services/hls";
import { seedDemo } from "../seed/seed-demo";
import { recountCatalogueCounters } from "../server/services/catalog/counters";

const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1] : process.env.PERSIST_TO;
const media = demoMediaManifestSchema.parse(JSON.parse(readFileSync("seed/media/manifest.json", "utf8")));

// wrangler keeps its local state for `--persist-to DIR` under DIR/v3.
const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: `${persistTo}/v3` } : true });
try {
  if (process.argv.includes("--migrate")) {
    const { readD1Migrations } = await import("@cloudflare/vitest-plugin");
    const applied = await applyMigrations(proxy.env.DB, await readD1Migrations("migrations"));
    console.log(`Migrations applied: ${applied}.`);
  }
  let uploaded = 0;
  for (const object of manifestObjects(media)) {
    if (await proxy.env.MEDIA.head(object.key)) continue;
    const body = readFileSync(`seed/media/${object.key}`);
    await proxy.env.MEDIA.put(object.key, body, { httpMetadata: { contentType: object.contentType } });
    uploaded += 1;
  }
  const db = drizzle(proxy.env.DB, { schema });
  const result = await seedDemo(db, { passwordHash: (password) => hashPassword(password), media });
  if (result.created) {
    const rows = manifestObjects(media).map(({ key, contentType, bytes }) => ({ key, contentType, sizeBytes: bytes }));
    // 5 columns a row: 15 rows stay under D1's 100 bound parameters per statement.
    for (let i = 0; i < rows.length; i += 15) {
      await db
        .insert(schema.mediaObjects)
        .values(rows.slice(i, i + 15))
        .onConflictDoNothing();
    }
  }
  // Also when an older local state predates the search index (its migration leaves it empty).
  const app = createAppContext({ ...proxy.env, ENVIRONMENT: "development" });
  if (result.created || (await isSearchIndexEmpty(app))) {
    const indexed = await rebuildSearchIndex(app);
    console.log(`Search index built: ${indexed.videos} lessons, ${indexed.rows} rows.`);
  }
  // The demo lessons' adaptive-streaming packages (seed/media/hls, made by scripts/make-demo-hls.ts).
  let packaged = 0;
  const hlsRoot = "seed/media/hls";
  for (const slug of existsSync(hlsRoot) ? readdirSync(hlsRoot).sort() : []) {
    const [lesson] = await db
      .select({ id: schema.videos.id })
      .from(schema.videos)
      .where(eq(schema.videos.slug, slug))
      .limit(1);
    if (!lesson || (await getStreamState(app, { lessonId: lesson.id })).state === "packaged") continue;
    const dir = `${hlsRoot}/${slug}`;
    const { renditions } = commitPackageSchema
      .pick({ renditions: true })
      .parse(JSON.parse(readFileSync(`${dir}/package.json`, "utf8")));
    const version = "demo1";
    for (const { name } of renditions) {
      for (const [ext, contentType] of [
        ["m3u8", "application/vnd.apple.mpegurl"],
        ["mp4", "video/mp4"],
      ] as const) {
        const key = hlsKey(lesson.id, version, `${name}.${ext}`);
        await proxy.env.MEDIA.put(key, readFileSync(`${dir}/${name}.${ext}`), { httpMetadata: { contentType } });
      }
    }
    await commitPackage(app, { lessonId: lesson.id, input: { version, renditions } });
    packaged += 1;
  }
  if (packaged > 0) console.log(`${packaged} demo lessons packaged for adaptive streaming.`);
  // The seed writes lessons straight to D1: their counters are recounted, as the cron's repair would.
  await recountCatalogueCounters(app);
  console.log(
    `${result.created ? "Seeded the demo catalogue and accounts" : "Demo data already present"}; ${uploaded} media files uploaded to local R2.`,
  );
} finally {
  await proxy.dispose();
}

/** Each migration not in d1_migrations, in one batch with its row there (so a half-applied one is never kept). */
async function applyMigrations(db: D1Database, migrations: Array<{ name: string; queries: string[] }>) {
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS d1_migrations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT UNIQUE,
        applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
      )`,
    )
    .run();
  const done = new Set(
    (await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map((row) => row.name),
  );
  let applied = 0;
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    await db.batch([
      ...migration.queries.map((query) => db.prepare(query)),
      db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(migration.name),
    ]);
    applied += 1;
  }
  return applied;
}
