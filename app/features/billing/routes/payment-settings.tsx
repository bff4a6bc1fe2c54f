import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RecoveryPage } from "../components/recovery-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { recoveryAction, loadRecoveryPage } from "../billing.server";
import { titleMeta } from "~/lib/route-meta";

// The same page as /retain (docs/product-rules.md#layouts-and-routes), outside the learning area's /settings.
export async function loader({ context }: LoaderFunctionArgs) {
  return loadRecoveryPage(context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return recoveryAction(context, request, "/settings/payment");
}

export default function PaymentSettingsPage() {
  return <RecoveryPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Payment");
