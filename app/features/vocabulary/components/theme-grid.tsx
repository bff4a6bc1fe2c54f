import { Link } from "@remix-run/react";
import { plural } from "~/lib/text-format";

export interface ThemeCardData {
  id: number;
  title: string;
  titleAr: string;
  description: string;
  deckCount: number;
  wordCount: number;
  href: string;
}

/** The global vocabulary themes as cards; each opens its decks. */
export function ThemeGrid({ themes }: { themes: ThemeCardData[] }) {
  if (themes.length === 0) {
    return (
      <p className="mt-6 rounded-xl border border-dashed border-line bg-surface px-6 py-8 text-center text-muted">
        The team's first vocabulary themes are on their way.
      </p>
    );
  }
  return (
    <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {themes.map((theme) => (
        <li key={theme.id} className="flex">
          <article className="relative flex flex-1 flex-col rounded-xl border border-line bg-surface p-5 shadow-sm transition hover:border-primary-300 hover:shadow-md">
            {theme.titleAr ? (
              <p className="text-xl font-semibold text-primary-700">
                <span lang="ar" dir="rtl">
                  {theme.titleAr}
                </span>
              </p>
            ) : null}
            <h3 className="mt-1 text-lg font-semibold text-ink">
              <Link
                to={theme.href}
                className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-primary-400"
              >
                {theme.title}
              </Link>
            </h3>
            {theme.description ? <p className="mt-1 text-sm text-muted">{theme.description}</p> : null}
            <p className="mt-auto pt-4 text-sm font-medium text-ink/80">
              {plural(theme.deckCount, "deck")} · {plural(theme.wordCount, "word")}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
