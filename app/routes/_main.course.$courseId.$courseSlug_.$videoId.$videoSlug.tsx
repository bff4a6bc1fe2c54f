import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LessonPage } from "~/components/player/lesson-page";
import { lessonRouteAction, loadLessonRoute } from "~/components/player/lesson-route.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { titleMeta } from "~/lib/route-meta";

/** /course/:id/:slug/:videoId/:videoSlug — a lesson inside a course, with the course beside it. Not nested in the course page (the `_`). */
export async function loader(args: LoaderFunctionArgs) {
  return loadLessonRoute(args, "course");
}

export async function action(args: ActionFunctionArgs) {
  return lessonRouteAction(args);
}

export default function CourseLessonRoute() {
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
