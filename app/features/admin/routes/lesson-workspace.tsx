import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback } from "react";
import { cueSignature, CueEditor } from "../components/lesson/cue-editor";
import { GlossingProvider, LessonGlossMeter, LineTokens, SuggestGlosses } from "../components/lesson/glossing";
import { PublishChecklist } from "../components/lesson/publish-checklist";
import {
  AttachmentsSection,
  LinksSection,
  MediaSection,
  StudySection,
  WorkspaceTabs,
  type WorkspaceTab,
} from "../components/lesson/workspace-sections";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requireAdmin } from "~/lib/auth.server";
import { titleMeta } from "~/lib/route-meta";
import { cuesFromFormData, sentenceGapSchema, sentenceOrderSchema, vocabularySchema } from "#core/schemas/admin-lesson";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError, notFound } from "#server/lib/errors";
import {
  addLessonVocabulary,
  addSentenceGap,
  addSentenceOrder,
  attachUpload,
  deleteExercise,
  deleteLessonAttachment,
  deleteLessonVocabulary,
  getLessonWorkspace,
  saveLessonCues,
  readLessonDuration,
  setLessonCategoriesAndTeachers,
  type DurationReading,
} from "#server/services/admin-lesson";
import { formatDuration } from "#core/format";
import { publishChecklist } from "#server/services/publish-checklist";
import { putSingleUpload, UPLOAD_KINDS, type UploadKind } from "#server/services/uploads";
import { lessonPath } from "#server/services/lessons";
import { isGlossSuggestionAvailable, lessonGlossing, publishLesson } from "#server/services/words/glossing";
import { Breadcrumb } from "~/components/breadcrumb";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

const TABS = ["transcript", "media", "details", "study"] as const;

function lessonIdFrom(params: { videoId?: string }) {
  if (!params.videoId || !/^\d{1,12}$/.test(params.videoId)) throw notFound("We couldn't find that lesson.");
  return Number(params.videoId);
}

function idFrom(value: FormDataEntryValue | null) {
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lessonId = lessonIdFrom(params);
  const workspace = await getLessonWorkspace(context.app, { lessonId });
  const tabParam = new URL(request.url).searchParams.get("tab");
  const tab: WorkspaceTab = (TABS as readonly string[]).includes(tabParam ?? "")
    ? (tabParam as WorkspaceTab)
    : "transcript";
  const [glossing, checklist] = await Promise.all([
    lessonGlossing(context.app, { lessonId }),
    publishChecklist(context.app, { lessonId }),
  ]);
  const tokenParam = new URL(request.url).searchParams.get("token");
  return {
    ...workspace,
    tab,
    learnerPath: lessonPath(workspace.video),
    glossing,
    checklist,
    suggestionsAvailable: isGlossSuggestionAvailable(context.app),
    openToken: tokenParam && /^\d{1,12}$/.test(tokenParam) ? Number(tokenParam) : null,
  };
});

type ActionReply = { intent: string; fieldErrors?: Record<string, string[]>; formErrors?: string[] };

function reply(intent: string, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  const hasFields = Object.keys(error.fieldErrors).length > 0;
  return data<ActionReply>(
    { intent, fieldErrors: error.fieldErrors, formErrors: hasFields && intent !== "save-cues" ? [] : error.messages },
    { status: error.status },
  );
}

function zodReply(intent: string, issues: { path: PropertyKey[]; message: string }[]) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  return data<ActionReply>({ intent, fieldErrors }, { status: 422 });
}

