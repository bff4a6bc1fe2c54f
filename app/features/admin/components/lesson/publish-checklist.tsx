import { Form, Link } from "@remix-run/react";
import { useId, useState } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { CheckIcon, ClockIcon, WarningIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import type { ChecklistItem, PublishChecklist as Checklist } from "#server/services/publish-checklist";
import { missingText, useGlossing } from "./glossing";

// The publishing checklist of a draft lesson (server/services/publish-checklist.ts, ADR 041): each item with
// where it is fixed. "Publish" publishes at once when every item is done; otherwise it first names what is
// missing and asks for a confirmation. The server holds the same rule (without `confirm` it answers 422), so
// without JavaScript the refusal comes back and shows the same confirmation. The glosses item follows the
// glossing done on this page without a reload.

/** The glosses item as the page's glossing state has it now. */
function useLiveItems(items: ChecklistItem[], lessonId: number): ChecklistItem[] {
  const { lines, coverage } = useGlossing();
  return items.map((item) => {
    if (item.key !== "glosses" || item.waitsFor !== null || coverage.total === 0) return item;
    const nextLine = lines.find((line) => line.tokens.some((token) => !token.glossed));
    const next = nextLine?.tokens.find((token) => !token.glossed);
    const done = coverage.glossed >= coverage.total;
    return {
      ...item,
      done,
      detail: done ? `All ${coverage.total} words are glossed (100 %).` : missingText(lines, coverage),
      fix: next
        ? {
            label: "Gloss the next word",
            href: `/admin/videos/${lessonId}/lesson?token=${next.id}#line-${nextLine!.cueId}`,
          }
        : { label: "Open the glossing", href: `/admin/videos/${lessonId}/lesson#cue-list-heading` },
    };
  });
}

function ItemMark({ item }: { item: ChecklistItem }) {
  if (item.done) {
    return (
      <span className="grid size-7 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-800">
        <CheckIcon className="size-4" title="Done" />
      </span>
    );
  }
  if (item.waitsFor) {
    return (
      <span className="grid size-7 shrink-0 place-items-center rounded-full bg-canvas text-muted">
        <ClockIcon className="size-4" title="Waiting" />
      </span>
    );
  }
  return (
    <span className="grid size-7 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-900">
      <WarningIcon className="size-4" title="Missing" />
    </span>
  );
}

export function PublishChecklist({
  lessonId,
  checklist,
  serverMessage,
  formError,
  pending,
}: {
  lessonId: number;
  checklist: Checklist;
  /** The server's refusal (422 on `confirmPublish`): shown as the confirmation. */
  serverMessage: string | null;
  formError: string | null;
  pending: boolean;
}) {
  const items = useLiveItems(checklist.items, lessonId);
  const { setOpenTokenId } = useGlossing();
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);
  const headingId = useId();
  const failing = items.filter((item) => !item.done);
  const ready = items.length - failing.length;
  const complete = failing.length === 0;
  const sentences = failing.filter((item) => item.waitsFor === null).map((item) => item.detail);
  const message = serverMessage ?? (asking ? `${sentences.join(" ")} Publish anyway to confirm.` : null);

  return (
    <section
      aria-labelledby={headingId}
      className="mt-5 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5"
      data-testid="publish-checklist"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Publishing checklist
        </h2>
        <p className="text-sm text-muted">
          {ready} of {items.length} ready
        </p>
      </div>
      <ul className="mt-3 divide-y divide-line">
        {items.map((item) => (
          <li key={item.key} className="flex gap-3 py-3 first:pt-0 last:pb-0">
            <ItemMark item={item} />
            <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">
                  {item.label}
                  <span className="sr-only">: {item.done ? "done" : item.waitsFor ? "waiting" : "missing"}</span>
                </p>
                <p className={cn("mt-0.5 text-sm", item.done ? "text-muted" : "text-ink/85")}>
                  {item.key === "glosses" ? <span dir="auto">{item.detail}</span> : item.detail}
                </p>
              </div>
              {/* A waiting item is fixed by the one it waits for; a done one needs nothing. */}
              {item.done || item.waitsFor ? null : (
                <Link
                  to={item.fix.href}
                  className="-ms-3 mt-1 inline-flex min-h-11 shrink-0 items-center rounded-lg px-3 text-sm font-medium text-primary-800 underline-offset-2 hover:bg-primary-50 hover:underline sm:ms-0 sm:mt-0"
                  aria-label={`${item.fix.label}: ${item.label.toLowerCase()}`}
                  onClick={() => {
                    const token = /[?&]token=(\d+)/.exec(item.fix.href)?.[1];
                    if (token) setOpenTokenId(Number(token));
                  }}
                >
                  {item.fix.label}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>

      <Form method="post" className="mt-4 border-t border-line pt-4">
        <input type="hidden" name="intent" value="publish" />
        {message ? (
          <div
            role="alertdialog"
            aria-labelledby={`${headingId}-ask`}
            aria-describedby={`${headingId}-ask-text`}
            className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
          >
            <h3 id={`${headingId}-ask`} className="font-semibold">
              Publish with the checklist incomplete?
            </h3>
            <p id={`${headingId}-ask-text`} className="mt-1 text-sm" dir="auto">
              {message}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="submit"
                name="confirm"
                value="yes"
                className={buttonClasses("primary", "md", "min-h-11")}
                disabled={pending}
              >
                {pending ? "Publishing…" : "Publish anyway"}
              </button>
              {hydrated ? (
                <Button variant="secondary" className="min-h-11" onClick={() => setAsking(false)}>
                  Keep working
                </Button>
              ) : null}
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <button
              type={complete || !hydrated ? "submit" : "button"}
              className={buttonClasses("primary", "md", "min-h-11")}
              disabled={pending}
              onClick={complete || !hydrated ? undefined : () => setAsking(true)}
            >
              {pending ? "Publishing…" : "Publish"}
            </button>
            <p className="text-sm text-muted">
              {complete
                ? "Everything is ready."
                : "You can still publish: you will be asked to confirm what is missing."}
            </p>
          </div>
        )}
        {formError ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {formError}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
