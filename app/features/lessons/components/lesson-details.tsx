import { Link } from "@remix-run/react";
import { useState } from "react";
import { cn } from "~/lib/cn";
import { describeDuration, formatDuration } from "#core/format";
import { formatTransliteration, type TransliterationScheme } from "#core/transliteration";
import type { LessonPage } from "#server/services/lessons";
import { ArrowRightIcon, CheckIcon, DownloadIcon, FileIcon, LockIcon, PlayIcon, PlusIcon } from "~/components/icons";
import { useSaveWord } from "./use-save-word";
import { useGuestPrompt } from "./guest-prompt";

export const sectionCard = "rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6";

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join("") || "?"
  );
}

export function AboutLesson({
  lesson,
  teachers,
}: {
  lesson: Pick<LessonPage["lesson"], "descriptionHtml">;
  teachers: LessonPage["teachers"];
}) {
  return (
    <section aria-labelledby="about-heading" className={sectionCard}>
      <h2 id="about-heading" className="text-lg font-semibold">
        About this lesson
      </h2>
      {lesson.descriptionHtml ? (
        // The description's Markdown, rendered on the server by the blog's safe renderer (server/lib/markdown.ts).
        <div
          className={cn(
            "mt-2 leading-relaxed text-ink/90 [&>*+*]:mt-3 [&_a]:font-medium [&_a]:text-primary-800 [&_a]:underline",
            "[&_strong]:font-semibold [&_strong]:text-ink [&_em]:italic [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:list-decimal [&_ol]:ps-6",
            "[&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_code]:rounded [&_code]:bg-primary-50 [&_code]:px-1",
            "[&_blockquote]:border-s-4 [&_blockquote]:border-line [&_blockquote]:ps-3 [&_[lang=ar]]:text-[1.15em]",
          )}
          dangerouslySetInnerHTML={{ __html: lesson.descriptionHtml }}
        />
      ) : null}
      {teachers.length > 0 ? (
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {teachers.map((teacher) => (
            <li key={teacher.id} className="flex gap-3 rounded-xl bg-canvas p-3.5">
              <span
                aria-hidden="true"
                className="grid size-11 shrink-0 place-items-center rounded-full bg-primary-100 text-sm font-semibold text-primary-800 ring-2 ring-white"
              >
                {initials(teacher.name)}
              </span>
              <div className="min-w-0">
                <p className="font-semibold leading-tight">
                  {teacher.name}
                  {teacher.nameAr ? (
                    <span className="ms-2 font-normal text-muted">
                      <span lang="ar" dir="rtl">
                        {teacher.nameAr}
                      </span>
                    </span>
                  ) : null}
                </p>
                {teacher.country ? (
                  <p className="text-sm text-primary-800">
                    {teacher.country.name}
                    {teacher.country.dialect ? ` · ${teacher.country.dialect} Arabic` : ""}
                  </p>
                ) : null}
                {teacher.bio ? <p className="mt-1 line-clamp-3 text-sm text-muted">{teacher.bio}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function LessonVocabulary({
  lessonId,
  vocabulary,
  scheme,
  onSeek,
}: {
  lessonId: number;
  vocabulary: LessonPage["vocabulary"];
  scheme: TransliterationScheme;
  onSeek: (ms: number) => void;
}) {
  const saveWord = useSaveWord(lessonId);
  const guest = useGuestPrompt();
  const [saved, setSaved] = useState(() => new Set(vocabulary.filter((word) => word.saved).map((word) => word.id)));
  const [saving, setSaving] = useState<number | null>(null);
  if (vocabulary.length === 0) return null;

  async function save(word: LessonPage["vocabulary"][number]) {
    if (guest) return guest.ask("save this word");
    setSaving(word.id);
    try {
      await saveWord({
        arabic: word.arabic,
        transliteration: word.transliteration,
        english: word.english,
        cueId: word.cueId,
        startMs: word.startMs,
      });
      setSaved((current) => new Set(current).add(word.id));
    } catch {
      // Already reported by the JSON client.
    } finally {
      setSaving(null);
    }
  }

  return (
    <section id="vocabulary" aria-labelledby="vocabulary-heading" className={cn(sectionCard, "scroll-mt-20")}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="vocabulary-heading" className="text-lg font-semibold">
          Vocabulary
        </h2>
        <p className="text-sm text-muted">
          {vocabulary.length} {vocabulary.length === 1 ? "word" : "words"} from this lesson
        </p>
      </div>
      <ul className="mt-4 divide-y divide-line">
        {vocabulary.map((word) => {
          const isSaved = saved.has(word.id);
          return (
            <li key={word.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 sm:flex-nowrap">
              <p
                lang="ar"
                dir="rtl"
                className="min-w-24 text-2xl leading-normal font-semibold text-ink sm:w-40 sm:shrink-0"
              >
                {word.arabic}
              </p>
              <div className="min-w-0 flex-1">
                {word.transliteration ? (
                  <p lang="ar-Latn" className="font-medium text-primary-800">
                    {formatTransliteration(word.transliteration, scheme)}
                  </p>
                ) : null}
                <p className="text-sm text-muted">{word.english}</p>
              </div>
              <div className="flex w-full shrink-0 items-center gap-1.5 sm:w-auto">
                {word.startMs !== null ? (
                  <button
                    type="button"
                    onClick={() => onSeek(word.startMs!)}
                    aria-label={`Hear “${word.english}” at ${formatDuration(word.startMs / 1000)}`}
                    className="inline-flex items-center gap-1.5 rounded-lg border border-line px-2.5 py-1.5 font-mono text-xs text-ink tabular-nums hover:border-primary-300 hover:bg-primary-50"
                  >
                    <PlayIcon className="size-3 text-primary-700" />
                    {formatDuration(word.startMs / 1000)}
                  </button>
                ) : null}
                {isSaved ? (
                  <span className="inline-flex items-center gap-1 rounded-lg bg-primary-50 px-2.5 py-1.5 text-xs font-semibold text-primary-800">
                    <CheckIcon className="size-3.5" /> In My words
                  </span>
                ) : (
                  <button
                    type="button"
                    onClick={() => void save(word)}
                    disabled={saving === word.id}
                    aria-label={`Save ${word.english || word.arabic} to my words`}
                    className="inline-flex items-center gap-1 rounded-lg border border-line px-2.5 py-1.5 text-xs font-semibold text-primary-800 hover:border-primary-300 hover:bg-primary-50 disabled:opacity-60"
                  >
                    <PlusIcon className="size-3.5" /> {saving === word.id ? "Saving…" : "Save"}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function LessonAttachments({ attachments }: { attachments: LessonPage["attachments"] }) {
  if (attachments.length === 0) return null;
  return (
    <section aria-labelledby="attachments-heading" className={sectionCard}>
      <h2 id="attachments-heading" className="text-base font-semibold">
        Lesson files
      </h2>
      <ul className="mt-3 space-y-2">
        {attachments.map((file) => (
          <li key={file.id}>
            <a
              href={file.url}
              download={file.fileName}
              className="group flex items-center gap-3 rounded-xl border border-line p-3 transition-colors hover:border-primary-300 hover:bg-primary-50"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-50 text-primary-700 group-hover:bg-white">
                <FileIcon className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-ink">{file.title}</span>
                <span className="block text-xs text-muted">
                  {fileType(file.fileName, file.contentType)} · {formatBytes(file.sizeBytes)}
                </span>
              </span>
              <DownloadIcon className="size-5 text-primary-700" />
              <span className="sr-only">Download</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function fileType(fileName: string, contentType: string) {
  const extension = fileName.includes(".") ? fileName.split(".").pop()! : "";
  return (extension || contentType.split("/").pop() || "file").toUpperCase();
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const STATUS_LABEL = { completed: "Completed", "in-progress": "In progress", "not-started": "Not started" } as const;

export function CollectionSidebar({ collection }: { collection: NonNullable<LessonPage["collection"]> }) {
  const kindLabel = collection.kind === "course" ? "Course" : collection.kind === "series" ? "Series" : "Playlist";
  const total = collection.items.length;
  const percent = total > 0 ? Math.round((collection.completedCount / total) * 100) : 0;
  return (
    <nav
      aria-labelledby="collection-heading"
      className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm"
    >
      <div className="border-b border-line bg-gradient-to-br from-primary-50 to-surface p-4">
        <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">
          {kindLabel} · lesson {collection.currentIndex + 1} of {total}
        </p>
        <h2 id="collection-heading" className="mt-0.5 text-base leading-snug font-semibold">
          <Link to={collection.href} className="hover:text-primary-800 hover:underline">
            {collection.title}
          </Link>
        </h2>
        {collection.titleAr ? (
          <p className="text-base text-muted">
            <span lang="ar" dir="rtl">
              {collection.titleAr}
            </span>
          </p>
        ) : null}
        <div className="mt-3 flex items-center gap-3">
          <div
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-line"
            role="progressbar"
            aria-label={`${kindLabel} progress`}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={collection.completedCount}
            aria-valuetext={`${collection.completedCount} of ${total} lessons completed`}
          >
            <div className="h-full rounded-full bg-primary-600" style={{ width: `${percent}%` }} />
          </div>
          <p className="shrink-0 text-xs font-medium text-muted">
            {collection.completedCount}/{total} done
          </p>
        </div>
      </div>
      <ol className="max-h-[26rem] space-y-0.5 overflow-y-auto p-2">
        {collection.items.map((item) => (
          <li key={item.id}>
            <Link
              to={item.href}
              aria-current={item.isCurrent ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-lg px-2.5 py-2 text-sm transition-colors",
                item.isCurrent ? "bg-primary-700 text-white" : "hover:bg-canvas",
              )}
            >
              <StatusDot status={item.status} position={item.position} current={item.isCurrent} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{item.title}</span>
                <span className={cn("block text-xs", item.isCurrent ? "text-white/80" : "text-muted")}>
                  {formatDuration(item.durationSeconds)}
                  <span className="sr-only">
                    {" "}
                    ({describeDuration(item.durationSeconds)}), {STATUS_LABEL[item.status]}
                    {item.locked ? ", locked" : ""}
                  </span>
                  {item.isFree ? <span aria-hidden="true"> · Free</span> : null}
                </span>
              </span>
              {item.locked ? (
                <LockIcon className={cn("size-4 shrink-0", item.isCurrent ? "text-white" : "text-muted")} />
              ) : null}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function StatusDot({
  status,
  position,
  current,
}: {
  status: keyof typeof STATUS_LABEL;
  position: number;
  current: boolean;
}) {
  if (status === "completed") {
    return (
      <span
        aria-hidden="true"
        className="grid size-7 shrink-0 place-items-center rounded-full bg-primary-600 text-white"
      >
        <CheckIcon className="size-4" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid size-7 shrink-0 place-items-center rounded-full text-xs font-semibold tabular-nums",
        current
          ? "bg-white text-primary-800"
          : status === "in-progress"
            ? "bg-accent-100 text-accent-700 ring-2 ring-accent-400"
            : "bg-canvas text-muted ring-1 ring-line",
      )}
    >
      {position}
    </span>
  );
}

export function UpNextCard({ next }: { next: NonNullable<LessonPage["nextLesson"]> }) {
  return (
    <section aria-labelledby="up-next-heading" className={cn(sectionCard, "p-4 sm:p-5")}>
      <p id="up-next-heading" className="text-xs font-semibold tracking-wide text-primary-700 uppercase">
        Up next{next.via ? ` in ${next.via.title}` : ""}
      </p>
      <Link to={next.href} className="group mt-2 flex items-center gap-3">
        <span className="min-w-0 flex-1">
          <span className="block font-semibold leading-snug group-hover:text-primary-800 group-hover:underline">
            {next.title}
          </span>
          {next.titleAr ? (
            <span lang="ar" dir="rtl" className="block text-muted">
              {next.titleAr}
            </span>
          ) : null}
          <span className="mt-0.5 block text-xs text-muted">
            {formatDuration(next.durationSeconds)}
            {next.locked ? " · with a plan" : next.isFree ? " · Free" : ""}
          </span>
        </span>
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-700 text-white group-hover:bg-primary-800">
          {next.locked ? <LockIcon className="size-4" /> : <ArrowRightIcon className="size-5" />}
        </span>
      </Link>
    </section>
  );
}

export function PartOfCard({ partOf }: { partOf: LessonPage["partOf"] }) {
  if (partOf.length === 0) return null;
  return (
    <section aria-labelledby="part-of-heading" className={cn(sectionCard, "p-4 sm:p-5")}>
      <h2 id="part-of-heading" className="text-base font-semibold">
        Part of
      </h2>
      <ul className="mt-2 space-y-1">
        {partOf.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <Link
              to={item.href}
              className="flex items-center justify-between gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-canvas"
            >
              <span>
                <span className="text-xs font-semibold tracking-wide text-muted uppercase">
                  {item.kind === "course" ? "Course" : "Series"}
                </span>{" "}
                <span className="font-medium text-ink">{item.title}</span>
              </span>
              <span className="shrink-0 text-xs text-muted">
                {item.position} of {item.total}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
