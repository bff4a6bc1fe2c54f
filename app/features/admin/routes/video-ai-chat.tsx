import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClasses } from "~/components/ui/field";
import { forAudience, requireAdmin } from "~/lib/auth.server";
import { cn } from "~/lib/cn";
import { titleMeta } from "~/lib/route-meta";
import { aiSettingsSchema, assistantSearchSchema } from "#core/schemas/admin-lesson";
import { SEARCH_MAX_LENGTH } from "#core/search-limits";
import { parseSearchParams } from "~/lib/search.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getAssistantReview, listAssistantLessons, saveAssistantSettings } from "#server/services/lesson-chat";
import { Breadcrumb } from "~/components/breadcrumb";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

function idFrom(value: string | null | FormDataEntryValue) {
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { q, learner } = parseSearchParams(assistantSearchSchema, url.searchParams);
  const page = idFrom(url.searchParams.get("page")) ?? 1;
  const lessonId = idFrom(url.searchParams.get("videoId"));
  const [list, review] = await Promise.all([
    listAssistantLessons(context.app, { q, page }),
    lessonId ? getAssistantReview(context.app, { lessonId, learner }) : Promise.resolve(null),
  ]);
  return { q, learner, list, review, assistantBound: Boolean(context.app.env.AI) };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await request.formData();
  const lessonId = idFrom(formData.get("videoId"));
  if (!lessonId)
    return data<{ fieldErrors: Record<string, string[]> }>(
      { fieldErrors: { form: ["Pick a lesson."] } },
      { status: 400 },
    );
  const parsed = aiSettingsSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    return data<{ fieldErrors: Record<string, string[]> }>({ fieldErrors }, { status: 422 });
  }
  await saveAssistantSettings(context.app, { lessonId, ...parsed.data, actor: admin });
  return redirectWithToast(`/admin/video-ai-chat?videoId=${lessonId}`, {
    text: parsed.data.enabled ? "The assistant is on for this lesson." : "The assistant is off for this lesson.",
    status: "success",
  });
});

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function VideoAiChatPage() {
  const { q, learner, list, review, assistantBound } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const link = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries({ q: q || undefined, ...params })) {
      if (value !== undefined && value !== "") search.set(key, String(value));
    }
    return `?${search.toString()}`;
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <Breadcrumb items={[{ label: "Admin", to: "/admin" }, { label: "Content" }, { label: "Video AI chat" }]} />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">Video AI chat</h1>
      <p className="mt-1 max-w-3xl text-muted">
        Turn the lesson assistant on per lesson, give it notes to work from, and read what learners asked.
      </p>
      {!assistantBound ? (
        <div
          role="note"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <p className="font-semibold">AI answers are off on this deployment.</p>
          <p className="mt-1">
            There is no Workers AI binding, so learners see “the assistant is off” even on lessons where it is switched
            on. Add <code>[ai]</code> with <code>binding = &quot;AI&quot;</code> to <code>wrangler.toml</code> to enable
            it.
          </p>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <section
          aria-labelledby="lessons-heading"
          className="space-y-3 rounded-xl border border-line bg-surface p-5 shadow-sm"
        >
          <h2 id="lessons-heading" className="text-lg font-semibold">
            Lessons
          </h2>
          <Form method="get" role="search" className="flex gap-2">
            <label htmlFor="ai-lesson-search" className="sr-only">
              Search lessons
            </label>
            <input
              id="ai-lesson-search"
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
          <table className="w-full text-sm">
            <caption className="sr-only">Lessons with their assistant settings</caption>
            <thead>
              <tr className="border-b border-line text-start text-xs tracking-wide text-muted uppercase">
                <th scope="col" className="py-2 text-start font-semibold">
                  Lesson
                </th>
                <th scope="col" className="px-2 py-2 text-start font-semibold">
                  Assistant
                </th>
                <th scope="col" className="py-2 text-end font-semibold">
                  Messages
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {list.lessons.map((lesson) => (
                <tr key={lesson.id} className={cn(review?.video.id === lesson.id && "bg-primary-50")}>
                  <td className="py-2 pe-2">
                    <Link
                      to={link({ videoId: lesson.id, page: list.page > 1 ? list.page : undefined })}
                      aria-current={review?.video.id === lesson.id ? "true" : undefined}
                      className="font-medium text-primary-800 hover:underline"
                    >
                      {lesson.title}
                    </Link>
                  </td>
                  <td className="px-2 py-2">
                    <span
                      className={cn(
                        "rounded-full px-2 py-0.5 text-xs font-semibold",
                        lesson.enabled ? "bg-primary-100 text-primary-900" : "bg-canvas text-muted",
                      )}
                    >
                      {lesson.enabled ? "On" : "Off"}
                    </span>
                  </td>
                  <td className="py-2 text-end tabular-nums">
                    {lesson.messageCount}
                    {lesson.learnerCount ? <span className="text-muted"> ({lesson.learnerCount} learners)</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between text-sm">
              {list.page > 1 ? <Link to={link({ page: list.page - 1 })}>Previous</Link> : <span />}
              <span className="text-muted">
                Page {list.page} of {pages}
              </span>
              {list.page < pages ? <Link to={link({ page: list.page + 1 })}>Next</Link> : <span />}
            </nav>
          ) : null}
        </section>

        {review ? (
          <div className="min-w-0 space-y-6">
            <section
              aria-labelledby="settings-heading"
              className="rounded-xl border border-line bg-surface p-5 shadow-sm"
            >
              <h2 id="settings-heading" className="text-lg font-semibold">
                Assistant for “{review.video.title}”
              </h2>
              <Form method="post" className="mt-3 space-y-4">
                <input type="hidden" name="videoId" value={review.video.id} />
                <label className="flex items-center gap-2 text-sm font-medium text-ink">
                  <input
                    type="checkbox"
                    name="enabled"
                    defaultChecked={review.settings.enabled}
                    className="size-4 accent-primary-700"
                  />
                  Learners can ask the assistant about this lesson
                </label>
                <div className="space-y-1.5">
                  <label htmlFor="context-notes" className="block text-sm font-medium text-ink">
                    Context notes
                  </label>
                  <textarea
                    id="context-notes"
                    name="contextNotes"
                    rows={5}
                    maxLength={4000}
                    defaultValue={review.settings.contextNotes}
                    aria-describedby="context-notes-hint"
                    className={inputClasses}
                  />
                  <p id="context-notes-hint" className="text-sm text-muted">
                    Added to the transcript and vocabulary the assistant answers from: the lesson's goal, a grammar
                    point, what to stress.
                  </p>
                  <FieldErrors errors={actionData?.fieldErrors?.contextNotes} />
                </div>
                <Button type="submit">Save settings</Button>
              </Form>
            </section>

            <section
              aria-labelledby="conversations-heading"
              className="rounded-xl border border-line bg-surface p-5 shadow-sm"
            >
              <div className="flex flex-wrap items-end justify-between gap-3">
                <h2 id="conversations-heading" className="text-lg font-semibold">
                  Conversations
                </h2>
                <Form method="get" className="flex gap-2">
                  {q ? <input type="hidden" name="q" value={q} /> : null}
                  <input type="hidden" name="videoId" value={review.video.id} />
                  <label htmlFor="learner-filter" className="sr-only">
                    Filter by learner (email, name or id)
                  </label>
                  <input
                    id="learner-filter"
                    name="learner"
                    type="search"
                    defaultValue={learner}
                    maxLength={SEARCH_MAX_LENGTH}
                    placeholder="Learner email or name"
                    className={cn(inputClasses, "py-1.5 text-sm")}
                  />
                  <Button type="submit" variant="secondary" size="sm">
                    Filter
                  </Button>
                </Form>
              </div>
              {review.conversations.length === 0 ? (
                <p className="mt-4 text-sm text-muted">
                  {learner
                    ? "No conversations from that learner."
                    : "No learner has asked anything about this lesson yet."}
                </p>
              ) : (
                <div className="mt-4 space-y-5">
                  {review.conversations.map((conversation) => (
                    <article
                      key={conversation.userId}
                      aria-label={`Conversation with ${conversation.name}`}
                      className="rounded-lg border border-line"
                    >
                      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-line bg-canvas px-4 py-2">
                        <h3 className="font-semibold text-ink">{conversation.name}</h3>
                        <span className="text-xs text-muted">
                          {conversation.email} · {conversation.messages.length} messages
                        </span>
                      </header>
                      <ol className="space-y-2 p-4">
                        {conversation.messages.map((message) => (
                          <li key={message.id} className="text-sm">
                            <span
                              className={cn("font-semibold", message.role === "user" ? "text-primary-800" : "text-ink")}
                            >
                              {message.role === "user" ? "Learner" : "Assistant"}
                            </span>{" "}
                            <time className="text-xs text-muted" dateTime={new Date(message.createdAt).toISOString()}>
                              {dateTime.format(new Date(message.createdAt))}
                            </time>
                            <p dir="auto" className="mt-0.5 whitespace-pre-line text-ink/90">
                              {message.content}
                            </p>
                          </li>
                        ))}
                      </ol>
                    </article>
                  ))}
                </div>
              )}
            </section>
          </div>
        ) : (
          <p className="self-start rounded-xl border border-dashed border-line p-6 text-sm text-muted">
            Pick a lesson to change its assistant and read its conversations.
          </p>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Video AI chat");
