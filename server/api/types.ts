import type { z } from "zod";
import type { Viewer } from "../access/viewer";
import type { AppContext } from "../context";
import type { Env } from "../env";
import type { SessionUser } from "../services/auth";

/** What server/app.ts gives every request: the AppContext, opened once on this request's D1 session. */
export interface AppEnv {
  Bindings: Env;
  Variables: { app: AppContext };
}

export interface ApiEnv {
  Bindings: Env;
  Variables: AppEnv["Variables"] & {
    user: SessionUser | null;
    viewer: Viewer<SessionUser>;
    /**
     * The schema `readJson` checked this request's body against (null: any object, checked further by
     * the service). tests/integration/openapi.test.ts compares it with the documented one.
     */
    jsonBodySchema?: z.ZodType | null;
  };
}
