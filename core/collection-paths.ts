import { slugify } from "./slug";

/**
 * Courses, series and playlists share one URL shape: `/{kind}/{id}/{slug}`
 * (docs/product-rules.md#addresses-and-slugs).
 */
export type CollectionKind = "course" | "series" | "playlist";

interface Sluggable {
  id: number;
  slug: string;
  title: string;
}

/** The slug a URL should carry: the stored one, or one derived from the title when it is empty. */
export function slugOf(item: Pick<Sluggable, "slug" | "title">): string {
  return item.slug || slugify(item.title);
}

export function collectionHref(kind: CollectionKind, collection: Sluggable): string {
  return `/${kind}/${collection.id}/${slugOf(collection)}`;
}

/** A lesson played inside its course, series or playlist (the player's context-aware routes). */
export function collectionLessonHref(kind: CollectionKind, collection: Sluggable, lesson: Sluggable): string {
  return `${collectionHref(kind, collection)}/${lesson.id}/${slugOf(lesson)}`;
}

export const COLLECTION_LABELS: Record<CollectionKind, { singular: string; plural: string; listPath: string }> = {
  course: { singular: "course", plural: "courses", listPath: "/courses" },
  series: { singular: "series", plural: "series", listPath: "/series" },
  playlist: { singular: "playlist", plural: "playlists", listPath: "/playlists" },
};