export const action = forAudience(audience, async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireAdmin(context, request);
  const lessonId = lessonIdFrom(params);
  const app = context.app;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const here = (tab: WorkspaceTab) => `/admin/videos/${lessonId}/lesson${tab === "transcript" ? "" : `?tab=${tab}`}`;

  try {
    switch (intent) {
      case "save-cues": {
        const result = await saveLessonCues(app, { lessonId, cues: cuesFromFormData(formData), actor: user });
        return redirectWithToast(here("transcript"), {
          text: `Transcript saved: ${result.count} ${result.count === 1 ? "line" : "lines"}.`,
          status: "success",
        });
      }
      case "publish": {
        await publishLesson(app, { actor: user, lessonId, confirm: formData.get("confirm") === "yes" });
        return redirectWithToast(here("transcript"), { text: "Lesson published.", status: "success" });
      }
      case "upload": {
        const kind = String(formData.get("kind") ?? "") as UploadKind;
        const file = formData.get("file");
        if (!UPLOAD_KINDS.includes(kind)) throw new AppError(400, ["Unknown kind of upload."]);
        if (!(file instanceof File) || file.size === 0) {
          throw new AppError(422, ["Choose a file."], { file: ["Choose a file."] });
        }
        const stored = await putSingleUpload(app, { kind, file, userId: user.id, lessonId });
        const title = String(formData.get("title") ?? "");
        const reading = await attachUpload(app, { lessonId, stored, title, actor: user });
        return redirectWithToast(here(kind === "attachment" ? "details" : "media"), {
          text: `${file.name} uploaded.${reading ? ` ${describeReading(reading)}` : ""}`,
          status: reading && !reading.read ? "error" : "success",
        });
      }
      case "read-duration": {
        const { seconds } = await readLessonDuration(app, { lessonId, actor: user });
        return redirectWithToast(here("media"), {
          text: `Duration read from the video: ${formatDuration(seconds)}.`,
          status: "success",
        });
      }
      case "delete-attachment": {
        await deleteLessonAttachment(app, { lessonId, attachmentId: idFrom(formData.get("id")) ?? 0, actor: user });
        return redirectWithToast(here("details"), { text: "Attachment deleted.", status: "success" });
      }
      case "save-links": {
        const ids = (name: string) =>
          formData
            .getAll(name)
            .map(idFrom)
            .filter((id): id is number => id !== null);
        await setLessonCategoriesAndTeachers(app, {
          actor: user,
          lessonId,
          categoryIds: ids("categoryId"),
          teacherIds: ids("teacherId"),
        });
        return redirectWithToast(here("details"), { text: "Categories and teachers saved.", status: "success" });
      }
      case "add-vocabulary": {
        const parsed = vocabularySchema.safeParse(Object.fromEntries(formData));
        if (!parsed.success) return zodReply(intent, parsed.error.issues);
        await addLessonVocabulary(app, { lessonId, input: parsed.data, actor: user });
        return redirectWithToast(here("study"), { text: `Added “${parsed.data.arabic}”.`, status: "success" });
      }
      case "delete-vocabulary": {
        await deleteLessonVocabulary(app, { lessonId, id: idFrom(formData.get("id")) ?? 0, actor: user });
        return redirectWithToast(here("study"), { text: "Word deleted.", status: "success" });
      }
      case "add-order": {
        const parsed = sentenceOrderSchema.safeParse(Object.fromEntries(formData));
        if (!parsed.success) return zodReply(intent, parsed.error.issues);
        await addSentenceOrder(app, { lessonId, input: parsed.data, actor: user });
        return redirectWithToast(here("study"), { text: "Sentence-order exercise added.", status: "success" });
      }
      case "add-gap": {
        const parsed = sentenceGapSchema.safeParse(Object.fromEntries(formData));
        if (!parsed.success) return zodReply(intent, parsed.error.issues);
        await addSentenceGap(app, { lessonId, input: parsed.data, actor: user });
        return redirectWithToast(here("study"), { text: "Gap exercise added.", status: "success" });
      }
      case "delete-order":
      case "delete-gap": {
        await deleteExercise(app, {
          actor: user,
          lessonId,
          kind: intent === "delete-order" ? "order" : "gap",
          id: idFrom(formData.get("id")) ?? 0,
        });
        return redirectWithToast(here("study"), { text: "Exercise deleted.", status: "success" });
      }
      default:
        throw new AppError(400, ["Unknown action."]);
    }
  } catch (error) {
    return reply(intent, error);
  }
});

function describeReading(reading: DurationReading) {
  return reading.read
    ? `Its duration, ${formatDuration(reading.seconds)}, was read from the file.`
    : `Its duration could not be read: ${reading.reason}`;
}

