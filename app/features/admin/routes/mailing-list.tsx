import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { Badge, ConfirmPanel, Pagination, type BadgeTone } from "../components/people/parts";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { forAudience, requireAdmin } from "~/lib/auth.server";
import { formatDate } from "#core/format";
import { titleMeta } from "~/lib/route-meta";
import { parseSearchParams } from "~/lib/search.server";
import { SEARCH_MAX_LENGTH } from "#core/search-limits";
import { mailingListSearchSchema, type MailingListStatus } from "#core/schemas/admin-mailing-list";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import { listMailingList, unsubscribeMailingListEntry } from "#server/services/admin-mailing-list";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const search = parseSearchParams(mailingListSearchSchema, url.searchParams);
  const confirmText = url.searchParams.get("confirm");
  const list = await listMailingList(context.app, search);
  const confirmId = confirmText && /^\d{1,12}$/.test(confirmText) ? Number(confirmText) : null;
  return { search, list, confirmEntry: list.entries.find((entry) => entry.id === confirmId) ?? null };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await request.formData();
  const idText = String(formData.get("entryId") ?? "");
  const back = String(formData.get("back") ?? "");
  const target = back.startsWith("?") ? `/admin/mailing-list${back}` : "/admin/mailing-list";
  if (formData.get("intent") !== "unsubscribe" || !/^\d{1,12}$/.test(idText)) {
    return redirectWithToast(target, { text: "Choose an address to unsubscribe.", status: "error" });
  }
  try {
    const entry = await unsubscribeMailingListEntry(context.app, { actor: admin, entryId: Number(idText) });
    return redirectWithToast(target, { text: `${entry.email} is unsubscribed and will get no more newsletters.` });
  } catch (error) {
    if (error instanceof AppError) return redirectWithToast(target, { text: error.messages[0] ?? "", status: "error" });
    throw error;
  }
});

const STATUS: Record<MailingListStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending confirmation", tone: "warning" },
  confirmed: { label: "Confirmed", tone: "success" },
  unsubscribed: { label: "Unsubscribed", tone: "neutral" },
};

export default function AdminMailingListPage() {
  const { search, list, confirmEntry } = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("confirm");
  const keep = params.toString() ? `?${params.toString()}` : "";
  const exportParams = new URLSearchParams();
  if (search.q) exportParams.set("q", search.q);
  if (search.status !== "all") exportParams.set("status", search.status);
  const exportHref = `/admin/mailing-list.csv${exportParams.toString() ? `?${exportParams}` : ""}`;
  const confirmHref = (id: number) => {
    const next = new URLSearchParams(params);
    next.set("confirm", String(id));
    return `?${next.toString()}`;
  };

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-10">
      <Breadcrumb items={[{ label: "Admin", to: "/admin" }, { label: "Users & billing" }, { label: "Mailing list" }]} />
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Mailing list</h1>
          <p className="mt-1 text-muted">
            {list.counts.confirmed.toLocaleString("en-US")} confirmed, {list.counts.pending.toLocaleString("en-US")}{" "}
            waiting for confirmation, {list.counts.unsubscribed.toLocaleString("en-US")} unsubscribed.
          </p>
        </div>
        <a href={exportHref} className={buttonClasses("secondary", "md")} download>
          Export CSV{search.q || search.status !== "all" ? " (this filter)" : ""}
        </a>
      </div>

      {confirmEntry ? (
        <div className="mt-6">
          <ConfirmPanel
            title={`Unsubscribe ${confirmEntry.email}?`}
            intent="unsubscribe"
            confirmLabel="Unsubscribe"
            cancelTo={keep || "/admin/mailing-list"}
            hidden={{ entryId: String(confirmEntry.id), back: keep }}
          >
            They will get no more newsletters. Only they can sign up again, from the public form.
          </ConfirmPanel>
        </div>
      ) : null}

      <Form
        method="get"
        role="search"
        aria-label="Search the mailing list"
        className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex-1 space-y-1.5">
          <label htmlFor="list-search" className="block text-sm font-medium text-ink">
            Email or name
          </label>
          <input
            id="list-search"
            type="search"
            name="q"
            defaultValue={search.q}
            maxLength={SEARCH_MAX_LENGTH}
            className={inputClasses}
          />
        </div>
        <div className="space-y-1.5 sm:w-60">
          <label htmlFor="list-status" className="block text-sm font-medium text-ink">
            Status
          </label>
          <select id="list-status" name="status" defaultValue={search.status} className={inputClasses}>
            <option value="all">Any status</option>
            {(Object.keys(STATUS) as MailingListStatus[]).map((status) => (
              <option key={status} value={status}>
                {STATUS[status].label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses("primary", "md")}>
          Filter
        </button>
      </Form>

      <section aria-labelledby="list-heading" className="mt-6 rounded-xl border border-line bg-surface shadow-sm">
        <h2 id="list-heading" className="border-b border-line px-5 py-3 text-sm text-muted" aria-live="polite">
          {list.total === 0 ? "No addresses match." : `${list.total.toLocaleString("en-US")} addresses`}
        </h2>
        {list.entries.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                    Subscriber
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold max-md:hidden">
                    Source
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold max-sm:hidden">
                    Signed up
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-end font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="px-5 py-3">
                      <p className="font-medium break-all text-ink">{entry.email}</p>
                      {entry.name ? (
                        <p className="text-muted" dir="auto">
                          {entry.name}
                        </p>
                      ) : null}
                    </td>
                    <td className="px-5 py-3">
                      <Badge tone={STATUS[entry.status].tone}>{STATUS[entry.status].label}</Badge>
                      {entry.unsubscribedAt ? (
                        <p className="mt-1 text-xs text-muted">{formatDate(entry.unsubscribedAt)}</p>
                      ) : null}
                    </td>
                    <td className="px-5 py-3 text-ink/80 max-md:hidden">{entry.source}</td>
                    <td className="px-5 py-3 whitespace-nowrap text-ink/80 max-sm:hidden">
                      {formatDate(entry.createdAt)}
                    </td>
                    <td className="px-5 py-3 text-end">
                      {entry.status === "unsubscribed" ? null : (
                        <Link
                          to={confirmHref(entry.id)}
                          className={buttonClasses("secondary", "sm")}
                          aria-label={`Unsubscribe ${entry.email}`}
                        >
                          Unsubscribe
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="px-5 py-10 text-center text-muted">
            {search.q || search.status !== "all"
              ? "Try another search or status."
              : "Nobody has signed up for the newsletter yet."}
          </p>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} search={params} label="Mailing list pages" />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Admin: Mailing list");
