import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { CollectionCard, type CollectionCardData } from "./collection-card";

const COPY = {
  course: {
    arabic: "الدورات",
    title: "Courses",
    intro:
      "Guided paths through the library: each course puts lessons in the order that builds on what you already know.",
    emptyTitle: "No courses published yet",
  },
  series: {
    arabic: "السلاسل",
    title: "Series",
    intro: "Lessons that belong together: the same voices, the same places, episode after episode.",
    emptyTitle: "No series published yet",
  },
} as const;

/** /courses and /series: a header, a word for visitors, and the cards. */
export function CollectionListPage({
  kind,
  collections,
  viewer,
}: {
  kind: "course" | "series";
  collections: CollectionCardData[];
  viewer: { signedIn: boolean };
}) {
  const copy = COPY[kind];
  const inProgress = collections.filter((item) => item.progress?.state === "in-progress").length;
  return (
    <main className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="max-w-2xl">
        <p className="text-lg font-semibold text-primary-700">
          <span lang="ar" dir="rtl">
            {copy.arabic}
          </span>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{copy.title}</h1>
        <p className="mt-2 text-muted">{copy.intro}</p>
        {viewer.signedIn && inProgress > 0 ? (
          <p className="mt-3 text-sm font-medium text-ink/80">
            You have {inProgress} {kind === "course" ? (inProgress === 1 ? "course" : "courses") : "series"} in
            progress. Pick up where you left off.
          </p>
        ) : null}
      </header>

      {!viewer.signedIn ? (
        <section
          aria-label="Track your progress"
          className="mt-8 flex flex-col gap-4 rounded-xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 className="font-semibold text-ink">Follow a path, lesson by lesson</h2>
            <p className="mt-1 text-sm text-ink/75">
              Sign in to keep your place in every {kind === "course" ? "course" : "series"} and continue with one click.
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link to="/auth/signup" className={buttonClasses("primary", "md")}>
              Start free
            </Link>
            <Link
              to={`/auth/login?redirect=/${kind === "course" ? "courses" : "series"}`}
              className={buttonClasses("secondary", "md")}
            >
              Sign in
            </Link>
          </div>
        </section>
      ) : null}

      {collections.length > 0 ? (
        <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {collections.map((collection) => (
            <li key={collection.id} className="flex [&>article]:flex-1">
              <CollectionCard kind={kind} collection={collection} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-10 rounded-xl border border-dashed border-line bg-surface px-6 py-14 text-center">
          <p lang="ar" dir="rtl" className="text-3xl font-bold text-primary-700">
            قريباً
          </p>
          <h2 className="mt-2 text-xl font-semibold text-ink">{copy.emptyTitle}</h2>
          <p className="mx-auto mt-2 max-w-md text-muted">
            The team is putting the first ones together. Until then, every lesson is waiting in the library.
          </p>
          <Link to="/video-library" className={buttonClasses("secondary", "md", "mt-6")}>
            Browse the library
          </Link>
        </div>
      )}
    </main>
  );
}
