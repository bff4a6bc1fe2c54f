import { Form, type FetcherWithComponents } from "@remix-run/react";
import { JsMarker } from "./js-marker";
import type { DiscussionActionData, PostRef } from "./types";

/** The row of controls under a post (quote, edit (./post-edit.tsx), delete). */
export function PostControls({ children }: { children: React.ReactNode }) {
  return <div className="mt-2 flex flex-wrap items-start gap-x-4 gap-y-2">{children}</div>;
}

/**
 * "Delete", after the browser's confirm. With a fetcher it deletes in place; without one it is a plain
 * form whose action redirects back with a toast.
 */
export function DeletePost({
  intent,
  post,
  noun,
  authorName,
  isOwn,
  confirmText,
  fetcher,
}: {
  intent: string;
  post: PostRef;
  noun: string;
  authorName: string;
  isOwn: boolean;
  confirmText: string;
  fetcher?: FetcherWithComponents<DiscussionActionData>;
}) {
  const deleting = fetcher ? fetcher.state !== "idle" : false;
  const content = (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={post.name} value={post.id} />
      {fetcher ? <JsMarker /> : null}
      <button
        type="submit"
        disabled={deleting}
        className="rounded text-sm font-medium text-red-700 hover:underline disabled:opacity-60"
        aria-label={isOwn ? `Delete your ${noun}` : `Delete the ${noun} by ${authorName}`}
      >
        {deleting ? "Deleting…" : "Delete"}
      </button>
    </>
  );
  const onSubmit = (event: React.FormEvent) => {
    if (!window.confirm(confirmText)) event.preventDefault();
  };
  return fetcher ? (
    <fetcher.Form method="post" onSubmit={onSubmit}>
      {content}
    </fetcher.Form>
  ) : (
    <Form method="post" preventScrollReset onSubmit={onSubmit}>
      {content}
    </Form>
  );
}
