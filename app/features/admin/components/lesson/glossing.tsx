import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated as useHydratedFlag } from "~/lib/use-hydrated";
import { FieldErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { glossChoiceErrors } from "#core/schemas/glossing";
import { PARTS_OF_SPEECH, type PartOfSpeech } from "#core/schemas/lexicon";
import { SEARCH_MAX_LENGTH } from "#core/search-limits";
import type { Coverage } from "#server/services/words/coverage";
import type { GlossLemma, GlossLine, GlossSuggestion, GlossToken } from "#server/services/words/glossing";
import { GlossMeter } from "../meter";

// Glossing in the cue editor (docs/words.md "Glossing"): each saved line shows its words; tapping one opens a
// small panel to attach a lemma (search) or create one, and to write the meaning in this sentence. Saving
// goes to /api/admin/lessons/:id/tokens/:tokenId; the meter follows. "Suggest glosses" (with Workers AI)
// proposes a lemma and meaning for every unglossed word, which the admin accepts or edits.

type FieldErrorMap = Record<string, string[]>;
interface ApiAnswer<T> {
  data?: T;
  errors?: string[];
  fieldErrors?: FieldErrorMap;
}

async function requestJson<T>(
  path: string,
  init: { method: string; json?: unknown },
): Promise<ApiAnswer<T> & { status: number }> {
  try {
    const response = await fetch(path, {
      method: init.method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        ...(init.json === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const body = ((await response.json().catch(() => null)) ?? {}) as ApiAnswer<T>;
    return { ...body, status: response.status };
  } catch {
    return { status: 0, errors: ["The network failed. Check the connection and try again."] };
  }
}

interface GlossingState {
  lessonId: number;
  lines: GlossLine[];
  coverage: Coverage;
  suggestionsAvailable: boolean;
  openTokenId: number | null;
  setOpenTokenId: (id: number | null) => void;
  /** Reads the lesson's tokens again (after accepting suggestions). */
  reload: () => Promise<void>;
  /** Puts a saved token in place and the lesson's new coverage. */
  applyToken: (token: GlossToken, coverage: Coverage) => void;
  announce: (text: string) => void;
}

const GlossingContext = createContext<GlossingState | null>(null);

export function useGlossing() {
  const value = useContext(GlossingContext);
  if (!value) throw new Error("useGlossing outside GlossingProvider");
  return value;
}

/** Holds a lesson's tokens and coverage for the editor, the meter and the suggestions. */
export function GlossingProvider({
  lessonId,
  lines: initialLines,
  coverage: initialCoverage,
  suggestionsAvailable,
  initialTokenId,
  children,
}: {
  lessonId: number;
  lines: GlossLine[];
  coverage: Coverage;
  suggestionsAvailable: boolean;
  initialTokenId: number | null;
  children: React.ReactNode;
}) {
  const [lines, setLines] = useState(initialLines);
  const [coverage, setCoverage] = useState(initialCoverage);
  const [openTokenId, setOpenTokenId] = useState<number | null>(initialTokenId);
  const [message, setMessage] = useState("");
  // A new loader answer (the transcript was saved) starts again from it.
  const [loaded, setLoaded] = useState(initialLines);
  if (loaded !== initialLines) {
    setLoaded(initialLines);
    setLines(initialLines);
    setCoverage(initialCoverage);
  }

  const reload = useCallback(async () => {
    const answer = await requestJson<{ lines: GlossLine[]; coverage: Coverage }>(
      `/api/admin/lessons/${lessonId}/glossing`,
      { method: "GET" },
    );
    if (answer.data) {
      setLines(answer.data.lines);
      setCoverage(answer.data.coverage);
    }
  }, [lessonId]);

  const applyToken = useCallback((token: GlossToken, next: Coverage) => {
    setLines((previous) =>
      previous.map((line) =>
        line.tokens.some((candidate) => candidate.id === token.id)
          ? { ...line, tokens: line.tokens.map((candidate) => (candidate.id === token.id ? token : candidate)) }
          : line,
      ),
    );
    setCoverage(next);
  }, []);

  const value = useMemo(
    () => ({
      lessonId,
      lines,
      coverage,
      suggestionsAvailable,
      openTokenId,
      setOpenTokenId,
      reload,
      applyToken,
      announce: setMessage,
    }),
    [lessonId, lines, coverage, suggestionsAvailable, openTokenId, reload, applyToken],
  );
  return (
    <GlossingContext.Provider value={value}>
      {children}
      <p role="status" aria-live="polite" className="sr-only">
        {message}
      </p>
    </GlossingContext.Provider>
  );
}

/** The lesson's meter, kept current while glossing. */
export function LessonGlossMeter({ className }: { className?: string }) {
  const { coverage } = useGlossing();
  return <GlossMeter done={coverage.glossed} total={coverage.total} className={className} id="gloss-meter" />;
}

/** The words of one saved line (under it in the cue editor), each opening its glossing panel. */
export function LineTokens({ cueId, arabic }: { cueId: number; arabic: string }) {
  const { lines, openTokenId, setOpenTokenId } = useGlossing();
  // Rendered by the server so nothing moves, usable once the scripts run (ADR 023).
  const hydrated = useHydratedFlag();
  const line = lines.find((candidate) => candidate.cueId === cueId);
  if (!line || line.tokens.length === 0) return null;
  if (line.arabic !== arabic.trim()) {
    return <p className="mt-2 text-xs text-muted">Save the transcript to gloss this line's words again.</p>;
  }
  const open = line.tokens.find((token) => token.id === openTokenId) ?? null;
  const glossed = line.tokens.filter((token) => token.glossed).length;
  return (
    <div className="mt-3 rounded-lg bg-canvas/60 p-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">
          Words{" "}
          <span className="font-normal normal-case">
            · {glossed} of {line.tokens.length} glossed
          </span>
        </p>
      </div>
      {/* A group of buttons, not a list: the line is itself an item of the transcript's list. */}
      <div role="group" className="mt-1.5 flex flex-wrap gap-1.5" dir="rtl" aria-label={`Words of line ${line.line}`}>
        {line.tokens.map((token) => (
          <TokenChip
            key={token.id}
            token={token}
            expanded={token.id === openTokenId}
            disabled={!hydrated}
            onToggle={() => setOpenTokenId(token.id === openTokenId ? null : token.id)}
          />
        ))}
      </div>
      {open ? <TokenPanel key={open.id} token={open} line={line} /> : null}
    </div>
  );
}

function TokenChip({
  token,
  expanded,
  disabled,
  onToggle,
}: {
  token: GlossToken;
  expanded: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const state = token.glossed ? "glossed" : token.lemma ? "needs a meaning" : "not glossed";
  return (
    <button
      type="button"
      id={`token-${token.id}`}
      data-token={token.id}
      data-glossed={token.glossed ? "yes" : "no"}
      aria-expanded={expanded}
      aria-controls={expanded ? `token-panel-${token.id}` : undefined}
      aria-label={`${token.surface}: ${token.glossed ? token.gloss : state}`}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        "flex flex-col items-center rounded-lg border px-2 py-1 text-center transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-400",
        token.glossed
          ? "border-emerald-300 bg-white hover:bg-emerald-50"
          : token.lemma
            ? "border-dashed border-amber-400 bg-amber-50 hover:bg-amber-100"
            : "border-dashed border-red-300 bg-red-50 hover:bg-red-100",
        expanded && "ring-2 ring-primary-300",
      )}
    >
      <span lang="ar" className="font-arabic text-lg leading-tight text-ink">
        {token.surface}
      </span>
      <span
        dir="ltr"
        className={cn("max-w-36 truncate text-[11px] leading-tight", token.glossed ? "text-ink/80" : "text-amber-900")}
      >
        {token.glossed ? token.gloss : state}
      </span>
    </button>
  );
}

type LemmaChoice = { kind: "existing"; lemma: GlossLemma } | { kind: "new" } | null;

interface NewLemmaDraft {
  arabic: string;
  transliteration: string;
  partOfSpeech: string;
  meaning: string;
}

type SearchItem = {
  id: string;
  values: { arabic: string; transliteration: string; key: string; partOfSpeech: string; meanings: string[] };
};

function lemmaLabel(lemma: Pick<GlossLemma, "arabic" | "transliteration" | "meanings">) {
  return `${lemma.arabic} · ${lemma.transliteration}${lemma.meanings[0] ? ` — ${lemma.meanings[0]}` : ""}`;
}

/** The lexicon search of both glossing forms: a search box and a "Use …" button per lemma found. */
function LemmaSearch({
  inputId,
  label,
  labelClassName,
  placeholder,
  query,
  onQuery,
  found,
  wrapButtons = false,
  buttonClassName,
  onPick,
}: {
  inputId: string;
  label: string;
  labelClassName: string;
  placeholder: string;
  query: string;
  onQuery: (query: string) => void;
  found: GlossLemma[] | null;
  /** Each button in its own block (the token form's layout). */
  wrapButtons?: boolean;
  buttonClassName: string;
  onPick: (lemma: GlossLemma) => void;
}) {
  return (
    <>
      <label htmlFor={inputId} className={labelClassName}>
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.preventDefault();
        }}
        className={cn(inputClasses, "py-1.5 text-sm")}
      />
      {found ? (
        found.length > 0 ? (
          <div role="group" className="space-y-1" aria-label="Lemmas found">
            {found.map((lemma) => {
              const button = (
                <button
                  key={lemma.id}
                  type="button"
                  onClick={() => onPick(lemma)}
                  className={cn(
                    buttonClassName,
                    "rounded-lg border border-line px-2 py-1 text-start text-sm text-ink hover:border-primary-300 hover:bg-primary-50",
                  )}
                >
                  Use {lemmaLabel(lemma)}
                </button>
              );
              return wrapButtons ? <div key={lemma.id}>{button}</div> : button;
            })}
          </div>
        ) : (
          <p className="text-sm text-muted">No lemma matches “{query.trim()}”.</p>
        )
      ) : null}
    </>
  );
}

/** Lemmas matching `query` (Arabic, transliteration, meaning) from the lexicon's admin API. */
function useLemmaSearch(query: string) {
  const [found, setFound] = useState<GlossLemma[] | null>(null);
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/admin/lemmas?pageSize=8&q=${encodeURIComponent(q)}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!response.ok) return;
        const body = (await response.json()) as { data?: { items: SearchItem[] } };
        setFound(
          (body.data?.items ?? []).map((item) => ({
            id: Number(item.id),
            key: item.values.key,
            arabic: item.values.arabic,
            transliteration: item.values.transliteration,
            partOfSpeech: item.values.partOfSpeech,
            meanings: item.values.meanings,
          })),
        );
      } catch {
        // aborted or offline: keep what was found
      }
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return query.trim() ? found : null;
}

