import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getShareImage, SHARE_IMAGE_KINDS, SITE_IMAGE_PATH, type ShareImageKind } from "#server/services/share";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";

export const audience: Audience = "public";

const isKind = (value: string | undefined): value is ShareImageKind =>
  (SHARE_IMAGE_KINDS as readonly string[]).includes(value ?? "");

/**
 * GET /thumbnail/{video|course|series}/{id}: the published lesson's, course's or series' picture at an address
 * that never expires, for the sitemap, JSON-LD and link previews (docs/seo.md, ADR 040). A signed /media URL
 * would be dead by the time a crawler or a chat app fetches it. Without a picture: the site's (302).
 */
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isKind(params.kind)) throw notFoundResponse();
  const image = await getShareImage(context.app, { kind: params.kind, id: requireId(params.id) });
  if (!image) throw notFoundResponse();
  const cache = { "Cache-Control": "public, max-age=86400" };
  if (image === "site-image")
    return new Response(null, { status: 302, headers: { Location: SITE_IMAGE_PATH, ...cache } });
  const headers = new Headers({
    ...cache,
    "Content-Type": image.httpMetadata?.contentType ?? "application/octet-stream",
    ETag: image.httpEtag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (request.headers.get("If-None-Match") === image.httpEtag) {
    await image.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(image.size));
  return new Response(image.body, { headers });
});
