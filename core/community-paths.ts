import { slugify } from "./slug";

// Community URLs and display helpers, shared by the Worker and the browser (pure, no dependencies).

interface Sluggable {
  id: number;
  slug: string;
  title: string;
}

/** Percent-encoded: Arabic slugs must survive a Location header (ASCII only). */
const slugOf = (item: Pick<Sluggable, "slug" | "title">) => encodeURIComponent(item.slug || slugify(item.title));

/** `/community/{id}/{title}` (docs/product-rules.md#addresses-and-slugs). */
export function communityGroupHref(group: Sluggable, page = 1): string {
  const path = `/community/${group.id}/${slugOf(group)}`;
  return page > 1 ? `${path}?page=${page}` : path;
}

/** `/community/{id}/{title}/thread/{threadId}/{threadTitle}` (docs/product-rules.md#addresses-and-slugs). */
export function communityThreadHref(group: Sluggable, thread: Sluggable, page = 1): string {
  const path = `${communityGroupHref(group)}/thread/${thread.id}/${slugOf(thread)}`;
  return page > 1 ? `${path}?page=${page}` : path;
}

/** The page (1-based) on which the item at a 0-based position falls. */
export function pageOfPosition(position: number, pageSize: number): number {
  return Math.floor(Math.max(0, position) / pageSize) + 1;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

const ARABIC_LETTERS = /(?=\p{Script=Arabic})\p{L}/gu;
const LATIN_LETTERS = /\p{Script=Latin}/gu;

/**
 * True when most letters of a message are Arabic script: the message then carries `lang="ar"` (Arabic
 * font, screen reader voice). English with a few Arabic words stays English; `dir="auto"` handles both.
 * Markdown syntax, digits and punctuation do not count.
 */
export function isMostlyArabic(text: string): boolean {
  const arabic = text.match(ARABIC_LETTERS)?.length ?? 0;
  if (arabic === 0) return false;
  const latin = text.match(LATIN_LETTERS)?.length ?? 0;
  return arabic > latin;
}
