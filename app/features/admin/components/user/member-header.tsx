import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import type { AdminUserDetail } from "#server/services/admin-users";
import { HistoryLink } from "../audit/history-link";
import { Badge } from "../people/parts";

/** The member's name, badges and email, with the links to edit the profile and to read its history. */
export function MemberHeader({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  return (
    <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight text-ink">
          {user.name}
          {user.disabledAt ? <Badge tone="danger">Disabled</Badge> : null}
          {isSelf ? <Badge tone="info">You</Badge> : null}
        </h1>
        <p className="mt-1 break-all text-muted">{user.email}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="?do=edit" className={buttonClasses("secondary", "sm")} preventScrollReset>
          Edit profile
        </Link>
        <HistoryLink resource="users" subjectUserId={user.id} />
      </div>
    </div>
  );
}
