import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FaqList } from "../components/faq-list";
import { SampleLesson } from "../components/sample-lesson";
import { NewsletterForm } from "~/features/newsletter/components/newsletter-form";
import { ArrowRightIcon, BookmarkIcon, CardsIcon, CheckIcon, HeadphonesIcon, PlayIcon } from "~/components/icons";
import { FreeTierComparison } from "~/features/billing/components/free-tier-comparison";
import { PlanCard } from "~/features/billing/components/plan-card";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { TranscriptIllustration } from "../components/transcript-illustration";
import { buttonClasses } from "~/components/ui/button";
import { VideoCard } from "~/components/video-card";
import { pageTitle, rootAppName } from "~/lib/meta";
import { listFaqs } from "#server/services/catalog/faqs";
import { listPublishedVideos } from "#server/services/catalog/published-lessons";
import { getCatalogStats } from "#server/services/catalog/stats";
import { getSampleLesson, listLandingTeachers, listPublishedTestimonials } from "#server/services/landing";
import { listActivePlans } from "#server/services/subscriptions";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

const SAMPLE_LESSONS = 6;
const FAQ_TEASER_SIZE = 5;

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  const access = await (await context.getViewer()).access();
  const [lessons, plans, faqs, stats, sampleLesson, teachers, testimonials] = await Promise.all([
    listPublishedVideos(context.app, { limit: SAMPLE_LESSONS, access, sort: "starter" }),
    listActivePlans(context.app),
    listFaqs(context.app, { featuredOnly: true, limit: FAQ_TEASER_SIZE }),
    getCatalogStats(context.app),
    getSampleLesson(context.app),
    listLandingTeachers(context.app),
    listPublishedTestimonials(context.app),
  ]);
  const origin = context.app.config.appUrl.replace(/\/+$/, "");
  return {
    canonicalUrl: `${origin}/`,
    ogImage: `${origin}/og-image.jpg`,
    signedIn: access.signedIn,
    lessons,
    totalLessons: stats.lessons,
    stats,
    faqs,
    sampleLesson,
    teachers,
    testimonials,
    plans: plans.map(
      ({ name, title, description, priceCents, currency, interval, trialDays, features, levelTags }) => ({
        name,
        title,
        description,
        priceCents,
        currency,
        interval,
        trialDays,
        features,
        levelTags,
      }),
    ),
  };
});

const STEPS = [
  {
    icon: PlayIcon,
    title: "Watch a real scene",
    body: "Ordering coffee in Damascus, haggling in a Beirut souk, a family lunch in Amman: short videos filmed with native speakers, sorted by level.",
  },
  {
    icon: HeadphonesIcon,
    title: "Read along, line by line",
    body: "Arabic script, transliteration and English under the video. Slow it down to 0.5×, loop a sentence, click any line to jump back to it.",
  },
  {
    icon: BookmarkIcon,
    title: "Save the words you meet",
    body: "Tap a word to see what it means in this dialect, then keep it in your own vocabulary lists with the moment it was said.",
  },
  {
    icon: CardsIcon,
    title: "Review until it sticks",
    body: "Flashcards scheduled with spaced repetition, sentence puzzles and listening drills bring back each word just before you would forget it.",
  },
] as const;

