import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { LIBRARY_PATH, type LibraryQuery } from "#core/library-query";
import { LIBRARY_SEARCH_MAX_LENGTH } from "#core/search-limits";
import { HiddenQueryInputs } from "./hidden-query-inputs";
import { useLibraryFormNavigate } from "./library-form";
import { SearchIcon } from "~/components/icons";

const SEARCH_DEBOUNCE_MS = 350;

/**
 * The search box: a GET form that keeps the filters. With JavaScript it searches as you type
 * (debounced; refining a search replaces the history entry instead of stacking one per letter).
 */
export function LibrarySearchForm({ query }: { query: LibraryQuery }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const navigateWith = useLibraryFormNavigate();
  const location = useLocation();

  // Back/forward or a removed chip changes q: show it, unless the learner is typing.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = query.q;
  }, [query.q, location.key]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      ref={formRef}
      method="get"
      action={LIBRARY_PATH}
      role="search"
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        navigateWith(event.currentTarget);
      }}
      className="relative"
    >
      <HiddenQueryInputs query={query} omit={["q"]} />
      <label htmlFor="library-search" className="sr-only">
        Search lessons and transcripts
      </label>
      <SearchIcon className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-muted" />
      <input
        ref={inputRef}
        id="library-search"
        type="search"
        name="q"
        defaultValue={query.q}
        maxLength={LIBRARY_SEARCH_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="Search a word: كيفك, kifak…"
        aria-describedby="library-search-hint"
        onChange={(event) => {
          const form = event.currentTarget.form;
          const refining = query.q !== "" && event.currentTarget.value.trim() !== "";
          clearTimeout(timer.current);
          timer.current = setTimeout(() => form && navigateWith(form, { replace: refining }), SEARCH_DEBOUNCE_MS);
        }}
        className="block w-full rounded-2xl border border-line bg-white py-3.5 ps-12 pe-14 text-base text-ink shadow-sm placeholder:text-muted/80 focus:border-primary-600 focus:ring-3 focus:ring-primary-200 focus:outline-none sm:pe-28 sm:text-[17px]"
      />
      <button
        type="submit"
        className="absolute end-2 top-1/2 inline-flex -translate-y-1/2 items-center gap-2 rounded-xl bg-primary-700 p-2.5 text-sm font-semibold text-white hover:bg-primary-800 sm:px-4 sm:py-2"
      >
        <SearchIcon className="size-5 sm:hidden" />
        <span className="max-sm:sr-only">Search</span>
      </button>
      <p id="library-search-hint" className="sr-only">
        Finds lesson titles, descriptions and every line of the transcripts. Arabic with or without vowel marks,
        transliteration and Arabizi (3, 7, 2) all work.
      </p>
    </Form>
  );
}
