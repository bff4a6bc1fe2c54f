import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Breadcrumb } from "~/components/breadcrumb";
import { scriptProps } from "~/lib/text-format";
import { countLabel } from "../components/format";
import { MessageItem } from "../components/message-item";
import { ModeratorTools } from "../components/moderator-tools";
import { Pagination, RelativeTime, ThreadBadges } from "../components/parts";
import { ReplyForm } from "../components/reply-form";
import { useLiveThread } from "../components/use-live-thread";
import { LockIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { forAudience, requireMember } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { communityGroupHref, communityThreadHref } from "#core/community-paths";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import {
  messageCreateFormSchema,
  messageDeleteFormSchema,
  messageUpdateFormSchema,
  threadDeleteFormSchema,
  threadModerateFormSchema,
  threadsQuerySchema,
} from "#core/schemas/community";
import { redirectWithToast } from "~/lib/toast.server";
import type { Viewer } from "#server/access/viewer";
import { AppError } from "#server/lib/errors";
import {
  createMessage,
  deleteMessage,
  deleteThread,
  getMessage,
  getThread,
  listGroups,
  listMessages,
  moderateThread,
  updateMessage,
} from "#server/services/community";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireId(params.groupId);
  const thread = await getThread(context.app, { threadId: requireId(params.threadId) });
  if (!thread) throw notFoundResponse("We couldn't find that thread.");
  // A stale slug, or a group the thread has since left, lands on the thread's current address.
  requireCanonicalPath(request, communityThreadHref(thread.group, thread));
  const url = new URL(request.url);
  const { page } = threadsQuerySchema.parse({ page: url.searchParams.get("page") ?? undefined });
  const viewer = await context.getViewer();
  const { user } = viewer;
  const messages = await listMessages(context.app, { viewer, thread, page });
  if (page > messages.pageCount) throw redirect(communityThreadHref(thread.group, thread, messages.pageCount));

  const canModerate = viewer.canModerateCommunity;
  const canReply = viewer.signedIn && (!thread.locked || canModerate);
  const quoting = canReply ? await findQuote(context, viewer, thread.id, url.searchParams.get("quote")) : null;
  const groups = canModerate ? (await listGroups(context.app)).map(({ id, title, slug }) => ({ id, title, slug })) : [];
  return {
    thread,
    messages,
    viewer: user ? { name: user.name, canModerate, canReply } : null,
    quoting,
    groups,
    now: context.app.now(),
  };
});

