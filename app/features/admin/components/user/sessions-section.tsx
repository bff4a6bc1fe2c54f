import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { formatDate } from "#core/format";
import type { AdminUserDetail } from "#server/services/admin-users";

function describeDevice(userAgent: string | null) {
  if (!userAgent) return "Unknown device";
  const browser = /Firefox\//.test(userAgent)
    ? "Firefox"
    : /Edg\//.test(userAgent)
      ? "Edge"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return browser && system ? `${browser} on ${system}` : (browser ?? system ?? userAgent.slice(0, 60));
}

/** Where the member is signed in, with the link that ends every session (?confirm=end-sessions). */
export function SessionsSection({ user }: { user: AdminUserDetail }) {
  return (
    <section aria-labelledby="sessions-heading" className="mt-6 rounded-xl border border-line bg-surface shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4">
        <h2 id="sessions-heading" className="text-lg font-semibold text-ink">
          Active sessions ({user.sessions.length})
        </h2>
        {user.sessions.length > 0 ? (
          <Link to="?confirm=end-sessions" className={buttonClasses("secondary", "sm")} preventScrollReset>
            End all sessions
          </Link>
        ) : null}
      </div>
      {user.sessions.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                  Device
                </th>
                <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                  Signed in
                </th>
                <th scope="col" className="px-5 py-2.5 text-start font-semibold max-sm:hidden">
                  IP address
                </th>
                <th scope="col" className="px-5 py-2.5 text-start font-semibold max-sm:hidden">
                  Expires
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {user.sessions.map((session) => (
                <tr key={session.id}>
                  <td className="px-5 py-3 text-ink">{describeDevice(session.userAgent)}</td>
                  <td className="px-5 py-3 whitespace-nowrap text-ink/80">{formatDate(session.createdAt)}</td>
                  <td className="px-5 py-3 text-ink/80 max-sm:hidden">{session.ipAddress ?? "—"}</td>
                  <td className="px-5 py-3 whitespace-nowrap text-ink/80 max-sm:hidden">
                    {formatDate(session.expiresAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="px-5 py-6 text-sm text-muted">Not signed in anywhere.</p>
      )}
    </section>
  );
}
