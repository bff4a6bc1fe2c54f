import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowRightIcon, TrashIcon } from "~/components/icons";
import { AdminPageHeader } from "../components/page-header";
import { HistoryLink } from "../components/audit/history-link";
import { ResourceForm } from "../components/resource-form";
import {
  declaredValues,
  loadRelationOptions,
  parseResourceForm,
  requireAdminResource,
  resourceView,
} from "../resource-route.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { datePickerLinks } from "~/components/ui/date-picker";
import { pageTitle, rootAppName } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { canDo } from "#server/admin/registry";
import { getRecord, updateRecord } from "#server/services/admin-resources";
import type { AdminHookContext, AdminResource } from "#server/admin/types";
import { AppError } from "#server/lib/errors";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "admin";

export const links: LinksFunction = () => datePickerLinks;

async function loadRecord(actor: AdminHookContext, resource: AdminResource, id: string) {
  try {
    return await getRecord(actor, { resource, id: id });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      throw new Response(`We couldn't find that ${resource.singular}.`, { status: 404 });
    }
    throw error;
  }
}

export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { page, resource, hookContext } = await requireAdminResource(context, request, params.page);
  const record = await loadRecord(hookContext, resource, params.id ?? "");
  const editLinks = resource.editLinks?.(record.values) ?? [];
  return {
    page,
    view: resourceView(resource),
    record,
    options: await loadRelationOptions(hookContext, resource, record),
    editLinks,
  };
});

export const action = forAudience(audience, async function action({ request, context, params }: ActionFunctionArgs) {
  const { resource, hookContext } = await requireAdminResource(context, request, params.page);
  if (!canDo(resource, "update")) throw new Response("Not found", { status: 404 });
  const existing = await loadRecord(hookContext, resource, params.id ?? "");
  const { submission, uploadErrors } = await parseResourceForm(hookContext, resource, request, "update");
  if (submission.status !== "success" || Object.keys(uploadErrors).length > 0) {
    return { lastResult: submission.reply({ fieldErrors: uploadErrors }) };
  }
  try {
    const record = await updateRecord(hookContext, {
      resource,
      id: existing.id,
      input: {},
      mode: "replace",
      parsed: declaredValues(resource, submission.value),
    });
    return redirectWithToast(`/admin/${resource.slug}/${record.id}`, {
      text: `Saved ${resource.singular} “${record.title}”.`.slice(0, 480),
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const hasFields = Object.keys(error.fieldErrors).length > 0;
    return {
      lastResult: submission.reply({
        fieldErrors: error.fieldErrors,
        formErrors: hasFields ? undefined : error.messages,
      }),
    };
  }
});

export default function AdminResourceEditPage() {
  const { page, view, record, options, editLinks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <AdminPageHeader
        page={page}
        trail={[record.title]}
        title={record.title}
        description={`Edit this ${view.singular}.`}
        actions={
          <div className="flex flex-wrap gap-2">
            <HistoryLink resource={view.slug} recordId={record.id} />
            {view.canDelete ? (
              <Link to={`/admin/${view.slug}/${record.id}/delete`} className={buttonClasses("secondary")}>
                <TrashIcon className="size-4" /> Delete
              </Link>
            ) : null}
          </div>
        }
      />
      {editLinks.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {editLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-flex items-center gap-2 rounded-xl border border-primary-200 bg-primary-50 px-4 py-2.5 text-sm font-medium text-primary-900 hover:bg-primary-100"
              >
                {link.label} <ArrowRightIcon className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {view.canUpdate ? (
        <ResourceForm
          key={record.id}
          view={view}
          record={record}
          options={options}
          lastResult={actionData?.lastResult}
          submitLabel="Save changes"
          cancelTo={`/admin/${view.slug}`}
        />
      ) : (
        <p className="rounded-xl border border-line bg-surface p-5 text-muted">{view.label} cannot be edited here.</p>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(rootAppName(matches), data?.record ? `Admin: ${data.record.title}` : "Page not found") },
];