export default function LandingPage() {
  const { signedIn, lessons, totalLessons, stats, faqs, plans, sampleLesson, teachers, testimonials } =
    useLoaderData<typeof loader>();
  const longestTrial = Math.max(0, ...plans.map((plan) => plan.trialDays));
  const featuredPlan = plans.find((plan) => plan.interval === "year")?.name;

  return (
    <main>
      {/* Hero */}
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-primary-50 via-canvas to-canvas"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-12 pb-16 sm:px-6 md:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-12 lg:pb-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-primary-200 bg-surface px-3 py-1 text-sm font-medium text-primary-800 shadow-xs">
              <span lang="ar" dir="rtl" className="font-semibold">
                شامي
              </span>
              <span aria-hidden="true" className="text-primary-300">
                |
              </span>
              Levantine Arabic from real video
            </p>
            <h1 className="mt-6 text-4xl leading-[1.1] font-bold tracking-tight text-ink sm:text-5xl lg:text-[3.5rem]">
              Understand Arabic the way it’s <span className="text-primary-700">really spoken</span>.
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted">
              Short lessons filmed with native speakers from Syria, Lebanon, Jordan and Palestine. Every sentence comes
              with Arabic script, transliteration and English — tap a word to save it, loop a line until your ear
              catches it.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={signedIn ? "/video-library" : "/auth/signup"} className={buttonClasses("primary", "lg")}>
                {signedIn ? "Continue learning" : "Start learning free"}
                <ArrowRightIcon className="size-5" />
              </Link>
              <Link to="/video-library" className={buttonClasses("secondary", "lg")}>
                Browse the lessons
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
              {longestTrial > 0 ? (
                <li className="flex items-center gap-2">
                  <CheckIcon className="size-4 text-primary-700" /> {longestTrial}-day free trial
                </li>
              ) : null}
              <li className="flex items-center gap-2">
                <CheckIcon className="size-4 text-primary-700" /> Free lessons with a free account
              </li>
              <li className="flex items-center gap-2">
                <CheckIcon className="size-4 text-primary-700" /> Cancel any time
              </li>
            </ul>
          </div>
          <TranscriptIllustration className="mx-auto w-full max-w-lg lg:max-w-none" />
        </div>
        {stats.lessons > 0 ? (
          <div className="mx-auto max-w-6xl px-4 pb-6 sm:px-6">
            <dl className="grid grid-cols-3 divide-x divide-line rounded-xl border border-line bg-surface text-center shadow-sm rtl:divide-x-reverse">
              <Stat label="video lessons" value={stats.lessons} />
              <Stat label="native teachers" value={stats.teachers} />
              <Stat label={stats.countries === 1 ? "country" : "countries"} value={stats.countries} />
            </dl>
          </div>
        ) : null}
      </section>

      {/* A free lesson, playable right here */}
      {sampleLesson ? (
        <section aria-labelledby="try-heading" className="mx-auto max-w-6xl px-4 pt-10 pb-4 sm:px-6 lg:pt-16">
          <SectionHeading
            eyebrow="Try it now"
            id="try-heading"
            title="Press play: a free lesson, right here"
            lead="No account needed for this one. Watch, read along, and click any line to hear it again."
          />
          <div className="mt-10">
            <SampleLesson lesson={sampleLesson} signedIn={signedIn} />
          </div>
        </section>
      ) : null}

      {/* How it works */}
      <section aria-labelledby="how-heading" className="defer-render mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
        <SectionHeading
          eyebrow="How it works"
          id="how-heading"
          title="From “I hear noise” to “I got that” in four steps"
        />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-xl border border-line bg-surface p-6 shadow-sm">
              <div className="flex items-center justify-between">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary-50 text-primary-700 ring-1 ring-primary-100">
                  <step.icon className="size-5" />
                </span>
                <span aria-hidden="true" className="text-3xl font-bold text-primary-700">
                  {String(index + 1).padStart(2, "0")}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-[15px] leading-relaxed text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      {/* Sample lessons */}
      <section aria-labelledby="lessons-heading" className="defer-render border-y border-line bg-surface/60">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <SectionHeading
              eyebrow="Sample lessons"
              id="lessons-heading"
              title="Start with a scene"
              lead="Free lessons are open to every account. The rest unlock with a subscription."
              align="start"
            />
            {totalLessons > 0 ? (
              <Link
                to="/video-library"
                className="inline-flex shrink-0 items-center gap-1.5 font-semibold text-primary-800 hover:underline"
              >
                See all {totalLessons} lessons <ArrowRightIcon className="size-4" />
              </Link>
            ) : null}
          </div>
          {lessons.length > 0 ? (
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {lessons.map((lesson) => (
                <li key={lesson.id} className="flex">
                  <div className="flex w-full flex-col [&>article]:flex-1">
                    <VideoCard lesson={lesson} />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-10 rounded-xl border border-dashed border-line bg-surface p-8 text-center text-muted">
              The first lessons are being recorded. Create an account and we’ll let you know when they’re published.
            </p>
          )}
        </div>
      </section>

      {/* Teachers */}
      {teachers.length > 0 ? (
        <section
          aria-labelledby="teachers-heading"
          className="defer-render mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24"
        >
          <SectionHeading
            eyebrow="Teachers"
            id="teachers-heading"
            title="Native speakers from four countries"
            lead="Every lesson is filmed and transcribed by a teacher speaking their own dialect, then checked by a second native speaker."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {teachers.map((teacher) => (
              <li key={teacher.id} className="rounded-xl border border-line bg-surface p-6 shadow-sm">
                <div className="flex items-center gap-4">
                  <span
                    aria-hidden="true"
                    className="grid size-14 shrink-0 place-items-center rounded-full bg-gradient-to-br from-primary-600 to-primary-800 text-lg font-bold text-white"
                  >
                    {teacher.name
                      .split(/\s+/)
                      .slice(0, 2)
                      .map((part) => part[0])
                      .join("")}
                  </span>
                  <div className="min-w-0">
                    <h3 className="text-lg font-semibold text-ink">{teacher.name}</h3>
                    {teacher.nameAr ? (
                      <p lang="ar" dir="rtl" className="w-fit text-primary-700">
                        {teacher.nameAr}
                      </p>
                    ) : null}
                  </div>
                </div>
                <p className="mt-3 text-sm font-medium text-accent-700">
                  {[
                    teacher.country?.dialect,
                    `${teacher.lessonCount} ${teacher.lessonCount === 1 ? "lesson" : "lessons"}`,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                <p className="mt-2 text-[15px] leading-relaxed text-muted">{teacher.bio}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* Testimonials: learners' own words, published with their consent (admin › Testimonials); none, no section. */}
      {testimonials.length > 0 ? (
        <section aria-labelledby="testimonials-heading" className="defer-render border-y border-line bg-primary-50/60">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
            <SectionHeading eyebrow="Learners" id="testimonials-heading" title="What learners tell us" />
            <ul className="mt-12 grid gap-6 md:grid-cols-2">
              {testimonials.map((testimonial) => (
                <li key={testimonial.id} className="flex">
                  <figure className="flex w-full flex-col rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
                    <blockquote className="flex-1 text-[17px] leading-relaxed text-ink/90">
                      <p>
                        “<WithArabic text={testimonial.quote} />”
                      </p>
                    </blockquote>
                    {testimonial.phrase ? (
                      <p className="mt-4 rounded-lg bg-canvas px-4 py-2 text-sm text-muted">
                        <span lang="ar" dir="rtl" className="text-base text-primary-800">
                          {testimonial.phrase.arabic}
                        </span>{" "}
                        — “{testimonial.phrase.meaning}”
                      </p>
                    ) : null}
                    <figcaption className="mt-5 border-t border-line pt-4">
                      <p className="font-semibold text-ink">
                        {testimonial.city ? `${testimonial.name}, ${testimonial.city}` : testimonial.name}
                      </p>
                      {testimonial.context ? <p className="text-sm text-muted">{testimonial.context}</p> : null}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {/* Plans */}
      <section aria-labelledby="plans-heading" className="defer-render mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
        <SectionHeading
          eyebrow="Plans"
          id="plans-heading"
          title="One subscription, every lesson"
          lead="Full library, transcripts, vocabulary lists, flashcards and listening practice on every plan."
        />
        {plans.length > 0 ? (
          <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
            {plans.map((plan) => (
              <PlanCard
                key={plan.name}
                plan={plan}
                plans={plans}
                featured={plan.name === featuredPlan}
                href={
                  signedIn
                    ? `/checkout/${encodeURIComponent(plan.name)}`
                    : `/auth/signup?plan=${encodeURIComponent(plan.name)}`
                }
              />
            ))}
          </div>
        ) : (
          <p className="mx-auto mt-10 max-w-xl text-center text-muted">
            Plans are being updated. Please check back shortly.
          </p>
        )}
        <FreeTierComparison className="mt-12" headingLevel={3} />
        <p className="mt-8 text-center text-sm text-muted">
          Every plan includes the lessons we publish while you’re subscribed. Payments are handled by our payment
          provider — we never see your card number.
        </p>
      </section>

      {/* FAQ teaser */}
      {faqs.length > 0 ? (
        <section aria-labelledby="faq-heading" className="defer-render border-t border-line bg-surface/60">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:py-24">
            <div>
              <SectionHeading
                eyebrow="Questions"
                id="faq-heading"
                title="Good to know before you start"
                align="start"
              />
              <Link
                to="/faq"
                className="mt-6 inline-flex items-center gap-1.5 font-semibold text-primary-800 hover:underline"
              >
                Read all questions <ArrowRightIcon className="size-4" />
              </Link>
            </div>
            <FaqList faqs={faqs} />
          </div>
        </section>
      ) : null}

      {/* Newsletter */}
      <section className="defer-render mx-auto max-w-3xl px-4 pt-16 sm:px-6">
        <NewsletterForm source="landing" />
      </section>

      {/* Closing call to action */}
      <section className="defer-render px-4 py-16 sm:px-6">
        <div className="relative mx-auto max-w-6xl overflow-hidden rounded-xl bg-primary-900 px-6 py-14 text-center text-white shadow-xl sm:px-12">
          <div
            aria-hidden="true"
            className="absolute inset-0 opacity-60 [background-image:radial-gradient(circle_at_10%_20%,rgba(32,163,134,0.5),transparent_40%),radial-gradient(circle_at_90%_80%,rgba(251,171,51,0.35),transparent_40%)]"
          />
          <div className="relative">
            <p lang="ar" dir="rtl" className="text-4xl font-bold text-accent-300 sm:text-5xl">
              أهلا وسهلا
            </p>
            <h2 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
              Your first conversation is one video away.
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-primary-100">
              Create a free account to watch the free lessons, save words and try the flashcards. Upgrade when you’re
              ready for the whole library.
            </p>
            <Link to={signedIn ? "/video-library" : "/auth/signup"} className={buttonClasses("accent", "lg", "mt-8")}>
              {signedIn ? "Go to the library" : "Create my free account"}
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}

const ARABIC_RUN = /([\u0600-\u06ff]+(?:\s+[\u0600-\u06ff]+)*)/u;

/** English text with its Arabic words marked up right-to-left. */
function WithArabic({ text }: { text: string }) {
  return (
    <>
      {text.split(ARABIC_RUN).map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} lang="ar" dir="rtl">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col px-2 py-5 sm:py-6">
      <dt className="text-xs text-muted sm:text-sm">{label}</dt>
      <dd className="order-first text-2xl font-bold tracking-tight text-ink sm:text-3xl">{value}</dd>
    </div>
  );
}

function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  align = "center",
}: {
  eyebrow: string;
  title: string;
  lead?: string;
  id: string;
  align?: "center" | "start";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-muted">{lead}</p> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

const DESCRIPTION =
  "Learn Levantine (Shami) Arabic from short videos with native speakers, with an interactive transcript in Arabic, transliteration and English.";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  { title: pageTitle(rootAppName(matches), "Learn Levantine Arabic from real video") },
  { name: "description", content: DESCRIPTION },
  { property: "og:title", content: pageTitle(rootAppName(matches), "Learn Levantine Arabic from real video") },
  { property: "og:description", content: DESCRIPTION },
  { property: "og:type", content: "website" },
  ...(data
    ? [
        { property: "og:url", content: data.canonicalUrl },
        { property: "og:image", content: data.ogImage },
        { tagName: "link", rel: "canonical", href: data.canonicalUrl },
      ]
    : []),
];
