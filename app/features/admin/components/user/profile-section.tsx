import { formatDate, isLevel, LEVEL_LABELS } from "#core/format";
import type { AdminUserDetail } from "#server/services/admin-users";

export function ProfileSection({ user }: { user: AdminUserDetail }) {
  return (
    <section aria-labelledby="profile-heading" className="rounded-xl border border-line bg-surface p-5 shadow-sm">
      <h2 id="profile-heading" className="text-lg font-semibold text-ink">
        Profile
      </h2>
      <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Member id</dt>
        <dd className="text-ink tabular-nums">{user.id}</dd>
        <dt className="text-muted">Joined</dt>
        <dd className="text-ink">{formatDate(user.createdAt, "long")}</dd>
        <dt className="text-muted">Level</dt>
        <dd className="text-ink">{user.level && isLevel(user.level) ? LEVEL_LABELS[user.level] : "Not set"}</dd>
        <dt className="text-muted">Email</dt>
        <dd className="text-ink">
          {user.emailVerifiedAt ? `Verified ${formatDate(user.emailVerifiedAt)}` : "Not verified"}
        </dd>
        {user.pendingEmail ? (
          <>
            <dt className="text-muted">Changing to</dt>
            <dd className="break-all text-ink">{user.pendingEmail} (waiting for the member to confirm)</dd>
          </>
        ) : null}
        <dt className="text-muted">Signs in with</dt>
        <dd className="text-ink">
          {[user.hasPassword ? "Password" : null, user.signsInWithGoogle ? "Google" : null]
            .filter(Boolean)
            .join(" and ") || "No sign-in method"}
        </dd>
        <dt className="text-muted">Account</dt>
        <dd className="text-ink">{user.disabledAt ? `Disabled ${formatDate(user.disabledAt)}` : "Can sign in"}</dd>
      </dl>
    </section>
  );
}
