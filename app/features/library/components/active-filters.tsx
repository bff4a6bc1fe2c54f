import { Link } from "@remix-run/react";
import { CloseIcon } from "~/components/icons";
import { LEVEL_LABELS } from "#core/format";
import {
  DURATION_BUCKETS,
  EMPTY_LIBRARY_QUERY,
  libraryHref,
  STATUS_LABELS,
  type LibraryQuery,
} from "#core/library-query";
import type { FilterOptions } from "./library-filters";

export interface ActiveFilter {
  key: string;
  label: string;
  /** The search text: shown in quotes, isolated so Arabic does not reorder the punctuation around it. */
  quoted?: boolean;
  /** The library without this one filter (page back to 1). */
  href: string;
}

/** One removable entry per applied filter (and the search), in reading order. */
export function activeFilters(query: LibraryQuery, options: FilterOptions): ActiveFilter[] {
  const base = { ...query, page: 1 };
  const filters: ActiveFilter[] = [];
  if (query.q)
    filters.push({ key: "q", label: query.q, quoted: true, href: libraryHref({ ...base, q: "", sort: null }) });
  for (const level of query.levels) {
    filters.push({
      key: `level-${level}`,
      label: LEVEL_LABELS[level],
      href: libraryHref({ ...base, levels: query.levels.filter((other) => other !== level) }),
    });
  }
  const category = options.categories.find((item) => item.slug === query.category);
  if (category) filters.push({ key: "category", label: category.name, href: libraryHref({ ...base, category: null }) });
  const country = options.countries.find((item) => item.code === query.country);
  if (country) {
    filters.push({
      key: "country",
      label: country.dialect || country.name,
      href: libraryHref({ ...base, country: null }),
    });
  }
  const teacher = options.teachers.find((item) => item.slug === query.teacher);
  if (teacher) filters.push({ key: "teacher", label: teacher.name, href: libraryHref({ ...base, teacher: null }) });
  if (query.duration) {
    filters.push({
      key: "duration",
      label: DURATION_BUCKETS[query.duration].label,
      href: libraryHref({ ...base, duration: null }),
    });
  }
  if (query.freeOnly)
    filters.push({ key: "free", label: "Free only", href: libraryHref({ ...base, freeOnly: false }) });
  if (query.status) {
    filters.push({ key: "status", label: STATUS_LABELS[query.status], href: libraryHref({ ...base, status: null }) });
  }
  if (query.fit) filters.push({ key: "fit", label: "Right for me", href: libraryHref({ ...base, fit: false }) });
  return filters;
}

export function ActiveFilters({ filters }: { filters: ActiveFilter[] }) {
  if (filters.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Active filters</h2>
      <ul className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <li key={filter.key}>
            <Link
              to={filter.href}
              preventScrollReset
              className="inline-flex items-center gap-1.5 rounded-full border border-primary-200 bg-primary-50 py-1 ps-3 pe-2 text-sm font-medium text-primary-900 hover:border-primary-400 hover:bg-primary-100"
            >
              {filter.quoted ? <QuotedText text={filter.label} /> : <span>{filter.label}</span>}
              <CloseIcon className="size-3.5" />
              <span className="sr-only">(remove)</span>
            </Link>
          </li>
        ))}
      </ul>
      {filters.length > 1 ? (
        <Link
          to={libraryHref(EMPTY_LIBRARY_QUERY)}
          preventScrollReset
          className="rounded-full px-2 py-1 text-sm font-medium text-primary-800 underline decoration-primary-300 underline-offset-4 hover:decoration-primary-700"
        >
          Clear all
        </Link>
      ) : null}
    </div>
  );
}

const ARABIC_SCRIPT = /[\u0600-\u06ff]/;

/** “text” with the text isolated (<bdi>) and marked Arabic when it is, for the right font and order. */
export function QuotedText({ text }: { text: string }) {
  return (
    <span>
      “
      <bdi lang={ARABIC_SCRIPT.test(text) ? "ar" : undefined} className="leading-none">
        {text}
      </bdi>
      ”
    </span>
  );
}
