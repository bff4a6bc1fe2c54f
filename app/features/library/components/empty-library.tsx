import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { EMPTY_LIBRARY_QUERY, libraryHref, type LibraryQuery } from "#core/library-query";
import { RIGHT_FOR_ME } from "#core/words/knowledge";
import { ActiveFilters, QuotedText, type ActiveFilter } from "./active-filters";

/** Everyday words that appear across the catalogue, in each script a learner might type. */
const EXAMPLE_SEARCHES = [
  { q: "kifak", lang: undefined },
  { q: "قهوة", lang: "ar" },
  { q: "yalla", lang: undefined },
  { q: "mni7", lang: undefined },
  { q: "taxi", lang: undefined },
] as const;

/** What to do next when nothing matches: drop a filter, search everything, or try another spelling. */
export function EmptyLibrary({
  query,
  filters,
  searched,
}: {
  query: LibraryQuery;
  /** Active filters without the search itself. */
  filters: ActiveFilter[];
  searched: boolean;
}) {
  const hasFilters = filters.length > 0;
  const quoted = <QuotedText text={query.q} />;
  const title = searched ? (
    hasFilters ? (
      <>No lessons match {quoted} with these filters</>
    ) : (
      <>Nothing found for {quoted}</>
    )
  ) : hasFilters ? (
    "No lessons match these filters"
  ) : (
    "No lessons published yet"
  );

  return (
    <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center sm:px-10">
      <p lang="ar" dir="rtl" className="text-3xl font-bold text-primary-700">
        ما لقينا شي
      </p>
      <h2 className="mt-2 text-xl font-semibold text-ink">{title}</h2>
      {query.fit ? (
        <p className="mx-auto mt-2 max-w-md text-sm text-muted">
          “Right for me” lists the lessons where you know {RIGHT_FOR_ME.min}–{RIGHT_FOR_ME.max} % of the words. Finish a
          lesson and mark the words you understood as known, and the lessons that fit you will show here.
        </p>
      ) : null}

      {searched && hasFilters ? (
        <div className="mt-6">
          <Link to={libraryHref({ ...EMPTY_LIBRARY_QUERY, q: query.q })} className={buttonClasses("primary", "md")}>
            Search all lessons for {quoted}
          </Link>
        </div>
      ) : null}

      {hasFilters ? (
        <div className="mx-auto mt-6 max-w-xl">
          <p className="text-sm text-muted">Or remove a filter:</p>
          <div className="mt-3 flex justify-center">
            <ActiveFilters filters={filters} />
          </div>
        </div>
      ) : null}

      {searched ? (
        <div className="mx-auto mt-8 max-w-lg text-start">
          <h3 className="text-sm font-semibold text-ink">Search tips</h3>
          <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-ink/80">
            <li>Try a single word, or the beginning of one.</li>
            <li>
              Arabic with or without vowel marks, transliteration (ʔahwe), Arabizi (2ahwe) and English (coffee) all find
              the same line.
            </li>
            <li>Search the way it sounds in Shami: “shu”, “hallaʔ”, “baddi”.</li>
          </ul>
          <p className="mt-5 text-sm text-muted">Try one of these:</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {EXAMPLE_SEARCHES.map((example) => (
              <li key={example.q}>
                <Link
                  to={libraryHref({ ...EMPTY_LIBRARY_QUERY, q: example.q })}
                  className="inline-flex rounded-full border border-line bg-white px-3 py-1 text-sm font-medium text-ink hover:border-primary-300 hover:bg-primary-50"
                >
                  <span lang={example.lang} dir={example.lang ? "rtl" : undefined} className="leading-normal">
                    {example.q}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : !hasFilters ? (
        <p className="mx-auto mt-2 max-w-md text-muted">The first lessons are on their way. Check back soon.</p>
      ) : null}
    </div>
  );
}
