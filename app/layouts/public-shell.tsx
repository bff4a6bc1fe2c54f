import { Link, NavLink } from "@remix-run/react";
import { useRootData } from "~/root";
import { cn } from "~/lib/cn";
import { AccountMenu } from "~/components/account-menu";
import { BrandLink } from "~/components/brand";
import { MobileNavDisclosure } from "~/components/mobile-nav";
import { buttonClasses } from "~/components/ui/button";
import { SkipLink } from "~/components/skip-link";

const PUBLIC_NAV = [
  { to: "/video-library", label: "Lessons" },
  { to: "/courses", label: "Courses" },
  { to: "/checkout", label: "Pricing" },
  { to: "/blog", label: "Blog" },
  { to: "/faq", label: "FAQ" },
] as const;

export function PublicHeader() {
  const root = useRootData();
  const user = root?.user ?? null;
  const appName = root?.appName;
  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-canvas/90 backdrop-blur supports-[backdrop-filter]:bg-canvas/75">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <BrandLink appName={appName} />
        <nav aria-label="Main" className="hidden flex-1 md:block">
          <ul className="flex items-center gap-1">
            {PUBLIC_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      "rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-primary-50 hover:text-primary-800",
                      isActive ? "text-primary-800" : "text-muted",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-2">
          {user ? (
            <>
              <Link to="/video-library" className={buttonClasses("primary", "sm", "max-sm:hidden")}>
                Go to library
              </Link>
              <AccountMenu user={user} />
            </>
          ) : (
            <>
              <Link to="/auth/login" className={buttonClasses("ghost", "sm", "max-[359px]:hidden")}>
                Sign in
              </Link>
              <Link to="/auth/signup" className={buttonClasses("primary", "sm")}>
                Start free
              </Link>
            </>
          )}
          <MobileNavDisclosure className="md:hidden">
            <nav aria-label="Main">
              <ul className="grid gap-1">
                {PUBLIC_NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      className="block rounded-lg px-3 py-2.5 text-base font-medium text-ink hover:bg-primary-50 aria-[current=page]:bg-primary-50 aria-[current=page]:text-primary-800"
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            {/* Only what the bar had to drop for lack of room. */}
            <div className={cn("mt-3 border-t border-line pt-4", user ? "sm:hidden" : "min-[360px]:hidden")}>
              {user ? (
                <Link to="/video-library" className={buttonClasses("primary", "md", "w-full")}>
                  Go to library
                </Link>
              ) : (
                <Link to="/auth/login" className={buttonClasses("secondary", "md", "w-full")}>
                  Sign in
                </Link>
              )}
            </div>
          </MobileNavDisclosure>
        </div>
      </div>
    </header>
  );
}

const FOOTER_COLUMNS = [
  {
    title: "Learn",
    links: [
      { to: "/video-library", label: "Lesson library" },
      { to: "/courses", label: "Courses" },
      { to: "/series", label: "Series" },
      { to: "/flashcards", label: "Flashcards" },
      { to: "/listening-activity", label: "Listening practice" },
    ],
  },
  {
    title: "Ahla",
    links: [
      { to: "/about", label: "About us" },
      { to: "/blog", label: "Blog" },
      { to: "/checkout", label: "Pricing" },
      { to: "/community", label: "Community" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms-of-use", label: "Terms of use" },
      { to: "/privacy-policy", label: "Privacy policy" },
    ],
  },
] as const;

export function PublicFooter() {
  const root = useRootData();
  const appName = root?.appName ?? "Ahla";
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <BrandLink appName={appName} />
          <p className="mt-4 text-sm leading-relaxed text-muted">
            Learn the Arabic spoken in Damascus, Beirut, Amman and Jerusalem from real conversations, with a transcript
            you can read, hear and save word by word.
          </p>
          <p className="mt-4 text-lg text-primary-800">
            <span lang="ar" dir="rtl">
              شوي شوي بتتعلّم
            </span>
          </p>
          <p className="text-sm text-muted">“Little by little, you learn.”</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-ink">{column.title}</h2>
            <ul className="mt-4 space-y-2.5">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted hover:text-primary-800 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getUTCFullYear()} {appName}. Lessons recorded with native speakers of Levantine Arabic.
          </p>
          <p>
            Questions?{" "}
            <a href="mailto:hello@ahla.dev" className="font-medium text-primary-800 hover:underline">
              hello@ahla.dev
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}

/** The public layout's frame, shared by the layout route and the top-level not-found page. */
export function PublicShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <div id="main" className="flex-1">
        {children}
      </div>
      <PublicFooter />
    </div>
  );
}
