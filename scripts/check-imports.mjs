#!/usr/bin/env node
// `npm run lint` runs this after ESLint: it fails on any import cycle among the project's own modules
// (app/, core/, server/, drizzle/, seed/) and prints each cycle as a chain of files. ESLint's no-restricted-imports
// keeps the direction of the layers (docs/architecture.md); this keeps every layer free of loops.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOTS = ["app", "core", "server", "drizzle", "seed"];
const ALIASES = { "~/": "app/", "#core/": "core/", "#server/": "server/", "#drizzle/": "drizzle/" };
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function walk(dir, files = []) {
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, files);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) files.push(full);
  }
  return files;
}

function resolve(from, specifier) {
  let base = null;
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) base = target + specifier.slice(alias.length);
  }
  if (!base && specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  if (!base) return null;
  base = base.replace(/\?.*$/, "");
  if (/\.(ts|tsx)$/.test(base) && existsSync(base)) return path.normalize(base);
  for (const extension of EXTENSIONS) {
    if (existsSync(base + extension)) return path.normalize(base + extension);
  }
  return null;
}

// Static imports and re-exports, `import type` and `export type … from` included: a cycle of types alone
// never runs, but it still ties the modules together (neither can be read, moved or split without the
// other), so a type both sides need moves to a module of its own (server/access/types.ts,
// server/queue-messages.ts). Dynamic import() is how a runtime cycle is broken on purpose.
const IMPORT = /^\s*(?:import|export)\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;

const files = ROOTS.flatMap((root) => walk(root));
const graph = new Map();
for (const file of files) {
  const source = readFileSync(file, "utf8");
  const targets = new Set();
  for (const match of source.matchAll(IMPORT)) {
    const target = resolve(file, match[1]);
    if (target) targets.add(target);
  }
  graph.set(path.normalize(file), targets);
}

// Tarjan's strongly connected components: any component with more than one file is a cycle.
let index = 0;
const indexOf = new Map();
const lowLink = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function connect(node) {
  indexOf.set(node, index);
  lowLink.set(node, index);
  index += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue;
    if (!indexOf.has(next)) {
      connect(next);
      lowLink.set(node, Math.min(lowLink.get(node), lowLink.get(next)));
    } else if (onStack.has(next)) {
      lowLink.set(node, Math.min(lowLink.get(node), indexOf.get(next)));
    }
  }
  if (lowLink.get(node) === indexOf.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const node of graph.keys()) if (!indexOf.has(node)) connect(node);

if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles) console.error(`- ${cycle.join(" ↔ ")}`);
  process.exit(1);
}
console.log(`No import cycles among ${graph.size} modules.`);
