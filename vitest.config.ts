import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { unstable_readConfig } from "wrangler";
import { defineConfig } from "vitest/config";

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
      include: ["tests/integration/**/*.test.ts", "tests/unit/**/*.test.ts"],
      setupFiles: ["./tests/integration/apply-migrations.ts"],
    },
  };
});
