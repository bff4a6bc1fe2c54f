import { useActionData } from "@remix-run/react";
import type { DiscussionActionData, PostRef } from "./types";

/**
 * The last answer to one form: its fetcher's, else the page's (a document post, JavaScript off). Only an
 * answer to the same intent counts, and for a form about one post, to that post.
 */
export function useSubmissionResult(fetcherData: DiscussionActionData | undefined, intent: string, post?: PostRef) {
  const documentData = useActionData<DiscussionActionData>();
  const data = fetcherData ?? documentData;
  if (data?.intent !== intent || !data.result) return undefined;
  if (post && data.result.initialValue?.[post.name] !== String(post.id)) return undefined;
  return data.result;
}