/** `?quote=<id>`: the message the reply box quotes (the no-JavaScript path of the Quote link). */
async function findQuote(
  context: LoaderFunctionArgs["context"],
  viewer: Viewer,
  threadId: number,
  value: string | null,
) {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  try {
    const message = await getMessage(context.app, { viewer, messageId: Number(value) });
    if (message.threadId !== threadId || message.deleted || !message.html) return null;
    return { id: message.id, authorName: message.author.name, html: message.html };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireMember(context, request);
  const threadId = requireId(params.threadId);
  const thread = await getThread(context.app, { threadId });
  if (!thread) throw notFoundResponse("We couldn't find that thread.");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  // Present only once the page is hydrated: fetchers want data back, plain posts a redirect.
  const viaFetcher = formData.get("_js") === "1";
  const at = (page: number, messageId: number) =>
    `${communityThreadHref(thread.group, thread, page)}#message-${messageId}`;

  if (intent === "message-create") {
    const submission = parseWithZod(formData, { schema: messageCreateFormSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      const { messageId, page } = await createMessage(context.app, { viewer, threadId, ...submission.value });
      if (!viaFetcher)
        return redirectWithToast(at(page, messageId), { text: "Your reply is posted." }, { status: 303 });
      return data({ intent, result: submission.reply({ resetForm: true }), messageId, page });
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
  }

  if (intent === "message-update") {
    const submission = parseWithZod(formData, { schema: messageUpdateFormSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      const { messageId, body } = submission.value;
      const { page } = await updateMessage(context.app, { viewer, messageId, body });
      if (!viaFetcher)
        return redirectWithToast(at(page, messageId), { text: "Your message is updated." }, { status: 303 });
      return data({ intent, result: submission.reply(), messageId, page });
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
  }

  if (intent === "message-delete") {
    const submission = parseWithZod(formData, { schema: messageDeleteFormSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      const { messageId } = submission.value;
      const { page } = await deleteMessage(context.app, { viewer, messageId });
      if (!viaFetcher)
        return redirectWithToast(at(page, messageId), { text: "The message is deleted." }, { status: 303 });
      return data({ intent, result: submission.reply(), messageId, page });
    } catch (error) {
      if (!viaFetcher && error instanceof AppError) {
        const here = communityThreadHref(thread.group, thread);
        return redirectWithToast(here, { text: error.messages[0] ?? "", status: "error" }, { status: 303 });
      }
      return replyWithAppError(submission, error, { extra: { intent } });
    }
  }

  const here = communityThreadHref(thread.group, thread);
  try {
    if (intent === "thread-moderate") {
      const parsed = threadModerateFormSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new AppError(422, [parsed.error.issues[0]?.message ?? "Choose an action."]);
      const { moderation, groupId } = parsed.data;
      const updated = await moderateThread(context.app, { viewer, threadId, action: moderation, groupId });
      const text = {
        pin: "Thread pinned to the top of its group.",
        unpin: "Thread unpinned.",
        lock: "Thread locked: no new replies.",
        unlock: "Thread unlocked.",
        move: `Thread moved to ${updated.group.title}.`,
      }[moderation];
      return redirectWithToast(communityThreadHref(updated.group, updated), { text }, { status: 303 });
    }
    if (intent === "thread-delete") {
      threadDeleteFormSchema.parse({ intent });
      const { group } = await deleteThread(context.app, { viewer, threadId });
      return redirectWithToast(communityGroupHref(group), { text: "Thread deleted." }, { status: 303 });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithToast(here, { text: error.messages[0] ?? "", status: "error" }, { status: 303 });
  }
  throw new Response("Unknown action.", { status: 400 });
});

export default function CommunityThreadPage() {
  const { thread, messages, viewer, quoting, groups, now } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const pendingScroll = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  useLiveThread(thread.id, thread.updatedAt);

  const pageHref = (page: number) => communityThreadHref(thread.group, thread, page);
  const here = pageHref(messages.page);
  const quoteHrefFor = (messageId: number) => {
    const params = new URLSearchParams(location.search);
    params.set("quote", String(messageId));
    return `${location.pathname}?${params.toString()}#reply`;
  };
  const removeQuoteHref = (() => {
    const params = new URLSearchParams(location.search);
    params.delete("quote");
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}#reply`;
  })();

  // After posting: go to the page the reply landed on (dropping any ?quote=), then bring it into view.
  function onPosted({ messageId, page }: { messageId: number; page: number }) {
    pendingScroll.current = messageId;
    setAnnouncement("Your reply is posted.");
    if (page !== messages.page || location.search.includes("quote=")) {
      navigate(`${pageHref(page)}#message-${messageId}`, { replace: true });
    }
  }
  useEffect(() => {
    if (pendingScroll.current === null) return;
    const element = document.getElementById(`message-${pendingScroll.current}`);
    if (!element) return;
    pendingScroll.current = null;
    element.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [messages]);

  const opening = messages.page === 1 ? messages.items[0] : undefined;
  return (
    <main className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb
        items={[
          { label: "Community", to: "/community" },
          { label: thread.group.title, to: communityGroupHref(thread.group) },
          { label: thread.title },
        ]}
      />
      <header className="mt-6 space-y-2">
        <h1 className="text-2xl leading-tight font-bold tracking-tight text-ink sm:text-3xl">
          <span {...scriptProps(thread.title)}>{thread.title}</span>
        </h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <ThreadBadges pinned={thread.pinned} locked={thread.locked} />
          <span>
            Started by <span className="font-medium text-ink/80">{thread.author.name}</span>{" "}
            <RelativeTime date={thread.createdAt} now={now} />
          </span>
          <span aria-hidden="true">·</span>
          <span>{countLabel(thread.messagesCount, "message")}</span>
          <span aria-hidden="true">·</span>
          <span>
            Last activity <RelativeTime date={thread.lastActivityAt} now={now} />
          </span>
        </div>
      </header>

      {viewer?.canModerate ? (
        <div className="mt-5">
          <ModeratorTools thread={thread} groups={groups} />
        </div>
      ) : null}

      <section aria-labelledby="messages-heading" className="mt-6 space-y-4">
        <h2 id="messages-heading" className="sr-only">
          Messages
        </h2>
        <Pagination page={messages.page} pageCount={messages.pageCount} hrefFor={pageHref} label="Thread pages, top" />
        <ol className="space-y-3">
          {messages.items.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              now={now}
              isOpening={message.id === opening?.id}
              quoteHref={viewer?.canReply ? quoteHrefFor(message.id) : null}
              quotedHref={message.quote ? `${pageHref(message.quote.page)}#message-${message.quote.id}` : null}
            />
          ))}
        </ol>
        <Pagination
          page={messages.page}
          pageCount={messages.pageCount}
          hrefFor={pageHref}
          label="Thread pages, bottom"
        />
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </section>

      <section id="reply" aria-labelledby="reply-heading" className="mt-8 scroll-mt-24">
        {viewer === null ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-primary-50 p-4 ring-1 ring-primary-200 ring-inset">
            <h2 id="reply-heading" className="text-ink/90">
              Join the conversation: sign in to reply.
            </h2>
            <div className="flex gap-2">
              <Link
                to={`/auth/login?redirect=${encodeURIComponent(`${here}#reply`)}`}
                className={buttonClasses("primary", "sm")}
              >
                Sign in
              </Link>
              <Link to="/auth/signup" className={buttonClasses("secondary", "sm")}>
                Create an account
              </Link>
            </div>
          </div>
        ) : !viewer.canReply ? (
          <div className="flex items-start gap-3 rounded-xl border border-line bg-canvas p-4">
            <LockIcon className="mt-0.5 size-5 shrink-0 text-muted" />
            <div>
              <h2 id="reply-heading" className="font-semibold text-ink">
                This thread is locked
              </h2>
              <p className="text-sm text-muted">
                A moderator closed it, so it takes no new replies. Start a new thread in{" "}
                <Link to={communityGroupHref(thread.group)} className="font-medium text-primary-700 hover:underline">
                  {thread.group.title}
                </Link>{" "}
                to carry on.
              </p>
            </div>
          </div>
        ) : (
          <div className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5">
            <ReplyForm
              viewerName={viewer.name}
              quoting={quoting}
              removeQuoteHref={removeQuoteHref}
              locked={thread.locked}
              onPosted={onPosted}
            />
          </div>
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data?.thread.title ?? "Thread not found");
