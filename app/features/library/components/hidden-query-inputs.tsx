import { libraryQueryString, type LibraryQuery } from "#core/library-query";

type QueryParamName =
  "q" | "level" | "category" | "teacher" | "country" | "duration" | "free" | "status" | "fit" | "sort";

/** Carries the parts of the query a form does not edit, so submitting it keeps them (page always resets). */
export function HiddenQueryInputs({ query, omit }: { query: LibraryQuery; omit: QueryParamName[] }) {
  const params = new URLSearchParams(libraryQueryString({ ...query, page: 1 }));
  const kept = [...params].filter(([name]) => !omit.includes(name as QueryParamName));
  return (
    <>
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
