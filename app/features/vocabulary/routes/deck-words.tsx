import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { LockIcon, PlayIcon, PlusIcon } from "~/components/icons";
import { Breadcrumb } from "~/components/breadcrumb";
import { Facts } from "~/features/collections/components/collection-page";
import { plural } from "~/lib/text-format";
import { ExportButtons } from "~/components/export-buttons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { LevelBadge } from "~/components/video-card";
import { AudioButton } from "../components/audio-button";
import { forAudience, requireMember, requireUser } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { cn } from "~/lib/cn";
import { titleMeta } from "~/lib/route-meta";
import { FREE_TIER_LABELS, FREE_TIER_MESSAGES } from "#core/free-tier";
import { saveGlobalWordFormSchema, wordSearchSchema } from "#core/schemas/vocabulary";
import { SEARCH_MAX_LENGTH } from "#core/search-limits";
import { parseSearchParams } from "~/lib/search.server";
import { canStartDeckSession } from "#server/access/policy";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import { deckHref, getVocabularyDeck, saveGlobalWordToList, themeHref } from "#server/services/global-vocabulary";
import { DEFAULT_LIST_TITLE } from "#server/services/vocabulary-save";
import { listVocabularyLists } from "#server/services/vocabulary-lists";
import type { Audience } from "~/lib/audience";
import { CheckoutLink } from "~/components/checkout-link";

export const audience: Audience = "member";

async function loadDeck(context: LoaderFunctionArgs["context"], user: { id: number }, deckId: number, q?: string) {
  try {
    return await getVocabularyDeck(context.app, { userId: user.id, deckId, q });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
}

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  const { user } = viewer;
  const url = new URL(request.url);
  const { q } = parseSearchParams(wordSearchSchema, url.searchParams);
  const deck = await loadDeck(context, user, requireId(params.deckId), q || undefined);
  const href = deckHref(deck);
  requireCanonicalPath(request, `${href}/vocabularies`);
  const [lists, access] = await Promise.all([
    listVocabularyLists(context.app, { userId: user.id }),
    viewer.lessonAccess(),
  ]);
  const toParam = Number(url.searchParams.get("to"));
  const target = lists.find((list) => list.id === toParam) ?? lists.find((list) => list.isDefault) ?? null;
  return {
    deck: { ...deck, href, themeHref: themeHref(deck.theme) },
    lists: lists.map(({ id, title }) => ({ id, title })),
    target: target ? { id: target.id, title: target.title } : null,
    q,
    // The words are every member's; a session (playing) is free once (docs/product-rules.md#free-and-paid).
    session: access.hasSubscription
      ? ("entitled" as const)
      : canStartDeckSession(access, { plays: deck.progress?.plays ?? 0 })
        ? ("free" as const)
        : ("used" as const),
  };
});

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const deck = await loadDeck(context, user, requireId(params.deckId));
  const url = new URL(request.url);
  const here = `${deckHref(deck)}/vocabularies${url.search}`;
  const formData = await request.formData();
  const parsed = saveGlobalWordFormSchema.safeParse({
    wordId: formData.get("wordId"),
    listId: formData.get("listId") || undefined,
  });
  if (!parsed.success) {
    return redirectWithToast(
      here,
      { text: parsed.error.issues[0]?.message ?? "Choose a word.", status: "error" },
      { status: 303 },
    );
  }
  try {
    const item = await saveGlobalWordToList(context.app, { userId: user.id, ...parsed.data });
    return redirectWithToast(here, { text: `Saved “${item.arabic}” to your list.` }, { status: 303 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithToast(here, { text: error.messages[0] ?? "", status: "error" }, { status: 303 });
  }
});