/** The glossing panel of one token: its lemma (found or new) and its meaning in this sentence. */
function TokenPanel({ token, line }: { token: GlossToken; line: GlossLine }) {
  const { lessonId, applyToken, setOpenTokenId, announce, lines } = useGlossing();
  const hydrated = useHydratedFlag();
  const id = useId();
  const [choice, setChoice] = useState<LemmaChoice>(token.lemma ? { kind: "existing", lemma: token.lemma } : null);
  const [query, setQuery] = useState(token.lemma ? "" : token.stem || token.surface);
  const [gloss, setGloss] = useState(token.gloss);
  const [draft, setDraft] = useState<NewLemmaDraft>({
    arabic: token.stem || token.surface,
    transliteration: "",
    partOfSpeech: "noun",
    meaning: "",
  });
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const found = useLemmaSearch(choice ? "" : query);
  const glossInput = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.scrollIntoView({ block: "nearest" });
    (choice ? glossInput.current : panel.current?.querySelector<HTMLInputElement>("input[type=search]"))?.focus();
    // Only when the panel opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const breakdown = [
    ...token.prefixes.map((form) => `${form}+`),
    token.stem,
    ...token.suffixes.map((form) => `+${form}`),
  ]
    .filter(Boolean)
    .join(" ");

  const nextUnglossed = () => {
    const all = lines.flatMap((candidate) => candidate.tokens);
    const from = all.findIndex((candidate) => candidate.id === token.id);
    return [...all.slice(from + 1), ...all.slice(0, from)].find(
      (candidate) => !candidate.glossed && candidate.id !== token.id,
    );
  };

  async function save() {
    setErrors({});
    setFormError(null);
    if (!choice) {
      setErrors({ lemmaId: ["Choose a lemma from the list, or create a new one."] });
      return;
    }
    const body =
      choice.kind === "existing"
        ? { lemmaId: choice.lemma.id, gloss }
        : {
            lemma: {
              arabic: draft.arabic,
              transliteration: draft.transliteration,
              partOfSpeech: draft.partOfSpeech,
              meanings: draft.meaning.trim() ? [draft.meaning.trim()] : [],
            },
            gloss,
          };
    setSaving(true);
    const answer = await requestJson<{ lemma: GlossLemma; gloss: string; source: string; coverage: Coverage }>(
      `/api/admin/lessons/${lessonId}/tokens/${token.id}`,
      { method: "PUT", json: body },
    );
    setSaving(false);
    if (!answer.data) {
      const fieldErrors = answer.fieldErrors ?? {};
      setErrors(fieldErrors);
      setFormError(
        Object.keys(fieldErrors).length > 0 ? null : (answer.errors?.[0] ?? "That did not work. Try again."),
      );
      return;
    }
    const saved: GlossToken = {
      ...token,
      lemma: answer.data.lemma,
      gloss: answer.data.gloss,
      source: answer.data.source,
      glossed: true,
    };
    applyToken(saved, answer.data.coverage);
    announce(
      `${token.surface} glossed: ${answer.data.gloss}. ${answer.data.coverage.glossed} of ${answer.data.coverage.total} words glossed.`,
    );
    const next = nextUnglossed();
    setOpenTokenId(null);
    window.setTimeout(() => document.getElementById(`token-${(next ?? token).id}`)?.focus(), 0);
  }

  const onEnter = (event: React.KeyboardEvent) => {
    // The panel sits inside the transcript's form: Enter saves the gloss, never the transcript.
    if (event.key === "Enter") {
      event.preventDefault();
      void save();
    }
  };

  return (
    <div
      ref={panel}
      id={`token-panel-${token.id}`}
      role="group"
      aria-label={`Gloss ${token.surface} (line ${line.line})`}
      className="mt-2 scroll-mt-24 scroll-mb-28 space-y-3 rounded-xl border border-primary-200 bg-white p-3 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-ink">
          <span lang="ar" dir="rtl" className="font-arabic text-xl">
            {token.surface}
          </span>
          {token.prefixes.length + token.suffixes.length > 0 ? (
            <span lang="ar" dir="rtl" className="ms-2 font-arabic text-sm text-muted">
              ({breakdown})
            </span>
          ) : null}
        </p>
        <p className="text-xs text-muted">
          {token.glossed ? `Glossed (${token.source})` : token.lemma ? "Lemma guessed by the analysis" : "Not glossed"}
        </p>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">Lemma</legend>
        {choice?.kind === "existing" ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="rounded-lg bg-primary-50 px-2 py-1 text-ink" data-chosen-lemma>
              {lemmaLabel(choice.lemma)}
            </span>
            <Button variant="ghost" size="sm" onClick={() => setChoice(null)}>
              Change lemma
            </Button>
          </p>
        ) : choice?.kind === "new" ? (
          <div className="space-y-2 rounded-lg border border-line p-2">
            <p className="flex items-center justify-between text-sm font-medium text-ink">
              New lemma
              <Button variant="ghost" size="sm" onClick={() => setChoice(null)}>
                Find one instead
              </Button>
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              <SmallField
                label="Arabic (dictionary form)"
                value={draft.arabic}
                lang="ar"
                errors={errors["lemma.arabic"]}
                onChange={(arabic) => setDraft({ ...draft, arabic })}
                onKeyDown={onEnter}
              />
              <SmallField
                label="Transliteration"
                value={draft.transliteration}
                errors={errors["lemma.transliteration"] ?? errors["lemma.key"]}
                onChange={(transliteration) => setDraft({ ...draft, transliteration })}
                onKeyDown={onEnter}
              />
              <div className="space-y-1">
                <label htmlFor={`${id}-pos`} className="block text-xs font-medium text-ink">
                  Part of speech
                </label>
                <select
                  id={`${id}-pos`}
                  value={draft.partOfSpeech}
                  onChange={(event) => setDraft({ ...draft, partOfSpeech: event.target.value })}
                  className={cn(inputClasses, "py-1.5 text-sm")}
                >
                  {PARTS_OF_SPEECH.map((part) => (
                    <option key={part} value={part}>
                      {part}
                    </option>
                  ))}
                </select>
                <FieldErrors errors={errors["lemma.partOfSpeech"]} />
              </div>
              <SmallField
                label="Meaning (dictionary)"
                value={draft.meaning}
                errors={errors["lemma.meanings"] ?? errors["lemma.meanings.0"]}
                onChange={(meaning) => setDraft({ ...draft, meaning })}
                onKeyDown={onEnter}
              />
            </div>
          </div>
        ) : (
          <div className="space-y-2">
            <LemmaSearch
              inputId={`${id}-search`}
              label="Find a lemma"
              labelClassName="sr-only"
              placeholder="Find a lemma: Arabic, transliteration or meaning"
              query={query}
              onQuery={setQuery}
              found={found}
              wrapButtons
              buttonClassName="w-full"
              onPick={(lemma) => {
                setChoice({ kind: "existing", lemma });
                window.setTimeout(() => glossInput.current?.focus(), 0);
              }}
            />
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setChoice({ kind: "new" });
                if (!draft.meaning && gloss) setDraft({ ...draft, meaning: gloss });
              }}
            >
              Create a new lemma
            </Button>
          </div>
        )}
        <FieldErrors errors={errors.lemmaId} />
      </fieldset>

      <SmallField
        inputRef={glossInput}
        label="Meaning in this sentence"
        value={gloss}
        placeholder="(it) starts"
        errors={errors.gloss}
        onChange={setGloss}
        onKeyDown={onEnter}
      />
      {formError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void save()} disabled={saving || !hydrated}>
          {saving ? "Saving…" : "Save gloss"}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setOpenTokenId(null);
            window.setTimeout(() => document.getElementById(`token-${token.id}`)?.focus(), 0);
          }}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}

