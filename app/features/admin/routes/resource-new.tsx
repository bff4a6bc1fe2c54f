import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "../components/page-header";
import { ResourceForm } from "../components/resource-form";
import {
  declaredValues,
  loadRelationOptions,
  parseResourceForm,
  requireAdminResource,
  resourceView,
} from "../resource-route.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { datePickerLinks } from "~/components/ui/date-picker";
import { pageTitle, rootAppName } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { canDo } from "#server/admin/registry";
import { createRecord } from "#server/services/admin-resources";
import { AppError } from "#server/lib/errors";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "admin";

export const links: LinksFunction = () => datePickerLinks;

export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { page, resource, hookContext } = await requireAdminResource(context, request, params.page);
  if (!canDo(resource, "create")) throw new Response("Not found", { status: 404 });
  return { page, view: resourceView(resource), options: await loadRelationOptions(hookContext, resource) };
});

export const action = forAudience(audience, async function action({ request, context, params }: ActionFunctionArgs) {
  const { resource, hookContext } = await requireAdminResource(context, request, params.page);
  if (!canDo(resource, "create")) throw new Response("Not found", { status: 404 });
  const { submission, uploadErrors } = await parseResourceForm(hookContext, resource, request, "create");
  if (submission.status !== "success" || Object.keys(uploadErrors).length > 0) {
    return { lastResult: submission.reply({ fieldErrors: uploadErrors }) };
  }
  try {
    const record = await createRecord(hookContext, {
      resource,
      input: {},
      parsed: declaredValues(resource, submission.value),
    });
    return redirectWithToast(`/admin/${resource.slug}/${record.id}`, {
      text: `Created ${resource.singular} “${record.title}”.`.slice(0, 480),
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

export default function AdminResourceCreatePage() {
  const { page, view, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <AdminPageHeader page={page} trail={["New"]} title={`New ${view.singular}`} />
      <ResourceForm
        view={view}
        options={options}
        lastResult={actionData?.lastResult}
        submitLabel={`Create ${view.singular}`}
        cancelTo={`/admin/${view.slug}`}
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(rootAppName(matches), data?.view ? `Admin: new ${data.view.singular}` : "Page not found") },
];
