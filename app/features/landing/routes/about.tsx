import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageIntro, Prose } from "../components/content-page";
import { GlobeIcon, HeadphonesIcon, ShieldIcon, SparkIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { pageTitle, rootAppName } from "~/lib/meta";
import { getCatalogStats } from "#server/services/catalog/stats";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  return { stats: await getCatalogStats(context.app), signedIn: Boolean(await context.getUser()) };
});

const PRINCIPLES = [
  {
    icon: HeadphonesIcon,
    title: "Listening first",
    body: "You learn a spoken dialect by ear. Every feature — slow playback, line loops, dictation — exists to train your listening.",
  },
  {
    icon: GlobeIcon,
    title: "Real over perfect",
    body: "Scenes are unscripted or lightly scripted, with the contractions, filler words and regional sounds people really use.",
  },
  {
    icon: SparkIcon,
    title: "Short and often",
    body: "Most lessons run two to six minutes, because ten focused minutes a day beat a two-hour weekend session.",
  },
  {
    icon: ShieldIcon,
    title: "Your data is yours",
    body: "No ads and no selling of data. We keep what the app needs to work and tell you exactly what that is.",
  },
] as const;

export default function AboutPage() {
  const { stats, signedIn } = useLoaderData<typeof loader>();
  return (
    <main>
      <PageIntro
        eyebrow="About us"
        title="We teach the Arabic you’ll hear in the street, not only in the news."
        lead="Ahla is a small team of teachers and engineers who love the dialects of the Levant and were tired of courses that stop at textbook phrases."
      />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_22rem] lg:py-16">
        <Prose>
          <h2>Why Levantine Arabic</h2>
          <p>
            Modern Standard Arabic is what you read in newspapers and hear in speeches. Nobody orders coffee in it. In
            Damascus, Beirut, Amman and Jerusalem people speak <strong>Shami</strong> — Levantine Arabic — a family of
            closely related dialects understood across the region and, thanks to its television series and music, far
            beyond it.
          </p>
          <p>
            If you have Syrian, Lebanese, Jordanian or Palestinian friends, family or colleagues, Shami is the Arabic
            that lets you join the conversation instead of watching it.
          </p>
          <h2>How a lesson is made</h2>
          <ol>
            <li>
              <strong>A native teacher films a scene</strong> from everyday life — shopping, cooking, catching a taxi, a
              phone call with a cousin — in their own dialect.
            </li>
            <li>
              <strong>The teacher writes the transcript</strong> line by line: the Arabic as it is actually said, a
              readable transliteration, and a natural English translation.
            </li>
            <li>
              <strong>A second native speaker reviews it</strong>, marks the words worth learning and writes the
              exercises: sentence puzzles, gap fills and vocabulary.
            </li>
            <li>
              <strong>We label the dialect and level</strong> of every lesson, so you know whether you are hearing
              Damascene or Beiruti and whether it is a good place to start.
            </li>
          </ol>
          <h2>What you can do with it</h2>
          <p>
            Watch at your own speed, read along in Arabic script or transliteration, click a word to save it to your own
            lists, then review with flashcards scheduled by spaced repetition. Courses and series put lessons in a
            sensible order; listening activities test whether your ear has caught up with your eyes; the community is
            there for the questions a transcript cannot answer.
          </p>
          <h2>Get in touch</h2>
          <p>
            Teachers who would like to record with us, schools looking for group access and learners with ideas can all
            write to <a href="mailto:hello@ahla.dev">hello@ahla.dev</a>.
          </p>
        </Prose>
        <aside className="space-y-6">
          {stats.lessons > 0 ? (
            <dl className="grid grid-cols-3 gap-px overflow-hidden rounded-xl border border-line bg-line shadow-sm lg:grid-cols-1">
              <AboutStat value={stats.lessons} label="published lessons" />
              <AboutStat value={stats.teachers} label="native teachers" />
              <AboutStat value={stats.countries} label={stats.countries === 1 ? "country" : "countries"} />
            </dl>
          ) : null}
          <div className="rounded-xl bg-primary-900 p-6 text-white shadow-sm">
            <p className="text-3xl font-bold text-accent-300">
              <span lang="ar" dir="rtl">
                عربي من القلب
              </span>
            </p>
            <p className="mt-1 text-sm text-primary-100">“Arabic from the heart” — our promise for every lesson.</p>
            <Link
              to={signedIn ? "/video-library" : "/auth/signup"}
              className={buttonClasses("accent", "md", "mt-5 w-full")}
            >
              {signedIn ? "Go to the library" : "Try a free lesson"}
            </Link>
          </div>
        </aside>
      </div>
      <section aria-labelledby="principles-heading" className="border-t border-line bg-surface/60">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:py-20">
          <h2 id="principles-heading" className="text-3xl font-bold tracking-tight text-ink">
            What we believe
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {PRINCIPLES.map((principle) => (
              <li key={principle.title} className="rounded-xl border border-line bg-surface p-6 shadow-sm">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-50 text-accent-700 ring-1 ring-accent-100">
                  <principle.icon className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink">{principle.title}</h3>
                <p className="mt-2 text-[15px] leading-relaxed text-muted">{principle.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </main>
  );
}

function AboutStat({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex flex-col bg-surface px-4 py-5 text-center lg:text-start">
      <dt className="text-xs text-muted sm:text-sm">{label}</dt>
      <dd className="order-first text-2xl font-bold text-ink sm:text-3xl">{value}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(rootAppName(matches), "About") }];
