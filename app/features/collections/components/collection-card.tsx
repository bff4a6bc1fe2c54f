import { Link } from "@remix-run/react";
import { ArrowRightIcon } from "~/components/icons";
import { LevelBadge } from "~/components/video-card";
import type { LevelName } from "#core/format";
import { collectionHref, collectionLessonHref } from "#core/collection-paths";
import { CollectionCover } from "./collection-cover";
import { ContinuePanel, type ProgressInfo } from "./continue-panel";
import { plural } from "~/lib/text-format";
import { TeacherLine, type TeacherItem } from "./teacher-list";

export interface CollectionCardData {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  description: string;
  level: LevelName;
  lessonCount: number;
  freeLessonCount: number;
  totalSeconds: number;
  coverUrl: string | null;
  teachers: TeacherItem[];
  progress: ProgressInfo | null;
  nextLesson: { id: number; title: string; slug: string } | null;
}

/** A course or series on its list page: the title links to the detail page, the button to the next lesson. */
export function CollectionCard({ kind, collection }: { kind: "course" | "series"; collection: CollectionCardData }) {
  const href = collectionHref(kind, collection);
  const next = collection.nextLesson
    ? { title: collection.nextLesson.title, href: collectionLessonHref(kind, collection, collection.nextLesson) }
    : null;
  return (
    <article className="group relative flex h-full min-w-0 flex-col gap-5 rounded-xl border border-line bg-surface p-4 shadow-sm transition focus-within:ring-3 focus-within:ring-primary-300 hover:-translate-y-0.5 hover:shadow-md">
      <CollectionCover kind={kind} collection={collection} />
      <div className="flex min-w-0 flex-1 flex-col gap-2 px-1">
        <div className="flex flex-wrap items-center gap-2">
          <LevelBadge level={collection.level} />
          {collection.freeLessonCount > 0 ? (
            <span className="rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-semibold text-accent-700 ring-1 ring-accent-300/60 ring-inset">
              {plural(collection.freeLessonCount, "free lesson")}
            </span>
          ) : null}
        </div>
        <h2 className="text-xl leading-snug font-semibold text-ink">
          <Link to={href} className="outline-none after:absolute after:inset-0 after:content-['']">
            {collection.title}
          </Link>
        </h2>
        {collection.titleAr ? (
          <p className="-mt-1 text-lg text-ink/80">
            <span lang="ar" dir="rtl">
              {collection.titleAr}
            </span>
          </p>
        ) : null}
        {collection.description ? (
          <p className="line-clamp-2 text-sm leading-relaxed text-muted">{collection.description}</p>
        ) : null}
        <TeacherLine teachers={collection.teachers} className="mt-1" />
        <div className="mt-auto pt-3">
          {collection.progress && next ? (
            <ContinuePanel kind={kind} title={collection.title} progress={collection.progress} nextLesson={next} />
          ) : (
            <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-700 group-hover:underline">
              See the lessons <ArrowRightIcon className="size-4" />
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
