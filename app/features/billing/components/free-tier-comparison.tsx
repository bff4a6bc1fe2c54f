import { CheckIcon, SparkIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { FREE_TIER_COMPARISON } from "#core/free-tier";

/**
 * "Free account or subscription": what a free account gets and what a subscription adds, from the one
 * shared wording (core/free-tier.ts, docs/product-rules.md#free-and-paid). Shown with the plan cards on
 * /checkout and on the landing page.
 */
export function FreeTierComparison({ className, headingLevel = 2 }: { className?: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Item = headingLevel === 2 ? "h3" : "h4";
  const { title, lead, free, subscription } = FREE_TIER_COMPARISON;
  return (
    <section aria-labelledby="free-tier-heading" className={cn("mx-auto max-w-4xl", className)} data-testid="free-tier">
      <Heading id="free-tier-heading" className="text-center text-2xl font-bold tracking-tight text-ink">
        {title}
      </Heading>
      <p className="mt-2 text-center text-muted">{lead}</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <div className="rounded-xl border border-line bg-surface p-6 shadow-xs" data-testid="free-tier-free">
          <Item className="text-lg font-semibold text-ink">{free.title}</Item>
          <ul className="mt-4 space-y-3 text-sm">
            {free.includes.map((line) => (
              <li key={line} className="flex gap-3">
                <CheckIcon className="mt-0.5 size-[18px] shrink-0 text-primary-700" />
                <span className="text-ink/85">{line}</span>
              </li>
            ))}
          </ul>
        </div>
        <div
          className="rounded-xl border border-primary-200 bg-primary-50 p-6 shadow-xs"
          data-testid="free-tier-subscription"
        >
          <Item className="text-lg font-semibold text-ink">{subscription.title}</Item>
          <p className="mt-1 text-sm text-ink/75">{subscription.lead}</p>
          <ul className="mt-4 space-y-3 text-sm">
            {subscription.adds.map((line) => (
              <li key={line} className="flex gap-3">
                <SparkIcon className="mt-0.5 size-[18px] shrink-0 text-primary-800" />
                <span className="text-ink/85">{line}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
