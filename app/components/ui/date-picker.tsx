import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { DayPicker, type Matcher } from "react-day-picker";
import dayPickerStyles from "react-day-picker/style.css?url";
import { CalendarIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { parseIsoDate, toIsoDate } from "#core/iso-date";
import { FieldErrors, inputClasses } from "./field";

/** Add to the `links` of any route that renders a DatePicker. */
export const datePickerLinks = [{ rel: "stylesheet", href: dayPickerStyles }];

// Years from 100 before today to 52 after, and a fixed 42-day (6-week) grid: docs/product-rules.md#constants.
const YEARS_BEFORE = 100;
const YEARS_AFTER = 52;

// react-day-picker declares its variables on its root, so the theme must be set there too.
const CALENDAR_THEME = {
  "--rdp-accent-color": "var(--color-primary-700)",
  "--rdp-accent-background-color": "var(--color-primary-50)",
  "--rdp-today-color": "var(--color-accent-700)",
  "--rdp-day-height": "40px",
  "--rdp-day-width": "40px",
  "--rdp-day_button-height": "38px",
  "--rdp-day_button-width": "38px",
} as React.CSSProperties;

/** Roughly the popover's height: calendar, caption and the Clear/Close row. */
const POPOVER_HEIGHT = 420;

const displayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });

const noSubscription = () => () => {};

/** False on the server and during hydration, true once React runs in the browser. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

interface DatePickerProps {
  name: string;
  label: string;
  /** "YYYY-MM-DD" or empty. */
  defaultValue?: string | null;
  errors?: string[] | null;
  hint?: React.ReactNode;
  /** Days that cannot be picked, e.g. `{ after: new Date() }` for a birthday. */
  disabled?: Matcher | Matcher[];
  /** Bounds for the no-JavaScript native input ("YYYY-MM-DD"). */
  min?: string;
  max?: string;
  id?: string;
}

/**
 * A button that opens a calendar popover; the chosen day posts as `name=YYYY-MM-DD` through a hidden
 * input. Before hydration (or without JavaScript) it is a native date input with the same name.
 */
export function DatePicker({ name, label, defaultValue, errors, hint, disabled, min, max, id }: DatePickerProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const hasErrors = Boolean(errors && errors.length);
  const describedBy = cn(hasErrors && errorId, hint ? hintId : undefined) || undefined;
  const hydrated = useHydrated();

  const [value, setValue] = useState(defaultValue ?? "");
  const [open, setOpen] = useState(false);
  const [openUpwards, setOpenUpwards] = useState(false);
  const hiddenRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const changed = useRef(false);

  const selected = value ? (parseIsoDate(value) ?? undefined) : undefined;
  const today = new Date();
  const startMonth = new Date(today.getFullYear() - YEARS_BEFORE, today.getMonth());
  const endMonth = new Date(today.getFullYear() + YEARS_AFTER, 11);

  // Tell form libraries listening for input events (Conform) that the hidden value changed.
  useEffect(() => {
    if (!changed.current) return;
    hiddenRef.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popoverRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  function choose(next: string) {
    changed.current = true;
    setValue(next);
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {hydrated ? (
        <div className="relative">
          <input ref={hiddenRef} type="hidden" name={name} value={value} />
          <button
            ref={buttonRef}
            id={inputId}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-describedby={describedBy}
            onClick={() => {
              const rect = buttonRef.current?.getBoundingClientRect();
              setOpenUpwards(
                Boolean(rect && window.innerHeight - rect.bottom < POPOVER_HEIGHT && rect.top > POPOVER_HEIGHT),
              );
              setOpen((current) => !current);
            }}
            className={cn(inputClasses, "flex items-center justify-between gap-3 text-start")}
          >
            <span className={selected ? "text-ink" : "text-muted"}>
              {selected ? displayFormat.format(selected) : "Pick a date"}
            </span>
            <CalendarIcon className="size-5 shrink-0 text-muted" />
          </button>
          {open ? (
            <div
              ref={popoverRef}
              role="dialog"
              aria-label={`Choose: ${label}`}
              className={cn(
                "absolute start-0 z-overlay rounded-xl border border-line bg-white p-3 shadow-xl",
                openUpwards ? "bottom-full mb-2" : "top-full mt-2",
              )}
            >
              <DayPicker
                mode="single"
                // Clicking the chosen day again keeps it; "Clear" below is how to empty the field.
                required
                selected={selected}
                onSelect={(date) => {
                  choose(toIsoDate(date));
                  close();
                }}
                defaultMonth={selected ?? today}
                startMonth={startMonth}
                endMonth={endMonth}
                captionLayout="dropdown"
                fixedWeeks
                showOutsideDays
                disabled={disabled}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the person just opened this dialog: focus belongs in it
                autoFocus
                style={CALENDAR_THEME}
              />
              <div className="mt-2 flex items-center justify-between border-t border-line pt-2 text-sm">
                <button
                  type="button"
                  onClick={() => {
                    choose("");
                    close();
                  }}
                  className="rounded-lg px-2 py-1 font-medium text-muted hover:bg-canvas hover:text-ink"
                >
                  Clear
                </button>
                <button
                  type="button"
                  onClick={close}
                  className="rounded-lg px-2 py-1 font-medium text-primary-700 hover:bg-primary-50"
                >
                  Close
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : (
        <input
          id={inputId}
          type="date"
          name={name}
          defaultValue={value}
          min={min}
          max={max}
          aria-invalid={hasErrors || undefined}
          aria-describedby={describedBy}
          className={inputClasses}
        />
      )}
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