function SmallField({
  label,
  value,
  onChange,
  onKeyDown,
  errors,
  lang,
  placeholder,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (event: React.KeyboardEvent) => void;
  errors?: string[];
  lang?: "ar";
  placeholder?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-ink">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        value={value}
        lang={lang}
        dir={lang === "ar" ? "rtl" : undefined}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, "py-1.5 text-sm", lang === "ar" && "font-arabic text-base")}
      />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// Suggest glosses

interface SuggestionRow extends GlossSuggestion {
  accept: boolean;
  edited: boolean;
  /** The new lemma (`newLemma`, as suggested or edited) rather than the stored `lemma`. */
  useNew: boolean;
  /** The row's lemma editor is shown. */
  open: boolean;
}

/** What accepting a row sends: the same choice as glossing a token by hand (a stored lemma or a new one). */
function acceptedItem(row: SuggestionRow) {
  return {
    tokenId: row.tokenId,
    ...(row.lemma && !row.useNew ? { lemmaId: row.lemma.id } : { lemma: row.newLemma }),
    gloss: row.gloss,
    edited: row.edited,
  };
}

/** "Suggest glosses" (only when Workers AI is bound): the suggestions, each accepted or edited. */
export function SuggestGlosses() {
  const { lessonId, suggestionsAvailable, coverage, reload, announce } = useGlossing();
  const [rows, setRows] = useState<SuggestionRow[] | null>(null);
  const [busy, setBusy] = useState<"suggesting" | "accepting" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrorMap>({});
  if (!suggestionsAvailable) return null;

  async function suggest() {
    setBusy("suggesting");
    setError(null);
    setFieldErrors({});
    const answer = await requestJson<{ suggestions: GlossSuggestion[]; asked: number }>(
      `/api/admin/lessons/${lessonId}/gloss-suggestions`,
      { method: "POST" },
    );
    setBusy(null);
    if (!answer.data) {
      setError(answer.errors?.[0] ?? "No suggestions came back. Try again.");
      return;
    }
    setRows(
      answer.data.suggestions.map((item) => ({
        ...item,
        accept: true,
        edited: false,
        useNew: !item.lemma,
        open: false,
      })),
    );
    announce(`${answer.data.suggestions.length} suggestions for ${answer.data.asked} unglossed words.`);
  }

  async function accept() {
    if (!rows) return;
    const chosen = rows.filter((row) => row.accept);
    const items = chosen.map(acceptedItem);
    setError(null);
    // Checked here as the server will (the glossing form's schema), so each row shows its own messages at once.
    const invalid: FieldErrorMap = Object.assign(
      {},
      ...items.map((item, index) => glossChoiceErrors(item, `items.${index}.`)),
    );
    if (Object.keys(invalid).length > 0) {
      setFieldErrors(invalid);
      setRows(
        (previous) =>
          previous?.map((row) => {
            const at = chosen.indexOf(row);
            const lemmaErrors = Object.keys(invalid).some((name) => name.startsWith(`items.${at}.lemma`));
            return at >= 0 && lemmaErrors ? { ...row, open: true } : row;
          }) ?? null,
      );
      setError("Some suggestions need a fix: see the marked rows.");
      return;
    }
    setBusy("accepting");
    setFieldErrors({});
    const answer = await requestJson<{ written: number; lemmasCreated: number }>(
      `/api/admin/lessons/${lessonId}/gloss-suggestions/accept`,
      { method: "POST", json: { items } },
    );
    setBusy(null);
    if (!answer.data) {
      setError(answer.errors?.[0] ?? "That did not work. Try again.");
      setFieldErrors(answer.fieldErrors ?? {});
      return;
    }
    await reload();
    setRows(null);
    announce(`${answer.data.written} words glossed, ${answer.data.lemmasCreated} new lemmas.`);
  }

  const update = (tokenId: number, change: Partial<SuggestionRow>) =>
    setRows((previous) => previous?.map((row) => (row.tokenId === tokenId ? { ...row, ...change } : row)) ?? null);
  const chosen = rows?.filter((row) => row.accept).length ?? 0;

  return (
    <section aria-labelledby="suggest-heading" className="rounded-xl border border-line bg-surface p-4 shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="suggest-heading" className="text-base font-semibold text-ink">
          Suggest glosses
        </h2>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void suggest()}
          disabled={busy !== null || coverage.glossed >= coverage.total}
        >
          {busy === "suggesting" ? "Asking Workers AI…" : rows ? "Suggest again" : "Suggest glosses"}
        </Button>
      </div>
      <p className="mt-1 text-sm text-muted">
        Workers AI proposes a lemma and a meaning for every unglossed word; nothing is saved until you accept.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {rows ? (
        rows.length === 0 ? (
          <p className="mt-3 text-sm text-muted">No suggestions: every word is glossed, or the model had none.</p>
        ) : (
          <div className="mt-3 space-y-3">
            <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Suggestions">
              {rows.map((row, index) => {
                const at = rows.filter((candidate) => candidate.accept).indexOf(row);
                const errorsOf = (field: string) => (at >= 0 ? fieldErrors[`items.${at}.${field}`] : undefined);
                const lemmaErrors =
                  at >= 0
                    ? Object.entries(fieldErrors)
                        .filter(([name]) => name === `items.${at}.lemmaId`)
                        .flatMap(([, messages]) => messages)
                    : [];
                return (
                  <li key={row.tokenId} className="p-2">
                    <div className="grid gap-2 sm:grid-cols-[auto_1fr_1fr] sm:items-center">
                      <label className="flex min-h-11 items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          checked={row.accept}
                          onChange={(event) => update(row.tokenId, { accept: event.target.checked })}
                          className="size-4 accent-primary-700"
                        />
                        <span>
                          Line {row.line}:{" "}
                          <span lang="ar" dir="rtl" className="font-arabic text-base">
                            {row.surface}
                          </span>
                        </span>
                      </label>
                      <div className="flex flex-wrap items-center gap-2 text-sm text-ink">
                        <span data-suggested-lemma>
                          {row.lemma && !row.useNew ? (
                            <>Lemma {lemmaLabel(row.lemma)}</>
                          ) : (
                            <>
                              New lemma{" "}
                              <span lang="ar" dir="rtl" className="font-arabic">
                                {row.newLemma.arabic}
                              </span>{" "}
                              · {row.newLemma.transliteration} ({row.newLemma.partOfSpeech})
                            </>
                          )}
                        </span>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-expanded={row.open}
                          aria-controls={`suggestion-lemma-${row.tokenId}`}
                          onClick={() => update(row.tokenId, { open: !row.open })}
                        >
                          {row.open ? "Done" : "Edit lemma"}
                          <span className="sr-only">
                            {" "}
                            of {row.surface} in line {row.line}
                          </span>
                        </Button>
                        <FieldErrors errors={lemmaErrors} />
                      </div>
                      <div>
                        <label htmlFor={`suggestion-${row.tokenId}`} className="sr-only">
                          Meaning of {row.surface} in line {row.line}
                        </label>
                        <input
                          id={`suggestion-${row.tokenId}`}
                          value={row.gloss}
                          aria-invalid={errorsOf("gloss") ? true : undefined}
                          onChange={(event) => update(row.tokenId, { gloss: event.target.value, edited: true })}
                          onKeyDown={(event) => {
                            if (event.key === "Enter") event.preventDefault();
                          }}
                          data-index={index}
                          className={cn(inputClasses, "py-1.5 text-sm")}
                        />
                        <FieldErrors errors={errorsOf("gloss")} />
                      </div>
                    </div>
                    {row.open ? (
                      <SuggestionLemmaEditor
                        row={row}
                        errorsOf={errorsOf}
                        onChange={(change) => update(row.tokenId, { ...change, edited: true })}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void accept()} disabled={busy !== null || chosen === 0}>
                {busy === "accepting" ? "Saving…" : `Accept ${chosen} suggestion${chosen === 1 ? "" : "s"}`}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setRows(null)}>
                Discard
              </Button>
            </div>
          </div>
        )
      ) : null}
    </section>
  );
}

/**
 * A suggestion's lemma, editable as in the glossing form: the stored lemma it names (or another one found in
 * the lexicon), or a new lemma with its Arabic, transliteration, part of speech and dictionary meaning.
 */
function SuggestionLemmaEditor({
  row,
  errorsOf,
  onChange,
}: {
  row: SuggestionRow;
  errorsOf: (field: string) => string[] | undefined;
  onChange: (change: Partial<SuggestionRow>) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const found = useLemmaSearch(query);
  const draft = row.newLemma;
  const setDraft = (change: Partial<SuggestionRow["newLemma"]>) =>
    onChange({ newLemma: { ...draft, ...change }, useNew: true });
  const useNew = row.useNew || !row.lemma;
  return (
    <fieldset id={`suggestion-lemma-${row.tokenId}`} className="mt-2 space-y-2 rounded-lg border border-line p-2">
      <legend className="px-1 text-sm font-medium text-ink">
        Lemma of{" "}
        <span lang="ar" dir="rtl" className="font-arabic">
          {row.surface}
        </span>
      </legend>
      {row.lemma ? (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-choice`}
            checked={!useNew}
            onChange={() => onChange({ useNew: false })}
            className="size-4 accent-primary-700"
          />
          Stored lemma {lemmaLabel(row.lemma)}
        </label>
      ) : null}
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="radio"
          name={`${id}-choice`}
          checked={useNew}
          onChange={() => onChange({ useNew: true })}
          className="size-4 accent-primary-700"
        />
        New lemma
      </label>
      {useNew ? (
        <div className="grid gap-2 sm:grid-cols-2">
          <SmallField
            label="Arabic (dictionary form)"
            value={draft.arabic}
            lang="ar"
            errors={errorsOf("lemma.arabic")}
            onChange={(arabic) => setDraft({ arabic })}
          />
          <SmallField
            label="Transliteration"
            value={draft.transliteration}
            errors={errorsOf("lemma.transliteration") ?? errorsOf("lemma.key")}
            onChange={(transliteration) => setDraft({ transliteration })}
          />
          <div className="space-y-1">
            <label htmlFor={`${id}-pos`} className="block text-xs font-medium text-ink">
              Part of speech
            </label>
            <select
              id={`${id}-pos`}
              value={draft.partOfSpeech}
              onChange={(event) => setDraft({ partOfSpeech: event.target.value as PartOfSpeech })}
              className={cn(inputClasses, "py-1.5 text-sm")}
            >
              {PARTS_OF_SPEECH.map((part) => (
                <option key={part} value={part}>
                  {part}
                </option>
              ))}
            </select>
            <FieldErrors errors={errorsOf("lemma.partOfSpeech")} />
          </div>
          <SmallField
            label="Meaning (dictionary)"
            value={draft.meanings[0] ?? ""}
            errors={errorsOf("lemma.meanings") ?? errorsOf("lemma.meanings.0")}
            onChange={(meaning) => setDraft({ meanings: meaning.trim() ? [meaning] : [] })}
          />
        </div>
      ) : null}
      <div className="space-y-1">
        <LemmaSearch
          inputId={`${id}-search`}
          label="Or use another stored lemma"
          labelClassName="block text-xs font-medium text-ink"
          placeholder="Arabic, transliteration or meaning"
          query={query}
          onQuery={setQuery}
          found={found}
          buttonClassName="block min-h-11 w-full"
          onPick={(lemma) => {
            onChange({ lemma, useNew: false });
            setQuery("");
          }}
        />
      </div>
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------------
// Publishing (the checklist: ./publish-checklist.tsx)

/** What the confirmation says is missing: the unglossed words and their lines (as the server words it). */
export function missingText(lines: readonly GlossLine[], coverage: Coverage) {
  const bySurface = new Map<string, number[]>();
  for (const line of lines) {
    for (const token of line.tokens) {
      if (token.glossed) continue;
      const list = bySurface.get(token.surface) ?? [];
      if (!list.includes(line.line)) list.push(line.line);
      bySurface.set(token.surface, list);
    }
  }
  const entries = [...bySurface].map(
    ([surface, at]) => `${surface} (line${at.length > 1 ? "s" : ""} ${at.join(", ")})`,
  );
  const left = coverage.total - coverage.glossed;
  const more = entries.length > 8 ? `, and ${entries.length - 8} more` : "";
  return `${left} of ${coverage.total} words ${left === 1 ? "is" : "are"} not glossed yet: ${entries.slice(0, 8).join(", ")}${more}.`;
}
