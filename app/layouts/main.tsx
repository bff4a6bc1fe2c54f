import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLocation } from "@remix-run/react";
import { AccountMenu } from "~/components/account-menu";
import { BrandLink } from "~/components/brand";
import {
  BookIcon,
  BookmarkIcon,
  CardsIcon,
  ChatIcon,
  GridIcon,
  HeadphonesIcon,
  ListIcon,
  PlayIcon,
  SparkIcon,
} from "~/components/icons";
import { MobileNavDisclosure } from "~/components/mobile-nav";
import { SyncStatusBadge } from "~/components/sync-status";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { isInSection, LEARNING_SECTIONS, type LearningSection } from "./learning-sections";
import { pageTitle, rootAppName } from "~/lib/meta";
import { useRootData } from "~/root";
import { SkipLink } from "~/components/skip-link";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

const SECTION_ICONS: Record<LearningSection["icon"], (props: { className?: string }) => React.ReactNode> = {
  grid: GridIcon,
  book: BookIcon,
  play: PlayIcon,
  list: ListIcon,
  bookmark: BookmarkIcon,
  cards: CardsIcon,
  headphones: HeadphonesIcon,
  chat: ChatIcon,
};

function SectionLinks({ variant }: { variant: "bar" | "row" | "stack" }) {
  const { pathname } = useLocation();
  return (
    <ul
      className={cn(
        variant === "bar" && "flex items-center gap-0.5",
        variant === "row" && "-mx-1 flex items-center gap-1 overflow-x-auto pb-2 [scrollbar-width:none]",
        variant === "stack" && "grid grid-cols-2 gap-1",
      )}
    >
      {LEARNING_SECTIONS.map((section) => {
        const active = isInSection(section, pathname);
        const Icon = SECTION_ICONS[section.icon];
        return (
          <li key={section.to} className="shrink-0">
            <Link
              to={section.to}
              aria-current={active ? (pathname === section.to ? "page" : "true") : undefined}
              className={cn(
                "flex items-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors",
                variant === "stack" ? "px-3 py-2.5 text-[15px]" : "px-3 py-2 text-sm",
                active ? "bg-primary-50 text-primary-800" : "text-muted hover:bg-primary-50/70 hover:text-ink",
              )}
            >
              {variant === "stack" ? (
                <Icon className={cn("size-5", active ? "text-primary-700" : "text-muted")} />
              ) : null}
              {section.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function LearningHeader() {
  const root = useRootData();
  const user = root?.user ?? null;
  const needsPlan = Boolean(user && !user.hasSubscriptionAccess);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <BrandLink appName={root?.appName} to={user ? "/video-library" : "/"} />
        <nav aria-label="Learning sections" className="ms-4 hidden xl:block">
          <SectionLinks variant="bar" />
        </nav>
        <div className="ms-auto flex items-center gap-2">
          {user ? (
            <>
              {needsPlan ? (
                <Link to="/checkout" className={buttonClasses("accent", "sm", "max-sm:hidden")}>
                  <SparkIcon className="size-4" /> Unlock all lessons
                </Link>
              ) : null}
              <SyncStatusBadge />
              <AccountMenu user={user} />
            </>
          ) : (
            <>
              <Link to="/auth/login" className={buttonClasses("ghost", "sm")}>
                Sign in
              </Link>
              <Link to="/auth/signup" className={buttonClasses("primary", "sm", "max-sm:hidden")}>
                Start free
              </Link>
            </>
          )}
          <MobileNavDisclosure label="Learning sections" className="md:hidden">
            <nav aria-label="Learning sections">
              <SectionLinks variant="stack" />
            </nav>
            {user && needsPlan ? (
              <Link to="/checkout" className={buttonClasses("accent", "md", "mt-4 w-full")}>
                <SparkIcon className="size-4" /> Unlock all lessons
              </Link>
            ) : null}
            {!user ? (
              <Link to="/auth/signup" className={buttonClasses("primary", "md", "mt-4 w-full")}>
                Start free
              </Link>
            ) : null}
          </MobileNavDisclosure>
        </div>
      </div>
      <nav aria-label="Learning sections" className="mx-auto hidden max-w-7xl px-4 sm:px-6 md:block xl:hidden">
        <SectionLinks variant="row" />
      </nav>
    </header>
  );
}

function LearningFooter() {
  const root = useRootData();
  return (
    <footer className="border-t border-line">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getUTCFullYear()} {root?.appName ?? "Ahla"} ·{" "}
          <span lang="ar" dir="rtl">
            شوي شوي
          </span>
        </p>
        <ul className="flex flex-wrap gap-x-5 gap-y-1">
          <li>
            <Link to="/about" className="hover:text-primary-800 hover:underline">
              About
            </Link>
          </li>
          <li>
            <Link to="/faq" className="hover:text-primary-800 hover:underline">
              FAQ
            </Link>
          </li>
          <li>
            <Link to="/terms-of-use" className="hover:text-primary-800 hover:underline">
              Terms
            </Link>
          </li>
          <li>
            <Link to="/privacy-policy" className="hover:text-primary-800 hover:underline">
              Privacy
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}

function LearningShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LearningHeader />
      <div id="main" className="flex-1">
        {children}
      </div>
      <LearningFooter />
    </div>
  );
}

export default function MainLayout() {
  return (
    <LearningShell>
      <Outlet />
    </LearningShell>
  );
}

export function ErrorBoundary() {
  return (
    <LearningShell>
      <RouteErrorBoundary />
    </LearningShell>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(rootAppName(matches), "Learn") }];
