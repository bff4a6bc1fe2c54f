import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { logoutResponse, safeRedirectPath } from "~/lib/auth.server";

const FALLBACK = "/video-library";

/**
 * Where to come back after signing in again (SPEC §4): the `redirect` field, else the page the request
 * came from (same origin only). Never an /auth/ page: coming back to /auth/logout would sign out again.
 */
function returnAddress(request: Request, given: FormDataEntryValue | null | undefined): string {
  let candidate: string | null = typeof given === "string" && given ? given : null;
  if (!candidate) {
    const referer = request.headers.get("Referer");
    try {
      const from = referer ? new URL(referer) : null;
      if (from && from.origin === new URL(request.url).origin) candidate = `${from.pathname}${from.search}`;
    } catch {
      candidate = null;
    }
  }
  const path = safeRedirectPath(candidate, FALLBACK);
  return path.startsWith("/auth/") ? FALLBACK : path;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => null);
  return logoutResponse(context, request, null, returnAddress(request, formData?.get("redirect")));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return logoutResponse(
    context,
    request,
    null,
    returnAddress(request, new URL(request.url).searchParams.get("redirect")),
  );
}
