import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";

// Small pieces shared by the bespoke admin pages (users, permissions, mailing list, imports).

const TONES = {
  neutral: "bg-canvas text-ink/80 ring-line",
  success: "bg-primary-50 text-primary-800 ring-primary-200",
  info: "bg-sky-50 text-sky-800 ring-sky-200",
  warning: "bg-accent-50 text-accent-700 ring-accent-300/60",
  danger: "bg-red-50 text-red-800 ring-red-200",
} as const;
export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

export const SUBSCRIPTION_BADGES: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "success" },
  trialing: { label: "Trialing", tone: "info" },
  past_due: { label: "Past due", tone: "warning" },
  canceled: { label: "Canceled", tone: "neutral" },
  expired: { label: "Expired", tone: "neutral" },
};

/** Previous / next links that keep the other query parameters. */
export function Pagination({
  page,
  pageCount,
  search,
  label,
}: {
  page: number;
  pageCount: number;
  search: URLSearchParams;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(search);
    if (target <= 1) next.delete("page");
    else next.set("page", String(target));
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 border-t border-line px-5 py-3 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClasses("secondary", "sm")} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={buttonClasses("secondary", "sm")} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * The second step of a destructive action: reached by a plain link (?confirm=…), so it works without
 * JavaScript, and names exactly what will happen before the real button.
 */
export function ConfirmPanel({
  title,
  children,
  intent,
  confirmLabel,
  cancelTo,
  hidden = {},
}: {
  title: string;
  children: React.ReactNode;
  intent: string;
  confirmLabel: string;
  cancelTo: string;
  hidden?: Record<string, string>;
}) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      className="rounded-xl border border-red-200 bg-red-50 p-5"
    >
      <h2 id="confirm-title" className="font-semibold text-red-900">
        {title}
      </h2>
      <div id="confirm-body" className="mt-1 text-sm text-red-900/90">
        {children}
      </div>
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the panel exists only to take this decision */}
        <button type="submit" className={buttonClasses("danger", "md")} autoFocus>
          {confirmLabel}
        </button>
        <Link to={cancelTo} className={buttonClasses("secondary", "md")} preventScrollReset>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
