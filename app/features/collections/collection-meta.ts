import type { MetaDescriptor } from "@remix-run/cloudflare";
import { slugOf } from "#core/collection-paths";
import { LEVEL_LABELS } from "#core/format";
import type { Level } from "#core/levels";
import { isoDuration, LESSON_LANGUAGE, summarize } from "#core/share-text";
import { rootAppName } from "~/lib/meta";
import { type JsonLd, shareMeta, titleMeta } from "~/lib/route-meta";

// What a course's or series' page tells search engines and link previews (docs/seo.md): canonical link, Open
// Graph, its lessons as a schema.org ItemList and, for a course, a schema.org Course.

export interface CollectionMetaInput {
  title: string;
  titleAr: string;
  description: string;
  level: Level;
  lessonCount: number;
  freeLessonCount: number;
  totalSeconds: number;
  lessons: ReadonlyArray<{ id: number; number: number; title: string; slug: string }>;
}

/** server/services/share.ts `collectionShare`: its page, picture and the origin for its lessons' addresses. */
export interface CollectionShareInput {
  url: string;
  imageUrl: string;
  /** The description without its Markdown (server/lib/markdown.ts `markdownToText`). */
  descriptionText: string;
}

type Kind = "course" | "series";

/** A lesson's own canonical address (server/services/share.ts `standaloneLessonPath`), absolute. */
const lessonUrl = (origin: string, lesson: { id: number; slug: string; title: string }) =>
  new URL(`/video/${lesson.id}/${slugOf(lesson)}`, origin).toString();

function describe(kind: Kind, collection: CollectionMetaInput, share: CollectionShareInput): string {
  if (share.descriptionText) return summarize(share.descriptionText);
  const lessons = collection.lessonCount === 1 ? "1 lesson" : `${collection.lessonCount} lessons`;
  return `${collection.title}: a ${LEVEL_LABELS[collection.level].toLowerCase()} Levantine Arabic ${kind} in ${lessons}.`;
}

/** The lessons in order, each at its own canonical address (the one the sitemap lists). */
function lessonList(collection: CollectionMetaInput, share: CollectionShareInput): JsonLd {
  const origin = new URL(share.url).origin;
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: collection.title,
    numberOfItems: collection.lessons.length,
    itemListElement: collection.lessons.map((lesson) => ({
      "@type": "ListItem",
      position: lesson.number,
      name: lesson.title,
      url: lessonUrl(origin, lesson),
    })),
  };
}

/** A course as schema.org's Course: name, description, provider, one online instance, its lessons as parts. */
export function courseJsonLd(collection: CollectionMetaInput, share: CollectionShareInput, siteName: string): JsonLd {
  const origin = new URL(share.url).origin;
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    "@id": `${share.url}#course`,
    name: collection.title,
    ...(collection.titleAr ? { alternateName: collection.titleAr } : {}),
    description: describe("course", collection, share),
    url: share.url,
    image: share.imageUrl,
    inLanguage: LESSON_LANGUAGE,
    educationalLevel: LEVEL_LABELS[collection.level],
    isAccessibleForFree: collection.lessonCount > 0 && collection.freeLessonCount === collection.lessonCount,
    provider: { "@type": "Organization", name: siteName, sameAs: origin },
    hasCourseInstance: {
      "@type": "CourseInstance",
      courseMode: "online",
      ...(collection.totalSeconds > 0 ? { courseWorkload: isoDuration(collection.totalSeconds) } : {}),
    },
    hasPart: collection.lessons.map((lesson) => ({
      "@type": "LearningResource",
      name: lesson.title,
      url: lessonUrl(origin, lesson),
    })),
  };
}

/** The course or series page's `meta`. */
export function collectionMeta(
  matches: Parameters<typeof rootAppName>[0],
  kind: Kind,
  data: { collection: CollectionMetaInput; share: CollectionShareInput } | undefined,
): MetaDescriptor[] {
  if (!data) return titleMeta(matches, kind === "course" ? "Course not found" : "Series not found");
  const { collection, share } = data;
  const siteName = rootAppName(matches) ?? "Ahla";
  return shareMeta(matches, {
    title: collection.title,
    description: describe(kind, collection, share),
    url: share.url,
    imageUrl: share.imageUrl,
    imageAlt: collection.title,
    jsonLd: [...(kind === "course" ? [courseJsonLd(collection, share, siteName)] : []), lessonList(collection, share)],
  });
}
