import { Link } from "@remix-run/react";
import { ClockIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export interface HistoryTarget {
  /** The admin resource slug or kind of record (`videos`, `plans`, `users`…). */
  resource: string;
  /** The record's id as the log stores it ("12", or "12-3" for a composite key). */
  recordId?: string | number | null;
  /** A member: their whole history (what was done about them), whatever the resource. */
  subjectUserId?: number | null;
}

/** The audit log filtered to one member (`?subject=`) or one record (`?resource=…&record=…`). */
export function auditHistoryHref({ resource, recordId, subjectUserId }: HistoryTarget): string {
  const params = new URLSearchParams();
  if (subjectUserId !== null && subjectUserId !== undefined) {
    params.set("subject", String(subjectUserId));
  } else {
    params.set("resource", resource);
    if (recordId !== null && recordId !== undefined && String(recordId) !== "") params.set("record", String(recordId));
  }
  return `/admin/audit-log?${params.toString()}`;
}

/** A small secondary link to a record's (or a member's) history in the audit log, for edit pages. */
export function HistoryLink({ className, ...target }: HistoryTarget & { className?: string }) {
  const about = target.subjectUserId !== null && target.subjectUserId !== undefined ? "this member" : "this record";
  return (
    <Link to={auditHistoryHref(target)} className={buttonClasses("secondary", "sm", cn("shrink-0", className))}>
      <ClockIcon className="size-4" />
      History<span className="sr-only"> of {about}</span>
    </Link>
  );
}
