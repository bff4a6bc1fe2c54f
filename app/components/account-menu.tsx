import { Form, Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS } from "~/lib/constants";
import { useCloseOnNavigation } from "~/lib/use-close-on-navigation";
import {
  CardIcon,
  ChartIcon,
  ChevronDownIcon,
  DownloadIcon,
  LogoutIcon,
  SettingsIcon,
  ShieldIcon,
  UserIcon,
} from "./icons";

export interface AccountMenuUser {
  name: string;
  email: string;
  /** Decided on the server (the root loader asks the viewer); here it only shows or hides the link. */
  isAdmin: boolean;
  subscriptionStatus: string | null;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join("").toUpperCase() || "?";
}

export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-100 text-sm font-semibold text-accent-700 ring-2 ring-white",
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}

const STATUS_LABELS: Record<string, { label: string; className: string }> = {
  active: { label: "Subscribed", className: "bg-primary-50 text-primary-800" },
  trialing: { label: "Free trial", className: "bg-primary-50 text-primary-800" },
  past_due: { label: "Payment due", className: "bg-accent-50 text-accent-700" },
  canceled: { label: "Canceled", className: "bg-canvas text-muted" },
  expired: { label: "Expired", className: "bg-canvas text-muted" },
};

/**
 * The account disclosure menu: a native <details>, so the avatar opens it from the first paint, before the
 * scripts arrive (ADR 023) and without JavaScript at all, and "Log out" is a plain POST form
 * (docs/architecture.md#no-dead-taps). Once hydrated, a mouse hovering opens it after MENU_OPEN_DELAY_MS and
 * leaving closes it after MENU_CLOSE_DELAY_MS (docs/product-rules.md#constants); click, Enter and Space toggle
 * it at once; Escape closes it and returns focus to the avatar; a tap elsewhere, moving focus out or following
 * a link closes it. Links, not role="menu": it is navigation.
 */
export function AccountMenu({ user }: { user: AccountMenuUser }) {
  const [open, setOpen] = useState(false);
  const openTimer = useRef<ReturnType<typeof setTimeout>>();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  // A menu opened by hovering stays open on the click that usually follows, instead of flickering shut.
  const openedByHover = useRef(false);
  const rootRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const panelId = useId();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const status = user.subscriptionStatus ? STATUS_LABELS[user.subscriptionStatus] : undefined;

  // The element is the state: React only follows it (onToggle), so a menu opened before hydration stays open.
  const setDetailsOpen = useCallback((value: boolean) => {
    if (rootRef.current) rootRef.current.open = value;
  }, []);

  const clearTimers = useCallback(() => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  }, []);

  const close = useCallback(
    (returnFocus = false) => {
      clearTimers();
      openedByHover.current = false;
      setDetailsOpen(false);
      if (returnFocus) summaryRef.current?.focus();
    },
    [clearTimers, setDetailsOpen],
  );

  useEffect(() => () => clearTimers(), [clearTimers]);

  // Opened before the scripts arrived: the toggle event has passed, so read the element once.
  useEffect(() => {
    if (rootRef.current?.open) setOpen(true);
  }, []);

  useCloseOnNavigation(rootRef);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, close]);

  const onPointerEnter = (event: React.PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(closeTimer.current);
    if (open) return;
    openTimer.current = setTimeout(() => {
      openedByHover.current = true;
      setDetailsOpen(true);
    }, MENU_OPEN_DELAY_MS);
  };

  const onPointerLeave = (event: React.PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(openTimer.current);
    if (!open) return;
    closeTimer.current = setTimeout(() => close(), MENU_CLOSE_DELAY_MS);
  };

  // The summary's own click toggles the element; only the click right after a hover-open is held back.
  const onSummaryClick = (event: React.MouseEvent) => {
    clearTimers();
    if (open && openedByHover.current) event.preventDefault();
    openedByHover.current = false;
  };

  const onSummaryKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      clearTimers();
      setDetailsOpen(true);
      requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>("[data-menu-item]")?.focus());
    }
  };

  const onBlur = (event: React.FocusEvent) => {
    if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close();
  };

  const itemClass =
    "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium text-ink hover:bg-primary-50 focus-visible:bg-primary-50";

  return (
    <details
      ref={rootRef}
      className="group/account relative"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={onBlur}
    >
      <summary
        ref={summaryRef}
        aria-controls={panelId}
        onClick={onSummaryClick}
        onKeyDown={onSummaryKeyDown}
        className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full py-1 ps-1 pe-2 text-ink group-open/account:bg-primary-50 hover:bg-primary-50 [&::-webkit-details-marker]:hidden"
      >
        <Avatar name={user.name} />
        <span className="sr-only">Account menu for {user.name}</span>
        <ChevronDownIcon className="size-4 text-muted transition-transform group-open/account:rotate-180" />
      </summary>
      <div
        id={panelId}
        className="absolute end-0 top-full z-overlay mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-surface p-2 shadow-xl shadow-ink/10"
      >
        <div className="flex items-center gap-3 border-b border-line px-3 pt-2 pb-3">
          <Avatar name={user.name} className="size-10" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-ink">{user.name}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
            {status ? (
              <span className={cn("mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium", status.className)}>
                {status.label}
              </span>
            ) : null}
          </div>
        </div>
        <ul className="space-y-0.5 py-2">
          <li>
            <Link data-menu-item to="/profile" className={itemClass}>
              <UserIcon className="size-[18px] text-muted" /> Profile
            </Link>
          </li>
          <li>
            <Link data-menu-item to="/progress" className={itemClass}>
              <ChartIcon className="size-[18px] text-muted" /> Progress
            </Link>
            <Link data-menu-item to="/downloads" className={itemClass}>
              <DownloadIcon className="size-[18px] text-muted" /> Downloads
            </Link>
          </li>
          <li>
            <Link data-menu-item to="/settings" className={itemClass}>
              <SettingsIcon className="size-[18px] text-muted" /> Settings
            </Link>
          </li>
          <li>
            <Link data-menu-item to="/manage-subscription" className={itemClass}>
              <CardIcon className="size-[18px] text-muted" /> Manage subscription
            </Link>
          </li>
          {user.isAdmin ? (
            <li>
              <Link data-menu-item to="/admin" className={itemClass}>
                <ShieldIcon className="size-[18px] text-muted" /> Admin
              </Link>
            </li>
          ) : null}
        </ul>
        <Form method="post" action="/auth/logout" className="border-t border-line pt-2">
          <input type="hidden" name="redirect" value={returnTo} />
          <button data-menu-item type="submit" className={itemClass}>
            <LogoutIcon className="size-[18px] text-muted" /> Log out
          </button>
        </Form>
      </div>
    </details>
  );
}
