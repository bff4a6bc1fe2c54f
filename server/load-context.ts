import { createViewer, type Viewer } from "./access/viewer";
import { createAppContext, type AppContext } from "./context";
import type { Env } from "./env";
import { readToken } from "./lib/cookies";
import { createCspNonce } from "./lib/security-headers";
import { authenticate, type SessionUser } from "./services/auth";

// A type alias (not an interface) so it satisfies Remix's index-signature AppLoadContext.
export type LoadContext = {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  app: AppContext;
  /** The signed-in user of this request, looked up once however many loaders ask. */
  getUser: () => Promise<SessionUser | null>;
  /** Who is asking and what they may do (server/access), built once per request from `getUser`. */
  getViewer: () => Promise<Viewer<SessionUser>>;
  /** This request's Content-Security-Policy nonce, carried by every script the document emits. */
  cspNonce: string;
};

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends LoadContext {}
  interface Future {
    v3_singleFetch: true;
  }
}

export function createLoadContext(
  request: Request,
  env: Env,
  ctx: LoadContext["ctx"],
  options: { now?: () => Date; app?: AppContext } = {},
): LoadContext {
  // The Worker passes the request's AppContext (server/app.ts); `remix vite:dev` has none and builds one.
  const app = options.app ?? createAppContext(env, options);
  let user: Promise<SessionUser | null> | undefined;
  let viewer: Promise<Viewer<SessionUser>> | undefined;
  const getUser = () => (user ??= authenticate(app, readToken(request)));
  return {
    env,
    ctx,
    app,
    getUser,
    getViewer: () => (viewer ??= getUser().then((found) => createViewer(app, found))),
    cspNonce: createCspNonce(),
  };
}
