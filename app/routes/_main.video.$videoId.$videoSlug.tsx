import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LessonPage } from "~/components/player/lesson-page";
import { lessonRouteAction, loadLessonRoute } from "~/components/player/lesson-route.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { titleMeta } from "~/lib/route-meta";

/**
 * /video/:videoId/:videoSlug — a lesson on its own (docs/product-rules.md#addresses-and-slugs); "next" follows its
 * series or course.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadLessonRoute(args, null);
}

export async function action(args: ActionFunctionArgs) {
  return lessonRouteAction(args);
}

export default function VideoLessonRoute() {
  const data = useLoaderData<typeof loader>();
  return <LessonPage data={data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

// The page carries signed media URLs: never for a shared cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  titleMeta(matches, data?.page.lesson.title ?? "Lesson");
