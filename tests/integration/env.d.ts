import type { D1Migration } from "cloudflare:test";
import type { Env as AppEnv } from "../../server/env";

declare global {
  namespace Cloudflare {
    interface Env extends AppEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** JSON of the top-level [vars] of wrangler.toml, as `wrangler deploy` reads them. */
      DEPLOY_VARS: string;
      /** Bodies per route for tests/integration/api-fuzz.test.ts ("" = its default); `npm run test:deep` raises it. */
      FUZZ_RUNS: string;
    }
  }
}

declare module "cloudflare:test" {
  interface ProvidedEnv extends AppEnv {
    TEST_MIGRATIONS: D1Migration[];
    DEPLOY_VARS: string;
    FUZZ_RUNS: string;
  }
}
