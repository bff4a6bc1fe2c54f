import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "../components/page-header";
import { requireAdminResource, resourceView } from "../resource-route.server";
import { useIsPending } from "~/components/form-fields";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { pageTitle, rootAppName } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { canDo } from "#server/admin/registry";
import { deleteRecord, describeDeleteImpact, getRecord } from "#server/services/admin-resources";
import { AppError } from "#server/lib/errors";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { page, resource, hookContext } = await requireAdminResource(context, request, params.page);
  if (!canDo(resource, "delete")) throw new Response("Not found", { status: 404 });
  try {
    const record = await getRecord(hookContext, { resource, id: params.id ?? "" });
    const impact = await describeDeleteImpact(hookContext, { resource, id: record.id });
    return { page, view: resourceView(resource), record: { id: record.id, title: record.title }, impact };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
});

export const action = forAudience(audience, async function action({ request, context, params }: ActionFunctionArgs) {
  const { resource, hookContext } = await requireAdminResource(context, request, params.page);
  if (!canDo(resource, "delete")) throw new Response("Not found", { status: 404 });
  try {
    const deleted = await deleteRecord(hookContext, { resource, id: params.id ?? "" });
    return redirectWithToast(`/admin/${resource.slug}`, {
      text: `Deleted ${resource.singular} “${deleted.title}”.`.slice(0, 480),
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new Response("Not found", { status: 404 });
    if (error instanceof AppError && error.status === 409) return { errors: error.messages };
    throw error;
  }
});

export default function AdminResourceDeletePage() {
  const { page, view, record, impact } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const blocked = impact.blockedBy.length > 0;
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <AdminPageHeader
        page={page}
        trail={[record.title, "Delete"]}
        title={`Delete ${view.singular} “${record.title}”?`}
      />
      <FormErrors errors={actionData?.errors} />
      <section className="space-y-4 rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        {blocked ? (
          <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
            <p className="font-semibold">This {view.singular} can't be deleted yet.</p>
            <p className="mt-1">
              Still referring to it: {impact.blockedBy.map((entry) => `${entry.count} ${entry.label}`).join(", ")}.
              Remove or reassign them first.
            </p>
          </div>
        ) : (
          <p className="text-ink">This cannot be undone.</p>
        )}
        {impact.cascades.length > 0 ? (
          <div className="text-sm text-ink">
            <p className="font-medium">Deleting it also deletes:</p>
            <ul className="mt-1 list-disc space-y-0.5 ps-5 text-muted">
              {impact.cascades.map((entry) => (
                <li key={entry.label}>
                  {entry.count} {entry.label}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Form method="post" className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" disabled={blocked || pending}>
            {pending ? "Deleting…" : `Yes, delete this ${view.singular}`}
          </Button>
          <Link to={`/admin/${view.slug}/${record.id}`} className={buttonClasses("secondary")}>
            Keep it
          </Link>
        </Form>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(rootAppName(matches), data?.record ? `Admin: delete ${data.record.title}` : "Page not found") },
];
