import { createAppContext, type AppContext } from "./context";
import type { Env } from "./env";
import { readToken } from "./lib/cookies";
import { authenticate, type SessionUser } from "./services/auth";

export interface LoadContext {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  app: AppContext;
  /** The signed-in user of this request, looked up once however many loaders ask. */
  getUser: () => Promise<SessionUser | null>;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends LoadContext {}
}

export function createLoadContext(
  request: Request,
  env: Env,
  ctx: LoadContext["ctx"],
  options: { now?: () => Date } = {},
): LoadContext {
  const app = createAppContext(env, options);
  let user: Promise<SessionUser | null> | undefined;
  return {
    env,
    ctx,
    app,
    getUser: () => (user ??= authenticate(app, readToken(request))),
  };
}
