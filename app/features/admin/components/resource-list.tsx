import { Form, Link, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useIsPending } from "~/components/form-fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { SEARCH_MAX_LENGTH } from "#core/search-limits";
import type { AdminColumn, BadgeTone } from "#server/admin/types";
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, SearchIcon, TrashIcon } from "~/components/icons";
import { GlossMeter } from "./meter";
import { useHydrated } from "./relation-pickers";
import type { AdminListResult, AdminRecord, AdminRelationLabel, AdminResourceView } from "./types";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-canvas text-ink/80 ring-line",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  danger: "bg-red-50 text-red-800 ring-red-200",
  info: "bg-sky-50 text-sky-800 ring-sky-200",
};

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: React.ReactNode }) {
  return (
    <span
      className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1", TONES[tone])}
    >
      {children}
    </span>
  );
}

function truncate(text: string, length = 90) {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

export function CellValue({ column, record }: { column: AdminColumn; record: AdminRecord }) {
  const value = record.values[column.field];
  const langProps = column.lang === "ar" ? { lang: "ar", dir: "rtl" as const } : {};
  switch (column.render) {
    case "thumbnail": {
      const url = record.mediaUrls[column.field];
      return url ? (
        <img src={url} alt="" loading="lazy" className="h-10 w-16 rounded-md object-cover ring-1 ring-line" />
      ) : (
        <span className="block h-10 w-16 rounded-md bg-canvas ring-1 ring-line" aria-label="No image" role="img" />
      );
    }
    case "boolean":
      return value ? <Badge tone="success">Yes</Badge> : <Badge>No</Badge>;
    case "badge":
      return value === null || value === undefined || value === "" ? (
        <span className="text-muted">—</span>
      ) : (
        <Badge tone={column.badgeTones?.[String(value)] ?? "neutral"}>{String(value)}</Badge>
      );
    case "date":
      return value ? (
        <time dateTime={String(value)} className="whitespace-nowrap">
          {dateFormat.format(new Date(String(value)))}
        </time>
      ) : (
        <span className="text-muted">—</span>
      );
    case "relation": {
      const labels = record.labels[column.field] ?? [];
      return labels.length ? (
        <span>{labels.map((label) => label.title).join(", ")}</span>
      ) : (
        <span className="text-muted">—</span>
      );
    }
    case "number":
      return <span className="tabular-nums">{value === null || value === undefined ? "—" : String(value)}</span>;
    case "meter": {
      const meter = value as { done?: unknown; total?: unknown } | null | undefined;
      return typeof meter?.done === "number" && typeof meter.total === "number" ? (
        <GlossMeter done={meter.done} total={meter.total} compact noun="" />
      ) : (
        <span className="text-muted">—</span>
      );
    }
    default: {
      const labels = record.labels[column.field];
      if (labels) return <span>{labels.map((label) => label.title).join(", ") || "—"}</span>;
      const text = value === null || value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);
      return text ? <span {...langProps}>{truncate(text)}</span> : <span className="text-muted">—</span>;
    }
  }
}

interface ResourceListProps {
  view: AdminResourceView;
  list: AdminListResult;
  filterOptions: Record<string, AdminRelationLabel[]>;
  bulkConfirm: { ids: string[]; titles: string[] } | null;
}

