import type { SubmissionResult } from "@conform-to/react";

/** What the thread page's action answers a fetcher. */
export interface ThreadActionData {
  intent: string;
  result?: SubmissionResult<string[]> | null;
  messageId?: number;
  page?: number;
}
