#!/usr/bin/env node
// Part of `npm run lint`: every copy of a production dependency in package-lock.json is at or past the
// version that fixed each advisory we reviewed (docs/security.md, "Dependencies"). `npm audit` needs a
// service this machine cannot reach, so the review is written down and this keeps it from regressing.
import { readFileSync } from "node:fs";

/** Reviewed advisories: the package, the advisory, the first fixed version. */
const ADVISORIES = [
  { name: "@sentry/browser", advisory: "GHSA-593m-55hh-j8gv (prototype pollution)", fixedIn: "8.33.0" },
  { name: "cookie", advisory: "GHSA-pxg6-pf52-xh8x (out-of-bounds characters in cookie names)", fixedIn: "0.7.0" },
  { name: "papaparse", advisory: "formula escaping of arrays and objects, quadratic quoted parsing", fixedIn: "5.7.1" },
];

const compare = (a, b) => {
  const [x, y] = [a, b].map((version) => version.split(/[.+-]/).slice(0, 3).map(Number));
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const failures = [];
let checked = 0;
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (!path || entry.dev) continue;
  const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
  for (const advisory of ADVISORIES) {
    if (advisory.name !== name) continue;
    checked += 1;
    if (compare(entry.version, advisory.fixedIn) < 0) {
      failures.push(`${path}@${entry.version} is inside ${advisory.advisory}: needs ${advisory.fixedIn} or later`);
    }
  }
}
if (failures.length) {
  console.error(`Production dependencies inside reviewed advisories:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log(`Advisories: ${checked} production copies of ${ADVISORIES.length} reviewed packages are past their fixes.`);
