import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LessonPage } from "../components/lesson-page";
import { LockedLesson } from "../components/locked-lesson";
import { lessonHeaders, lessonRouteAction, loadLessonRoute } from "../lesson-route.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { titleMeta } from "~/lib/route-meta";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

// A playlist and its lessons need a session (docs/product-rules.md#guards); the same lesson at its other
// addresses is open (./lesson.tsx). One module per audience, so the audience stays one line a route declares
// (ADR 031, ADR 038).
export const audience: Audience = "member";

/** A lesson inside a playlist: /playlist/:playlistId/:playlistSlug/:videoId/:videoSlug. */
export const loader = forAudience(audience, loadLessonRoute);

export const action = forAudience(audience, lessonRouteAction);

export default function LessonInPlaylistRoute() {
  const data = useLoaderData<typeof loader>();
  return data.kind === "open" ? <LessonPage data={data} /> : <LockedLesson data={data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const headers: HeadersFunction = lessonHeaders;

// A member's page, never for search engines (the lesson's own address is the one to index).
export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...titleMeta(matches, data?.page.lesson.title ?? "Lesson"),
  { name: "robots", content: "noindex" },
];
