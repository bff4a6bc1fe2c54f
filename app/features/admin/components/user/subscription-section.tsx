import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { formatDate, formatPrice } from "#core/format";
import type { AdminUserDetail } from "#server/services/admin-users";
import { Badge, SUBSCRIPTION_BADGES } from "../people/parts";

const dateOrDash = (value: Date | null | undefined) => (value ? formatDate(value) : "—");

/** The member's subscription, with the links to the billing panels (?do=…) that apply to it. */
export function SubscriptionSection({ user }: { user: AdminUserDetail }) {
  const subscription = user.subscription;
  const badge = subscription ? SUBSCRIPTION_BADGES[subscription.status] : undefined;
  return (
    <section aria-labelledby="subscription-heading" className="rounded-xl border border-line bg-surface p-5 shadow-sm">
      <h2 id="subscription-heading" className="text-lg font-semibold text-ink">
        Subscription
      </h2>
      {subscription && badge ? (
        <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">Status</dt>
          <dd className="flex flex-wrap gap-2">
            <Badge tone={badge.tone}>{badge.label}</Badge>
            {subscription.isComplimentary ? <Badge tone="info">Complimentary</Badge> : null}
          </dd>
          <dt className="text-muted">Plan</dt>
          <dd className="text-ink">
            {subscription.planTitle} · {formatPrice(subscription.priceCents, subscription.currency)} a{" "}
            {subscription.interval}
          </dd>
          <dt className="text-muted">
            {subscription.status === "expired"
              ? "Ended"
              : subscription.cancelAtPeriodEnd || subscription.status === "canceled"
                ? "Access until"
                : "Renews"}
          </dt>
          <dd className="text-ink">{formatDate(subscription.currentPeriodEnd, "long")}</dd>
          {subscription.trialEndsAt ? (
            <>
              <dt className="text-muted">Trial ends</dt>
              <dd className="text-ink">{dateOrDash(subscription.trialEndsAt)}</dd>
            </>
          ) : null}
          <dt className="text-muted">Provider</dt>
          <dd className="text-ink">
            {subscription.isComplimentary
              ? "Given by the team (no charge)"
              : subscription.provider === "stripe"
                ? "Stripe"
                : "Local test checkout"}
          </dd>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-muted">Free account: no subscription yet.</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {user.subscriptionIsLive && subscription ? (
          <>
            <Link to="?do=extend" className={buttonClasses("secondary", "sm")} preventScrollReset>
              Extend
            </Link>
            <Link to="?do=switch-plan" className={buttonClasses("secondary", "sm")} preventScrollReset>
              Switch plan
            </Link>
            {subscription.cancelAtPeriodEnd ? (
              <Link to="?do=resume" className={buttonClasses("secondary", "sm")} preventScrollReset>
                Resume
              </Link>
            ) : null}
            <Link to="?do=cancel" className={buttonClasses("danger", "sm")} preventScrollReset>
              Cancel subscription
            </Link>
          </>
        ) : (
          <Link to="?do=comp" className={buttonClasses("primary", "sm")} preventScrollReset>
            Give a plan free
          </Link>
        )}
      </div>
    </section>
  );
}
