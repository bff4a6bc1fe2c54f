import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type Dispatch,
  type SetStateAction,
} from "react";
import { ArrowDownIcon, ArrowUpIcon, SearchIcon } from "~/components/icons";
import { FieldErrors, inputClasses } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { SEARCH_MAX_LENGTH } from "#core/search-limits";
import type { AdminRelationLabel } from "./types";

// Relation widgets. Server-rendered with the first 200 rows of the other resource, so they work without
// JavaScript; once hydrated, a search box asks /api/admin/<resource>?q= for rows past the first page.

const noSubscription = () => () => {};
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

type ListResponse = { data?: { items: Array<{ id: string; title: string }> } };

/** Debounced search over /api/admin/<resource>; returns the rows found (or null before any search). */
function useRelationSearch(
  resource: string,
  query: string,
  /** Also told about every result set (a stable state setter), for pickers that remember what they saw. */
  remember?: Dispatch<SetStateAction<AdminRelationLabel[]>>,
) {
  const [found, setFound] = useState<AdminRelationLabel[] | null>(null);
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/admin/${resource}?pageSize=50&q=${encodeURIComponent(q)}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!response.ok) return;
        const body = (await response.json()) as ListResponse;
        const rows = (body.data?.items ?? []).map((item) => ({ id: item.id, title: item.title }));
        setFound(rows);
        remember?.((previous) => mergeOptions(previous, rows));
      } catch {
        // aborted or offline: keep the previous list
      }
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [resource, query, remember]);
  return query.trim() ? found : null;
}

function mergeOptions(...lists: AdminRelationLabel[][]): AdminRelationLabel[] {
  const seen = new Map<string, AdminRelationLabel>();
  for (const list of lists) for (const option of list) if (!seen.has(option.id)) seen.set(option.id, option);
  return [...seen.values()];
}

function SearchBox({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // Enter in the search box must not submit the whole form.
          if (event.key === "Enter") event.preventDefault();
        }}
        placeholder="Search…"
        maxLength={SEARCH_MAX_LENGTH}
        className={cn(inputClasses, "py-2 ps-9 text-sm")}
      />
    </div>
  );
}

interface RelationProps {
  name: string;
  label: string;
  resource: string;
  options: AdminRelationLabel[];
  errors?: string[];
  help?: string;
  required?: boolean;
}

