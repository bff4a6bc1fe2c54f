import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlusIcon } from "~/components/admin/admin-icons";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ResourceList } from "~/components/admin/resource-list";
import {
  loadRelationOptions,
  requireAdminPage,
  requireAdminResource,
  resourceView,
} from "~/components/admin/resource-route.server";
import { ScheduledPanel } from "~/components/admin/scheduled-panel";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { ADMIN_PAGES } from "~/lib/admin-pages";
import { pageTitle, rootAppName } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getAdminResource } from "../../server/admin/registry";
import { bulkDeleteRecords, getRecord, listRecords, parseListQuery } from "../../server/admin/service";
import { AppError } from "../../server/lib/errors";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { page } = await requireAdminPage(context, request, params.page);
  if (!getAdminResource(page.slug)) {
    const siblings = ADMIN_PAGES.filter((other) => other.group === page.group && other.slug !== page.slug);
    return { kind: "scheduled" as const, page, siblings };
  }
  const { resource, hookContext } = await requireAdminResource(context, request, params.page);
  const url = new URL(request.url);
  const list = await listRecords(hookContext, resource, parseListQuery(resource, url.searchParams));
  const filterOptions = await loadRelationOptions(hookContext, resource, null, "filters");
  return { kind: "resource" as const, page, view: resourceView(resource), list, filterOptions };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
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
        titles.push((await getRecord(hookContext, resource, id)).title);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return { bulkConfirm: { ids, titles } };
  }
  if (intent === "bulk-delete-confirmed") {
    const result = await bulkDeleteRecords(hookContext, resource, ids);
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
}

export default function AdminResourcePage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.kind === "scheduled") {
    return (
      <main className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6 lg:py-10">
        <AdminPageHeader page={data.page} title={data.page.label} description={data.page.description} />
        <ScheduledPanel page={data.page} siblings={data.siblings} />
      </main>
    );
  }
  const { page, view, list, filterOptions } = data;
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
