#!/usr/bin/env node
// Lighthouse (mobile preset: simulated slow 4G and 4x CPU) on the pages learners open first, against a
// running build: `node scripts/bench-lighthouse.mjs <base-url> [token]`. `npm run bench` calls it at the
// end with its own server; run alone against `npm start` for a quick look. Prints the median of
// LIGHTHOUSE_RUNS runs (default 3) per page and the bytes the page loaded, split into JS and fonts.
// Asserts nothing. Needs Chromium (CHROME_PATH, default /usr/bin/chromium).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const [base = "http://127.0.0.1:8787", token] = process.argv.slice(2);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

async function firstPath(listPath, pattern) {
  const html = await (await fetch(`${base}${listPath}`, token ? { headers: { Cookie: `token=${token}` } } : {})).text();
  return html.match(pattern)?.[0] ?? null;
}

const lesson = (await firstPath("/video-library", /\/video\/\d+\/[a-z0-9-]+/)) ?? "/video/1/greetings-in-damascus";
const post = (await firstPath("/blog", /\/blog\/\d+\/[a-z0-9-]+/)) ?? "/blog";
const pages = [
  { label: "/ (visitor)", path: "/" },
  { label: "/video-library (visitor)", path: "/video-library" },
  { label: `${post} (visitor)`, path: post },
  { label: `${lesson} (member)`, path: lesson, signedIn: true },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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
try {
  for (const page of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(
        `${base}${page.path}`,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          extraHeaders: page.signedIn && token ? { Cookie: `token=${token}` } : undefined,
          // Lighthouse's default mobile preset; its throttling is simulated, so it does not depend on this machine's network.
          formFactor: "mobile",
        },
        undefined,
      );
      const items = lhr.audits["network-requests"]?.details?.items ?? [];
      const bytes = (type) =>
        items.filter((item) => item.resourceType === type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      results.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
        seo: Math.round(lhr.categories.seo.score * 100),
        fcp: lhr.audits["first-contentful-paint"].numericValue,
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        js: bytes("Script"),
        fonts: bytes("Font"),
      });
    }
    const pick = (key) => median(results.map((result) => result[key]));
    rows.push({
      page: page.label,
      perf: pick("performance"),
      FCP: `${(pick("fcp") / 1000).toFixed(1)} s`,
      LCP: `${(pick("lcp") / 1000).toFixed(1)} s`,
      TBT: `${Math.round(pick("tbt"))} ms`,
      CLS: pick("cls").toFixed(3),
      "a11y/BP/SEO": `${pick("accessibility")}/${pick("bestPractices")}/${pick("seo")}`,
      "JS (transfer)": `${(pick("js") / 1024).toFixed(0)} KB`,
      fonts: `${(pick("fonts") / 1024).toFixed(0)} KB`,
    });
  }
} finally {
  await chrome.kill();
}

console.log(
  `\nLighthouse 13, mobile preset, median of ${runs} run(s) per page (targets: performance >= 95, LCP <= 2.0 s, TBT <= 100 ms, CLS <= 0.02, fonts <= 100 KB)`,
);
console.table(rows);
