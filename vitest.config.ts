import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { unstable_readConfig } from "wrangler";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const TESTS = ["tests/integration/**/*.test.ts", "tests/unit/**/*.test.ts"];
/**
 * Files that read the database as a whole (totals, "the newest", every due subscription, every row of a
 * table, the cron over every member, the rate-limit counters of one address) or leave such rows for others:
 * each starts on an emptied database and bucket of its own. A new test that cannot run beside other files'
 * data goes here.
 */
const OWN_DATABASE = [
  "tests/integration/admin-dashboard.test.ts",
  "tests/integration/admin-users.test.ts",
  "tests/integration/api-fuzz.test.ts",
  "tests/integration/billing-cron.test.ts",
  "tests/integration/billing-local.test.ts",
  "tests/integration/catalogue-counters.test.ts",
  "tests/integration/deploy-config.test.ts",
  "tests/integration/device-cookies.test.ts",
  "tests/integration/faults.test.ts",
  "tests/integration/glossing-coverage.test.ts",
  "tests/integration/idempotency.test.ts",
  "tests/integration/lesson-content.test.ts",
  "tests/integration/long-search.test.ts",
  "tests/integration/onboarding.test.ts",
  "tests/integration/paywall-copy.test.ts",
  "tests/integration/paywall.test.ts",
  "tests/integration/recommendations.test.ts",
  "tests/integration/reminders.test.ts",
  "tests/integration/sign-in-link.test.ts",
  "tests/integration/word-tokens.test.ts",
];

/**
 * Files start in name order (two at a time, see maxWorkers), so runs are alike, one project's after the other's:
 * Vitest hands a worker's runtime on to the next file only when that file belongs to the same project, and a
 * new runtime loads workerd and the app again.
 */
class AlphabeticalSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const key = (file: TestSpecification) => `${file.project.name}\u0000${file.moduleId}`;
    return [...files].sort((a, b) => key(a).localeCompare(key(b)));
  }
}

// Every test runs inside workerd with real D1 and R2 bindings (miniflare), migrations applied by the setup file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  // The [vars] `wrangler deploy` ships (top level, no --env, no .dev.vars), read by wrangler itself, so
  // tests/integration/deploy-config.test.ts proves what a plain deploy would run with.
  const deployConfig = unstable_readConfig({ config: path.join(__dirname, "wrangler.toml") }, {});
  return {
    plugins: [
      cloudflareTest({
        miniflare: {
          compatibilityDate: "2025-09-01",
          compatibilityFlags: ["nodejs_compat"],
          d1Databases: ["DB"],
          r2Buckets: ["MEDIA"],
          bindings: {
            TEST_MIGRATIONS: migrations,
            DEPLOY_VARS: JSON.stringify(deployConfig.vars),
            // Generated bodies per route in tests/integration/api-fuzz.test.ts ("" = its default).
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
            ENVIRONMENT: "test",
            APP_URL: "https://ahla.test",
            JWT_SECRET: "test-secret-test-secret-test-secret-0123",
            MEDIA_SIGNING_SECRET: "test-media-secret-test-media-secret-0123",
          },
        },
      }),
    ],
    resolve: {
      alias: {
        "~": path.join(__dirname, "app"),
        "#core": path.join(__dirname, "core"),
        "#server": path.join(__dirname, "server"),
        "#drizzle": path.join(__dirname, "drizzle"),
      },
    },
    test: {
      setupFiles: ["./tests/integration/apply-migrations.ts"],
      // Beside the e2e lane's two browsers and servers on a 2-core machine, a test that takes a fraction of a
      // second alone can wait seconds for a core: a limit on how long a test may hang, not on its speed.
      testTimeout: 30_000,
      hookTimeout: 30_000,
      // Vitest's default is one worker fewer than the cores, which on 2 cores runs every file one after
      // another; a file spends most of its time waiting on workerd and D1, so two side by side nearly halve
      // the run without doubling its CPU.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      sequence: { sequencer: AlphabeticalSequencer },
      projects: [
        {
          extends: true as const,
          test: {
            name: "shared",
            include: TESTS,
            exclude: OWN_DATABASE,
            // One workerd and one D1 per Vitest worker, its files one after another, the app's modules loaded once
            // (as long as the next file is of the same project: see AlphabeticalSequencer); each file makes its own
            // rows and reads only those, and no file may count on ids or module state another left.
            isolate: false,
          },
        },
        // One workerd per Vitest worker here too (its files one after another), each file starting on an emptied
        // database and bucket (tests/integration/fresh-database.ts) instead of a new runtime, which cost each
        // file about ten seconds of loading the app again.
        {
          extends: true as const,
          test: {
            name: "own-database",
            include: OWN_DATABASE,
            isolate: false,
            setupFiles: ["./tests/integration/apply-migrations.ts", "./tests/integration/fresh-database.ts"],
          },
        },
      ],
    },
  };
});
