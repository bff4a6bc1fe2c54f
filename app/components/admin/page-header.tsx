import { Link } from "@remix-run/react";
import type { AdminPage } from "~/lib/admin-pages";

/** Breadcrumb, heading and actions of an admin page. */
export function AdminPageHeader({
  page,
  trail = [],
  title,
  description,
  actions,
}: {
  page: Pick<AdminPage, "slug" | "label" | "group">;
  /** Extra crumbs after the page, the last one is the current page. */
  trail?: string[];
  title: string;
  description?: string;
  actions?: React.ReactNode;
}) {
  const crumbs = trail.length > 0;
  return (
    <header className="space-y-3">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/admin" className="hover:text-primary-800 hover:underline">
              Admin
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>{page.group}</li>
          <li aria-hidden="true">/</li>
          <li aria-current={crumbs ? undefined : "page"} className={crumbs ? undefined : "font-medium text-ink"}>
            {crumbs ? (
              <Link to={`/admin/${page.slug}`} className="hover:text-primary-800 hover:underline">
                {page.label}
              </Link>
            ) : (
              page.label
            )}
          </li>
          {trail.map((crumb, index) => (
            <li key={`${crumb}-${index}`} className="flex items-center gap-1.5">
              <span aria-hidden="true">/</span>
              <span
                aria-current={index === trail.length - 1 ? "page" : undefined}
                className="max-w-[16rem] truncate font-medium text-ink"
              >
                {crumb}
              </span>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1 text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
