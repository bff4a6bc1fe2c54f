/**
 * Seeds local D1 (and R2) with the demo catalogue and the three demo accounts. Runs in Node against
 * the same local state `wrangler dev` uses, through wrangler's platform proxy. Idempotent.
 *   tsx scripts/seed.ts [--persist-to DIR]
 */
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import * as schema from "../drizzle/schema";
import type { Env } from "../server/env";
import { hashPassword } from "../server/lib/password";
import { seedDemo } from "../server/services/seed/seed-demo";

const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1] : process.env.PERSIST_TO;

const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: persistTo } : true });
try {
  const db = drizzle(proxy.env.DB, { schema });
  const result = await seedDemo(db, { passwordHash: (password) => hashPassword(password) });
  console.log(result.created ? "Seeded the demo catalogue and accounts." : "Demo data already present: nothing to do.");
} finally {
  await proxy.dispose();
}
