import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getAvatar } from "#server/services/profile";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

/** GET /avatars/:userId — the member's current avatar straight from R2. */
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const userId = Number(params.userId);
  if (!Number.isSafeInteger(userId) || userId <= 0) return new Response("Not found", { status: 404 });
  const object = await getAvatar(context.app, { userId });
  if (!object) return new Response("Not found", { status: 404 });
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": "private, max-age=300",
    ETag: object.httpEtag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (request.headers.get("If-None-Match") === object.httpEtag) {
    object.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
});
