import { Link } from "@remix-run/react";
import { ArrowRightIcon, PlayIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { describeRenewal, StatusBadge, type PlanSummary, type SubscriptionStatusName } from "./subscription-status";

/** Where the checkout came from (server/services/billing/checkout-return.ts), as its pages receive it. */
export interface ReturnTo {
  path: string;
  lesson: { id: number; title: string; titleAr: string; isFree: boolean } | null;
}

/** The member's subscription as the checkout pages tell it back to them. */
export interface CurrentSubscription {
  id: number;
  provider: "local" | "stripe";
  status: SubscriptionStatusName;
  plan: PlanSummary;
  pendingPlan: PlanSummary | null;
  currentPeriodEnd: Date;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  isComplimentary: boolean;
}

/** A checkout page's address with the return path, for links between the checkout's steps. */
export function checkoutHref(path: string, returnTo: ReturnTo | null): string {
  return returnTo ? `${path}?redirect=${encodeURIComponent(returnTo.path)}` : path;
}

/** "Back to Wedding Traditions in Jordan", or, for a page that is not a lesson, "Continue where you left off". */
export function returnLabel(returnTo: ReturnTo): string {
  return returnTo.lesson ? `Back to ${returnTo.lesson.title}` : "Continue where you left off";
}

/** The one clear way back to the page the checkout came from. */
export function ReturnLink({
  returnTo,
  variant = "primary",
  size = "lg",
  className,
}: {
  returnTo: ReturnTo;
  variant?: "primary" | "secondary" | "accent";
  size?: "md" | "lg";
  className?: string;
}) {
  return (
    <Link to={returnTo.path} className={buttonClasses(variant, size, className)} data-testid="checkout-return">
      {returnTo.lesson ? <PlayIcon className="size-5 shrink-0" /> : null}
      <span className="min-w-0 truncate">{returnLabel(returnTo)}</span>
      {returnTo.lesson ? null : <ArrowRightIcon className="size-5 shrink-0" />}
    </Link>
  );
}

/** The lesson's Arabic title under its English one (in the checkout's heading). */
export function LessonArabicTitle({ lesson, className }: { lesson: ReturnTo["lesson"]; className?: string }) {
  if (!lesson?.titleAr) return null;
  return (
    <span lang="ar" dir="rtl" className={cn("font-arabic block", className)}>
      {lesson.titleAr}
    </span>
  );
}

/** "You are subscribed to Annual": the plan, its state and the date it renews or ends, in one card. */
export function SubscribedSummary({
  subscription,
  className,
  children,
}: {
  subscription: CurrentSubscription;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby="subscribed-heading"
      data-testid="subscribed-summary"
      className={cn("rounded-xl border border-primary-200 bg-primary-50 p-5 sm:p-6", className)}
    >
      <h2 id="subscribed-heading" className="flex flex-wrap items-center gap-2 font-semibold text-primary-900">
        You are subscribed to {subscription.plan.title} <StatusBadge status={subscription.status} />
      </h2>
      <p className="mt-1 text-sm text-primary-900/85">{describeRenewal(subscription)}</p>
      {subscription.pendingPlan && subscription.pendingPlan.name !== subscription.plan.name ? (
        <p className="mt-1 text-sm text-primary-900/85">
          You move to {subscription.pendingPlan.title} at that renewal.
        </p>
      ) : null}
      {children}
    </section>
  );
}
