import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Breadcrumb, type Crumb } from "~/components/breadcrumb";
import { AuditLogTable } from "../components/audit/audit-log-table";
import { Pagination } from "../components/people/parts";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { forAudience } from "~/lib/auth.server";
import { formatDate } from "#core/format";
import { titleMeta } from "~/lib/route-meta";
import { parseSearchParams } from "~/lib/search.server";
import {
  AUDIT_RECORD_MAX_LENGTH,
  AUDIT_SYSTEM_ACTOR,
  auditLogSearchSchema,
  type AuditLogSearch,
} from "#core/schemas/admin-audit-log";
import {
  auditResourceLabel,
  listAuditActors,
  listAuditLog,
  listAuditResources,
  type AuditLogList,
} from "#server/services/audit-log-query";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const search = parseSearchParams(auditLogSearchSchema, url.searchParams);
  const [list, actors, resources] = await Promise.all([
    listAuditLog(context.app, {
      actor: search.actor,
      resource: search.resource,
      recordId: search.record,
      subjectUserId: search.subject,
      from: search.from,
      to: search.to,
      page: search.page,
    }),
    listAuditActors(context.app),
    listAuditResources(context.app),
  ]);
  return { search, list, actors, resources };
});

/** What the page is narrowed to, for its heading: one member, one record, or the whole log. */
function focusOf(search: AuditLogSearch, list: Pick<AuditLogList, "subject">, latestLabel: string | undefined) {
  if (search.subject !== undefined) {
    const name = list.subject ? (list.subject.deleted ? "a deleted member" : list.subject.name) : null;
    return {
      title: name ? `History of ${name}` : `History of member #${search.subject}`,
      crumb: name && !list.subject?.deleted ? name : `Member #${search.subject}`,
      description: "Every admin action about this member, newest first.",
    };
  }
  if (search.record !== undefined) {
    const reference = `${search.resource ?? "record"} #${search.record}`;
    return {
      title: `History of ${reference}`,
      crumb: reference,
      description: latestLabel
        ? `Every change to “${latestLabel}”, newest first.`
        : "Every change to this record, newest first.",
    };
  }
  return null;
}

function hasFilters(search: AuditLogSearch) {
  return [search.actor, search.resource, search.record, search.subject, search.from, search.to].some(
    (value) => value !== undefined,
  );
}

