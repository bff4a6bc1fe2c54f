import { Form, Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "~/components/ui/button";
import { Field, FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { formatCueTime } from "#core/cue-edits";
import { DURATION_SOURCE_LABELS } from "#core/duration-source";
import { formatDuration } from "#core/format";
import type { LessonWorkspace } from "#server/services/admin-lesson";
import { LessonPreview, type LessonPreviewHandle } from "./lesson-preview";
import { MediaUpload } from "./media-upload";

export type WorkspaceTab = "transcript" | "media" | "details" | "study";
type Answer = { intent: string; fieldErrors?: Record<string, string[]>; formErrors?: string[] } | null;

const card = "rounded-xl border border-line bg-surface p-5 shadow-sm";

const TAB_LABELS: Record<WorkspaceTab, string> = {
  transcript: "Transcript",
  media: "Video & thumbnail",
  details: "Attachments, categories, teachers",
  study: "Vocabulary & exercises",
};

export function WorkspaceTabs({
  lessonId,
  current,
  counts,
}: {
  lessonId: number;
  current: WorkspaceTab;
  counts: { transcript: number };
}) {
  return (
    <nav aria-label="Lesson workspace sections" className="mt-5 overflow-x-auto border-b border-line">
      <ul className="flex min-w-max gap-1">
        {(Object.keys(TAB_LABELS) as WorkspaceTab[]).map((tab) => (
          <li key={tab}>
            <Link
              to={
                tab === "transcript"
                  ? `/admin/videos/${lessonId}/lesson`
                  : `/admin/videos/${lessonId}/lesson?tab=${tab}`
              }
              aria-current={tab === current ? "page" : undefined}
              className={cn(
                "-mb-px inline-block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap",
                tab === current
                  ? "border-primary-700 text-primary-800"
                  : "border-transparent text-muted hover:border-line hover:text-ink",
              )}
            >
              {TAB_LABELS[tab]}
              {tab === "transcript" ? <span className="ms-1.5 text-xs text-muted">({counts.transcript})</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const errorsFor = (answer: Answer, intent: string, field: string) =>
  answer?.intent === intent ? answer.fieldErrors?.[field] : undefined;

const kbits = (bits: number) => `${Math.round(bits / 1000)} kbit/s`;

/** The lesson's adaptive-streaming package (docs/video.md): its state, renditions, and how to make one. */
export function StreamingStatus({
  video,
  stream,
}: {
  video: LessonWorkspace["video"];
  stream: LessonWorkspace["stream"];
}) {
  const renditions = stream.state === "none" ? [] : stream.renditions;
  return (
    <section
      aria-labelledby="streaming-heading"
      className="space-y-2 border-t border-line pt-4"
      data-testid="streaming"
    >
      <h3 id="streaming-heading" className="text-base font-semibold">
        Adaptive streaming
      </h3>
      <p className="text-sm" data-testid="streaming-state">
        {stream.state === "packaged" ? (
          <>
            <span className="font-semibold text-primary-800">Packaged</span>{" "}
            <span className="text-muted">
              on {new Date(stream.updatedAt).toISOString().slice(0, 10)}: learners get the rendition their network can
              carry.
            </span>
            {stream.lastError ? (
              <span className="block text-red-700">
                The last packaging run failed (this package is still served): {stream.lastError}
              </span>
            ) : null}
          </>
        ) : stream.state === "failed" ? (
          <>
            <span className="font-semibold text-red-700">Packaging failed</span>
            {renditions.length > 0 ? (
              <span className="text-muted"> (the previous package is still served)</span>
            ) : (
              <span className="text-muted"> (learners get the whole MP4)</span>
            )}
            : <span className="break-words">{stream.error}</span>
          </>
        ) : (
          <>
            <span className="font-semibold">Not packaged</span>{" "}
            <span className="text-muted">: learners get the whole MP4 file, however slow their network.</span>
          </>
        )}
      </p>
      {renditions.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5 text-xs" aria-label="Renditions">
          {renditions.map((rendition) => (
            <li
              key={rendition.name}
              className="rounded-full bg-primary-50 px-2.5 py-1 text-primary-800 ring-1 ring-primary-200"
            >
              <span className="font-semibold">{rendition.name}</span>{" "}
              {rendition.width && rendition.height ? `${rendition.width}×${rendition.height}, ` : "audio only, "}
              {kbits(rendition.average)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-sm text-muted">
        {stream.state === "packaged" ? "To package a new video again, run" : "To package it, run"} where ffmpeg is
        installed (as an admin, see docs/video.md):
      </p>
      <pre className="overflow-x-auto rounded-lg bg-ink px-3 py-2 text-xs text-white">
        <code>npm run media:package {video.slug} path/to/video.mp4</code>
      </pre>
    </section>
  );
}

export function MediaSection({
  video,
  stream,
  answer,
}: {
  video: LessonWorkspace["video"];
  stream: LessonWorkspace["stream"];
  answer: Answer;
}) {
  const uploadErrors =
    answer?.intent === "upload" ? [...(answer.fieldErrors?.file ?? []), ...(answer.formErrors ?? [])] : undefined;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="video-heading" className={cn(card, "space-y-4")}>
        <h2 id="video-heading" className="text-lg font-semibold">
          Video
        </h2>
        <LessonPreview videoUrl={video.videoUrl} posterUrl={video.thumbnailUrl} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">File</dt>
          <dd className="font-mono break-all text-ink">{video.videoKey ?? "none yet"}</dd>
          <dt className="text-muted">Duration</dt>
          <dd id="lesson-duration" className="text-ink">
            {video.durationSeconds > 0 ? (
              <>
                <span className="font-medium tabular-nums">{formatDuration(video.durationSeconds)}</span>{" "}
                <span className="text-muted">({DURATION_SOURCE_LABELS[video.durationSource]})</span>
              </>
            ) : video.videoKey ? (
              "not read from the video yet"
            ) : (
              "read from the video when it is uploaded"
            )}
          </dd>
        </dl>
        <div id="lesson-video" className="scroll-mt-24">
          <MediaUpload
            kind="video"
            videoId={video.id}
            label="Upload a new video"
            hint="MP4, MOV, WebM or MKV up to 4 GB, sent in 8 MB parts. The duration is read from the file."
            errors={uploadErrors}
          />
        </div>
        {video.videoKey ? (
          <Form method="post" className="space-y-2 border-t border-line pt-4">
            <input type="hidden" name="intent" value="read-duration" />
            <p className="text-sm text-muted">
              The duration is read from the video, never typed. Read it again if it looks wrong or was typed before.
            </p>
            <Button type="submit" variant="secondary" size="sm">
              Read the duration from the video
            </Button>
            <FieldErrors id="read-duration-errors" errors={errorsFor(answer, "read-duration", "duration")} />
          </Form>
        ) : null}
        <StreamingStatus video={video} stream={stream} />
      </section>
      <section aria-labelledby="thumbnail-heading" className={cn(card, "space-y-4")}>
        <h2 id="thumbnail-heading" className="text-lg font-semibold">
          Thumbnail
        </h2>
        {video.thumbnailUrl ? (
          <img
            src={video.thumbnailUrl}
            alt={`Thumbnail of ${video.title}`}
            className="aspect-video w-full rounded-xl object-cover"
          />
        ) : (
          <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
            No thumbnail yet.
          </p>
        )}
        <MediaUpload
          kind="thumbnail"
          videoId={video.id}
          label="Upload a thumbnail"
          hint="JPEG, PNG or WebP up to 5 MB, 16:9."
        />
      </section>
    </div>
  );
}

export function AttachmentsSection({
  lessonId,
  attachments,
  answer,
}: {
  lessonId: number;
  attachments: LessonWorkspace["attachments"];
  answer: Answer;
}) {
  return (
    <section aria-labelledby="attachments-heading" className={cn(card, "space-y-4")}>
      <h2 id="attachments-heading" className="text-lg font-semibold">
        Attachments
      </h2>
      {answer?.intent === "delete-attachment" ? <FormErrors errors={answer.formErrors} /> : null}
      {attachments.length ? (
        <ul className="divide-y divide-line">
          {attachments.map((attachment) => (
            <li key={attachment.id} className="flex items-center gap-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">
                  {attachment.url ? (
                    <a href={attachment.url} className="hover:underline">
                      {attachment.title}
                    </a>
                  ) : (
                    attachment.title
                  )}
                </p>
                <p className="truncate text-xs text-muted">
                  {attachment.fileName} · {Math.max(1, Math.round(attachment.sizeBytes / 1024))} KB
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="delete-attachment" />
                <input type="hidden" name="id" value={attachment.id} />
                <Button type="submit" variant="ghost" size="sm" className="text-red-800">
                  Delete<span className="sr-only"> {attachment.title}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No attachments yet.</p>
      )}
      <div className="border-t border-line pt-4">
        <MediaUpload
          kind="attachment"
          videoId={lessonId}
          label="File"
          hint="PDF, text, ZIP, audio or image, up to 50 MB."
          withTitle
          errors={
            answer?.intent === "upload"
              ? [...(answer.fieldErrors?.file ?? []), ...(answer.formErrors ?? [])]
              : undefined
          }
        />
      </div>
    </section>
  );
}

export function LinksSection({
  categories,
  teachers,
}: {
  categories: LessonWorkspace["categories"];
  teachers: LessonWorkspace["teachers"];
}) {
  const list = (name: string, items: Array<{ id: number; name: string; checked: boolean }>) => (
    <ul className="grid max-h-72 gap-1 overflow-y-auto sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.id}>
          <label className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-ink hover:bg-primary-50">
            <input
              type="checkbox"
              name={name}
              value={item.id}
              defaultChecked={item.checked}
              className="size-4 accent-primary-700"
            />
            {item.name}
          </label>
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-labelledby="links-heading" className={card}>
      <h2 id="links-heading" className="text-lg font-semibold">
        Categories and teachers
      </h2>
      <Form method="post" className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="save-links" />
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Categories</legend>
          {categories.length ? (
            list("categoryId", categories)
          ) : (
            <p className="text-sm text-muted">No categories yet.</p>
          )}
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Teachers</legend>
          {teachers.length ? list("teacherId", teachers) : <p className="text-sm text-muted">No teachers yet.</p>}
        </fieldset>
        <Button type="submit" size="sm">
          Save categories and teachers
        </Button>
      </Form>
    </section>
  );
}

export function StudySection({
  video,
  cues,
  vocabulary,
  sentenceOrders,
  sentenceGaps,
  answer,
}: {
  video: LessonWorkspace["video"];
  cues: LessonWorkspace["cues"];
  vocabulary: LessonWorkspace["vocabulary"];
  sentenceOrders: LessonWorkspace["sentenceOrders"];
  sentenceGaps: LessonWorkspace["sentenceGaps"];
  answer: Answer;
}) {
  const interactive = useHydrated();
  const preview = useRef<LessonPreviewHandle | null>(null);
  const [time, setTime] = useState("");
  const cueLabel = (cueId: number | null) => {
    const cue = cues.find((candidate) => candidate.id === cueId);
    return cue ? `${formatCueTime(cue.startMs)} ${cue.arabic.slice(0, 40)}` : "line deleted";
  };
  const cueOptions = cues.map((cue) => (
    <option key={cue.id} value={cue.id}>
      {formatCueTime(cue.startMs)} · {cue.arabic.slice(0, 60)}
    </option>
  ));
  const vocabErrors = (field: string) => errorsFor(answer, "add-vocabulary", field);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="self-start lg:sticky lg:top-20">
        <LessonPreview ref={preview} videoUrl={video.videoUrl} posterUrl={video.thumbnailUrl} />
      </div>
      <div className="min-w-0 space-y-6">
        <section aria-labelledby="vocabulary-heading" className={cn(card, "space-y-4")}>
          <h2 id="vocabulary-heading" className="text-lg font-semibold">
            Vocabulary
          </h2>
          {vocabulary.length ? (
            <ul className="divide-y divide-line">
              {vocabulary.map((word) => (
                <li key={word.id} className="flex items-center gap-3 py-2">
                  <span lang="ar" dir="rtl" className="w-32 shrink-0 text-lg font-semibold text-ink">
                    {word.arabic}
                  </span>
                  <span className="min-w-0 flex-1 text-sm">
                    <span className="text-primary-800">{word.transliteration}</span>{" "}
                    <span className="text-muted">{word.english}</span>
                  </span>
                  <span className="font-mono text-xs text-muted tabular-nums">
                    {word.startMs !== null ? formatCueTime(word.startMs) : "—"}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-vocabulary" />
                    <input type="hidden" name="id" value={word.id} />
                    <Button type="submit" variant="ghost" size="sm" className="text-red-800">
                      Delete<span className="sr-only"> {word.english}</span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">No words yet.</p>
          )}
          <Form method="post" className="grid gap-3 border-t border-line pt-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="add-vocabulary" />
            <Field label="Arabic" name="arabic" lang="ar" dir="rtl" required errors={vocabErrors("arabic")} />
            <Field
              label="Transliteration"
              name="transliteration"
              lang="ar-Latn"
              errors={vocabErrors("transliteration")}
            />
            <Field label="English" name="english" required errors={vocabErrors("english")} />
            <div className="flex items-end gap-2 sm:col-span-2">
              <Field
                label="Time (optional)"
                name="startMs"
                placeholder="00:12.500"
                value={time}
                onChange={(event) => setTime(event.target.value)}
                errors={vocabErrors("startMs")}
                className="w-40"
              />
              {interactive ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="mb-1"
                  onClick={() => setTime(formatCueTime(preview.current?.currentMs() ?? 0))}
                >
                  Time from playhead
                </Button>
              ) : null}
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" size="sm">
                Add word
              </Button>
            </div>
          </Form>
        </section>

        <section aria-labelledby="exercises-heading" className={cn(card, "space-y-5")}>
          <h2 id="exercises-heading" className="text-lg font-semibold">
            Exercises
          </h2>
          {cues.length === 0 ? (
            <p className="text-sm text-muted">Exercises are tied to transcript lines: write the transcript first.</p>
          ) : null}
          <div className="space-y-3">
            <h3 className="font-semibold text-ink">Sentence order</h3>
            <ExerciseList
              intent="delete-order"
              items={sentenceOrders.map((item) => ({ id: item.id, text: item.sentence, cue: cueLabel(item.cueId) }))}
            />
            {cues.length ? (
              <Form method="post" className="grid gap-3 sm:grid-cols-2">
                <input type="hidden" name="intent" value="add-order" />
                <CueSelect id="order-cue" options={cueOptions} errors={errorsFor(answer, "add-order", "cueId")} />
                <Field label="Translation (optional; the line's English by default)" name="translation" />
                <div className="sm:col-span-2">
                  <Button type="submit" size="sm" variant="secondary">
                    Add sentence-order exercise
                  </Button>
                </div>
              </Form>
            ) : null}
          </div>
          <div className="space-y-3 border-t border-line pt-4">
            <h3 className="font-semibold text-ink">Fill the gap</h3>
            <ExerciseList
              intent="delete-gap"
              items={sentenceGaps.map((item) => ({
                id: item.id,
                text: `${item.sentence} → ${item.answer}`,
                cue: cueLabel(item.cueId),
              }))}
            />
            {cues.length ? (
              <Form method="post" className="grid gap-3 sm:grid-cols-2">
                <input type="hidden" name="intent" value="add-gap" />
                <CueSelect id="gap-cue" options={cueOptions} errors={errorsFor(answer, "add-gap", "cueId")} />
                <Field
                  label="Sentence with ___ for the gap"
                  name="sentence"
                  lang="ar"
                  dir="rtl"
                  required
                  errors={errorsFor(answer, "add-gap", "sentence")}
                />
                <Field
                  label="Missing word"
                  name="answer"
                  lang="ar"
                  dir="rtl"
                  required
                  errors={errorsFor(answer, "add-gap", "answer")}
                />
                <Field label="Other choices (comma-separated)" name="options" lang="ar" dir="rtl" />
                <div className="sm:col-span-2">
                  <Button type="submit" size="sm" variant="secondary">
                    Add gap exercise
                  </Button>
                </div>
              </Form>
            ) : null}
          </div>
        </section>
      </div>
    </div>
  );
}

function CueSelect({ id, options, errors }: { id: string; options: React.ReactNode; errors?: string[] }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Transcript line
      </label>
      <select id={id} name="cueId" required className={inputClasses} aria-invalid={errors?.length ? true : undefined}>
        {options}
      </select>
      <FieldErrors errors={errors} />
    </div>
  );
}

function ExerciseList({ intent, items }: { intent: string; items: Array<{ id: number; text: string; cue: string }> }) {
  if (items.length === 0) return <p className="text-sm text-muted">None yet.</p>;
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 py-2">
          <div className="min-w-0 flex-1">
            <p lang="ar" dir="rtl" className="text-start text-ink">
              {item.text}
            </p>
            <p className="text-xs text-muted">
              Line <span lang="ar">{item.cue}</span>
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="id" value={item.id} />
            <Button type="submit" variant="ghost" size="sm" className="text-red-800">
              Delete<span className="sr-only"> exercise</span>
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
