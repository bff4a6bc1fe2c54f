import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ImportPage } from "../components/imports/import-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { importPageAction, importPageLoader } from "../imports.server";
import { titleMeta } from "~/lib/route-meta";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader(args: LoaderFunctionArgs) {
  return importPageLoader("deck", args);
});

export const action = forAudience(audience, async function action(args: ActionFunctionArgs) {
  return importPageAction("deck", "/admin/mass-global-vocabulary-update", args);
});

export default function AdminImportPage() {
  return (
    <ImportPage
      label="Mass global vocabulary update"
      apiName="global-vocabulary"
      description="Add or update the words of the global vocabulary decks at once from a CSV file."
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Admin: Mass global vocabulary update");
