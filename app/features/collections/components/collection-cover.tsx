import { cn } from "~/lib/cn";
import type { CollectionKind } from "#core/collection-paths";
import { LayersIcon } from "~/components/icons";
import { formatTotalDuration, plural, scriptProps } from "~/lib/text-format";

// Deep, calm backdrops for collections without artwork; chosen by id so a course keeps its colour.
const BACKDROPS = [
  "from-primary-700 via-primary-800 to-primary-950",
  "from-[#1f4e6b] via-[#173a52] to-[#0c2233]",
  "from-[#7a4a1e] via-[#5c3514] to-[#2e1a0a]",
  "from-[#5b2a4a] via-[#431f37] to-[#23101c]",
  "from-[#3f5a2a] via-[#2f441f] to-[#1a2611]",
] as const;

const KIND_ARABIC: Record<CollectionKind, string> = { course: "دورة", series: "سلسلة", playlist: "قائمة" };

export interface CoverCollection {
  id: number;
  title: string;
  titleAr?: string;
  coverUrl: string | null;
  lessonCount: number;
  totalSeconds: number;
}

/**
 * A collection's picture: its artwork (or first lesson's poster) when there is one, else a backdrop
 * with the Arabic title. Two slim layers above it read as "a stack of lessons", unlike a single lesson.
 */
export function CollectionCover({
  kind,
  collection,
  className,
  size = "md",
}: {
  kind: CollectionKind;
  collection: CoverCollection;
  className?: string;
  size?: "md" | "lg";
}) {
  const backdrop =
    BACKDROPS[(collection.id + (kind === "series" ? 1 : kind === "playlist" ? 3 : 0)) % BACKDROPS.length];
  // Learners name their playlists in any script: only text we know is Arabic is marked as Arabic.
  const heading = collection.titleAr || collection.title;
  const headingProps = collection.titleAr ? ({ lang: "ar", dir: "rtl" } as const) : scriptProps(collection.title);
  const arabicHeading = headingProps.lang === "ar";
  return (
    <div className={cn("flex flex-col", className)} aria-hidden="true">
      <div className={cn("mx-6 h-1.5 rounded-t-lg bg-gradient-to-r opacity-35", backdrop)} />
      <div className={cn("mx-3 h-1.5 rounded-t-lg bg-gradient-to-r opacity-60", backdrop)} />
      <div
        className={cn(
          "relative aspect-video overflow-hidden rounded-xl bg-gradient-to-br shadow-sm ring-1 ring-black/5",
          backdrop,
        )}
      >
        {collection.coverUrl ? (
          <img src={collection.coverUrl} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
        ) : (
          <>
            <div className="absolute inset-0 opacity-30 [background-image:radial-gradient(circle_at_18%_20%,rgba(255,255,255,0.35),transparent_42%),radial-gradient(circle_at_88%_92%,rgba(251,171,51,0.5),transparent_38%)]" />
            <div className="absolute inset-0 opacity-[0.07] [background-image:repeating-linear-gradient(45deg,#fff_0,#fff_1px,transparent_1px,transparent_14px)]" />
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 px-6 text-center">
              <span lang="ar" dir="rtl" className="text-sm font-semibold text-accent-300">
                {KIND_ARABIC[kind]}
              </span>
              <span
                {...headingProps}
                className={cn(
                  "line-clamp-2 leading-snug font-bold text-white drop-shadow-sm",
                  arabicHeading
                    ? size === "lg"
                      ? "text-3xl sm:text-4xl"
                      : "text-2xl sm:text-[1.7rem]"
                    : size === "lg"
                      ? "text-2xl sm:text-3xl"
                      : "text-xl sm:text-2xl",
                )}
              >
                {heading}
              </span>
            </div>
          </>
        )}
        <div className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-black/55 to-transparent px-3 pt-8 pb-2.5 text-xs font-medium text-white">
          <span className="inline-flex items-center gap-1.5">
            <LayersIcon className="size-4" />
            {plural(collection.lessonCount, "lesson")}
          </span>
          {collection.totalSeconds > 0 ? (
            <span className="rounded-md bg-black/40 px-1.5 py-0.5 tabular-nums">
              {formatTotalDuration(collection.totalSeconds)}
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
