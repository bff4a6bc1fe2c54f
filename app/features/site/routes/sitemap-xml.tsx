import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { buildSitemap } from "#server/services/sitemap";

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await buildSitemap(context.app), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
