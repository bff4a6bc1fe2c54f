import { Link } from "@remix-run/react";
import { cn } from "~/lib/cn";

/** The mark: the letter ʿayn, the sound every learner of Arabic meets first. Decorative; the link carries the name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-primary-600 to-primary-800 text-white shadow-sm ring-1 ring-primary-900/10",
        className,
      )}
    >
      <span lang="ar" dir="rtl" className="-translate-y-[2px] font-arabic text-[1.45rem] leading-none font-bold">
        ع
      </span>
    </span>
  );
}

export function BrandLink({
  appName = "Ahla",
  to = "/",
  className,
}: {
  appName?: string;
  to?: string;
  className?: string;
}) {
  return (
    <Link to={to} className={cn("group inline-flex items-center gap-2.5 rounded-xl", className)}>
      <BrandMark />
      <span className="flex items-baseline gap-1.5">
        <span className="text-lg font-bold tracking-tight text-ink">{appName}</span>
        <span lang="ar" dir="rtl" className="text-base font-bold text-primary-700">
          أهلا
        </span>
      </span>
    </Link>
  );
}
