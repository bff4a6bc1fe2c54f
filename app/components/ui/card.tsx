import { cn } from "~/lib/cn";

/** Cards are fully rounded (xl): docs/product-rules.md#constants. */
export function Card({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-xl border border-line bg-surface shadow-sm", className)} {...props} />;
}
