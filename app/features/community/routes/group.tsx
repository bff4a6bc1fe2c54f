import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { scriptProps } from "~/lib/text-format";
import { countLabel } from "../components/format";
import { NewThreadForm } from "../components/new-thread-form";
import { Pagination } from "../components/parts";
import { ThreadList } from "../components/thread-list";
import { ChatIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { communityGroupHref, communityThreadHref } from "#core/community-paths";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { threadCreateFormSchema, threadsQuerySchema } from "#core/schemas/community";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import { createThread, getGroup, listThreads } from "#server/services/community";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const group = await getGroup(context.app, { groupId: requireId(params.groupId) });
  if (!group) throw notFoundResponse("We couldn't find that group.");
  requireCanonicalPath(request, communityGroupHref(group));
  const url = new URL(request.url);
  const { page } = threadsQuerySchema.parse({ page: url.searchParams.get("page") ?? undefined });
  const threads = await listThreads(context.app, { groupId: group.id, page });
  if (page > threads.pageCount) throw redirect(communityGroupHref(group, threads.pageCount));
  const user = await context.getUser();
  return {
    group,
    threads,
    signedIn: Boolean(user),
    composing: Boolean(user) && url.searchParams.has("new"),
    loginHref: `/auth/login?redirect=${encodeURIComponent(`${url.pathname}?new#new-thread`)}`,
    now: context.app.now(),
  };
});

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireMember(context, request);
  const groupId = requireId(params.groupId);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: threadCreateFormSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  try {
    const thread = await createThread(context.app, { viewer, groupId, ...submission.value });
    return redirectWithToast(communityThreadHref(thread.group, thread), { text: "Your thread is posted." });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    return replyWithAppError(submission, error);
  }
});

export default function CommunityGroupPage() {
  const { group, threads, signedIn, composing, loginHref, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const showForm = signedIn && (composing || Boolean(actionData));
  const here = communityGroupHref(group);

  return (
    <main className="mx-auto max-w-5xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb items={[{ label: "Community", to: "/community" }, { label: group.title }]} />
      <header className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            <span {...scriptProps(group.title)}>{group.title}</span>
          </h1>
          {group.description ? <p className="mt-2 text-lg text-ink/80">{group.description}</p> : null}
          <p className="mt-2 text-sm text-muted">{countLabel(threads.total, "thread")}</p>
        </div>
        {signedIn && !showForm ? (
          <Link to={`${here}?new#new-thread`} className={buttonClasses("primary", "md")}>
            New thread
          </Link>
        ) : null}
      </header>

      {showForm ? (
        <section
          id="new-thread"
          aria-labelledby="new-thread-heading"
          className="mt-6 scroll-mt-24 rounded-xl border border-line bg-surface p-5 shadow-sm"
        >
          <NewThreadForm groupTitle={group.title} cancelTo={here} lastResult={actionData?.result} />
        </section>
      ) : null}

      {!signedIn ? (
        <section
          id="new-thread"
          className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-primary-50 p-4 ring-1 ring-primary-200 ring-inset"
        >
          <p className="text-ink/90">Have a question or something to share? Sign in to start a thread or reply.</p>
          <div className="flex gap-2">
            <Link to={loginHref} className={buttonClasses("primary", "sm")}>
              Sign in
            </Link>
            <Link to="/auth/signup" className={buttonClasses("secondary", "sm")}>
              Create an account
            </Link>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="threads-heading" className="mt-8 space-y-4">
        <h2 id="threads-heading" className="sr-only">
          Threads
        </h2>
        {threads.items.length > 0 ? (
          <ThreadList group={group} threads={threads.items} now={now} />
        ) : (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
              <ChatIcon className="size-6" />
            </span>
            <p className="mt-3 font-semibold text-ink">No threads yet</p>
            <p className="mt-1 max-w-md text-sm text-muted">Start the first conversation in this group.</p>
          </div>
        )}
        <Pagination
          page={threads.page}
          pageCount={threads.pageCount}
          hrefFor={(page) => communityGroupHref(group, page)}
          label="Thread pages"
        />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data?.group.title ?? "Group not found");
