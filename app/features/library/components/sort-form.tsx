import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import {
  LIBRARY_PATH,
  LIBRARY_SORTS,
  MEMBER_SORTS,
  SORT_LABELS,
  type LibraryQuery,
  type LibrarySort,
} from "#core/library-query";
import { HiddenQueryInputs } from "./hidden-query-inputs";
import { useHydrated, useLibraryFormNavigate } from "./library-form";

export function LibrarySortForm({
  query,
  sort,
  signedIn,
}: {
  query: LibraryQuery;
  sort: LibrarySort;
  /** "Most words known" is a member's own order. */
  signedIn: boolean;
}) {
  const selectRef = useRef<HTMLSelectElement>(null);
  const navigateWith = useLibraryFormNavigate();
  const hydrated = useHydrated();
  useEffect(() => {
    if (selectRef.current) selectRef.current.value = sort;
  }, [sort]);
  const choices = LIBRARY_SORTS.filter(
    (choice) => (choice !== "relevance" || query.q !== "") && (signedIn || !MEMBER_SORTS.has(choice)),
  );

  return (
    <Form
      method="get"
      action={LIBRARY_PATH}
      preventScrollReset
      className="flex items-center gap-2"
      onChange={(event) => navigateWith(event.currentTarget)}
      onSubmit={(event) => {
        event.preventDefault();
        navigateWith(event.currentTarget);
      }}
    >
      <HiddenQueryInputs query={query} omit={["sort"]} />
      <label htmlFor="library-sort" className="text-sm whitespace-nowrap text-muted">
        Sort by
      </label>
      <select
        ref={selectRef}
        id="library-sort"
        name="sort"
        defaultValue={sort}
        className="rounded-xl border border-line bg-white py-2 ps-3 pe-8 text-sm font-medium text-ink shadow-xs focus:border-primary-600 focus:ring-3 focus:ring-primary-200 focus:outline-none"
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {SORT_LABELS[choice]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button
          type="submit"
          className="rounded-xl border border-line bg-white px-3 py-2 text-sm font-medium text-ink hover:bg-primary-50"
        >
          Sort
        </button>
      )}
    </Form>
  );
}