export default function LessonWorkspacePage() {
  const workspace = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { video, tab } = workspace;
  const answer = actionData && "intent" in actionData ? actionData : null;
  const durationMs = video.durationSeconds > 0 ? video.durationSeconds * 1000 : null;
  const publishing = navigation.state !== "idle" && navigation.formData?.get("intent") === "publish";
  const publishRefusal = answer?.intent === "publish" ? (answer.fieldErrors?.confirmPublish?.[0] ?? null) : null;
  const lineExtras = useCallback(
    (line: { id: number; arabic: string }) => <LineTokens cueId={line.id} arabic={line.arabic} />,
    [],
  );

  return (
    <GlossingProvider
      lessonId={video.id}
      lines={workspace.glossing.lines}
      coverage={workspace.glossing.coverage}
      suggestionsAvailable={workspace.suggestionsAvailable}
      initialTokenId={workspace.openToken}
    >
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
        <Breadcrumb
          items={[
            { label: "Admin", to: "/admin" },
            { label: "Videos", to: "/admin/videos" },
            { label: video.title, to: `/admin/videos/${video.id}` },
            { label: "Lesson workspace" },
          ]}
        />
        <header className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{video.title}</h1>
            {video.titleAr ? (
              <p className="text-xl text-primary-800">
                <span lang="ar" dir="rtl">
                  {video.titleAr}
                </span>
              </p>
            ) : null}
            <p className="mt-1 text-sm text-muted">
              {video.isPublished ? "Published" : "Draft"} · {workspace.cues.length} transcript lines ·{" "}
              {video.durationSeconds > 0 ? formatDuration(video.durationSeconds) : "no duration yet"}
            </p>
            <LessonGlossMeter className="mt-2 max-w-sm" />
          </div>
          <div className="flex flex-wrap gap-2 text-sm">
            <Link
              to={`/admin/videos/${video.id}`}
              className="rounded-lg px-3 py-2 font-medium text-primary-800 hover:bg-primary-50"
            >
              Edit details
            </Link>
            <Link
              to={workspace.learnerPath}
              className="rounded-lg px-3 py-2 font-medium text-primary-800 hover:bg-primary-50"
            >
              View as a learner
            </Link>
          </div>
        </header>
        {video.isPublished ? null : (
          <PublishChecklist
            lessonId={video.id}
            checklist={workspace.checklist}
            serverMessage={publishRefusal}
            formError={
              publishRefusal === null && answer?.intent === "publish" ? (answer.formErrors?.[0] ?? null) : null
            }
            pending={publishing}
          />
        )}

        <WorkspaceTabs lessonId={video.id} current={tab} counts={{ transcript: workspace.cues.length }} />

        <div className="mt-6 space-y-6">
          {tab === "transcript" ? (
            <>
              <SuggestGlosses />
              <CueEditor
                key={cueSignature(workspace.cues)}
                cues={workspace.cues}
                durationMs={durationMs}
                videoUrl={video.videoUrl}
                posterUrl={video.thumbnailUrl}
                hiddenFields={{ intent: "save-cues" }}
                submitLabel="Save transcript"
                fieldErrors={answer?.intent === "save-cues" ? answer.fieldErrors : undefined}
                formErrors={answer?.intent === "save-cues" ? answer.formErrors : undefined}
                lineExtras={lineExtras}
              />
            </>
          ) : null}
          {tab === "media" ? <MediaSection video={video} stream={workspace.stream} answer={answer} /> : null}
          {tab === "details" ? (
            <div className="grid gap-6 lg:grid-cols-2">
              <AttachmentsSection lessonId={video.id} attachments={workspace.attachments} answer={answer} />
              <LinksSection categories={workspace.categories} teachers={workspace.teachers} />
            </div>
          ) : null}
          {tab === "study" ? (
            <StudySection
              video={video}
              cues={workspace.cues}
              vocabulary={workspace.vocabulary}
              sentenceOrders={workspace.sentenceOrders}
              sentenceGaps={workspace.sentenceGaps}
              answer={answer}
            />
          ) : null}
        </div>
      </main>
    </GlossingProvider>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) =>
  titleMeta(matches, loaded ? `Lesson workspace: ${loaded.video.title}` : "Lesson workspace");
