import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { cueSignature, CueEditor } from "../components/lesson/cue-editor";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { forAudience, requireAdmin } from "~/lib/auth.server";
import type { DraftCue } from "#core/cue-edits";
import { titleMeta } from "~/lib/route-meta";
import { cuesFromFormData, lessonPickerSearchSchema } from "#core/schemas/admin-lesson";
import { SEARCH_MAX_LENGTH } from "#core/search-limits";
import { parseSearchParams } from "~/lib/search.server";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import { getLessonWorkspace, listLessonsForPicker, saveLessonCues } from "#server/services/admin-lesson";
import { importSubtitleFile, isAiTranscriptionAvailable, transcribeLesson } from "#server/services/subtitles";
import { Breadcrumb } from "~/components/breadcrumb";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

function idFrom(value: string | null | FormDataEntryValue) {
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { q } = parseSearchParams(lessonPickerSearchSchema, url.searchParams);
  const lessonId = idFrom(url.searchParams.get("videoId"));
  const [lessons, workspace] = await Promise.all([
    listLessonsForPicker(context.app, { q }),
    lessonId ? getLessonWorkspace(context.app, { lessonId }) : Promise.resolve(null),
  ]);
  return {
    q,
    lessons,
    lesson: workspace
      ? {
          id: workspace.video.id,
          title: workspace.video.title,
          durationSeconds: workspace.video.durationSeconds,
          videoUrl: workspace.video.videoUrl,
          thumbnailUrl: workspace.video.thumbnailUrl,
          hasVideo: Boolean(workspace.video.videoKey),
          cueCount: workspace.cues.length,
        }
      : null,
    aiAvailable: isAiTranscriptionAvailable(context.app),
  };
});

type Reply = {
  intent: string;
  cues?: DraftCue[];
  source?: string;
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
};

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const lessonId = idFrom(formData.get("videoId"));
  if (!lessonId) return data<Reply>({ intent, formErrors: ["Pick a lesson first."] }, { status: 400 });
  const app = context.app;
  let submitted: DraftCue[] | undefined;
  try {
    if (intent === "import") {
      const file = formData.get("file");
      if (!(file instanceof File) || file.size === 0) {
        throw new AppError(422, ["Choose a .vtt or .srt file."], { file: ["Choose a .vtt or .srt file."] });
      }
      const imported = await importSubtitleFile(app, { lessonId, file });
      return data<Reply>({ intent, cues: imported.cues, source: `${file.name} (${imported.format.toUpperCase()})` });
    }
    if (intent === "transcribe") {
      const result = await transcribeLesson(app, { lessonId });
      return data<Reply>({ intent, cues: result.cues, source: "Workers AI Whisper" });
    }
    if (intent === "save") {
      submitted = cuesFromFormData(formData);
      if (formData.get("confirm") !== "yes") {
        throw new AppError(422, ["Tick the box to confirm that these lines replace the lesson's transcript."]);
      }
      const result = await saveLessonCues(app, { lessonId, cues: submitted, replaceAll: true, actor: admin });
      return redirectWithToast(`/admin/videos/${lessonId}/lesson`, {
        text: `Transcript replaced: ${result.count} ${result.count === 1 ? "line" : "lines"}.`,
        status: "success",
      });
    }
    throw new AppError(400, ["Unknown action."]);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<Reply>(
      {
        intent,
        cues: submitted,
        source: submitted ? "your edits" : undefined,
        fieldErrors: error.fieldErrors,
        formErrors: intent === "save" && Object.keys(error.fieldErrors).length ? [] : error.messages,
      },
      { status: error.status },
    );
  }
});