/** One line saying which filters apply, for the results heading and the table's caption. */
function filterSummary(search: AuditLogSearch, actorLabel: string | undefined) {
  const parts: string[] = [];
  if (search.actor !== undefined) parts.push(`by ${actorLabel ?? `member #${search.actor}`}`);
  if (search.resource && search.record === undefined) parts.push(`in ${auditResourceLabel(search.resource)}`);
  if (search.from && search.to) {
    parts.push(
      search.from === search.to
        ? `on ${formatDate(search.from)}`
        : `from ${formatDate(search.from)} to ${formatDate(search.to)}`,
    );
  } else if (search.from) parts.push(`since ${formatDate(search.from)}`);
  else if (search.to) parts.push(`until ${formatDate(search.to)}`);
  return parts.join(" ");
}

const labelClasses = "block text-sm font-medium text-ink";

export default function AdminAuditLogPage() {
  const { search, list, actors, resources } = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const focus = focusOf(search, list, list.rows[0]?.recordLabel || undefined);
  const filtering = hasFilters(search);
  const actorValue = search.actor === undefined ? "" : String(search.actor);
  const actorLabel = actors.find((actor) => String(actor.id) === actorValue)?.label;
  const summary = filterSummary(search, actorLabel);
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.rows.length - 1;
  const withoutSubject = new URLSearchParams(params);
  withoutSubject.delete("subject");
  withoutSubject.delete("page");
  const focusHref =
    search.subject !== undefined
      ? list.subject && !list.subject.deleted
        ? `/admin/users/${list.subject.id}`
        : null
      : search.record !== undefined && search.resource
        ? (list.rows.find((row) => row.resource === search.resource)?.recordHref ?? null)
        : null;

  const crumbs: Crumb[] = [{ label: "Admin", to: "/admin" }, { label: "Users & billing" }];
  crumbs.push(focus ? { label: "Audit log", to: "/admin/audit-log" } : { label: "Audit log" });
  if (focus) crumbs.push({ label: focus.crumb });

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-10">
      <Breadcrumb items={crumbs} />
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-ink" dir="auto">
            {focus ? focus.title : "Audit log"}
          </h1>
          <p className="mt-1 text-muted" dir="auto">
            {focus ? focus.description : "Every change made in the admin: who made it, when, and what it changed."}
          </p>
        </div>
        {focusHref ? (
          <Link to={focusHref} className={buttonClasses("secondary", "md", "shrink-0")}>
            {search.subject !== undefined ? "Open member" : "Open record"}
          </Link>
        ) : null}
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Filter the audit log"
        className="mt-6 grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
      >
        <div className="space-y-1.5">
          <label htmlFor="audit-actor" className={labelClasses}>
            Administrator
          </label>
          <select id="audit-actor" name="actor" defaultValue={actorValue} className={inputClasses}>
            <option value="">Anyone</option>
            {actors.map((actor) => (
              <option key={String(actor.id)} value={String(actor.id)}>
                {actor.email ? `${actor.label} (${actor.email})` : actor.label}
              </option>
            ))}
            {actorValue && !actorLabel ? (
              <option value={actorValue}>
                {actorValue === AUDIT_SYSTEM_ACTOR ? "System" : `Member #${actorValue}`}
              </option>
            ) : null}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-resource" className={labelClasses}>
            Resource
          </label>
          <select id="audit-resource" name="resource" defaultValue={search.resource ?? ""} className={inputClasses}>
            <option value="">Any resource</option>
            {resources.map((resource) => (
              <option key={resource.slug} value={resource.slug}>
                {resource.label}
              </option>
            ))}
            {search.resource && !resources.some((resource) => resource.slug === search.resource) ? (
              <option value={search.resource}>{auditResourceLabel(search.resource)}</option>
            ) : null}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-record" className={labelClasses}>
            Record ID
          </label>
          <input
            id="audit-record"
            type="text"
            name="record"
            defaultValue={search.record ?? ""}
            placeholder="e.g. 12"
            maxLength={AUDIT_RECORD_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            className={inputClasses}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-from" className={labelClasses}>
            From
          </label>
          <input id="audit-from" type="date" name="from" defaultValue={search.from ?? ""} className={inputClasses} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-to" className={labelClasses}>
            To
          </label>
          <input id="audit-to" type="date" name="to" defaultValue={search.to ?? ""} className={inputClasses} />
        </div>
        {search.subject !== undefined ? <input type="hidden" name="subject" value={search.subject} /> : null}
        <div className="flex gap-2 self-end sm:col-span-2 lg:col-span-1">
          <button type="submit" className={buttonClasses("primary", "md", "flex-1 lg:flex-none")}>
            Filter
          </button>
          <Link to="/admin/audit-log" className={buttonClasses("secondary", "md", "flex-1 lg:flex-none")}>
            Clear
          </Link>
        </div>
      </Form>
      <p className="mt-2 text-xs text-muted">Dates are whole days in UTC; both days are included.</p>

      {search.subject !== undefined ? (
        <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-primary-200 bg-primary-50 px-4 py-2.5 text-sm text-primary-900">
          <span>
            Only actions about{" "}
            <strong className="font-semibold" dir="auto">
              {list.subject && !list.subject.deleted ? list.subject.name : `member #${search.subject}`}
            </strong>
            .
          </span>
          <Link
            to={withoutSubject.toString() ? `?${withoutSubject.toString()}` : "/admin/audit-log"}
            className="font-medium underline hover:no-underline"
          >
            Show every member
          </Link>
        </p>
      ) : null}

      <section aria-labelledby="audit-results" className="mt-6 rounded-xl border border-line bg-surface shadow-sm">
        <h2 id="audit-results" className="border-b border-line px-5 py-3 text-sm text-muted" aria-live="polite">
          {list.total === 0
            ? "No changes match."
            : list.pageCount === 1
              ? `${list.total.toLocaleString("en-US")} ${list.total === 1 ? "change" : "changes"}`
              : `Showing ${first}–${last} of ${list.total.toLocaleString("en-US")} changes`}
          {summary ? ` ${summary}` : ""}
        </h2>
        {list.rows.length > 0 ? (
          <AuditLogTable
            rows={list.rows}
            caption={`Admin changes${summary ? ` ${summary}` : ""}, newest first`}
            focusedRecord={
              search.resource && search.record !== undefined
                ? { resource: search.resource, recordId: search.record }
                : null
            }
          />
        ) : (
          <div className="px-5 py-10 text-center">
            <p className="font-medium text-ink">
              {filtering ? "Nothing was changed that matches these filters." : "Nothing has been changed yet."}
            </p>
            <p className="mt-1 text-muted">
              {filtering
                ? "Try a wider date range or another administrator."
                : "Every create, update and delete made in the admin will be listed here."}
            </p>
            {filtering ? (
              <Link to="/admin/audit-log" className={buttonClasses("secondary", "sm", "mt-4")}>
                Clear filters
              </Link>
            ) : null}
          </div>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} search={params} label="Audit log pages" />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Admin: Audit log");
