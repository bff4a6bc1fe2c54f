import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { Badge, Pagination, SUBSCRIPTION_BADGES } from "../components/people/parts";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { forAudience } from "~/lib/auth.server";
import { formatDate } from "#core/format";
import { titleMeta } from "~/lib/route-meta";
import { parseSearchParams } from "~/lib/search.server";
import { userSearchSchema } from "#core/schemas/admin-users";
import { ADMIN_PERMISSION } from "#core/permissions";
import { SEARCH_MAX_LENGTH } from "#core/search-limits";
import { listUsers } from "#server/services/admin-users";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const search = parseSearchParams(userSearchSchema, url.searchParams);
  return { search, list: await listUsers(context.app, search) };
});

const STATUS_FILTERS = [
  { value: "all", label: "Everyone" },
  { value: "active", label: "Can sign in" },
  { value: "disabled", label: "Disabled" },
  { value: "admins", label: "Administrators" },
] as const;

export default function AdminUsersPage() {
  const { search, list } = useLoaderData<typeof loader>();
  const location = useLocation();
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.users.length - 1;

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-10">
      <Breadcrumb items={[{ label: "Admin", to: "/admin" }, { label: "Users & billing" }, { label: "Users" }]} />
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Users</h1>
          <p className="mt-1 text-muted">Find a member to see their subscription, sessions and permissions.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/users-permissions" className={buttonClasses("secondary", "md")}>
            Permissions
          </Link>
          <Link to="/admin/users/new" className={buttonClasses("primary", "md")}>
            New member
          </Link>
        </div>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Search members"
        className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex-1 space-y-1.5">
          <label htmlFor="user-search" className="block text-sm font-medium text-ink">
            Name or email
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={search.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="e.g. layla or @example.com"
            className={inputClasses}
          />
        </div>
        <div className="space-y-1.5 sm:w-52">
          <label htmlFor="user-status" className="block text-sm font-medium text-ink">
            Show
          </label>
          <select id="user-status" name="status" defaultValue={search.status} className={inputClasses}>
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses("primary", "md", "sm:mb-px")}>
          Search
        </button>
      </Form>

      <section aria-labelledby="results-heading" className="mt-6 rounded-xl border border-line bg-surface shadow-sm">
        <h2 id="results-heading" className="border-b border-line px-5 py-3 text-sm text-muted" aria-live="polite">
          {list.total === 0
            ? "No members match."
            : `Showing ${first}–${last} of ${list.total.toLocaleString("en-US")} members`}
          {search.q ? ` for “${search.q}”` : ""}
        </h2>
        {list.users.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                    Member
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold max-sm:hidden">
                    Subscription
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold max-md:hidden">
                    Permissions
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                    Joined
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.users.map((user) => {
                  const badge = user.subscription ? SUBSCRIPTION_BADGES[user.subscription.status] : undefined;
                  return (
                    <tr key={user.id} className="hover:bg-canvas/60">
                      <td className="px-5 py-3">
                        <Link to={`/admin/users/${user.id}`} className="font-semibold text-primary-800 hover:underline">
                          {user.name}
                        </Link>
                        <p className="break-all text-muted">{user.email}</p>
                        {user.disabledAt ? (
                          <p className="mt-1">
                            <Badge tone="danger">Disabled</Badge>
                          </p>
                        ) : null}
                      </td>
                      <td className="px-5 py-3 max-sm:hidden">
                        {user.subscription && badge ? (
                          <span className="inline-flex flex-wrap items-center gap-2">
                            <Badge tone={badge.tone}>{badge.label}</Badge>
                            <span className="text-muted">{user.subscription.planTitle}</span>
                          </span>
                        ) : (
                          <span className="text-muted">Free account</span>
                        )}
                      </td>
                      <td className="px-5 py-3 max-md:hidden">
                        {user.permissions.length > 0 ? (
                          <span className="flex flex-wrap gap-1">
                            {user.permissions.map((code) => (
                              <Badge key={code} tone={code === ADMIN_PERMISSION ? "info" : "neutral"}>
                                {code}
                              </Badge>
                            ))}
                          </span>
                        ) : (
                          <span className="text-muted">None</span>
                        )}
                      </td>
                      <td className="px-5 py-3 whitespace-nowrap text-ink/80">{formatDate(user.createdAt)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="px-5 py-10 text-center text-muted">Try part of the name or the email, or show everyone.</p>
        )}
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          search={new URLSearchParams(location.search)}
          label="Member pages"
        />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Admin: Users");
