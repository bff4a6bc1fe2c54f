import { and, eq } from "drizzle-orm";
import { videos } from "#drizzle/schema";
import type { AppContext } from "../../context";
import { checkoutReturnPath, lessonIdOfPath } from "../../lib/redirects";

/** The lesson a checkout was opened from, as the checkout names it. */
export interface CheckoutLesson {
  id: number;
  title: string;
  titleAr: string;
  isFree: boolean;
}

/** Where the member goes back to after paying, and the lesson it plays when it is a lesson's address. */
export interface CheckoutReturn {
  path: string;
  lesson: CheckoutLesson | null;
}

/**
 * The checkout's `redirect` (docs/product-rules.md#a-paywall-with-context): checked as a sign-in return address
 * is, then, for a lesson's address, the published lesson it plays. An unsafe path is dropped (null); an unknown
 * or unpublished lesson leaves a plain return path that names nothing, never an error.
 */
export async function getCheckoutReturn(
  ctx: AppContext,
  { redirect }: { redirect: unknown },
): Promise<CheckoutReturn | null> {
  const path = checkoutReturnPath(redirect);
  if (!path) return null;
  const lessonId = lessonIdOfPath(path);
  if (lessonId === null) return { path, lesson: null };
  const [lesson] = await ctx.db
    .select({ id: videos.id, title: videos.title, titleAr: videos.titleAr, isFree: videos.isFree })
    .from(videos)
    .where(and(eq(videos.id, lessonId), eq(videos.isPublished, true)))
    .limit(1);
  return { path, lesson: lesson ?? null };
}
