import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlusIcon } from "~/components/icons";
import { AdminPageHeader } from "../components/page-header";
import { ResourceList } from "../components/resource-list";
import { loadRelationOptions, requireAdminResource, resourceView } from "../resource-route.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { pageTitle, rootAppName } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { searchOrRefuse } from "~/lib/search.server";
import { bulkDeleteRecords, getRecord, listRecords, parseListQuery } from "#server/services/admin-resources";
import { AppError } from "#server/lib/errors";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  // An admin page without a declared resource has its own route file, which Remix matches before this
  // one; a slug that reaches here without a resource is a 404 (tests/integration/admin-pages.test.ts).
  const { page, resource, hookContext } = await requireAdminResource(context, request, params.page);
  const url = new URL(request.url);
  const query = searchOrRefuse(() => parseListQuery(resource, url.searchParams));
  const list = await listRecords(hookContext, { resource, query });
  const filterOptions = await loadRelationOptions(hookContext, resource, null, "filters");
  return { page, view: resourceView(resource), list, filterOptions };
});

export const action = forAudience(audience, async function action({ request, context, params }: ActionFunctionArgs) {
  const { resource, hookContext } = await requireAdminResource(context, request, params.page);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const ids = [...new Set(formData.getAll("ids").map(String))].slice(0, 100);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  if (ids.length === 0) {
    return redirectWithToast(back, {
      text: `Select the ${resource.label.toLowerCase()} to delete first.`,
      status: "warning",
    });
  }
  if (intent === "bulk-delete") {
    const titles: string[] = [];
    for (const id of ids) {
      try {
        titles.push((await getRecord(hookContext, { resource, id: id })).title);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return { bulkConfirm: { ids, titles } };
  }
  if (intent === "bulk-delete-confirmed") {
    const result = await bulkDeleteRecords(hookContext, { resource, ids });
    const deleted = result.deleted.length;
    const noun = deleted === 1 ? resource.singular : resource.label.toLowerCase();
    if (result.failed.length > 0) {
      return redirectWithToast(back, {
        text: `Deleted ${deleted} ${noun}; ${result.failed.length} kept: ${result.failed[0]!.message}`.slice(0, 480),
        status: "warning",
      });
    }
    return redirectWithToast(back, { text: `Deleted ${deleted} ${noun}.` });
  }
  throw new Response("Unknown action", { status: 400 });
});

export default function AdminResourcePage() {
  const actionData = useActionData<typeof action>();
  const { page, view, list, filterOptions } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <AdminPageHeader
        page={page}
        title={view.label}
        description={page.description}
        actions={
          view.canCreate ? (
            <Link to={`/admin/${view.slug}/new`} className={buttonClasses("primary")}>
              <PlusIcon className="size-4" /> New {view.singular}
            </Link>
          ) : null
        }
      />
      <ResourceList
        view={view}
        list={list}
        filterOptions={filterOptions}
        bulkConfirm={actionData && "bulkConfirm" in actionData ? actionData.bulkConfirm : null}
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(rootAppName(matches), data?.page ? `Admin: ${data.page.label}` : "Page not found") },
];
