import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ImportPage } from "../components/imports/import-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { importPageAction, importPageLoader } from "../imports.server";
import { titleMeta } from "~/lib/route-meta";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader(args: LoaderFunctionArgs) {
  return importPageLoader("lemma", args);
});

export const action = forAudience(audience, async function action(args: ActionFunctionArgs) {
  return importPageAction("lemma", "/admin/mass-lemma-update", args);
});

export default function AdminImportPage() {
  return (
    <ImportPage
      label="Mass lexicon update"
      apiName="lemmas"
      description="Add or update many lemmas of the lexicon at once from a CSV file: meanings and forms separated by |."
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Admin: Mass lexicon update");
