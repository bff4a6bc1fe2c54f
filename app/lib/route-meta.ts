import type { MetaDescriptor } from "@remix-run/cloudflare";
import { pageTitle, rootAppName } from "./meta";

/** `meta` for a page whose tab should read "<product> - <title>" (docs/product-rules.md#tab-titles). */
export function titleMeta(matches: Parameters<typeof rootAppName>[0], title: string): MetaDescriptor[] {
  return [{ title: pageTitle(rootAppName(matches), title) }];
}

/** A schema.org object as Remix's meta takes it (`script:ld+json`). */
export type JsonLd = Extract<MetaDescriptor, { "script:ld+json": unknown }>["script:ld+json"];

export interface ShareMeta {
  /** The page's own title: the tab reads "<product> - <title>", a preview reads just the title. */
  title: string;
  description: string;
  /** The canonical address, absolute (APP_URL): `<link rel="canonical">` and og:url. */
  url: string;
  /** Absolute and unsigned: previews fetch it long after the page was rendered. */
  imageUrl: string;
  imageAlt?: string;
  /** og:type; "website" unless said. */
  type?: string;
  /** More Open Graph tags (og:video…, video:duration). */
  openGraph?: MetaDescriptor[];
  /** schema.org objects, each one `<script type="application/ld+json">`; Remix escapes `<`, `>` and `&` in it. */
  jsonLd?: JsonLd[];
  /** Pages search engines should not keep (an admin's preview of a draft). */
  noindex?: boolean;
}

/**
 * `titleMeta` plus what search engines and link previews read (docs/seo.md): description, canonical link, Open
 * Graph, the Twitter card and JSON-LD.
 */
export function shareMeta(matches: Parameters<typeof rootAppName>[0], page: ShareMeta): MetaDescriptor[] {
  return [
    ...titleMeta(matches, page.title),
    { name: "description", content: page.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: page.url },
    { property: "og:site_name", content: rootAppName(matches) ?? "Ahla" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.url },
    { property: "og:image", content: page.imageUrl },
    ...(page.imageAlt ? [{ property: "og:image:alt", content: page.imageAlt }] : []),
    ...(page.openGraph ?? []),
    { name: "twitter:card", content: "summary_large_image" },
    ...(page.jsonLd ?? []).map((object) => ({ "script:ld+json": object })),
  ];
}
