import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { buildBlogRss } from "#server/services/blog";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await buildBlogRss(context.app), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
});
