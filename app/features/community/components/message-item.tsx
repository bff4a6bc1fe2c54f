import { Link, useFetcher } from "@remix-run/react";
import { DiscussionPost } from "~/components/discussion/discussion-post";
import { PostBody } from "~/components/discussion/post-body";
import { DeletePost, PostControls } from "~/components/discussion/post-controls";
import { EditPost } from "~/components/discussion/post-edit";
import { COMMUNITY_MESSAGE_BODY } from "#core/post-body";
import type { CommunityMessage } from "#server/services/community";
import { RelativeTime } from "./parts";
import type { ThreadActionData } from "./types";

export function MessageItem({
  message,
  now,
  isOpening,
  quoteHref,
  quotedHref,
}: {
  message: CommunityMessage;
  now: Date | string;
  isOpening: boolean;
  /** Where "Quote" goes (the reply box with this message quoted); null when the viewer cannot reply. */
  quoteHref: string | null;
  /** Where the quoted block links (the original message on its page). */
  quotedHref: string | null;
}) {
  const deleter = useFetcher<ThreadActionData>();
  const post = { name: "messageId", id: message.id };
  return (
    <DiscussionPost
      anchorId={`message-${message.id}`}
      author={message.author}
      isOwn={message.isOwn}
      authorHeadingId={`message-${message.id}-author`}
      framed
      muted={message.deleted}
      headerNote={isOpening ? <span className="text-xs font-medium text-muted">started the thread</span> : null}
      meta={
        <>
          <RelativeTime date={message.createdAt} now={now} />
          {message.editedAt ? (
            <span title={`Edited ${new Date(message.editedAt).toISOString().slice(0, 16).replace("T", " ")} UTC`}>
              {" "}
              · edited
            </span>
          ) : null}
        </>
      }
      headerEnd={
        <a
          href={`#message-${message.id}`}
          className="ms-auto text-xs text-muted tabular-nums hover:text-primary-700 hover:underline"
          aria-label={`Link to message ${message.number}`}
        >
          #{message.number}
        </a>
      }
      controls={
        !message.deleted && (quoteHref || message.canEdit || message.canDelete) ? (
          <PostControls>
            {quoteHref ? (
              <Link
                to={quoteHref}
                preventScrollReset
                className="text-sm font-medium text-primary-700 hover:underline"
                aria-label={`Quote message ${message.number} by ${message.author.name}`}
              >
                Quote
              </Link>
            ) : null}
            {message.canEdit ? (
              <EditPost
                intent="message-update"
                post={post}
                body={message.body}
                noun="message"
                rules={COMMUNITY_MESSAGE_BODY}
              />
            ) : null}
            {message.canDelete ? (
              <DeletePost
                intent="message-delete"
                post={post}
                noun="message"
                authorName={message.author.name}
                isOwn={message.isOwn}
                confirmText="Delete this message? A placeholder stays in the thread."
                fetcher={deleter}
              />
            ) : null}
          </PostControls>
        ) : null
      }
    >
      {message.deleted ? (
        <p className="mt-1 text-[15px] text-muted italic">This message was deleted.</p>
      ) : (
        <>
          {message.quote ? (
            <blockquote className="mt-2 rounded-lg border-s-4 border-primary-300 bg-primary-50/60 px-3 py-2 text-sm">
              <p className="font-medium text-ink/80">
                {quotedHref ? (
                  <Link to={quotedHref} className="text-primary-700 hover:underline">
                    {message.quote.authorName} wrote:
                  </Link>
                ) : (
                  `${message.quote.authorName} wrote:`
                )}
              </p>
              {message.quote.html ? (
                <PostBody
                  html={message.quote.html}
                  mostlyArabic={message.quote.mostlyArabic}
                  className="mt-1 line-clamp-4 text-sm text-ink/80"
                />
              ) : (
                <p className="mt-1 text-muted italic">The quoted message was deleted.</p>
              )}
            </blockquote>
          ) : null}
          <PostBody html={message.html ?? ""} mostlyArabic={message.mostlyArabic} className="mt-2" />
          {message.recording ? (
            <figure className="mt-2">
              <figcaption className="text-sm font-medium text-ink/80">
                {message.author.name}&apos;s shadowing attempt
              </figcaption>
              {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a learner's voice saying the line quoted above */}
              <audio
                controls
                preload="metadata"
                src={message.recording.url}
                data-testid="shared-recording"
                className="mt-1 w-full max-w-md"
              />
            </figure>
          ) : null}
        </>
      )}
    </DiscussionPost>
  );
}
