import type { MetaDescriptor } from "@remix-run/cloudflare";
import { pageTitle, rootAppName } from "./meta";

/** `meta` for a page whose tab should read "<product> - <title>" (docs/product-rules.md#tab-titles). */
export function titleMeta(matches: Parameters<typeof rootAppName>[0], title: string): MetaDescriptor[] {
  return [{ title: pageTitle(rootAppName(matches), title) }];
}
