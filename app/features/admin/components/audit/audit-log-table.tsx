import { Link } from "@remix-run/react";
import type { AuditLogRow } from "#server/services/audit-log-query";
import { Badge, type BadgeTone } from "../people/parts";
import { ChangeList } from "./change-list";
import { auditHistoryHref } from "./history-link";

/** Rows as the loader sends them (dates may arrive as strings). */
export type AuditLogTableRow = Omit<AuditLogRow, "createdAt"> & { createdAt: Date | string };

const ACTIONS: Record<string, { label: string; tone: BadgeTone }> = {
  create: { label: "Created", tone: "success" },
  update: { label: "Updated", tone: "info" },
  delete: { label: "Deleted", tone: "danger" },
  "subscription.comp": { label: "Comped subscription", tone: "warning" },
  "subscription.extend": { label: "Extended subscription", tone: "warning" },
  "subscription.switch-plan": { label: "Switched plan", tone: "warning" },
  "subscription.cancel": { label: "Canceled at period end", tone: "danger" },
  "subscription.cancel-now": { label: "Canceled now", tone: "danger" },
  "subscription.resume": { label: "Resumed subscription", tone: "success" },
  "invoice.refund": { label: "Refunded payment", tone: "danger" },
  "user.create": { label: "Created member", tone: "success" },
  "user.update": { label: "Updated member", tone: "info" },
  "user.disable": { label: "Disabled member", tone: "danger" },
  "user.enable": { label: "Enabled member", tone: "success" },
  "user.delete": { label: "Deleted member", tone: "danger" },
  "user.end-sessions": { label: "Ended sessions", tone: "warning" },
  "user.password-reset-sent": { label: "Sent password reset", tone: "neutral" },
  "user.email-change-requested": { label: "Requested email change", tone: "neutral" },
  "user.export": { label: "Exported data", tone: "neutral" },
  "permission.grant": { label: "Granted permission", tone: "warning" },
  "permission.revoke": { label: "Revoked permission", tone: "neutral" },
};

/** "report.send-now" → "Report send now" for actions without a label of their own. */
function actionBadge(action: string): { label: string; tone: BadgeTone } {
  const known = ACTIONS[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, " ").trim();
  return { label: words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : action, tone: "neutral" };
}

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function Who({ actor }: { actor: AuditLogRow["actor"] }) {
  if (!actor) return <p className="font-medium text-muted">System</p>;
  if (actor.deleted) return <p className="font-medium text-muted italic">Deleted member</p>;
  return (
    <>
      <Link to={`/admin/users/${actor.id}`} className="font-semibold text-primary-800 hover:underline">
        {actor.name}
      </Link>
      {actor.email ? <p className="break-all text-muted">{actor.email}</p> : null}
    </>
  );
}

function RecordCell({ row, focused }: { row: AuditLogTableRow; focused: boolean }) {
  const reference = row.recordId ? `${row.resourceLabel} #${row.recordId}` : row.resourceLabel;
  const title = row.recordLabel || reference;
  return (
    <>
      {row.recordHref ? (
        <Link to={row.recordHref} className="font-semibold [overflow-wrap:anywhere] text-primary-800 hover:underline">
          <span dir="auto">{title}</span>
        </Link>
      ) : (
        <p className="font-medium [overflow-wrap:anywhere] text-ink">
          <span dir="auto">{title}</span>
        </p>
      )}
      {row.recordLabel ? <p className="text-muted">{reference}</p> : null}
      {row.subject && row.resource !== "users" ? (
        <p className="text-muted">
          Member:{" "}
          {row.subject.deleted ? (
            <span className="italic">Deleted member</span>
          ) : (
            <Link to={`/admin/users/${row.subject.id}`} className="text-primary-800 hover:underline" dir="auto">
              {row.subject.name}
            </Link>
          )}
        </p>
      ) : null}
      {row.recordId && !focused ? (
        <Link
          to={auditHistoryHref({ resource: row.resource, recordId: row.recordId })}
          className="mt-1 inline-block text-xs font-medium text-primary-800 hover:underline"
        >
          History<span className="sr-only"> of {title}</span>
        </Link>
      ) : null}
    </>
  );
}

/** The log's rows, newest first: when, who, what, on which record and what changed. */
export function AuditLogTable({
  rows,
  caption,
  focusedRecord,
}: {
  rows: readonly AuditLogTableRow[];
  caption: string;
  /** The record the page is filtered to: its rows need no "History" link. */
  focusedRecord?: { resource: string; recordId: string } | null;
}) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[52rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
            <th scope="col" className="px-5 py-2.5 text-start font-semibold">
              When <span className="normal-case">(UTC)</span>
            </th>
            <th scope="col" className="px-5 py-2.5 text-start font-semibold">
              Who
            </th>
            <th scope="col" className="px-5 py-2.5 text-start font-semibold">
              Action
            </th>
            <th scope="col" className="px-5 py-2.5 text-start font-semibold">
              Record
            </th>
            <th scope="col" className="px-5 py-2.5 text-start font-semibold">
              Changes
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => {
            const badge = actionBadge(row.action);
            const createdAt = new Date(row.createdAt);
            const focused =
              Boolean(focusedRecord) &&
              focusedRecord?.resource === row.resource &&
              focusedRecord.recordId === row.recordId;
            return (
              <tr key={row.id} className="align-top hover:bg-canvas/60">
                <td className="px-5 py-3 whitespace-nowrap text-ink/80">
                  <time dateTime={createdAt.toISOString()}>{when.format(createdAt)}</time>
                </td>
                <td className="max-w-64 min-w-48 px-5 py-3">
                  <Who actor={row.actor} />
                </td>
                <td className="px-5 py-3">
                  <span title={row.action}>
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </span>
                </td>
                <td className="max-w-64 min-w-44 px-5 py-3">
                  <RecordCell row={row} focused={focused} />
                </td>
                <td className="min-w-64 px-5 py-3">
                  <ChangeList changes={row.changes} />
                  {row.reason ? (
                    <p className="mt-2 text-sm text-ink/80">
                      <span className="font-medium text-ink">Reason:</span>{" "}
                      <span dir="auto" className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                        {row.reason}
                      </span>
                    </p>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
