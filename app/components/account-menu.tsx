import { Form, Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS } from "~/lib/constants";
import { CardIcon, ChartIcon, ChevronDownIcon, LogoutIcon, SettingsIcon, ShieldIcon, UserIcon } from "./icons";

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
 * The account disclosure menu. A mouse hovering opens it after MENU_OPEN_DELAY_MS and leaving
 * closes it after MENU_CLOSE_DELAY_MS (docs/product-rules.md#constants); click, Enter and Space toggle it at once, and
 * Escape closes it and returns focus to the button. Links, not role="menu": it is navigation.
 */
export function AccountMenu({ user }: { user: AccountMenuUser }) {
  const [open, setOpen] = useState(false);
  const openTimer = useRef<ReturnType<typeof setTimeout>>();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  // A menu opened by hovering stays open on the click that usually follows, instead of flickering shut.
  const openedByHover = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const status = user.subscriptionStatus ? STATUS_LABELS[user.subscriptionStatus] : undefined;

  const clearTimers = useCallback(() => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  }, []);

  const close = useCallback(
    (returnFocus = false) => {
      clearTimers();
      openedByHover.current = false;
      setOpen(false);
      if (returnFocus) buttonRef.current?.focus();
    },
    [clearTimers],
  );

  useEffect(() => () => clearTimers(), [clearTimers]);

  // Following a link from the menu closes it (state adjusted during render, as React recommends).
  const [renderedLocationKey, setRenderedLocationKey] = useState(location.key);
  if (renderedLocationKey !== location.key) {
    setRenderedLocationKey(location.key);
    setOpen(false);
  }

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
      setOpen(true);
    }, MENU_OPEN_DELAY_MS);
  };

  const onPointerLeave = (event: React.PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(openTimer.current);
    if (!open) return;
    closeTimer.current = setTimeout(() => close(), MENU_CLOSE_DELAY_MS);
  };

  const onButtonClick = () => {
    clearTimers();
    if (open && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    openedByHover.current = false;
    setOpen((value) => !value);
  };

  const onButtonKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      clearTimers();
      setOpen(true);
      requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>("[data-menu-item]")?.focus());
    }
  };

  const onBlur = (event: React.FocusEvent) => {
    if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close();
  };

  const itemClass =
    "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium text-ink hover:bg-primary-50 focus-visible:bg-primary-50";

  return (
    <div
      ref={rootRef}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-2 rounded-full py-1 ps-1 pe-2 text-ink hover:bg-primary-50 aria-expanded:bg-primary-50"
      >
        <Avatar name={user.name} />
        <span className="sr-only">Account menu for {user.name}</span>
        <ChevronDownIcon className={cn("size-4 text-muted transition-transform", open && "rotate-180")} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute end-0 top-full z-overlay mt-2 w-72 rounded-xl border border-line bg-surface p-2 shadow-xl shadow-ink/10"
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
    </div>
  );
}
