import { env } from "cloudflare:test";

// The own-database files (vitest.config.ts, OWN_DATABASE) share a runtime, one file after another, instead of
// starting one each: before each file, every table is emptied and every stored object removed, so the file
// begins on a database and a bucket as bare as a fresh one (the migrations stay applied).

const tables = await env.DB.prepare(
  "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
).all<{ name: string; sql: string | null }>();
// A full-text table keeps its rows in shadow tables of its own (name_data, name_idx, …): emptying the table
// empties them; touching them directly would break it.
const virtual = tables.results.filter(({ sql }) => sql?.startsWith("CREATE VIRTUAL TABLE")).map(({ name }) => name);
const emptied = tables.results
  .map(({ name }) => name)
  .filter((name) => !virtual.some((owner) => name.startsWith(`${owner}_`)));
await env.DB.batch([
  // Rows that point at each other go in one transaction; their references are checked at its end.
  env.DB.prepare("PRAGMA defer_foreign_keys = on"),
  ...emptied.map((name) => env.DB.prepare(`DELETE FROM "${name.replace(/"/g, '""')}"`)),
]);

for (let cursor: string | undefined; ;) {
  const listed = await env.MEDIA.list({ cursor });
  if (listed.objects.length > 0) await env.MEDIA.delete(listed.objects.map((object) => object.key));
  if (!listed.truncated) break;
  cursor = listed.cursor;
}
