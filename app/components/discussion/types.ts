import type { SubmissionResult } from "@conform-to/react";

/** What a discussion action answers: to a fetcher, or to a document post when JavaScript is off. */
export interface DiscussionActionData {
  intent: string;
  result?: SubmissionResult<string[]> | null;
}

/** The hidden fields that name the post a form acts on, e.g. `{ name: "commentId", id: 12 }`. */
export interface PostRef {
  name: string;
  id: number;
}
