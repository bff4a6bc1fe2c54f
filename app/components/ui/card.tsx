import { cn } from "~/lib/cn";

/** Cards are fully rounded (xl) per SPEC §9. */
export function Card({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-xl border border-line bg-surface shadow-sm", className)} {...props} />;
}
