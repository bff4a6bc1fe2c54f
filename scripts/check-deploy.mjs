#!/usr/bin/env node
// `npm run test:deploy`: bundles the Worker exactly as `wrangler deploy` would (--dry-run, nothing is
// uploaded) and fails unless the configuration it would ship is production. Needs `npm run build` first
// (the e2e suite builds); tests/integration/deploy-config.test.ts proves what that configuration does.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const outdir = mkdtempSync(path.join(tmpdir(), "ahla-deploy-"));
const result = spawnSync("node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", outdir], {
  encoding: "utf8",
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_API_TOKEN: "" },
});
rmSync(outdir, { recursive: true, force: true });
const output = `${result.stdout}\n${result.stderr}`;
const failures = [];
if (result.status !== 0) failures.push(`wrangler deploy --dry-run exited with ${result.status}`);
if (!/env\.ENVIRONMENT \("production"\)/.test(output))
  failures.push('the deploy does not ship ENVIRONMENT="production"');
for (const unsafe of ["development", "test"]) {
  if (new RegExp(`env\\.ENVIRONMENT \\("${unsafe}"\\)`).test(output))
    failures.push(`the deploy ships ENVIRONMENT="${unsafe}"`);
}
for (const name of ["ALLOW_TEST_PAYMENTS", "ALLOW_OUTBOX_MAIL", "JWT_SECRET", "MEDIA_SIGNING_SECRET"]) {
  if (output.includes(`env.${name} `)) failures.push(`the deploy ships ${name} as a plain variable`);
}
if (failures.length > 0) {
  console.error(output);
  console.error(`\nDeploy check failed:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
const shipped = output.split("\n").filter((line) => line.startsWith("env."));
console.log(`Deploy check: wrangler deploy would ship production.\n${shipped.join("\n")}`);
