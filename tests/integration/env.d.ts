import type { Env } from "../../server/env";

declare global {
  namespace Cloudflare {
    interface Env extends import("../../server/env").Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

declare module "cloudflare:test" {
  interface ProvidedEnv extends Env {
    TEST_MIGRATIONS: D1Migration[];
  }
}
