import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { useCloseOnNavigation } from "~/lib/use-close-on-navigation";
import { CloseIcon, MenuIcon } from "./icons";

/**
 * The phone menu: a native <details> disclosure, so it opens from the first paint, before the scripts
 * arrive and without JavaScript. With JavaScript it also closes after navigating and on Escape; hydrating
 * leaves a menu opened before it open (docs/architecture.md#no-dead-taps).
 */
export function MobileNavDisclosure({
  label = "Menu",
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);

  // Opened before the scripts arrived: the toggle event has passed, so read the element once.
  useEffect(() => {
    if (ref.current?.open) setOpen(true);
  }, []);

  useCloseOnNavigation(ref);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !ref.current) return;
      ref.current.open = false;
      ref.current.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <details ref={ref} className={cn("group", className)} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex size-10 cursor-pointer list-none items-center justify-center rounded-xl text-ink hover:bg-primary-50 [&::-webkit-details-marker]:hidden">
        <MenuIcon className="size-6 group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
        <span className="sr-only">{label}</span>
      </summary>
      <div className="absolute inset-x-0 top-full z-overlay border-b border-line bg-surface px-4 pt-3 pb-5 shadow-lg shadow-ink/5">
        {children}
      </div>
    </details>
  );
}
