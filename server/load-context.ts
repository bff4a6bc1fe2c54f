import { createViewer, type Viewer } from "./access/viewer";
import { createAppContext, type AppContext } from "./context";
import type { Env } from "./env";
import { readToken } from "./lib/cookies";
import { createCspNonce } from "./lib/security-headers";
import {
  authenticateClaim,
  authenticationQueries,
  readTokenClaim,
  sessionUserFrom,
  type SessionUser,
} from "./services/auth";
import { entitlementFrom, entitlementQuery, type Entitlement } from "./services/billing/entitlement";

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
  /**
   * Reports an error a loader or action threw (app/entry.server.tsx's `handleError`): Remix answers it with
   * the error page itself, so it never reaches the Worker's own reporting (server/index.ts).
   */
  reportError: (error: unknown) => void;
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
  options: { now?: () => Date; app?: AppContext; reportError?: (error: unknown) => void } = {},
): LoadContext {
  // The Worker passes the request's AppContext (server/app.ts); `remix vite:dev` has none and builds one.
  const app = options.app ?? createAppContext(env, options);
  let signIn: Promise<{ user: SessionUser | null; entitlement?: Entitlement }> | undefined;
  let viewer: Promise<Viewer<SessionUser>> | undefined;
  // Every signed-in page asks for the member's subscription (the root loader shows it), so on a GET the
  // sign-in check and the entitlement of the member the token names go to D1 in one batch. The entitlement
  // is kept only when the check confirms that member (the session row must belong to the claimed user
  // id). A POST reads it when first asked, after its action, which may be the one that changed it.
  const prefetchEntitlement = request.method === "GET" || request.method === "HEAD";
  const getSignIn = () =>
    (signIn ??= readTokenClaim(app, { token: readToken(request) }).then(async (claim) => {
      if (!claim) return { user: null };
      if (!prefetchEntitlement) return { user: await authenticateClaim(app, { claim }) };
      const [sessionRows, permissionRows, subscriptionRows] = await app.primary.batch([
        ...authenticationQueries(app, claim),
        entitlementQuery(app, { userId: claim.userId }),
      ]);
      const user = sessionUserFrom(claim, sessionRows, permissionRows);
      return user ? { user, entitlement: entitlementFrom(subscriptionRows, app.now()) } : { user: null };
    }));
  const getUser = () => getSignIn().then(({ user }) => user);
  const getViewer = () =>
    (viewer ??= getSignIn().then(({ user, entitlement }) =>
      createViewer(app, user, { entitlement: entitlement ? Promise.resolve(entitlement) : undefined }),
    ));
  return {
    env,
    ctx,
    app,
    getUser,
    getViewer,
    cspNonce: createCspNonce(),
    reportError: options.reportError ?? (() => undefined),
  };
}
