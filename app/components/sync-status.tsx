import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { setOutboxOwner } from "~/lib/outbox";
import { useSyncStatus, type SyncStatus } from "~/lib/sync";
import { useRootData } from "~/root";

function label({ state, waiting }: SyncStatus): string {
  const count = `${waiting} waiting`;
  switch (state) {
    case "offline":
      return waiting > 0 ? `Offline · ${count}` : "Offline";
    case "syncing":
      return "Syncing…";
    case "failed":
      return `Not synced · ${count}`;
    case "waiting":
      return count;
    case "synced":
      return "Synced";
  }
}

/**
 * What this device has not sent yet (docs/offline.md "Sync"): "Synced", "n waiting", "Offline · n waiting" (on a
 * phone a coloured dot and the count). Only once the scripts run (before that nothing is known), and announced
 * politely when it changes.
 */
export function SyncStatusBadge() {
  // Before any page below it runs an effect: the outbox it writes to is this member's.
  setOutboxOwner(useRootData()?.user?.id ?? null);
  const hydrated = useHydrated();
  const status = useSyncStatus();
  if (!hydrated) return null;
  const quiet = status.state === "synced";
  const warn = status.state === "offline" || status.state === "failed";
  return (
    <p
      role="status"
      data-testid="sync-status"
      data-state={status.state}
      data-waiting={status.waiting}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap",
        quiet ? "text-muted" : warn ? "bg-amber-50 text-amber-950" : "bg-sky-50 text-sky-950",
      )}
    >
      <span
        aria-hidden="true"
        className={cn("size-2 rounded-full", quiet ? "bg-primary-600" : warn ? "bg-amber-600" : "bg-sky-600")}
      />
      {/* On a phone the header has no room for words: the dot and the count, the words for screen readers. */}
      <span className="max-sm:sr-only">{label(status)}</span>
      {status.waiting > 0 ? (
        <span aria-hidden="true" className="tabular-nums sm:hidden">
          {status.waiting}
        </span>
      ) : null}
    </p>
  );
}
