#!/usr/bin/env node
// Lighthouse (mobile preset: simulated slow 4G and 4x CPU) on the pages learners open first, against a
// running build:
//   node scripts/bench-lighthouse.mjs <base-url> [token] [--json FILE] [--reports DIR] [--lesson PATH] [--post PATH] [--free-lesson PATH]
// `npm run bench` calls it at the end with its own server (and reads FILE); run alone against `npm start`
// for a quick look. One Chrome for every run. Per page: a full run (performance, accessibility, best
// practices, SEO), then performance-only runs: a second, and a third only when the first two disagree
// (performance more than 3 points apart, or on different sides of a target); prints the median and the bytes
// the page loaded, split into JS and fonts. LIGHTHOUSE_RUNS=N runs exactly N per page instead.
// --reports DIR keeps every run's full Lighthouse report (DIR/<page>-<run>.json) for a closer look. Asserts nothing. Needs Chromium (CHROME_PATH, default /usr/bin/chromium).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const args = process.argv.slice(2);
function option(name) {
  const index = args.indexOf(name);
  if (index < 0) return null;
  const [, value] = args.splice(index, 2);
  return value ?? null;
}
const jsonPath = option("--json");
const reportsDir = option("--reports");
const lessonOption = option("--lesson");
const postOption = option("--post");
// A free lesson, which a visitor may open (the demo's first lesson is free).
const freeLesson = option("--free-lesson") ?? "/video/1/greetings-in-damascus";
const [base = "http://127.0.0.1:8787", token] = args;
const fixedRuns = process.env.LIGHTHOUSE_RUNS ? Number(process.env.LIGHTHOUSE_RUNS) : null;
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const TARGETS = { performance: 95, lcpMs: 2000, tbtMs: 100, cls: 0.02, fontsKb: 100 };

async function firstPath(listPath, pattern) {
  const html = await (await fetch(`${base}${listPath}`, token ? { headers: { Cookie: `token=${token}` } } : {})).text();
  return html.match(pattern)?.[0] ?? null;
}

const lesson =
  lessonOption ?? (await firstPath("/video-library", /\/video\/\d+\/[a-z0-9-]+/)) ?? "/video/1/greetings-in-damascus";
const post = postOption ?? (await firstPath("/blog", /\/blog\/\d+\/[a-z0-9-]+/)) ?? "/blog";
const pages = [
  { key: "landing", label: "/ (visitor)", path: "/" },
  { key: "library", label: "/video-library (visitor)", path: "/video-library" },
  { key: "blogPost", label: `${post} (visitor)`, path: post },
  { key: "lesson", label: `${lesson} (member)`, path: lesson, signedIn: true },
  { key: "visitorLesson", label: `${freeLesson} (visitor, free lesson)`, path: freeLesson },
];

/** True when two runs agree closely enough that a third would not change the median's verdict. */
function agree(a, b) {
  const side = (value, limit, higherIsBetter) => (higherIsBetter ? value >= limit : value <= limit);
  return (
    Math.abs(a.performance - b.performance) <= 3 &&
    side(a.performance, TARGETS.performance, true) === side(b.performance, TARGETS.performance, true) &&
    side(a.lcp, TARGETS.lcpMs) === side(b.lcp, TARGETS.lcpMs) &&
    side(a.tbt, TARGETS.tbtMs) === side(b.tbt, TARGETS.tbtMs) &&
    side(a.cls, TARGETS.cls) === side(b.cls, TARGETS.cls)
  );
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

const rows = [];
const results = [];
try {
  for (const page of pages) {
    const runs = [];
    const wanted = () => fixedRuns ?? (runs.length < 2 || !agree(runs[0], runs[1]) ? 3 : 2);
    while (runs.length < wanted()) {
      // Accessibility, best practices and SEO do not depend on timing: the first run measures them.
      const full = runs.length === 0;
      const { lhr } = await lighthouse(
        `${base}${page.path}`,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: full ? ["performance", "accessibility", "best-practices", "seo"] : ["performance"],
          extraHeaders: page.signedIn && token ? { Cookie: `token=${token}` } : undefined,
          // Lighthouse's default mobile preset; its throttling is simulated, so it does not depend on this machine's network.
          formFactor: "mobile",
        },
        undefined,
      );
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        writeFileSync(`${reportsDir}/${page.key}-${runs.length + 1}.json`, JSON.stringify(lhr));
      }
      const items = lhr.audits["network-requests"]?.details?.items ?? [];
      const bytes = (type) =>
        items.filter((item) => item.resourceType === type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const score = (category) =>
        lhr.categories[category] ? Math.round(lhr.categories[category].score * 100) : undefined;
      runs.push({
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        fcp: lhr.audits["first-contentful-paint"].numericValue,
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        js: bytes("Script"),
        fonts: bytes("Font"),
      });
    }
    const pick = (key) => median(runs.map((run) => run[key]).filter((value) => value !== undefined));
    const result = {
      key: page.key,
      label: page.label,
      path: page.path,
      runs: runs.length,
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      fcpMs: pick("fcp"),
      lcpMs: pick("lcp"),
      tbtMs: pick("tbt"),
      cls: pick("cls"),
      jsBytes: pick("js"),
      fontBytes: pick("fonts"),
    };
    results.push(result);
    rows.push({
      page: page.label,
      runs: runs.length,
      perf: result.performance,
      FCP: `${(result.fcpMs / 1000).toFixed(1)} s`,
      LCP: `${(result.lcpMs / 1000).toFixed(1)} s`,
      TBT: `${Math.round(result.tbtMs)} ms`,
      CLS: result.cls.toFixed(3),
      "a11y/BP/SEO": `${result.accessibility}/${result.bestPractices}/${result.seo}`,
      "JS (transfer)": `${(result.jsBytes / 1024).toFixed(0)} KB`,
      fonts: `${(result.fontBytes / 1024).toFixed(0)} KB`,
    });
  }
} finally {
  await chrome.kill();
}

if (jsonPath) {
  mkdirSync(dirname(jsonPath), { recursive: true });
  writeFileSync(jsonPath, JSON.stringify({ base, targets: TARGETS, pages: results }, null, 2));
}
console.log(
  `\nLighthouse 13, mobile preset, median of the runs per page (targets: performance >= 95, LCP <= 2.0 s, TBT <= 100 ms, CLS <= 0.02, fonts <= 100 KB)`,
);
console.table(rows);
