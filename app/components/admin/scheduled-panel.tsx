import { Link } from "@remix-run/react";
import { ArrowRightIcon, CalendarIcon, CheckIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import type { AdminPage } from "~/lib/admin-pages";

const PLANNED_FOR_RESOURCES = [
  "Searchable, sortable list with filters and pagination",
  "Create, edit and delete with errors shown at each field",
  "Pickers for related records and uploads where files belong",
];
const PLANNED_FOR_TOOLS = [
  "A dedicated screen for the job, with a preview before anything is saved",
  "Every rejected line or file explained, nothing half-applied",
  "A summary of what changed when it is done",
];

/** The honest panel of an admin page whose resource or tool has not landed yet. */
export function ScheduledPanel({ page, siblings }: { page: AdminPage; siblings: AdminPage[] }) {
  return (
    <section
      aria-labelledby="schedule-heading"
      className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm"
    >
      <div className="flex flex-col gap-6 p-6 sm:flex-row sm:p-8">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700 ring-1 ring-primary-100">
          <CalendarIcon className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id="schedule-heading" className="text-xl font-semibold text-ink">
            This admin page is not built yet
          </h2>
          <p className="mt-2 max-w-2xl leading-relaxed text-muted">
            {page.group === "Tools"
              ? `The ${page.label.toLowerCase()}`
              : `Managing ${page.label.toLowerCase()} from here`}{" "}
            is part of the admin work still in progress. Nothing on this page reads or changes data yet, so it is safe
            to look around. When it lands, it will offer:
          </p>
          <ul className="mt-4 space-y-2">
            {(page.group === "Tools" ? PLANNED_FOR_TOOLS : PLANNED_FOR_RESOURCES).map((item) => (
              <li key={item} className="flex gap-2.5 text-sm text-ink/85">
                <CheckIcon className="mt-0.5 size-[18px] shrink-0 text-primary-700" />
                {item}
              </li>
            ))}
          </ul>
          <Link to="/admin" className={buttonClasses("primary", "md", "mt-6")}>
            Back to the dashboard
          </Link>
        </div>
      </div>
      {siblings.length > 0 ? (
        <div className="border-t border-line bg-canvas/60 px-6 py-5 sm:px-8">
          <h2 className="text-sm font-semibold text-ink">Other {page.group.toLowerCase()} pages</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {siblings.map((sibling) => (
              <li key={sibling.slug}>
                <Link
                  to={`/admin/${sibling.slug}`}
                  className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-3 py-1.5 text-sm font-medium text-ink hover:border-primary-300 hover:bg-primary-50"
                >
                  {sibling.label} <ArrowRightIcon className="size-3.5 text-muted" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