export default function DeckWordsPage() {
  const { deck, lists, target, q, session } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const savingId = navigation.state !== "idle" ? navigation.formData?.get("wordId") : null;
  const targetTitle = target?.title ?? DEFAULT_LIST_TITLE;
  return (
    <main className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb
        items={[
          { label: "Vocabulary", to: "/vocabulary-list" },
          { label: deck.theme.title, to: deck.themeHref },
          { label: deck.title },
        ]}
      />
      <header className="mt-6 flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-2xl space-y-3">
          {deck.titleAr ? (
            <p className="text-xl font-semibold text-primary-700">
              <span lang="ar" dir="rtl">
                {deck.titleAr}
              </span>
            </p>
          ) : null}
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{deck.title}</h1>
          {deck.description ? <p className="text-lg text-ink/80">{deck.description}</p> : null}
          <div className="flex flex-wrap items-center gap-3">
            <LevelBadge level={deck.level} />
            {deck.category ? <span className="text-sm text-muted">{deck.category}</span> : null}
          </div>
          <Facts
            items={[
              { label: "Words", value: String(deck.totalWords) },
              { label: "Best score", value: deck.progress ? `${deck.progress.bestScore}%` : "—" },
              { label: "Plays", value: String(deck.progress?.plays ?? 0) },
            ]}
          />
        </div>
        {deck.totalWords > 0 ? (
          <div className="flex flex-col gap-2 lg:items-end" data-testid="deck-session">
            {session === "used" ? (
              <>
                <p className="flex items-center gap-1.5 text-sm font-semibold text-ink">
                  <LockIcon className="size-4 text-muted" />
                  {FREE_TIER_LABELS.sessionUsed}
                </p>
                <CheckoutLink className={buttonClasses("primary", "lg")}>
                  {FREE_TIER_LABELS.subscribeToPlayAgain}
                </CheckoutLink>
              </>
            ) : (
              <>
                {session === "free" ? (
                  <p className="text-sm font-semibold text-primary-800">{FREE_TIER_LABELS.oneSession}</p>
                ) : null}
                <Link to={`${deck.href}/play`} className={buttonClasses("primary", "lg")}>
                  <PlayIcon className="size-5" />
                  Play this deck
                </Link>
              </>
            )}
          </div>
        ) : null}
      </header>

      <section aria-labelledby="deck-words" className="mt-10">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
          <h2 id="deck-words" className="text-xl font-semibold text-ink">
            Words{" "}
            {q ? (
              <span className="text-base font-normal text-muted">
                ({plural(deck.words.length, "match", "matches")} for “{q}”)
              </span>
            ) : null}
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            {lists.length > 1 ? (
              <Form method="get" className="flex items-end gap-2" preventScrollReset>
                {q ? <input type="hidden" name="q" value={q} /> : null}
                <div>
                  <label htmlFor="save-target" className="block text-sm font-medium text-ink">
                    Save words to
                  </label>
                  <select id="save-target" name="to" defaultValue={target?.id} className={cn(inputClasses, "py-2")}>
                    {lists.map((list) => (
                      <option key={list.id} value={list.id}>
                        {list.title}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className={buttonClasses("secondary", "md")}>
                  Choose
                </button>
              </Form>
            ) : null}
            <Form method="get" role="search" className="flex items-end gap-2" preventScrollReset>
              {target && lists.length > 1 ? <input type="hidden" name="to" value={target.id} /> : null}
              <div>
                <label htmlFor="deck-search" className="block text-sm font-medium text-ink">
                  Search this deck
                </label>
                <input
                  id="deck-search"
                  type="search"
                  name="q"
                  defaultValue={q}
                  maxLength={SEARCH_MAX_LENGTH}
                  placeholder="Arabic, transliteration or meaning"
                  className={cn(inputClasses, "py-2 sm:w-72")}
                />
              </div>
              <button type="submit" className={buttonClasses("secondary", "md")}>
                Search
              </button>
            </Form>
          </div>
        </div>

        {deck.words.length > 0 ? (
          <ul
            aria-labelledby="deck-words"
            className="mt-4 divide-y divide-line rounded-xl border border-line bg-surface"
          >
            {deck.words.map((word) => (
              <li key={word.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
                <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[minmax(7rem,10rem)_1fr] sm:items-baseline sm:gap-4">
                  <p lang="ar" dir="rtl" className="text-2xl text-ink">
                    {word.arabic}
                  </p>
                  <div className="min-w-0">
                    <p className="text-ink">
                      {word.english}
                      {word.transliteration ? (
                        <span className="ms-2 text-sm text-muted italic">{word.transliteration}</span>
                      ) : null}
                    </p>
                    {word.exampleArabic ? (
                      <p className="mt-1 text-lg text-ink/90">
                        <span lang="ar" dir="rtl">
                          {word.exampleArabic}
                        </span>
                      </p>
                    ) : null}
                    {word.exampleEnglish ? <p className="text-sm text-muted">{word.exampleEnglish}</p> : null}
                  </div>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  {word.audioUrl ? <AudioButton src={word.audioUrl} label={`Listen to ${word.arabic}`} /> : null}
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="wordId" value={word.id} />
                    {target ? <input type="hidden" name="listId" value={target.id} /> : null}
                    <button
                      type="submit"
                      disabled={savingId === String(word.id)}
                      className={buttonClasses("secondary", "sm")}
                      aria-label={`Save to ${targetTitle}: ${word.arabic}`}
                    >
                      <PlusIcon className="size-4" />
                      Save to {targetTitle}
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-xl border border-dashed border-line bg-surface px-6 py-8 text-center text-muted">
            {q ? (
              <>
                No words match “{q}”.{" "}
                <Link to={`${deck.href}/vocabularies`} className="font-medium text-primary-700 hover:underline">
                  Show all words
                </Link>
              </>
            ) : (
              "This deck has no words yet."
            )}
          </p>
        )}
      </section>

      <div className="mt-10">
        {session === "entitled" ? (
          <ExportButtons query={{ source: "deck", id: deck.id }} what="this deck" curated />
        ) : (
          <p className="text-sm text-ink/85" data-testid="deck-export-locked">
            {FREE_TIER_MESSAGES.export}{" "}
            <CheckoutLink className="font-semibold text-primary-800 underline">See plans</CheckoutLink>
          </p>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data ? `${data.deck.title} words` : "Deck not found");
