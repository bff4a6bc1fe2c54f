import { cn } from "~/lib/cn";

/** A thin bar with its figure for screen readers; decorative width only, the label carries the meaning. */
export function ProgressBar({
  percent,
  label,
  className = "w-full",
  tone = "primary",
}: {
  percent: number;
  label: string;
  className?: string;
  tone?: "primary" | "light";
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn(
        "h-1.5 overflow-hidden rounded-full",
        tone === "light" ? "bg-white/30" : "bg-primary-100",
        className,
      )}
    >
      <div
        className={cn(
          "h-full rounded-full transition-[width] duration-500",
          tone === "light" ? "bg-white" : value === 100 ? "bg-primary-600" : "bg-accent-500",
        )}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
