#!/usr/bin/env node
// `npm test`: every check, in two lanes that run side by side, and the wall time of each stage at the end.
//
//   checks:  typecheck → lint → unit (vitest, workerd)
//   app:     build → e2e (Playwright on that build) → deploy (wrangler deploy --dry-run and the secret scan)
//
// A lane stops at its first failure; the other goes on, so one run reports both. `npm test -- --serial` runs
// the stages one after another in the order above, as `npm test` did before.
//
// Besides its wall time, each stage's CPU time (every process it started, on Linux) is printed: on a busy
// machine the wall times swell with the load, the CPU times do not, so they compare runs like with like.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const serial = process.argv.includes("--serial");
const bin = (name) => `node_modules/.bin/${name}`;

const STAGES = {
  typecheck: ["npm", ["run", "--silent", "typecheck"]],
  lint: ["npm", ["run", "--silent", "lint"]],
  unit: [bin("vitest"), ["run"]],
  build: [bin("remix"), ["vite:build"]],
  // The build above is the one served: the e2e server skips its own.
  e2e: [bin("playwright"), ["test"], { SKIP_BUILD: "1" }],
  deploy: ["node", ["scripts/check-deploy.mjs"]],
};
const LANES = [
  ["typecheck", "lint", "unit"],
  ["build", "e2e", "deploy"],
];

const results = [];
/** How much of a failed stage's output is shown again at the end. */
const TAIL_LINES = 80;

/**
 * CPU seconds of this process's children reaped so far (cutime + cstime of /proc/self/stat), or null off
 * Linux. A stage's child is reaped just before its exit event, so the growth since the previous exit is
 * that stage's (with its own children, which it waited for).
 */
function childrenCpu() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}
let reapedCpu = childrenCpu();

function run(name) {
  const [command, args, env = {}] = STAGES[name];
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, ...env } });
    // Passed through as it comes; the stage's last lines are kept to be shown again at the end if it fails
    // (the two lanes' output interleaves, and a log's tail is often all one reads of a CI run).
    const tail = [];
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      from.on("data", (chunk) => {
        to.write(chunk);
        tail.push(...chunk.toString().split("\n"));
        if (tail.length > 2 * TAIL_LINES) tail.splice(0, tail.length - TAIL_LINES);
      });
    }
    child.on("exit", (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      const nowCpu = childrenCpu();
      const cpu = nowCpu === null || reapedCpu === null ? null : nowCpu - reapedCpu;
      reapedCpu = nowCpu;
      results.push({ name, ok, seconds, cpu, tail: ok ? [] : tail.slice(-TAIL_LINES) });
      console.log(
        `${ok ? "✔" : "✘"} ${name} ${ok ? "passed" : `failed (${signal ?? code})`} in ${seconds.toFixed(0)} s` +
          (cpu === null ? "" : ` (CPU ${cpu.toFixed(0)} s)`),
      );
      resolve(ok);
    });
  });
}

async function lane(names) {
  for (const name of names) if (!(await run(name))) return false;
  return true;
}

const started = Date.now();
const outcomes = serial ? [await lane(LANES.flat())] : await Promise.all(LANES.map(lane));
const total = (Date.now() - started) / 1000;

for (const { name, tail } of results.filter(({ ok }) => !ok)) {
  console.log(`\n── the end of ${name}'s output (it failed) ──\n${tail.join("\n")}`);
}
console.log("\nstage       result   wall time   CPU time");
for (const { name, ok, seconds, cpu } of results) {
  console.log(
    `${name.padEnd(11)} ${(ok ? "passed" : "FAILED").padEnd(8)} ${seconds.toFixed(0).padStart(5)} s` +
      (cpu === null ? "" : `   ${cpu.toFixed(0).padStart(6)} s`),
  );
}
const skipped = Object.keys(STAGES).filter((name) => !results.some((result) => result.name === name));
if (skipped.length > 0) console.log(`not run (an earlier stage failed): ${skipped.join(", ")}`);
const cpuTotal = results.every(({ cpu }) => cpu !== null) ? results.reduce((sum, { cpu }) => sum + cpu, 0) : null;
console.log(
  `total       ${serial ? "serial" : "2 lanes"}  ${total.toFixed(0).padStart(5)} s` +
    (cpuTotal === null ? "" : `   ${cpuTotal.toFixed(0).padStart(6)} s`),
);
const load = (() => {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return null;
  }
})();
if (load) console.log(`load average at the end: ${load}`);
process.exit(outcomes.every(Boolean) ? 0 : 1);
