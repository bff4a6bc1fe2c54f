import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { cn } from "~/lib/cn";
import { LEVEL_LABELS } from "#core/format";
import {
  DURATION_BUCKET_NAMES,
  DURATION_BUCKETS,
  LIBRARY_LEVELS,
  LIBRARY_PATH,
  libraryQueryString,
  PROGRESS_STATUSES,
  STATUS_LABELS,
  type LibraryQuery,
} from "#core/library-query";
import { RIGHT_FOR_ME } from "#core/words/knowledge";
import { HiddenQueryInputs } from "./hidden-query-inputs";
import { syncFormControls, useHydrated, useLibraryFormNavigate } from "./library-form";

export interface FilterOptions {
  categories: Array<{ slug: string; name: string }>;
  teachers: Array<{ slug: string; name: string; nameAr: string | null }>;
  countries: Array<{ code: string; name: string; dialect: string }>;
}

const selectClasses =
  "mt-1.5 block w-full rounded-xl border border-line bg-white px-3 py-2.5 text-[15px] text-ink shadow-xs focus:border-primary-600 focus:ring-3 focus:ring-primary-200 focus:outline-none";
const legendClasses = "mb-2 text-xs font-semibold tracking-wider text-muted uppercase";
const choiceClasses =
  "flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-[15px] text-ink hover:bg-primary-50/70 has-[:checked]:font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-300";
const boxClasses = "size-4.5 shrink-0 accent-primary-700";

/**
 * Every filter in one GET form: works as a plain form without JavaScript (the submit button), and with
 * it every change applies at once. Rendered twice (sidebar, phone disclosure), hence `idPrefix`.
 */
export function LibraryFilters({
  idPrefix,
  query,
  options,
  levelCounts,
  signedIn,
  total,
  onApplied,
  className,
}: {
  idPrefix: string;
  query: LibraryQuery;
  options: FilterOptions;
  levelCounts: Record<(typeof LIBRARY_LEVELS)[number], number>;
  signedIn: boolean;
  total: number;
  /** The phone panel closes itself when its "Show lessons" button is pressed. */
  onApplied?: () => void;
  className?: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigateWith = useLibraryFormNavigate();
  const applied = libraryQueryString({ ...query, page: 1, sort: null, q: "" });
  useEffect(() => syncFormControls(formRef.current, new URLSearchParams(applied)), [applied]);
  const id = (name: string) => `${idPrefix}-${name}`;
  // Until hydration the button is the only way to apply (a plain GET form); afterwards changes apply at once.
  const hydrated = useHydrated();

  return (
    <Form
      ref={formRef}
      method="get"
      action={LIBRARY_PATH}
      preventScrollReset
      className={cn("space-y-6", className)}
      onChange={(event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === "search") return;
        navigateWith(event.currentTarget);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        navigateWith(event.currentTarget);
        onApplied?.();
      }}
    >
      <HiddenQueryInputs
        query={query}
        omit={["level", "category", "teacher", "country", "duration", "free", "status", "fit"]}
      />

      <fieldset>
        <legend className={legendClasses}>Level</legend>
        <div className="space-y-0.5">
          {LIBRARY_LEVELS.map((level) => (
            <label key={level} htmlFor={id(`level-${level}`)} className={choiceClasses}>
              <input
                id={id(`level-${level}`)}
                type="checkbox"
                name="level"
                value={level}
                defaultChecked={query.levels.includes(level)}
                className={boxClasses}
              />
              <span className="flex-1">{LEVEL_LABELS[level]}</span>
              <span className="rounded-full bg-canvas px-2 text-xs text-muted tabular-nums">
                {levelCounts[level]}
                <span className="sr-only"> lessons</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className={legendClasses}>Length</legend>
        <div className="space-y-0.5">
          <label htmlFor={id("duration-any")} className={choiceClasses}>
            <input
              id={id("duration-any")}
              type="radio"
              name="duration"
              value=""
              defaultChecked={query.duration === null}
              className={boxClasses}
            />
            Any length
          </label>
          {DURATION_BUCKET_NAMES.map((bucket) => (
            <label key={bucket} htmlFor={id(`duration-${bucket}`)} className={choiceClasses}>
              <input
                id={id(`duration-${bucket}`)}
                type="radio"
                name="duration"
                value={bucket}
                defaultChecked={query.duration === bucket}
                className={boxClasses}
              />
              {DURATION_BUCKETS[bucket].label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="space-y-4">
        <div>
          <label htmlFor={id("category")} className="text-sm font-medium text-ink">
            Topic
          </label>
          <select id={id("category")} name="category" defaultValue={query.category ?? ""} className={selectClasses}>
            <option value="">All topics</option>
            {options.categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id("country")} className="text-sm font-medium text-ink">
            Dialect
          </label>
          <select id={id("country")} name="country" defaultValue={query.country ?? ""} className={selectClasses}>
            <option value="">All dialects</option>
            {options.countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.dialect ? `${country.dialect} · ${country.name}` : country.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id("teacher")} className="text-sm font-medium text-ink">
            Teacher
          </label>
          <select id={id("teacher")} name="teacher" defaultValue={query.teacher ?? ""} className={selectClasses}>
            <option value="">All teachers</option>
            {options.teachers.map((teacher) => (
              <option key={teacher.slug} value={teacher.slug}>
                {teacher.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset>
        <legend className={legendClasses}>Access</legend>
        <label htmlFor={id("free")} className={choiceClasses}>
          <input
            id={id("free")}
            type="checkbox"
            name="free"
            value="1"
            defaultChecked={query.freeOnly}
            className={boxClasses}
          />
          Free lessons only
        </label>
      </fieldset>

      {signedIn ? (
        <fieldset>
          <legend className={legendClasses}>Your progress</legend>
          <div className="space-y-0.5">
            <label htmlFor={id("status-any")} className={choiceClasses}>
              <input
                id={id("status-any")}
                type="radio"
                name="status"
                value=""
                defaultChecked={query.status === null}
                className={boxClasses}
              />
              All lessons
            </label>
            {PROGRESS_STATUSES.map((status) => (
              <label key={status} htmlFor={id(`status-${status}`)} className={choiceClasses}>
                <input
                  id={id(`status-${status}`)}
                  type="radio"
                  name="status"
                  value={status}
                  defaultChecked={query.status === status}
                  className={boxClasses}
                />
                {STATUS_LABELS[status]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {signedIn ? (
        <fieldset>
          <legend className={legendClasses}>Your words</legend>
          <label htmlFor={id("fit")} className={choiceClasses}>
            <input
              id={id("fit")}
              type="checkbox"
              name="fit"
              value="1"
              defaultChecked={query.fit}
              className={boxClasses}
              aria-describedby={id("fit-hint")}
            />
            Right for me
          </label>
          <p id={id("fit-hint")} className="mt-1 ps-9 text-xs text-muted">
            Lessons where you know {RIGHT_FOR_ME.min}–{RIGHT_FOR_ME.max} % of the words.
          </p>
        </fieldset>
      ) : null}

      <button
        type="submit"
        className={cn(
          "w-full rounded-xl bg-primary-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-primary-800",
          hydrated && "lg:hidden",
        )}
      >
        {hydrated ? `Show ${total === 1 ? "1 lesson" : `${total} lessons`}` : "Apply filters"}
      </button>
    </Form>
  );
}
