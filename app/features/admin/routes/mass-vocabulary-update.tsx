import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ImportPage } from "../components/imports/import-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { importPageAction, importPageLoader } from "../imports.server";
import { titleMeta } from "~/lib/route-meta";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader(args: LoaderFunctionArgs) {
  return importPageLoader("lesson", args);
});

export const action = forAudience(audience, async function action(args: ActionFunctionArgs) {
  return importPageAction("lesson", "/admin/mass-vocabulary-update", args);
});

export default function AdminImportPage() {
  return (
    <ImportPage
      label="Mass vocabulary update"
      apiName="vocabulary"
      description="Add or update the vocabulary of many lessons at once from a CSV file."
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Admin: Mass vocabulary update");
