// `npm run bench` only: the seeded bench state (migrations, demo seed, 10,000-lesson catalogue with its
// search index), kept between runs under .bench-state/seeded/<hash> and copied to a fresh run directory each
// run, so every run starts from the same state and none pays the few minutes of seeding twice.
//
// The hash covers what decides the seeded rows: every migration, everything under seed/, the seed scripts
// and every project file they import (followed through relative imports and the #core/#server/#drizzle/~
// aliases), package-lock.json (wrangler/miniflare decide the on-disk format) and the BENCH_LESSONS /
// BENCH_CUES sizes. Change any of them and the next run seeds again. BENCH_FRESH=1 always seeds.
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ALIASES = { "#core/": "core/", "#server/": "server/", "#drizzle/": "drizzle/", "~/": "app/" };
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"'`;]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

function resolveImport(from, specifier) {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  let base;
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith(".")) base = relative(process.cwd(), resolve(dirname(from), specifier));
  else return null; // a package: package-lock.json covers it
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every project file `entries` import, transitively, the entries included. */
export function importClosure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(m?[jt]sx?)$/.test(file)) continue;
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2]);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].sort();
}

/** The seeded state's key: see the top of this file. */
export function seededStateHash({ seedScripts, sizes }) {
  const files = [
    ...new Set([
      ...filesUnder("migrations"),
      ...filesUnder("seed"),
      ...importClosure(seedScripts),
      "package-lock.json",
      "wrangler.toml",
    ]),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(file)).update("\0");
  hash.update(JSON.stringify(sizes));
  return { hash: hash.digest("hex").slice(0, 16), files: files.length };
}

/**
 * Makes `runDir` a fresh copy of the seeded state for `hash`, seeding it first with `seed(dir)` when no
 * complete copy exists. Returns whether the cached copy was used.
 */
export async function prepareRunState({ root, runDir, hash, fresh, seed }) {
  const seededRoot = join(root, "seeded");
  const seeded = join(seededRoot, hash);
  const complete = join(seeded, "complete");
  const cached = !fresh && existsSync(complete);
  if (!cached) {
    // Only the current hash is kept: a stale copy is 200 MB of nothing.
    rmSync(seededRoot, { recursive: true, force: true });
    const building = join(root, "seeding");
    rmSync(building, { recursive: true, force: true });
    await seed(building);
    mkdirSync(seededRoot, { recursive: true });
    renameSync(building, seeded);
    writeFileSync(complete, `${new Date().toISOString()}\n`);
  }
  rmSync(runDir, { recursive: true, force: true });
  cpSync(seeded, runDir, { recursive: true, filter: (source) => source !== complete });
  return cached;
}
