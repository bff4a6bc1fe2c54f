import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

// A route rather than public/robots.txt: the Sitemap line must be absolute, and only APP_URL knows the origin.
export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  const origin = context.app.config.appUrl.replace(/\/+$/, "");
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /media/",
    "Disallow: /dev/",
    "Disallow: /newsletter/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
});
