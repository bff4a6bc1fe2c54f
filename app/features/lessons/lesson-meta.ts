import type { MetaDescriptor } from "@remix-run/cloudflare";
import { LEVEL_LABELS } from "#core/format";
import type { Level } from "#core/levels";
import { isoDuration, LESSON_LANGUAGE, lessonSummary, summarize } from "#core/share-text";
import { rootAppName } from "~/lib/meta";
import { type JsonLd, shareMeta, titleMeta } from "~/lib/route-meta";

// What a lesson page tells search engines and link previews (docs/seo.md): canonical link, Open Graph video
// tags and a schema.org VideoObject. Built from the loader's data alone, so a member's page and a visitor's
// preview give the same answer; no signed media URL ever appears in it.

/**
 * The class of the part of a premium lesson's page a visitor cannot use (the player, the full transcript, the
 * exercises): the VideoObject's `hasPart` names it, as search engines ask of subscription content, so the
 * preview page is not mistaken for cloaking. The visitor's premium preview puts it on that locked part.
 */
export const PREMIUM_CONTENT_CLASS = "premium-content";

/** The fields of the lesson page's loader data the meta reads (`data.page`). */
export interface LessonMetaInput {
  lesson: {
    title: string;
    titleAr: string;
    /** The description without its Markdown (server/lib/markdown.ts `markdownToText`). */
    descriptionText: string;
    level: Level;
    durationSeconds: number;
    isFree: boolean;
    isPublished: boolean;
    publishedAt: Date | string | null;
  };
  teachers: ReadonlyArray<{ name: string }>;
  /** server/services/share.ts `lessonShare`: the canonical page and the picture, absolute and unsigned. */
  share: { url: string; imageUrl: string };
}

const isoDate = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The lesson as a schema.org VideoObject (with the paywalled-content markup when it is premium). */
export function lessonJsonLd(page: LessonMetaInput, siteName: string): JsonLd {
  const { lesson, share } = page;
  const uploadDate = isoDate(lesson.publishedAt);
  const description = lesson.descriptionText.trim();
  return {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    "@id": `${share.url}#video`,
    name: lesson.title,
    ...(lesson.titleAr ? { alternateName: lesson.titleAr } : {}),
    description: description ? summarize(description, 1000) : lessonSummary(lesson),
    thumbnailUrl: [share.imageUrl],
    ...(uploadDate ? { uploadDate } : {}),
    ...(lesson.durationSeconds > 0 ? { duration: isoDuration(lesson.durationSeconds) } : {}),
    educationalLevel: LEVEL_LABELS[lesson.level],
    inLanguage: LESSON_LANGUAGE,
    learningResourceType: "Video lesson",
    url: share.url,
    isAccessibleForFree: lesson.isFree,
    ...(lesson.isFree
      ? {}
      : {
          hasPart: {
            "@type": "WebPageElement",
            isAccessibleForFree: false,
            cssSelector: `.${PREMIUM_CONTENT_CLASS}`,
          },
        }),
    ...(page.teachers.length > 0
      ? { creator: page.teachers.map((teacher) => ({ "@type": "Person", name: teacher.name })) }
      : {}),
    publisher: { "@type": "Organization", name: siteName, url: new URL(share.url).origin },
  };
}

/** The lesson page's `meta`: tab title, description, canonical link, Open Graph video tags and the JSON-LD. */
export function lessonMeta(
  matches: Parameters<typeof rootAppName>[0],
  page: LessonMetaInput | undefined,
): MetaDescriptor[] {
  if (!page) return shareMetaFallback(matches);
  const { lesson, share } = page;
  const released = isoDate(lesson.publishedAt);
  return shareMeta(matches, {
    title: lesson.title,
    description: lessonSummary(lesson),
    url: share.url,
    imageUrl: share.imageUrl,
    imageAlt: lesson.title,
    type: "video.other",
    // og:video names the player page, never the media: its URLs are signed and expire within hours.
    openGraph: [
      { property: "og:video", content: share.url },
      ...(share.url.startsWith("https:") ? [{ property: "og:video:secure_url", content: share.url }] : []),
      { property: "og:video:type", content: "text/html" },
      ...(lesson.durationSeconds > 0
        ? [{ property: "video:duration", content: String(Math.round(lesson.durationSeconds)) }]
        : []),
      ...(released ? [{ property: "video:release_date", content: released }] : []),
    ],
    jsonLd: [lessonJsonLd(page, rootAppName(matches) ?? "Ahla")],
    noindex: !lesson.isPublished,
  });
}

/** An error page (no loader data): a title and a generic line. */
function shareMetaFallback(matches: Parameters<typeof rootAppName>[0]): MetaDescriptor[] {
  return [
    ...titleMeta(matches, "Lesson"),
    { name: "description", content: "A Levantine Arabic video lesson with an interactive transcript." },
  ];
}
