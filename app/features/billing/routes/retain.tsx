import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RecoveryPage } from "../components/recovery-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { recoveryAction, loadRecoveryPage } from "../billing.server";
import { titleMeta } from "~/lib/route-meta";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

// Reached from billing emails: signed out, it says what to do and offers to sign in.
export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  return loadRecoveryPage(context);
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  return recoveryAction(context, request, "/retain");
});

export default function RetainPage() {
  return <RecoveryPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Keep learning");
