import type { MetaFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { PublicShell } from "./public-shell";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle, rootAppName } from "~/lib/meta";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary() {
  return (
    <PublicShell>
      <RouteErrorBoundary />
    </PublicShell>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(rootAppName(matches), "Learn Levantine Arabic") },
];
