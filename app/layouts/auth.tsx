import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useMatches } from "@remix-run/react";
import { BrandMark } from "~/components/brand";
import { PlayIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Card } from "~/components/ui/card";
import { titleMeta } from "~/lib/route-meta";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

/** A child route sets `handle = { authLayout: "bare" }` to render without the card (the 404 page). */
export interface AuthLayoutHandle {
  authLayout?: "card" | "bare";
}

export default function AuthLayout() {
  const bare = useMatches().some((match) => (match.handle as AuthLayoutHandle | undefined)?.authLayout === "bare");
  return (
    <AuthShell ownMain={bare}>
      {bare ? (
        <Outlet />
      ) : (
        <Card className="w-full max-w-md p-6 shadow-md sm:p-8">
          <Outlet />
        </Card>
      )}
    </AuthShell>
  );
}

/** `ownMain`: the content brings its own <main> (the shared error pages), so the shell must not add one. */
function AuthShell({ children, ownMain = false }: { children: React.ReactNode; ownMain?: boolean }) {
  const Content = ownMain ? "div" : "main";
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="flex min-h-dvh flex-col px-5 pb-6 pt-5 sm:px-8">
        <header>
          <Logo />
        </header>
        <Content className="flex flex-1 flex-col items-center justify-center py-8">{children}</Content>
        <p className="mx-auto mb-4 max-w-md text-center text-sm text-muted lg:hidden">
          <span lang="ar" dir="rtl" className="text-base text-primary-800">
            شوي شوي بتوصل
          </span>{" "}
          — little by little, you&apos;ll get there.
        </p>
        <footer className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-muted lg:justify-start">
          <span>© {new Date().getFullYear()} Ahla</span>
          <Link to="/terms-of-use" className="hover:text-ink hover:underline">
            Terms of use
          </Link>
          <Link to="/privacy-policy" className="hover:text-ink hover:underline">
            Privacy policy
          </Link>
          <Link to="/faq" className="hover:text-ink hover:underline">
            Help
          </Link>
        </footer>
      </div>
      <Illustration />
    </div>
  );
}

function Logo() {
  return (
    <Link to="/" className="inline-flex items-center gap-3 rounded-xl" aria-label="Ahla home">
      <BrandMark className="size-10" />
      <span className="flex flex-col leading-tight">
        <span className="text-xl font-semibold tracking-tight text-ink">Ahla</span>
        <span lang="ar" dir="rtl" className="text-sm leading-snug text-muted">
          تعلّم الشامي من الفيديو
        </span>
      </span>
    </Link>
  );
}

/** The desktop side panel: a lesson the way Ahla shows it, Arabic with transliteration and English. */
function Illustration() {
  return (
    <aside
      aria-hidden="true"
      className="relative hidden overflow-hidden bg-primary-800 text-white lg:flex lg:flex-col lg:justify-center lg:px-14 xl:px-20"
    >
      <div
        className="pointer-events-none absolute inset-0 opacity-[0.08]"
        style={{
          backgroundImage:
            "radial-gradient(circle at 1px 1px, white 1.5px, transparent 0), radial-gradient(circle at 50% 50%, transparent 60%, white 61%, transparent 62%)",
          backgroundSize: "28px 28px, 112px 112px",
        }}
      />
      <div className="pointer-events-none absolute -right-24 -top-24 size-80 rounded-full bg-primary-600/50 blur-3xl" />
      <div className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-accent-500/20 blur-3xl" />

      <div className="relative mx-auto w-full max-w-md">
        <div className="overflow-hidden rounded-xl bg-white/95 text-ink shadow-2xl ring-1 ring-white/20">
          <div className="relative aspect-video bg-gradient-to-br from-primary-950 via-primary-800 to-primary-600">
            <div className="absolute inset-x-0 bottom-0 h-2/5 bg-gradient-to-t from-black/40 to-transparent" />
            <div className="absolute left-1/2 top-1/2 grid size-14 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white/90 shadow-lg">
              <PlayIcon className="ms-1 size-6 text-primary-700" />
            </div>
            <div className="absolute inset-x-4 bottom-3 flex items-center gap-3 text-xs text-white/90">
              <span>0:42</span>
              <span className="h-1 flex-1 rounded-full bg-white/30">
                <span className="block h-1 w-2/5 rounded-full bg-accent-400" />
              </span>
              <span>2:15</span>
            </div>
          </div>
          <div className="space-y-1 px-5 py-4">
            <p lang="ar" dir="rtl" className="text-2xl font-semibold text-primary-900">
              شو <mark className="rounded bg-accent-100 px-1 text-primary-900">أخبارك</mark>؟ كلّو تمام؟
            </p>
            <p className="text-sm italic text-primary-700">shu akhbārak? kello tamām?</p>
            <p className="text-sm text-muted">What&apos;s new with you? All good?</p>
          </div>
          <div className="flex items-center gap-2 border-t border-line bg-canvas px-5 py-3 text-xs text-muted">
            <span className="rounded-full bg-primary-100 px-2 py-0.5 font-medium text-primary-800">+ Saved</span>
            <span lang="ar" dir="rtl" className="text-sm text-ink">
              أخبار
            </span>
            <span>akhbār — news</span>
          </div>
        </div>

        <blockquote className="mt-12 border-s-4 border-accent-400 ps-5">
          <p lang="ar" dir="rtl" className="text-left text-4xl font-semibold leading-relaxed">
            شوي شوي بتوصل
          </p>
          <p className="mt-2 text-lg text-primary-100">Little by little, you&apos;ll get there.</p>
        </blockquote>
        <ul className="mt-8 space-y-2 text-sm text-primary-100">
          <li>• Real conversations from Damascus, Beirut, Amman and Jerusalem</li>
          <li>• Arabic, transliteration and English on every line</li>
          <li>• Save words as you watch, review them with flashcards</li>
        </ul>
      </div>
    </aside>
  );
}

export function ErrorBoundary() {
  return (
    <AuthShell ownMain>
      <RouteErrorBoundary />
    </AuthShell>
  );
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Account");