export default function SubtitlesGeneratorPage() {
  const { q, lessons, lesson, aiAvailable } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Reply | undefined;
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const review = answer?.cues ? answer : null;

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <Breadcrumb items={[{ label: "Admin", to: "/admin" }, { label: "Tools" }, { label: "Subtitles generator" }]} />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">Subtitles generator</h1>
      <p className="mt-1 max-w-3xl text-muted">
        Make a lesson's transcript from its audio with Whisper, or import a WebVTT or SRT file. Review and edit the
        lines next to the video, then save them over the lesson's transcript.
      </p>

      {aiAvailable ? (
        <p className="mt-4 rounded-xl border border-primary-200 bg-primary-50 px-4 py-3 text-sm text-primary-900">
          AI transcription is on (Workers AI, <code>@cf/openai/whisper-large-v3-turbo</code>, Arabic).
        </p>
      ) : (
        <div
          role="note"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <p className="font-semibold">AI transcription is off.</p>
          <p className="mt-1">
            This deployment has no Workers AI binding. To turn it on, add <code>[ai]</code> with{" "}
            <code>binding = &quot;AI&quot;</code> to <code>wrangler.toml</code> and deploy. Importing WebVTT or SRT
            files works without it.
          </p>
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <section
          aria-labelledby="pick-heading"
          className="space-y-3 rounded-xl border border-line bg-surface p-5 shadow-sm"
        >
          <h2 id="pick-heading" className="text-lg font-semibold">
            1. Pick a lesson
          </h2>
          <Form method="get" className="flex gap-2" role="search">
            {lesson ? <input type="hidden" name="videoId" value={lesson.id} /> : null}
            <label htmlFor="lesson-search" className="sr-only">
              Search lessons
            </label>
            <input
              id="lesson-search"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Search lessons"
              className={inputClasses}
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </Form>
          <ul
            aria-label="Lessons"
            className="max-h-72 divide-y divide-line overflow-y-auto rounded-lg border border-line"
          >
            {lessons.map((item) => (
              <li key={item.id}>
                <Link
                  to={`?${new URLSearchParams({ ...(q ? { q } : {}), videoId: String(item.id) }).toString()}`}
                  aria-current={lesson?.id === item.id ? "true" : undefined}
                  className="flex items-center justify-between gap-3 px-3 py-2 text-sm hover:bg-primary-50 aria-[current]:bg-primary-50 aria-[current]:font-semibold"
                >
                  <span className="min-w-0 truncate">{item.title}</span>
                  <span className="shrink-0 text-xs text-muted">{item.isPublished ? "" : "Draft"}</span>
                </Link>
              </li>
            ))}
            {lessons.length === 0 ? <li className="px-3 py-4 text-sm text-muted">No lessons match.</li> : null}
          </ul>
        </section>

        <section
          aria-labelledby="source-heading"
          className="space-y-4 rounded-xl border border-line bg-surface p-5 shadow-sm"
        >
          <h2 id="source-heading" className="text-lg font-semibold">
            2. Make the lines {lesson ? <span className="font-normal text-muted">for “{lesson.title}”</span> : null}
          </h2>
          {lesson ? (
            <>
              <p className="text-sm text-muted">
                It has {lesson.cueCount} {lesson.cueCount === 1 ? "line" : "lines"} now.{" "}
                <Link to={`/admin/videos/${lesson.id}/lesson`} className="font-medium text-primary-800 hover:underline">
                  Open its workspace
                </Link>
              </p>
              {!review ? <FormErrors errors={answer?.formErrors} /> : null}
              <Form method="post" encType="multipart/form-data" className="space-y-2">
                <input type="hidden" name="intent" value="import" />
                <input type="hidden" name="videoId" value={lesson.id} />
                <label htmlFor="subtitle-file" className="block text-sm font-medium text-ink">
                  Import a WebVTT (.vtt) or SRT (.srt) file
                </label>
                <input
                  id="subtitle-file"
                  type="file"
                  name="file"
                  accept=".vtt,.srt,text/vtt,application/x-subrip"
                  required
                  className="block w-full text-sm text-ink file:me-3 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-primary-50"
                />
                <Button type="submit" variant="secondary" disabled={busyIntent === "import"}>
                  {busyIntent === "import" ? "Reading…" : "Import file"}
                </Button>
              </Form>
              <Form method="post" className="space-y-2 border-t border-line pt-4">
                <input type="hidden" name="intent" value="transcribe" />
                <input type="hidden" name="videoId" value={lesson.id} />
                <p className="text-sm text-muted">
                  {aiAvailable
                    ? lesson.hasVideo
                      ? "Whisper listens to the lesson's video and writes the Arabic lines with their times."
                      : "Upload the lesson's video first."
                    : "Generating with Whisper needs the Workers AI binding (see above)."}
                </p>
                <Button type="submit" disabled={!aiAvailable || !lesson.hasVideo || busyIntent === "transcribe"}>
                  {busyIntent === "transcribe" ? "Transcribing… (this can take a minute)" : "Generate with Whisper"}
                </Button>
              </Form>
            </>
          ) : (
            <p className="text-sm text-muted">Pick a lesson on the left first.</p>
          )}
        </section>
      </div>

      {lesson && review?.cues ? (
        <section aria-labelledby="review-heading" className="mt-8">
          <h2 id="review-heading" className="text-xl font-semibold text-ink">
            3. Review and save
          </h2>
          <p className="mt-1 text-sm text-muted">
            {review.cues.length} lines from {review.source}. Nothing is saved until you confirm below.
          </p>
          <FieldErrors
            errors={
              review.intent === "save" && !Object.keys(review.fieldErrors ?? {}).length ? review.formErrors : undefined
            }
          />
          <div className="mt-4">
            <CueEditor
              key={cueSignature(review.cues)}
              cues={review.cues}
              durationMs={lesson.durationSeconds > 0 ? lesson.durationSeconds * 1000 : null}
              videoUrl={lesson.videoUrl}
              posterUrl={lesson.thumbnailUrl}
              hiddenFields={{ intent: "save", videoId: String(lesson.id) }}
              submitLabel="Save as the lesson's transcript"
              confirmLabel={`Replace the lesson's ${lesson.cueCount} current ${lesson.cueCount === 1 ? "line" : "lines"}`}
              heading="Imported lines"
              fieldErrors={review.intent === "save" ? review.fieldErrors : undefined}
              formErrors={review.intent === "save" ? review.formErrors : undefined}
            />
          </div>
        </section>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Subtitles generator");
