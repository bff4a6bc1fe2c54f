import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PostBody } from "~/components/discussion/post-body";
import { MarkdownHint, PostComposer } from "~/components/discussion/post-composer";
import { FieldErrors } from "~/components/ui/field";
import { COMMUNITY_MESSAGE_BODY } from "#core/post-body";
import type { ThreadActionData } from "./types";

export interface QuotedPreview {
  id: number;
  authorName: string;
  html: string;
}

/** The reply box at the end of a thread. With JavaScript it posts through a fetcher and the page updates in place. */
export function ReplyForm({
  viewerName,
  quoting,
  removeQuoteHref,
  locked,
  onPosted,
}: {
  viewerName: string;
  quoting: QuotedPreview | null;
  removeQuoteHref: string;
  /** Only moderators see the form on a locked thread. */
  locked: boolean;
  onPosted: (answer: { messageId: number; page: number }) => void;
}) {
  const fetcher = useFetcher<ThreadActionData>();
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const answered = fetcher.state === "idle" && fetcher.data?.intent === "message-create" ? fetcher.data : null;
  const onPostedRef = useRef(onPosted);
  useEffect(() => {
    onPostedRef.current = onPosted;
  });
  useEffect(() => {
    if (answered?.result?.status === "success" && answered.messageId && answered.page) {
      onPostedRef.current({ messageId: answered.messageId, page: answered.page });
    }
  }, [answered]);

  // Choosing "Quote" lands here: put the cursor in the box.
  useEffect(() => {
    if (quoting) textareaRef.current?.focus();
  }, [quoting]);

  return (
    <PostComposer
      formId="message-create"
      intent="message-create"
      rules={COMMUNITY_MESSAGE_BODY}
      fetcher={fetcher}
      header={
        <>
          <h2 id="reply-heading" className="text-lg font-semibold text-ink">
            Reply as {viewerName}
          </h2>
          {locked ? (
            <p className="text-sm text-muted">This thread is locked; as a moderator you can still post in it.</p>
          ) : null}
        </>
      }
      label="Your reply"
      labelHidden
      placeholder="Write a reply…"
      hint={<MarkdownHint />}
      submitLabel="Post reply"
      textareaRef={textareaRef}
    >
      {(errors) =>
        quoting ? (
          <div className="rounded-lg border-s-4 border-primary-300 bg-primary-50/60 px-3 py-2 text-sm">
            <input type="hidden" name="quotedMessageId" value={quoting.id} />
            <div className="flex items-baseline justify-between gap-3">
              <p className="font-medium text-ink/80">Quoting {quoting.authorName}:</p>
              <Link
                to={removeQuoteHref}
                preventScrollReset
                className="text-xs font-medium text-primary-700 hover:underline"
              >
                Remove quote
              </Link>
            </div>
            <PostBody html={quoting.html} className="mt-1 line-clamp-3 text-sm text-ink/80" />
            <FieldErrors errors={errors.quotedMessageId} />
          </div>
        ) : null
      }
    </PostComposer>
  );
}
