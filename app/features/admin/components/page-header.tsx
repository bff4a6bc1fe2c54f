import type { AdminPage } from "#server/admin/pages";
import { Breadcrumb } from "~/components/breadcrumb";

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
  return (
    <header className="space-y-3">
      <Breadcrumb
        items={[
          { label: "Admin", to: "/admin" },
          { label: page.group },
          { label: page.label, to: `/admin/${page.slug}` },
          ...trail.map((label) => ({ label })),
        ]}
      />
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
