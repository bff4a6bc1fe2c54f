import { Link } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { ArrowRightIcon, CheckIcon, LockIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatPrice } from "#core/format";
import { PREMIUM_CONTENT_CLASS } from "../lesson-meta";
import type { LockedLessonData } from "../lesson-route.server";
import { AboutLesson, sectionCard } from "./lesson-details";
import { LessonHeading } from "./lesson-heading";

/**
 * A premium lesson for someone who may not watch it (a visitor, a member without a subscription; ADR 038):
 * what it is, its first lines, a locked poster, the plans and one way to start, the checkout with this
 * lesson as its return address. No media URL but the poster, no exercise and no line past the first few
 * reach this page.
 */
export function LockedLesson({ data }: { data: LockedLessonData }) {
  const { page, plans, signedIn, checkoutHref } = data;
  const { lesson, teachers, lines, lineCount } = page;
  const more = lineCount - lines.length;
  return (
    <main className="mx-auto max-w-7xl px-4 pt-5 pb-16 sm:px-6 lg:pt-7">
      <Breadcrumb items={[{ label: "Library", to: "/video-library" }, { label: lesson.title }]} />

      <header className="mt-3 mb-5">
        <LessonHeading
          lesson={lesson}
          teachers={teachers}
          badge={
            <span className="inline-flex items-center gap-1 rounded-full bg-ink px-2.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
              <LockIcon className="size-3.5" /> Premium
            </span>
          }
        />
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(340px,400px)] xl:grid-cols-[minmax(0,1fr)_420px]">
        <div className="min-w-0 space-y-6">
          <figure
            data-testid="locked-poster"
            // The part behind the paywall, as the page's VideoObject `hasPart` names it (docs/seo.md).
            className={cn(PREMIUM_CONTENT_CLASS, "relative aspect-video overflow-hidden rounded-xl bg-ink shadow-sm")}
            aria-label="The video is locked"
          >
            {page.media.posterUrl ? (
              <img
                src={page.media.posterUrl}
                alt=""
                width={1280}
                height={720}
                className="size-full object-cover opacity-45 blur-[2px]"
              />
            ) : null}
            <figcaption className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white">
              <span className="grid size-14 place-items-center rounded-full bg-white/15 ring-1 ring-white/40">
                <LockIcon className="size-7" />
              </span>
              <span className="max-w-sm text-base font-semibold sm:text-lg">
                This lesson is part of the full library
              </span>
              <span className="max-w-sm text-sm text-white/85">
                Every plan opens its video, the whole transcript with word meanings, and its exercises.
              </span>
            </figcaption>
          </figure>

          <section aria-labelledby="preview-lines-heading" className={sectionCard}>
            <h2 id="preview-lines-heading" className="text-lg font-semibold">
              From the transcript
            </h2>
            {lines.length > 0 ? (
              <ol className="mt-3 space-y-3" data-testid="preview-lines">
                {lines.map((line) => (
                  <li key={line.id} className="rounded-lg bg-canvas px-4 py-3">
                    <p lang="ar" dir="rtl" className="text-xl leading-relaxed text-ink">
                      {line.arabic}
                    </p>
                    {line.transliteration ? (
                      <p className="mt-1 text-sm text-primary-800">{line.transliteration}</p>
                    ) : null}
                    {line.english ? <p className="mt-0.5 text-sm text-muted">{line.english}</p> : null}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-2 text-sm text-muted">The transcript opens with the lesson.</p>
            )}
            {more > 0 ? (
              <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-muted">
                <LockIcon className="size-4" /> {`${more} more ${more === 1 ? "line" : "lines"} with a plan`}
              </p>
            ) : null}
          </section>

          <AboutLesson lesson={lesson} teachers={teachers} />
        </div>

        <aside aria-labelledby="plans-heading" className="lg:sticky lg:top-20 lg:self-start">
          <section className={cn(sectionCard, "border-primary-200")}>
            <h2 id="plans-heading" className="text-lg font-semibold">
              Watch it with a plan
            </h2>
            {plans.length > 0 ? (
              <ul className="mt-3 divide-y divide-line rounded-xl border border-line" data-testid="lesson-plans">
                {plans.map((plan) => (
                  <li key={plan.name} className="flex items-baseline justify-between gap-3 px-4 py-3">
                    <span>
                      <span className="font-semibold text-ink">{plan.title}</span>
                      {plan.trialDays > 0 ? (
                        <span className="block text-xs text-muted">{plan.trialDays}-day free trial</span>
                      ) : null}
                    </span>
                    <span className="text-right text-sm whitespace-nowrap text-ink">
                      <span className="text-base font-bold">{formatPrice(plan.priceCents, plan.currency)}</span>
                      <span className="text-muted"> / {plan.interval}</span>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-muted">Plans are being updated. Please check back shortly.</p>
            )}
            <ul className="mt-4 space-y-1.5 text-sm text-muted">
              <li className="flex items-center gap-2">
                <CheckIcon className="size-4 shrink-0 text-primary-700" /> Every lesson, transcript and exercise
              </li>
              <li className="flex items-center gap-2">
                <CheckIcon className="size-4 shrink-0 text-primary-700" /> Cancel in two clicks
              </li>
            </ul>
            <Link
              to={checkoutHref}
              data-testid="start-checkout"
              className={buttonClasses("primary", "lg", "mt-5 w-full justify-center")}
            >
              Subscribe to watch <ArrowRightIcon className="size-4" />
            </Link>
            {signedIn ? null : (
              <p className="mt-3 text-center text-sm text-muted">
                Already subscribed?{" "}
                <Link
                  to={`/auth/login?redirect=${encodeURIComponent(lesson.canonicalPath)}`}
                  className="inline-block py-2 font-medium text-primary-800 underline"
                >
                  Log in
                </Link>
              </p>
            )}
          </section>
        </aside>
      </div>
    </main>
  );
}
