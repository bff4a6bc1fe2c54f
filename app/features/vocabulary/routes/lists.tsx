import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { plural } from "~/lib/text-format";
import { BookmarkIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { CreateListForm, DeleteListConfirm, ListOwnerActions, RenameListForm } from "../components/list-forms";
import { ThemeGrid } from "../components/theme-grid";
import { forAudience, requireUser } from "~/lib/auth.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { listTitleSchema } from "#core/schemas/vocabulary";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import { listVocabularyThemes, themeHref } from "#server/services/global-vocabulary";
import {
  createVocabularyList,
  deleteVocabularyList,
  listVocabularyLists,
  renameVocabularyList,
  vocabularyListHref,
} from "#server/services/vocabulary-lists";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

function idFrom(value: FormDataEntryValue | string | null): number | null {
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const [lists, themes] = await Promise.all([
    listVocabularyLists(context.app, { userId: user.id }),
    listVocabularyThemes(context.app),
  ]);
  const url = new URL(request.url);
  return {
    lists: lists.map((list) => ({ ...list, href: vocabularyListHref(list) })),
    themes: themes.map((theme) => ({ ...theme, href: themeHref(theme) })),
    renameId: idFrom(url.searchParams.get("rename")),
    deleteId: idFrom(url.searchParams.get("delete")),
  };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const listId = idFrom(formData.get("listId"));

  if (intent === "delete-list" && listId) {
    try {
      const list = await deleteVocabularyList(context.app, { userId: user.id, listId });
      return redirectWithToast("/vocabulary-list", { text: `“${list.title}” deleted.` });
    } catch (error) {
      // Deleting twice (a double click, a second tab) lands where deleting once does.
      if (!(error instanceof AppError) || error.status !== 404) throw error;
      return redirectWithToast("/vocabulary-list", { text: "That list is already gone." });
    }
  }

  const submission = parseWithZod(formData, { schema: listTitleSchema });
  const extra = { intent, listId };
  if (submission.status !== "success") return invalidSubmission(submission, { extra });
  try {
    if (intent === "rename-list" && listId) {
      const renamed = await renameVocabularyList(context.app, { userId: user.id, listId, ...submission.value });
      return redirectWithToast("/vocabulary-list", { text: `Renamed to “${renamed.title}”.` });
    }
    const created = await createVocabularyList(context.app, { userId: user.id, ...submission.value });
    return redirectWithToast(vocabularyListHref(created), { text: `“${created.title}” is ready. Add its first word.` });
  } catch (error) {
    return replyWithAppError(submission, error, { extra });
  }
});

export default function VocabularyListsPage() {
  const { lists, themes, renameId, deleteId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : null;

  return (
    <main className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="max-w-2xl">
        <p className="text-lg font-semibold text-primary-700">
          <span lang="ar" dir="rtl">
            مفرداتي
          </span>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Vocabulary</h1>
        <p className="mt-2 text-muted">
          Words you saved from lessons or added yourself, in lists you can quiz yourself on. Below them, the Ahla team's
          themed decks.
        </p>
      </header>

      <section aria-labelledby="my-lists" className="mt-10">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-end">
          <div>
            <h2 id="my-lists" className="text-2xl font-semibold text-ink">
              My lists
            </h2>
            <p className="mt-1 text-sm text-muted">
              Click any word in a lesson's transcript to save it to <span className="font-medium">My words</span>.
            </p>
          </div>
          <div className="rounded-xl border border-line bg-surface p-4 shadow-sm">
            <CreateListForm lastResult={resultFor("create-list")} />
          </div>
        </div>

        {lists.length > 0 ? (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {lists.map((list) => (
              <li key={list.id} className="flex">
                <article
                  aria-labelledby={`list-${list.id}-title`}
                  className="flex flex-1 flex-col rounded-xl border border-line bg-surface p-5 shadow-sm"
                >
                  <div className="flex items-start justify-between gap-3">
                    <h3 id={`list-${list.id}-title`} className="text-lg font-semibold text-ink">
                      <Link to={list.href} className="hover:text-primary-800 hover:underline">
                        <span dir="auto">{list.title}</span>
                      </Link>
                    </h3>
                    {list.isDefault ? (
                      <span className="shrink-0 rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800 ring-1 ring-primary-200 ring-inset">
                        From lessons
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-1 text-sm text-muted">{plural(list.wordCount, "word")}</p>
                  <div className="mt-auto pt-4">
                    {list.id === renameId ? (
                      <RenameListForm list={list} cancelTo="/vocabulary-list" lastResult={resultFor("rename-list")} />
                    ) : list.id === deleteId ? (
                      <DeleteListConfirm list={list} cancelTo="/vocabulary-list" />
                    ) : (
                      <div className="flex flex-wrap items-center gap-2">
                        <Link to={list.href} className={buttonClasses("secondary", "sm")}>
                          Open
                        </Link>
                        {list.wordCount > 0 ? (
                          <Link to={`${list.href}/play`} className={buttonClasses("primary", "sm")}>
                            Play quiz
                          </Link>
                        ) : null}
                        <ListOwnerActions list={list} />
                      </div>
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
              <BookmarkIcon className="size-6" />
            </span>
            <h3 className="mt-3 font-semibold text-ink">No words saved yet</h3>
            <p className="mt-1 max-w-md text-sm text-muted">
              Open a lesson and click a word in the transcript to save it, or name a list above and type words in
              yourself.
            </p>
            <Link to="/video-library" className={buttonClasses("secondary", "md", "mt-5")}>
              Open the library
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="global-themes" className="mt-14">
        <h2 id="global-themes" className="text-2xl font-semibold text-ink">
          Vocabulary themes
        </h2>
        <p className="mt-1 text-sm text-muted">
          Everyday words picked by the Ahla team, in decks you can browse, save from and play.
        </p>
        <ThemeGrid themes={themes} />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Vocabulary lists");