export function ResourceList({ view, list, filterOptions, bulkConfirm }: ResourceListProps) {
  const [searchParams] = useSearchParams();
  const [selected, setSelected] = useState<string[]>([]);
  const deleting = useIsPending("bulk-delete-confirmed");
  const hydrated = useHydrated();
  const base = `/admin/${view.slug}`;
  const linkColumn = view.columns.find((column) => column.render !== "thumbnail")?.field;
  const allOnPage = list.items.map((item) => item.id);
  const filtersActive = Boolean(searchParams.get("q")) || view.filters.some((filter) => searchParams.get(filter.field));

  function withParams(changes: Record<string, string | null>) {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const text = next.toString();
    return text ? `${base}?${text}` : base;
  }

  return (
    <div className="space-y-5">
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm"
        role="search"
      >
        {view.hasSearch ? (
          <div className="min-w-52 flex-1 space-y-1">
            <label htmlFor="admin-search" className="block text-sm font-medium text-ink">
              Search {view.label.toLowerCase()}
            </label>
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
              <input
                id="admin-search"
                type="search"
                name="q"
                defaultValue={searchParams.get("q") ?? ""}
                maxLength={SEARCH_MAX_LENGTH}
                className={cn(inputClasses, "py-2 ps-9 text-sm")}
              />
            </div>
          </div>
        ) : null}
        {view.filters.map((filter) => {
          const id = `filter-${filter.field}`;
          const current = searchParams.get(filter.field) ?? "";
          const options =
            filter.type === "select"
              ? filter.options
              : filter.type === "boolean"
                ? [
                    { value: "true", label: filter.trueLabel ?? "Yes" },
                    { value: "false", label: filter.falseLabel ?? "No" },
                  ]
                : (filterOptions[filter.resource] ?? []).map((option) => ({ value: option.id, label: option.title }));
          return (
            <div key={filter.field} className="w-full space-y-1 sm:w-auto sm:min-w-40">
              <label htmlFor={id} className="block text-sm font-medium text-ink">
                {filter.label}
              </label>
              <select id={id} name={filter.field} defaultValue={current} className={cn(inputClasses, "py-2 text-sm")}>
                <option value="">All</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        {searchParams.get("sort") ? <input type="hidden" name="sort" value={searchParams.get("sort")!} /> : null}
        {searchParams.get("dir") ? <input type="hidden" name="dir" value={searchParams.get("dir")!} /> : null}
        <div className="flex gap-2">
          <Button type="submit" variant="secondary" size="md">
            Apply
          </Button>
          {filtersActive ? (
            <Link to={base} className={buttonClasses("ghost")}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {bulkConfirm ? (
        <section
          role="alertdialog"
          aria-labelledby="bulk-confirm-heading"
          className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900"
        >
          <h2 id="bulk-confirm-heading" className="font-semibold">
            Delete {bulkConfirm.ids.length} {bulkConfirm.ids.length === 1 ? view.singular : view.label.toLowerCase()}?
          </h2>
          <ul className="mt-2 list-disc space-y-0.5 ps-5 text-sm">
            {bulkConfirm.titles.slice(0, 10).map((title, index) => (
              <li key={`${title}-${index}`}>{title}</li>
            ))}
            {bulkConfirm.titles.length > 10 ? <li>and {bulkConfirm.titles.length - 10} more</li> : null}
          </ul>
          <p className="mt-2 text-sm">This cannot be undone. Rows that others still refer to are kept and reported.</p>
          <Form method="post" className="mt-4 flex flex-wrap gap-3">
            {bulkConfirm.ids.map((id) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
            <Button type="submit" name="intent" value="bulk-delete-confirmed" variant="danger" disabled={deleting}>
              {deleting ? "Deleting…" : `Yes, delete ${bulkConfirm.ids.length}`}
            </Button>
            <Link to={withParams({})} className={buttonClasses("secondary")}>
              Keep them
            </Link>
          </Form>
        </section>
      ) : null}

      <Form method="post" className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3">
          <p className="text-sm text-muted" aria-live="polite">
            {list.total === 0
              ? "Nothing here yet."
              : `${list.total} ${list.total === 1 ? view.singular : view.label.toLowerCase()} · page ${list.page} of ${list.pageCount}`}
          </p>
          {view.canDelete && list.items.length > 0 ? (
            <Button
              type="submit"
              name="intent"
              value="bulk-delete"
              variant="secondary"
              size="sm"
              disabled={hydrated && selected.length === 0}
            >
              <TrashIcon className="size-4" /> Delete selected{selected.length ? ` (${selected.length})` : ""}
            </Button>
          ) : null}
        </div>
        {list.items.length === 0 ? (
          <div className="px-6 py-12 text-center">
            <p className="text-ink">
              {filtersActive ? "No rows match these filters." : `There are no ${view.label.toLowerCase()} yet.`}
            </p>
            {view.canCreate ? (
              <Link to={`${base}/new`} className={buttonClasses("primary", "md", "mt-4")}>
                <PlusIcon className="size-4" /> New {view.singular}
              </Link>
            ) : null}
          </div>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">
                {view.label}, sorted by {view.columns.find((column) => column.field === list.sort)?.label ?? list.sort}{" "}
                ({list.direction === "asc" ? "ascending" : "descending"})
              </caption>
              <thead className="bg-canvas/70 text-xs tracking-wide text-muted uppercase">
                <tr>
                  {view.canDelete ? (
                    <th scope="col" className="w-10 px-4 py-2.5">
                      <input
                        type="checkbox"
                        aria-label="Select all rows on this page"
                        checked={selected.length > 0 && selected.length === allOnPage.length}
                        onChange={(event) => setSelected(event.target.checked ? allOnPage : [])}
                        className="size-4 accent-primary-700"
                      />
                    </th>
                  ) : null}
                  {view.columns.map((column) => {
                    const active = list.sort === column.field;
                    const nextDirection = active && list.direction === "asc" ? "desc" : "asc";
                    return (
                      <th
                        key={column.field}
                        scope="col"
                        aria-sort={active ? (list.direction === "asc" ? "ascending" : "descending") : undefined}
                        className="px-4 py-2.5 text-start font-semibold whitespace-nowrap"
                      >
                        {column.sortable ? (
                          <Link
                            to={withParams({ sort: column.field, dir: nextDirection, page: null })}
                            className="inline-flex items-center gap-1 hover:text-ink"
                          >
                            {column.label}
                            {active ? (
                              list.direction === "asc" ? (
                                <ArrowUpIcon className="size-3.5" />
                              ) : (
                                <ArrowDownIcon className="size-3.5" />
                              )
                            ) : null}
                            <span className="sr-only">
                              , sort {nextDirection === "asc" ? "ascending" : "descending"}
                            </span>
                          </Link>
                        ) : (
                          column.label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.items.map((record) => (
                  <tr key={record.id} className="hover:bg-primary-50/40">
                    {view.canDelete ? (
                      <td className="px-4 py-2.5">
                        <input
                          type="checkbox"
                          name="ids"
                          value={record.id}
                          aria-label={`Select ${record.title}`}
                          checked={selected.includes(record.id)}
                          onChange={(event) =>
                            setSelected((previous) =>
                              event.target.checked
                                ? [...previous, record.id]
                                : previous.filter((id) => id !== record.id),
                            )
                          }
                          className="size-4 accent-primary-700"
                        />
                      </td>
                    ) : null}
                    {view.columns.map((column) => (
                      <td key={column.field} className="max-w-xs px-4 py-2.5 align-middle text-ink">
                        {column.field === linkColumn ? (
                          <Link to={`${base}/${record.id}`} className="font-medium text-primary-800 hover:underline">
                            <CellValue column={column} record={record} />
                            {column.render === "thumbnail" ? null : <span className="sr-only"> (edit)</span>}
                          </Link>
                        ) : (
                          <CellValue column={column} record={record} />
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Form>

      {list.pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          {list.page > 1 ? (
            <Link
              to={withParams({ page: String(list.page - 1) })}
              className={buttonClasses("secondary", "sm")}
              rel="prev"
            >
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted">
            Page {list.page} of {list.pageCount}
          </span>
          {list.page < list.pageCount ? (
            <Link
              to={withParams({ page: String(list.page + 1) })}
              className={buttonClasses("secondary", "sm")}
              rel="next"
            >
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