/** One related row: a native select (keyboard and screen-reader friendly) with a search box above it. */
export function RelationSelect({
  name,
  label,
  resource,
  options,
  errors,
  help,
  required,
  defaultValue,
}: RelationProps & { defaultValue: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const [query, setQuery] = useState("");
  const [value, setValue] = useState(defaultValue);
  const found = useRelationSearch(resource, query);
  const current = options.filter((option) => option.id === value);
  const shown = found ? mergeOptions(current, found) : options;
  const hasErrors = Boolean(errors?.length);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {hydrated ? (
        <SearchBox id={`${id}-search`} label={`Search ${label.toLowerCase()}`} value={query} onChange={setQuery} />
      ) : null}
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={hasErrors || undefined}
        aria-describedby={cn(hasErrors && `${id}-error`, help && `${id}-help`) || undefined}
        className={inputClasses}
      >
        <option value="">{required ? "Choose…" : "None"}</option>
        {shown.map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
          </option>
        ))}
      </select>
      {found && found.length === 0 ? <p className="text-sm text-muted">Nothing matches “{query}”.</p> : null}
      {help ? (
        <p id={`${id}-help`} className="text-sm text-muted">
          {help}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** Several related rows, unordered: a searchable checkbox list (checked rows first). */
export function RelationChecklist({
  name,
  label,
  resource,
  options,
  errors,
  help,
  defaultValue,
}: RelationProps & { defaultValue: string[] }) {
  const id = useId();
  const hydrated = useHydrated();
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<string[]>(defaultValue);
  const [known, setKnown] = useState(options);
  const found = useRelationSearch(resource, query, setKnown);
  const selectedSet = new Set(selected);
  const visible = useMemo(() => {
    const chosen = known.filter((option) => selectedSet.has(option.id));
    const pool = found ?? known;
    const rest = pool.filter((option) => !selectedSet.has(option.id));
    return [...chosen, ...rest];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known, found, selected]);
  return (
    <fieldset
      className="space-y-2"
      aria-describedby={cn(Boolean(errors?.length) && `${id}-error`, help && `${id}-help`) || undefined}
    >
      <legend className="text-sm font-medium text-ink">
        {label} <span className="font-normal text-muted">({selected.length} chosen)</span>
      </legend>
      {hydrated ? (
        <SearchBox id={`${id}-search`} label={`Search ${label.toLowerCase()}`} value={query} onChange={setQuery} />
      ) : null}
      <ul className="max-h-64 space-y-0.5 overflow-y-auto rounded-xl border border-line bg-white p-2">
        {visible.map((option) => (
          <li key={option.id}>
            <label className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm hover:bg-primary-50">
              <input
                type="checkbox"
                name={name}
                value={option.id}
                checked={selectedSet.has(option.id)}
                onChange={(event) =>
                  setSelected((previous) =>
                    event.target.checked ? [...previous, option.id] : previous.filter((other) => other !== option.id),
                  )
                }
                className="size-4 accent-primary-700"
              />
              {option.title}
            </label>
          </li>
        ))}
        {visible.length === 0 ? <li className="px-2 py-1.5 text-sm text-muted">Nothing to choose yet.</li> : null}
      </ul>
      {help ? (
        <p id={`${id}-help`} className="text-sm text-muted">
          {help}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}

/**
 * An ordered list of related rows. Unchecking removes a row and the "add" select appends one even
 * without JavaScript; moving rows up and down needs JavaScript.
 */
export function OrderedRelationList({
  name,
  label,
  resource,
  options,
  errors,
  help,
  defaultValue,
}: RelationProps & { defaultValue: string[] }) {
  const id = useId();
  const hydrated = useHydrated();
  const [items, setItems] = useState<string[]>(defaultValue);
  const [known, setKnown] = useState(options);
  const [query, setQuery] = useState("");
  const [adding, setAdding] = useState("");
  const found = useRelationSearch(resource, query, setKnown);
  const addRef = useRef<HTMLSelectElement>(null);
  const titles = new Map(known.map((option) => [option.id, option.title]));
  const candidates = (found ?? known).filter((option) => !items.includes(option.id));

  function move(index: number, delta: number) {
    setItems((previous) => {
      const next = [...previous];
      const [item] = next.splice(index, 1);
      next.splice(index + delta, 0, item!);
      return next;
    });
  }

  return (
    <fieldset
      className="space-y-2"
      aria-describedby={cn(Boolean(errors?.length) && `${id}-error`, help && `${id}-help`) || undefined}
    >
      <legend className="text-sm font-medium text-ink">
        {label} <span className="font-normal text-muted">({items.length})</span>
      </legend>
      {items.length > 0 ? (
        <ol className="divide-y divide-line rounded-xl border border-line bg-white">
          {items.map((item, index) => {
            const title = titles.get(item) ?? `#${item}`;
            return (
              <li key={item} className="flex items-center gap-2 px-3 py-2 text-sm">
                <span className="w-6 shrink-0 text-end text-muted tabular-nums">{index + 1}.</span>
                <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2.5">
                  <input
                    type="checkbox"
                    name={name}
                    value={item}
                    defaultChecked
                    onChange={(event) => {
                      if (hydrated && !event.target.checked)
                        setItems((previous) => previous.filter((other) => other !== item));
                    }}
                    className="size-4 accent-primary-700"
                    aria-label={`Keep ${title}`}
                  />
                  <span className="truncate">{title}</span>
                </label>
                {hydrated ? (
                  <span className="flex shrink-0 gap-1">
                    <button
                      type="button"
                      onClick={() => move(index, -1)}
                      disabled={index === 0}
                      aria-label={`Move ${title} up`}
                      className="rounded-lg p-1.5 text-muted hover:bg-primary-50 hover:text-ink disabled:opacity-30"
                    >
                      <ArrowUpIcon className="size-4" />
                    </button>
                    <button
                      type="button"
                      onClick={() => move(index, 1)}
                      disabled={index === items.length - 1}
                      aria-label={`Move ${title} down`}
                      className="rounded-lg p-1.5 text-muted hover:bg-primary-50 hover:text-ink disabled:opacity-30"
                    >
                      <ArrowDownIcon className="size-4" />
                    </button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="rounded-xl border border-dashed border-line px-3 py-3 text-sm text-muted">None yet.</p>
      )}
      <div className="space-y-2 rounded-xl bg-canvas/70 p-3">
        {hydrated ? (
          <SearchBox
            id={`${id}-search`}
            label={`Search ${label.toLowerCase()} to add`}
            value={query}
            onChange={setQuery}
          />
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor={`${id}-add`} className="sr-only">
            Add to {label.toLowerCase()}
          </label>
          <select
            ref={addRef}
            id={`${id}-add`}
            name={hydrated ? undefined : name}
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
            className={cn(inputClasses, "py-2 text-sm")}
          >
            <option value="">Add one at the end…</option>
            {candidates.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
          </select>
          {hydrated ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={!adding}
              onClick={() => {
                if (!adding) return;
                setItems((previous) => [...previous, adding]);
                setAdding("");
                addRef.current?.focus();
              }}
            >
              Add
            </Button>
          ) : null}
        </div>
      </div>
      {help ? (
        <p id={`${id}-help`} className="text-sm text-muted">
          {help}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}
