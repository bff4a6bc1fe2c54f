import { Form, useNavigation } from "@remix-run/react";
import { memo, useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import {
  formatCueTime,
  mergeCues,
  newCueAt,
  parseCueTime,
  splitCueAtCharacter,
  splitCueAtTime,
  validateCues,
  type CueErrors,
  type DraftCue,
} from "#core/cue-edits";
import { LessonPreview, type LessonPreviewHandle } from "./lesson-preview";

interface Row {
  key: string;
  id?: number;
  start: string;
  end: string;
  arabic: string;
  transliteration: string;
  english: string;
}

type Action =
  | { type: "change"; key: string; field: Exclude<keyof Row, "key" | "id">; value: string }
  | { type: "replace"; key: string; rows: Row[] }
  | { type: "merge"; key: string }
  | { type: "delete"; key: string }
  | { type: "insert"; row: Row };

function toRow(cue: DraftCue, key: string): Row {
  return {
    key,
    id: cue.id,
    start: formatCueTime(cue.startMs),
    end: formatCueTime(cue.endMs),
    arabic: cue.arabic,
    transliteration: cue.transliteration,
    english: cue.english,
  };
}

export function toDraft(row: Row): DraftCue {
  return {
    id: row.id,
    startMs: parseCueTime(row.start) ?? Number.NaN,
    endMs: parseCueTime(row.end) ?? Number.NaN,
    arabic: row.arabic,
    transliteration: row.transliteration,
    english: row.english,
  };
}

function rowsReducer(rows: Row[], action: Action): Row[] {
  switch (action.type) {
    case "change":
      return rows.map((row) => (row.key === action.key ? { ...row, [action.field]: action.value } : row));
    case "replace": {
      const index = rows.findIndex((row) => row.key === action.key);
      return index < 0 ? rows : [...rows.slice(0, index), ...action.rows, ...rows.slice(index + 1)];
    }
    case "merge": {
      const index = rows.findIndex((row) => row.key === action.key);
      const next = rows[index + 1];
      if (index < 0 || !next) return rows;
      const merged = toRow(mergeCues(toDraft(rows[index]!), toDraft(next)), rows[index]!.key);
      return [...rows.slice(0, index), merged, ...rows.slice(index + 2)];
    }
    case "delete":
      return rows.filter((row) => row.key !== action.key);
    case "insert": {
      const at = parseCueTime(action.row.start) ?? 0;
      const index = rows.findIndex((row) => (parseCueTime(row.start) ?? 0) > at);
      return index < 0 ? [...rows, action.row] : [...rows.slice(0, index), action.row, ...rows.slice(index)];
    }
  }
}

/** The line errors of a server answer (`cues[3].endMs` → line 3, endMs). */
function serverLineErrors(fieldErrors: Record<string, string[]> | undefined) {
  const lines: Record<number, CueErrors> = {};
  for (const [name, messages] of Object.entries(fieldErrors ?? {})) {
    const match = /^cues\[(\d+)\]\.(\w+)$/.exec(name);
    if (!match) continue;
    const line = (lines[Number(match[1])] ??= {});
    line[match[2] as keyof CueErrors] = messages;
  }
  return lines;
}

export interface CueEditorProps {
  cues: DraftCue[];
  durationMs: number | null;
  videoUrl: string | null;
  posterUrl?: string | null;
  /** Hidden fields posted with the lines (e.g. the intent of the route's action). */
  hiddenFields: Record<string, string>;
  submitLabel: string;
  /** What a saved line shows under its inputs (the lesson workspace: its words, to gloss). Keep it stable. */
  lineExtras?: (line: { id: number; arabic: string }) => React.ReactNode;
  /** When set, a checkbox with this label must be ticked before saving (replacing a transcript). */
  confirmLabel?: string;
  /** The server's answer to the last save: per-line errors (`cues[i].field`) and messages for the form. */
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
  /** Heading of the list for screen readers and the page outline. */
  heading?: string;
}

/**
 * The transcript cue editor: the lesson video beside the list of lines; add, split (at the playhead or
 * at the caret in the Arabic text), merge with next, retime (typed or from the playhead), delete, and
 * edit the three texts. One form posts every line (`cues[i].*`), with or without JavaScript; the
 * server validates with the same rules (core/cue-edits.ts). Used by the lesson workspace and the
 * subtitles generator.
 */
export function CueEditor(props: CueEditorProps) {
  const { cues, durationMs, videoUrl, posterUrl, hiddenFields, submitLabel, confirmLabel, heading } = props;
  const interactive = useHydrated();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === hiddenFields.intent;
  // Keys are stable between the server render and hydration (ids and labels are built from them).
  const [rows, dispatch] = useReducer(rowsReducer, cues, (initial) =>
    initial.map((cue, index) => toRow(cue, `cue-${index}`)),
  );
  const keySequence = useRef(cues.length);
  const newKey = useCallback(() => `cue-${(keySequence.current += 1)}`, []);
  const [touched, setTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [currentMs, setCurrentMs] = useState(0);
  const preview = useRef<LessonPreviewHandle | null>(null);
  const [notice, setNotice] = useState("");

  const drafts = useMemo(() => rows.map(toDraft), [rows]);
  const clientErrors = useMemo(() => validateCues(drafts, durationMs), [drafts, durationMs]);
  const serverErrors = useMemo(() => serverLineErrors(props.fieldErrors), [props.fieldErrors]);
  // Server errors name lines by their position when saved: they hold until the lines change.
  const lineErrors = touched ? (attempted ? clientErrors : {}) : serverErrors;
  const errorCount = Object.keys(clientErrors).length;

  const playheadMs = useCallback(() => Math.round(preview.current?.currentMs() ?? 0), []);

  const act = useCallback((action: Action) => {
    setTouched(true);
    dispatch(action);
  }, []);

  const onRowCommand = useCallback(
    (command: RowCommand, row: Row) => {
      const draft = toDraft(row);
      const at = playheadMs();
      if (command === "start" || command === "end") {
        act({ type: "change", key: row.key, field: command, value: formatCueTime(at) });
        setNotice(`Line ${command} set to ${formatCueTime(at)}.`);
      } else if (command === "play") {
        if (Number.isFinite(draft.startMs)) preview.current?.playRange(draft.startMs, draft.endMs);
      } else if (command === "split-time" || command === "split-caret") {
        const halves =
          command === "split-time"
            ? splitCueAtTime(draft, at)
            : splitCueAtCharacter(draft, caretOf(`${row.key}-arabic`));
        if (!halves) {
          setNotice(
            command === "split-time"
              ? `Move the playhead inside this line (now ${formatCueTime(at)}) to split it there.`
              : "Put the cursor inside the Arabic text, between two words, to split it there.",
          );
          return;
        }
        act({ type: "replace", key: row.key, rows: [toRow(halves[0], row.key), toRow(halves[1], newKey())] });
        setNotice(`Split at ${formatCueTime(halves[1].startMs)}.`);
      } else if (command === "merge") {
        act({ type: "merge", key: row.key });
        setNotice("Merged with the next line.");
      } else if (command === "delete") {
        act({ type: "delete", key: row.key });
        setNotice("Line deleted. It is removed when you save.");
      }
    },
    [act, newKey, playheadMs],
  );

  const onChange = useCallback(
    (key: string, field: Exclude<keyof Row, "key" | "id">, value: string) => act({ type: "change", key, field, value }),
    [act],
  );

  const activeIndex = useMemo(
    () => drafts.findIndex((cue) => cue.startMs <= currentMs && currentMs < cue.endMs),
    [drafts, currentMs],
  );

  useEffect(() => {
    if (!touched) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [touched]);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="space-y-3 self-start lg:sticky lg:top-20">
        <LessonPreview ref={preview} videoUrl={videoUrl} posterUrl={posterUrl ?? null} onTime={setCurrentMs} />
        <p className="text-sm text-muted">
          Playhead <output className="font-mono text-ink tabular-nums">{formatCueTime(currentMs)}</output>
          {durationMs ? <span> of {formatCueTime(durationMs)}</span> : null}
        </p>
        {interactive ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              const row = toRow(newCueAt(drafts, playheadMs(), durationMs), newKey());
              act({ type: "insert", row });
              setNotice(`New line at ${row.start}.`);
              window.setTimeout(() => document.getElementById(`${row.key}-arabic`)?.focus(), 0);
            }}
          >
            Add a line at the playhead
          </Button>
        ) : null}
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary-800">
          {notice}
        </p>
      </div>

      <Form
        method="post"
        className="min-w-0 space-y-4"
        noValidate
        onSubmit={(event) => {
          setAttempted(true);
          setTouched(true);
          if (errorCount > 0) {
            event.preventDefault();
            setNotice(`Fix ${errorCount === 1 ? "1 line" : `${errorCount} lines`} before saving.`);
            window.setTimeout(() => document.querySelector<HTMLElement>("[data-cue-error] input")?.focus(), 0);
          }
        }}
      >
        {Object.entries(hiddenFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="cue-list-heading" className="text-lg font-semibold text-ink">
            {heading ?? "Transcript lines"}
          </h2>
          <p className="text-sm text-muted">
            {rows.length} {rows.length === 1 ? "line" : "lines"}
            {touched ? " · unsaved changes" : ""}
          </p>
        </div>
        {!touched ? <FormErrors errors={props.formErrors} /> : null}
        <ol aria-labelledby="cue-list-heading" className="space-y-3">
          {rows.map((row, index) => (
            <CueRow
              key={row.key}
              row={row}
              index={index}
              isLast={index === rows.length - 1}
              active={index === activeIndex}
              errors={lineErrors[index]}
              interactive={interactive}
              onChange={onChange}
              onCommand={onRowCommand}
              lineExtras={props.lineExtras}
            />
          ))}
          {!interactive ? (
            <NewRowWithoutScript index={rows.length} />
          ) : rows.length === 0 ? (
            <li className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
              No lines yet. Play the video and add a line at the playhead.
            </li>
          ) : null}
        </ol>
        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface/95 p-3 shadow-sm backdrop-blur">
          {confirmLabel ? (
            <label className="flex items-center gap-2 text-sm text-ink">
              <input type="checkbox" name="confirm" value="yes" required className="size-4 accent-primary-700" />
              {confirmLabel}
            </label>
          ) : null}
          <Button type="submit" disabled={saving} className="ms-auto">
            {saving ? "Saving…" : submitLabel}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** Where the caret is in an input; it keeps that position after the focus moves to a button. */
function caretOf(inputId: string) {
  const input = document.getElementById(inputId);
  return input instanceof HTMLInputElement ? (input.selectionStart ?? -1) : -1;
}

type RowCommand = "start" | "end" | "play" | "split-time" | "split-caret" | "merge" | "delete";

const smallButton =
  "inline-flex items-center rounded-lg border border-line bg-white px-2 py-1 text-xs font-medium text-ink hover:border-primary-300 hover:bg-primary-50 disabled:opacity-50";
const cellInput =
  "block rounded-lg border border-line bg-white px-2.5 py-1.5 text-sm text-ink focus:border-primary-600 focus:ring-3 focus:ring-primary-200 focus:outline-none aria-invalid:border-red-600";

const CueRow = memo(function CueRow({
  row,
  index,
  isLast,
  active,
  errors,
  interactive,
  onChange,
  onCommand,
  lineExtras,
}: {
  row: Row;
  index: number;
  isLast: boolean;
  active: boolean;
  errors: CueErrors | undefined;
  interactive: boolean;
  onChange: (key: string, field: Exclude<keyof Row, "key" | "id">, value: string) => void;
  onCommand: (command: RowCommand, row: Row) => void;
  lineExtras?: CueEditorProps["lineExtras"];
}) {
  const name = (field: string) => `cues[${index}].${field}`;
  const id = (field: string) => `${row.key}-${field}`;
  const label = `Line ${index + 1}`;
  const fieldError = (field: keyof CueErrors) =>
    errors?.[field]?.length ? (
      <p id={id(`${field}-error`)} className="text-xs font-medium text-red-700">
        {errors[field]!.join(" ")}
      </p>
    ) : null;
  const describedBy = (field: keyof CueErrors) => (errors?.[field]?.length ? id(`${field}-error`) : undefined);

  return (
    <li
      id={row.id ? `line-${row.id}` : undefined}
      aria-label={label}
      data-cue-error={errors ? "" : undefined}
      className={cn(
        "rounded-xl border bg-surface p-3 shadow-xs sm:p-4",
        errors ? "border-red-300" : active ? "border-primary-400 ring-2 ring-primary-100" : "border-line",
      )}
    >
      {row.id ? <input type="hidden" name={name("id")} value={row.id} /> : null}
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
        <span className="w-full text-xs font-semibold tracking-wide text-muted uppercase sm:w-auto sm:pb-2">
          {label}
        </span>
        <TimeField
          id={id("start")}
          name={name("start")}
          label="Start"
          value={row.start}
          invalid={Boolean(errors?.startMs)}
          describedBy={describedBy("startMs")}
          onChange={(value) => onChange(row.key, "start", value)}
          onPlayhead={interactive ? () => onCommand("start", row) : undefined}
          lineLabel={label}
        />
        <TimeField
          id={id("end")}
          name={name("end")}
          label="End"
          value={row.end}
          invalid={Boolean(errors?.endMs)}
          describedBy={describedBy("endMs")}
          onChange={(value) => onChange(row.key, "end", value)}
          onPlayhead={interactive ? () => onCommand("end", row) : undefined}
          lineLabel={label}
        />
        {interactive ? (
          <div className="flex flex-wrap gap-1.5 sm:ms-auto">
            <button type="button" className={smallButton} onClick={() => onCommand("play", row)}>
              Play<span className="sr-only"> {label}</span>
            </button>
            <button type="button" className={smallButton} onClick={() => onCommand("split-time", row)}>
              Split at playhead<span className="sr-only"> ({label})</span>
            </button>
            <button type="button" className={smallButton} onClick={() => onCommand("split-caret", row)}>
              Split at cursor<span className="sr-only"> ({label})</span>
            </button>
            <button type="button" className={smallButton} disabled={isLast} onClick={() => onCommand("merge", row)}>
              Merge with next<span className="sr-only"> ({label})</span>
            </button>
            <button
              type="button"
              className={cn(smallButton, "text-red-800 hover:border-red-300 hover:bg-red-50")}
              onClick={() => onCommand("delete", row)}
            >
              Delete<span className="sr-only"> {label}</span>
            </button>
          </div>
        ) : (
          <label className="flex items-center gap-1.5 text-sm text-ink sm:ms-auto sm:pb-2">
            <input type="checkbox" name={name("delete")} className="size-4 accent-red-700" />
            Delete this line
          </label>
        )}
      </div>
      {fieldError("startMs")}
      {fieldError("endMs")}
      {fieldError("line")}
      <div className="mt-3 grid gap-2">
        <div>
          <label htmlFor={id("arabic")} className="sr-only">
            Arabic, {label}
          </label>
          <input
            id={id("arabic")}
            name={name("arabic")}
            lang="ar"
            dir="rtl"
            value={row.arabic}
            placeholder="العربية"
            aria-invalid={errors?.arabic ? true : undefined}
            aria-describedby={describedBy("arabic")}
            onChange={(event) => onChange(row.key, "arabic", event.target.value)}
            className={cn(cellInput, "w-full font-arabic text-lg leading-relaxed")}
          />
          {fieldError("arabic")}
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <div>
            <label htmlFor={id("transliteration")} className="sr-only">
              Transliteration, {label}
            </label>
            <input
              id={id("transliteration")}
              name={name("transliteration")}
              lang="ar-Latn"
              value={row.transliteration}
              placeholder="Transliteration"
              aria-invalid={errors?.transliteration ? true : undefined}
              aria-describedby={describedBy("transliteration")}
              onChange={(event) => onChange(row.key, "transliteration", event.target.value)}
              className={cn(cellInput, "w-full")}
            />
            {fieldError("transliteration")}
          </div>
          <div>
            <label htmlFor={id("english")} className="sr-only">
              English, {label}
            </label>
            <input
              id={id("english")}
              name={name("english")}
              lang="en"
              value={row.english}
              placeholder="English"
              aria-invalid={errors?.english ? true : undefined}
              aria-describedby={describedBy("english")}
              onChange={(event) => onChange(row.key, "english", event.target.value)}
              className={cn(cellInput, "w-full")}
            />
            {fieldError("english")}
          </div>
        </div>
      </div>
      {row.id && lineExtras ? lineExtras({ id: row.id, arabic: row.arabic }) : null}
    </li>
  );
});

function TimeField({
  id,
  name,
  label,
  value,
  invalid,
  describedBy,
  onChange,
  onPlayhead,
  lineLabel,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
  onPlayhead?: () => void;
  lineLabel: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {label}
        <span className="sr-only">, {lineLabel}</span>
      </label>
      <div className="mt-0.5 flex items-center gap-1">
        <input
          id={id}
          name={name}
          value={value}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="00:00.000"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onBlur={(event) => {
            const ms = parseCueTime(event.target.value);
            if (ms !== null) onChange(formatCueTime(ms));
          }}
          className={cn(cellInput, "w-28 font-mono tabular-nums")}
        />
        {onPlayhead ? (
          <button type="button" className={cn(smallButton, "whitespace-nowrap")} onClick={onPlayhead}>
            From playhead
            <span className="sr-only">
              {" "}
              ({label.toLowerCase()}, {lineLabel})
            </span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Without JavaScript: one empty line at the end, saved when it has text. */
function NewRowWithoutScript({ index }: { index: number }) {
  const name = (field: string) => `cues[${index}].${field}`;
  return (
    <li aria-label="New line" className="rounded-xl border border-dashed border-line bg-surface p-3 sm:p-4">
      <input type="hidden" name={name("isNew")} value="1" />
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">New line (optional)</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        <label className="text-xs font-medium text-muted">
          Start
          <input name={name("start")} placeholder="00:00.000" className={cn(cellInput, "w-full font-mono")} />
        </label>
        <label className="text-xs font-medium text-muted">
          End
          <input name={name("end")} placeholder="00:03.000" className={cn(cellInput, "w-full font-mono")} />
        </label>
        <label className="text-xs font-medium text-muted sm:col-span-2">
          Arabic
          <input name={name("arabic")} lang="ar" dir="rtl" className={cn(cellInput, "w-full text-lg")} />
        </label>
        <label className="text-xs font-medium text-muted">
          Transliteration
          <input name={name("transliteration")} lang="ar-Latn" className={cn(cellInput, "w-full")} />
        </label>
        <label className="text-xs font-medium text-muted">
          English
          <input name={name("english")} className={cn(cellInput, "w-full")} />
        </label>
      </div>
    </li>
  );
}

/** A key that changes when the saved transcript changes, so the editor starts again from it. */
export function cueSignature(cues: readonly DraftCue[]) {
  let hash = cues.length;
  for (const cue of cues) {
    const text = `${cue.id ?? ""}|${cue.startMs}|${cue.endMs}|${cue.arabic}|${cue.transliteration}|${cue.english}`;
    for (let index = 0; index < text.length; index += 1) hash = (hash * 31 + text.charCodeAt(index)) | 0;
  }
  return `cues-${hash}`;
}
