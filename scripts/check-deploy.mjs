#!/usr/bin/env node
// `npm run test:deploy`: bundles the Worker exactly as `wrangler deploy` would (--dry-run, nothing is
// uploaded) and fails unless the configuration it would ship is production. Needs `npm run build` first
// (the e2e suite builds); tests/integration/deploy-config.test.ts proves what that configuration does.
// It also scans build/ for secrets: no secret's name or value in what browsers download (build/client), and
// no secret value (from the shell or .dev.vars, or a provider key's shape) anywhere in the build.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readDevVars } from "./local-vars.mjs";

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
// --- Secrets in build/ ---------------------------------------------------------------------------------
const SECRET_NAMES = [
  "JWT_SECRET",
  "MEDIA_SIGNING_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "GOOGLE_CLIENT_SECRET",
  "RESEND_API_KEY",
];
/** Provider keys by their shape: Stripe secret and restricted keys, webhook secrets, Resend keys. */
const KEY_SHAPES = [
  /\b[sr]k_(live|test)_[A-Za-z0-9]{16,}/,
  /\bwhsec_[A-Za-z0-9]{16,}/,
  /\bre_[A-Za-z0-9]{8,}_[A-Za-z0-9]{16,}/,
];
const devVars = readDevVars();
const secretValues = SECRET_NAMES.flatMap((name) => [process.env[name], devVars[name]]).filter(
  (value) => typeof value === "string" && value.length >= 8,
);
function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}
let scanned = 0;
for (const root of ["build/client", "build/server"]) {
  if (!existsSync(root)) {
    failures.push(`${root} is missing: run npm run build first`);
    continue;
  }
  for (const file of files(root)) {
    if (!/\.(js|mjs|css|html|json|map|txt|svg|xml)$/.test(file)) continue;
    const text = readFileSync(file, "utf8");
    scanned += 1;
    for (const value of secretValues) if (text.includes(value)) failures.push(`${file} contains a secret's value`);
    for (const shape of KEY_SHAPES)
      if (shape.test(text)) failures.push(`${file} contains something shaped like a provider key (${shape})`);
    if (root === "build/client") {
      for (const name of SECRET_NAMES)
        if (text.includes(name)) failures.push(`${file} (sent to browsers) names ${name}`);
    }
  }
}

if (failures.length > 0) {
  console.error(output);
  console.error(`\nDeploy check failed:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
const shipped = output.split("\n").filter((line) => line.startsWith("env."));
console.log(`Deploy check: wrangler deploy would ship production.\n${shipped.join("\n")}`);
console.log(`Build check: ${scanned} files in build/ scanned, no secret found.`);
