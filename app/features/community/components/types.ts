import type { DiscussionActionData } from "~/components/discussion/types";

/** What the thread page's action answers a fetcher: where a new or changed message now is. */
export interface ThreadActionData extends DiscussionActionData {
  messageId?: number;
  page?: number;
}
