import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, NavLink, Outlet, useRouteLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { AccountMenu } from "~/components/account-menu";
import { BrandLink } from "~/components/brand";
import { BookIcon, CardsIcon, ChartIcon, ChatIcon, ChevronDownIcon, UsersIcon, WrenchIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience } from "~/lib/auth.server";
import { ADMIN_SIDEBAR, type AdminPageGroup } from "#server/admin/pages";
import { cn } from "~/lib/cn";
import { useCloseOnNavigation } from "~/lib/use-close-on-navigation";
import { pageTitle, rootAppName } from "~/lib/meta";
import { useRootData } from "~/root";
import { SkipLink } from "~/components/skip-link";
import type { Audience } from "~/lib/audience";

// Every page under it declares `admin` too: a client-side navigation runs only the new page's loader.
export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader() {
  return { sidebar: ADMIN_SIDEBAR };
});

const GROUP_ICONS: Record<AdminPageGroup, (props: { className?: string }) => React.ReactNode> = {
  Content: BookIcon,
  Learning: CardsIcon,
  Community: ChatIcon,
  "Users & billing": UsersIcon,
  Tools: WrenchIcon,
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block rounded-lg px-3 py-1.5 text-sm transition-colors",
    isActive ? "bg-primary-700 font-semibold text-white" : "text-ink/80 hover:bg-primary-50 hover:text-ink",
  );

/** This layout's id in the route table (app/routes.ts). */
export const ADMIN_LAYOUT_ID = "admin";

function AdminNavigation() {
  // Read by id, not useLoaderData: the error boundary shows the sidebar too (empty only when this loader failed).
  const sidebar = useRouteLoaderData<typeof loader>(ADMIN_LAYOUT_ID)?.sidebar ?? [];
  return (
    <div className="space-y-6">
      <NavLink
        to="/admin"
        end
        className={({ isActive }) =>
          cn(
            "flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-semibold",
            isActive ? "bg-primary-700 text-white" : "text-ink hover:bg-primary-50",
          )
        }
      >
        <ChartIcon className="size-[18px]" /> Dashboard
      </NavLink>
      {sidebar.map(({ group, pages }) => {
        const Icon = GROUP_ICONS[group];
        const headingId = `admin-group-${group.replace(/\W+/g, "-").toLowerCase()}`;
        return (
          <section key={group} aria-labelledby={headingId}>
            <h2
              id={headingId}
              className="flex items-center gap-2 px-3 text-xs font-semibold tracking-wider text-muted uppercase"
            >
              <Icon className="size-4" /> {group}
            </h2>
            <ul className="mt-2 space-y-0.5">
              {pages.map((page) => (
                <li key={page.slug}>
                  <NavLink to={`/admin/${page.slug}`} className={linkClass}>
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** Phone: the sidebar folds into a disclosure above the page, closed again after each navigation (not on hydrating). */
function CollapsibleAdminNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigation(ref);
  return (
    <details ref={ref} className="group border-b border-line bg-surface lg:hidden">
      <summary className="mx-auto flex max-w-7xl cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-ink sm:px-6 [&::-webkit-details-marker]:hidden">
        Admin sections
        <ChevronDownIcon className="size-5 text-muted transition-transform group-open:rotate-180" />
      </summary>
      <nav aria-label="Admin sections" className="max-h-[70dvh] overflow-y-auto border-t border-line px-3 py-4">
        <AdminNavigation />
      </nav>
    </details>
  );
}

function AdminShell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const user = root?.user ?? null;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink target="admin-main" />
      <header className="sticky top-0 z-40 border-b border-line bg-surface">
        <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
          <BrandLink appName={root?.appName} to="/admin" />
          <span className="rounded-md bg-ink px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
            Admin
          </span>
          <div className="ms-auto flex items-center gap-2">
            <Link
              to="/video-library"
              className="hidden rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-primary-50 hover:text-ink sm:block"
            >
              Back to the app
            </Link>
            {user ? <AccountMenu user={user} /> : null}
          </div>
        </div>
      </header>
      <CollapsibleAdminNavigation />
      <div className="flex flex-1">
        <aside className="hidden w-64 shrink-0 border-e border-line bg-surface lg:block">
          <nav
            aria-label="Admin sections"
            className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto px-3 py-6"
          >
            <AdminNavigation />
          </nav>
        </aside>
        <div id="admin-main" className="min-w-0 flex-1">
          {children}
        </div>
      </div>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return (
    <AdminShell>
      <RouteErrorBoundary />
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(rootAppName(matches), "Admin") }];
