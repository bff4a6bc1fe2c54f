import type { AuditChangeLine, AuditValue } from "#server/services/audit-log-query";
import { cn } from "~/lib/cn";

/** Fields shown before the rest fold into "N more fields". */
const VISIBLE_FIELDS = 4;

function Value({ value, side }: { value: AuditValue; side: "before" | "after" }) {
  if (value.kind === "empty") {
    return (
      <span className="text-muted">
        <span aria-hidden="true">—</span>
        <span className="sr-only">empty</span>
      </span>
    );
  }
  if (value.kind === "hidden") {
    return (
      <span className="rounded bg-canvas px-1 text-muted italic ring-1 ring-line ring-inset">
        hidden<span className="sr-only"> value</span>
      </span>
    );
  }
  return (
    <span
      dir="auto"
      className={cn(
        "rounded px-1 whitespace-pre-wrap [overflow-wrap:anywhere]",
        side === "before" ? "bg-canvas text-ink/75" : "bg-primary-50 text-primary-900",
      )}
    >
      {value.text}
    </span>
  );
}

function Change({ change }: { change: AuditChangeLine }) {
  const { before, after } = change;
  return (
    <div className="min-w-0">
      <dt className="font-mono text-xs break-all text-muted">{change.field}</dt>
      <dd className="mt-0.5 flex min-w-0 flex-wrap items-baseline gap-x-1.5 gap-y-0.5 text-sm text-ink">
        {before && after ? (
          <>
            <Value value={before} side="before" />
            <span className="flex min-w-0 items-baseline gap-1.5">
              <span aria-hidden="true" className="text-muted">
                →
              </span>
              <span className="sr-only">changed to</span>
              <Value value={after} side="after" />
            </span>
          </>
        ) : after ? (
          <Value value={after} side="after" />
        ) : before ? (
          <>
            <span className="text-xs text-muted">was</span>
            <Value value={before} side="before" />
          </>
        ) : (
          <span className="text-muted">changed</span>
        )}
      </dd>
    </div>
  );
}

/** What a row changed: each field's value before → after; secret values show as "hidden". */
export function ChangeList({ changes }: { changes: readonly AuditChangeLine[] }) {
  if (changes.length === 0) return <p className="text-sm text-muted">No field changes recorded.</p>;
  const shown = changes.slice(0, VISIBLE_FIELDS);
  const folded = changes.slice(VISIBLE_FIELDS);
  return (
    <div className="space-y-2">
      <dl className="space-y-2">
        {shown.map((change) => (
          <Change key={change.field} change={change} />
        ))}
      </dl>
      {folded.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-primary-800 hover:underline">
            {folded.length === 1 ? "1 more field" : `${folded.length} more fields`}
          </summary>
          <dl className="mt-2 space-y-2">
            {folded.map((change) => (
              <Change key={change.field} change={change} />
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
