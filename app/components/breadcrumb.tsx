import { Link } from "@remix-run/react";
import { ChevronDownIcon } from "~/components/icons";

export interface Crumb {
  label: string;
  /** Omitted for a section that has no page of its own (an admin group) and for the page itself. */
  to?: string;
}

/** Where a page sits: every crumb before the last, then the page itself (the last crumb, aria-current). */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-muted">
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="flex min-w-0 items-center gap-1.5">
              {index > 0 ? <ChevronDownIcon className="size-3.5 shrink-0 -rotate-90 rtl:rotate-90" /> : null}
              {item.to && !current ? (
                <Link to={item.to} className="font-medium text-primary-700 hover:underline">
                  {item.label}
                </Link>
              ) : current ? (
                <span aria-current="page" className="truncate font-medium text-ink">
                  {item.label}
                </span>
              ) : (
                <span>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
