import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BookmarkIcon, PencilIcon, PlayIcon, TrashIcon } from "~/components/icons";
import { SentenceBadge } from "~/components/sentence-badge";
import { Breadcrumb } from "~/components/breadcrumb";
import { Facts } from "~/features/collections/components/collection-page";
import { plural } from "~/lib/text-format";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { DeleteListConfirm, ListOwnerActions, RenameListForm } from "../components/list-forms";
import { AddWordForm, DeleteWordConfirm, EditWordForm, MoveWordForm } from "../components/word-forms";
import { forAudience, requireUser } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { cn } from "~/lib/cn";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { listItemSchema, listTitleSchema, moveItemFormSchema, wordSearchSchema } from "#core/schemas/vocabulary";
import { SEARCH_MAX_LENGTH } from "#core/search-limits";
import { parseSearchParams } from "~/lib/search.server";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import {
  addListItem,
  deleteListItem,
  deleteVocabularyList,
  getVocabularyList,
  listVocabularyLists,
  moveListItem,
  renameVocabularyList,
  updateListItem,
  vocabularyListHref,
} from "#server/services/vocabulary-lists";
import type { Audience } from "~/lib/audience";
import { ExportButtons } from "~/components/export-buttons";

export const audience: Audience = "member";

function idFrom(value: FormDataEntryValue | string | null): number | null {
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

async function loadOwnList(context: LoaderFunctionArgs["context"], user: { id: number }, listId: number, q?: string) {
  try {
    return await getVocabularyList(context.app, { userId: user.id, listId, q });
  } catch (error) {
    // Another learner's list answers exactly like one that does not exist.
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
}

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const listId = requireId(params.listId);
  const url = new URL(request.url);
  const { q } = parseSearchParams(wordSearchSchema, url.searchParams);
  const list = await loadOwnList(context, user, listId, q || undefined);
  const href = vocabularyListHref(list);
  requireCanonicalPath(request, href);
  const lists = await listVocabularyLists(context.app, { userId: user.id });
  return {
    list: { ...list, href },
    otherLists: lists.filter((other) => other.id !== list.id).map(({ id, title }) => ({ id, title })),
    q,
    mode: url.searchParams.has("rename") ? "rename" : url.searchParams.has("delete") ? "delete" : "view",
    editId: idFrom(url.searchParams.get("edit")),
    removeId: idFrom(url.searchParams.get("remove")),
  };
});

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const listId = requireId(params.listId);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const itemId = idFrom(formData.get("itemId"));
  const here = new URL(request.url).pathname;
  const extra = { intent, itemId };

  if (intent === "add-word" || intent === "edit-word") {
    const submission = parseWithZod(formData, { schema: listItemSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra });
    try {
      if (intent === "edit-word" && itemId) {
        const item = await updateListItem(context.app, { userId: user.id, itemId, ...submission.value });
        return redirectWithToast(`${here}#word-${item.id}`, { text: `Saved “${item.arabic}”.` }, { status: 303 });
      }
      const item = await addListItem(context.app, { userId: user.id, listId, ...submission.value });
      return redirectWithToast(here, { text: `Added “${item.arabic}”.` }, { status: 303 });
    } catch (error) {
      return replyWithAppError(submission, error, { extra });
    }
  }

  if (intent === "rename-list") {
    const submission = parseWithZod(formData, { schema: listTitleSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra });
    try {
      const renamed = await renameVocabularyList(context.app, { userId: user.id, listId, ...submission.value });
      return redirectWithToast(vocabularyListHref(renamed), { text: `Renamed to “${renamed.title}”.` });
    } catch (error) {
      return replyWithAppError(submission, error, { extra });
    }
  }

  try {
    if (intent === "delete-list") {
      const list = await deleteVocabularyList(context.app, { userId: user.id, listId });
      return redirectWithToast("/vocabulary-list", { text: `“${list.title}” deleted.` });
    }
    if (intent === "delete-word" && itemId) {
      const item = await deleteListItem(context.app, { userId: user.id, itemId });
      return redirectWithToast(here, { text: `Removed “${item.arabic}”.` }, { status: 303 });
    }
    if (intent === "move-word" && itemId) {
      const parsed = moveItemFormSchema.safeParse({ toListId: formData.get("toListId") });
      if (!parsed.success) throw new AppError(422, [parsed.error.issues[0]?.message ?? "Choose a list."]);
      const { item, list } = await moveListItem(context.app, {
        userId: user.id,
        itemId,
        toListId: parsed.data.toListId,
      });
      return redirectWithToast(here, { text: `Moved “${item.arabic}” to ${list.title}.` }, { status: 303 });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithToast(here, { text: error.messages[0] ?? "", status: "error" }, { status: 303 });
  }
  throw new Response("Unknown action.", { status: 400 });
});

export default function VocabularyListPage() {
  const { list, otherLists, q, mode, editId, removeId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : null;
  const here = q ? `${list.href}?q=${encodeURIComponent(q)}` : list.href;

  return (
    <main className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb items={[{ label: "Vocabulary", to: "/vocabulary-list" }, { label: list.title }]} />
      <header className="mt-6 flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div className="space-y-4">
          <h1 className="text-3xl leading-tight font-bold tracking-tight text-ink sm:text-4xl">
            <span dir="auto">{list.title}</span>
          </h1>
          <Facts
            items={[
              { label: "Words", value: String(list.totalWords) },
              { label: "From lessons", value: String(list.items.filter((item) => item.lesson).length) },
            ]}
          />
          <div className="max-w-md">
            {mode === "rename" ? (
              <RenameListForm list={list} cancelTo={list.href} lastResult={resultFor("rename-list")} />
            ) : mode === "delete" ? (
              <DeleteListConfirm list={{ ...list, wordCount: list.totalWords }} cancelTo={list.href} />
            ) : (
              <ListOwnerActions list={list} />
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {list.totalWords > 0 ? (
            <Link to={`${list.href}/play`} className={buttonClasses("primary", "md")}>
              <PlayIcon className="size-4" />
              Play quiz
            </Link>
          ) : null}
          <a href={`/vocabulary-list/${list.id}/export.csv`} download className={buttonClasses("secondary", "md")}>
            Export CSV
          </a>
        </div>
      </header>

      {list.totalWords > 0 ? (
        <div className="mt-6">
          <ExportButtons query={{ source: "list", id: list.id }} what="this list" csv={false} />
        </div>
      ) : null}

      <section
        aria-labelledby="add-word-heading"
        className="mt-8 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5"
      >
        <h2 id="add-word-heading" className="mb-3 text-lg font-semibold text-ink">
          Add a word
        </h2>
        <AddWordForm lastResult={resultFor("add-word")} />
      </section>

      <section aria-labelledby="list-words" className="mt-10">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="list-words" className="text-xl font-semibold text-ink">
            Words{" "}
            {q ? (
              <span className="text-base font-normal text-muted">
                ({plural(list.items.length, "match", "matches")} for “{q}”)
              </span>
            ) : null}
          </h2>
          <Form method="get" role="search" className="flex gap-2" preventScrollReset>
            <label htmlFor="word-search" className="sr-only">
              Search this list
            </label>
            <input
              id="word-search"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Arabic, transliteration or meaning"
              className={cn(inputClasses, "w-full py-2 sm:w-80")}
            />
            <button type="submit" className={buttonClasses("secondary", "md")}>
              Search
            </button>
          </Form>
        </div>

        {list.items.length > 0 ? (
          <ul
            aria-labelledby="list-words"
            className="mt-4 divide-y divide-line rounded-xl border border-line bg-surface"
          >
            {list.items.map((item) => (
              <li key={item.id} id={`word-${item.id}`} className="scroll-mt-24 p-4">
                {item.id === editId ? (
                  <EditWordForm item={item} cancelTo={here} lastResult={resultFor("edit-word")} />
                ) : (
                  <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
                    <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[minmax(8rem,12rem)_1fr] sm:items-baseline sm:gap-4">
                      <p lang="ar" dir="rtl" className="text-2xl leading-snug text-ink">
                        {item.arabic}
                      </p>
                      <div className="min-w-0">
                        <p className="text-ink">
                          {item.kind === "sentence" ? <SentenceBadge /> : null}
                          {item.english || <span className="text-muted italic">No meaning yet</span>}
                        </p>
                        {item.transliteration ? (
                          <p className="text-sm text-muted italic">{item.transliteration}</p>
                        ) : null}
                        {item.lesson ? (
                          <p className="mt-1 text-sm">
                            <Link to={item.lesson.href} className="font-medium text-primary-700 hover:underline">
                              <PlayIcon className="me-1 inline size-3.5 align-[-2px]" />
                              {item.lesson.title} at {formatMoment(item.lesson.seconds)}
                            </Link>
                          </p>
                        ) : null}
                      </div>
                    </div>
                    {item.id === removeId ? (
                      <DeleteWordConfirm item={item} cancelTo={here} />
                    ) : (
                      <div className="flex flex-wrap items-center gap-2">
                        <MoveWordForm item={item} lists={otherLists} />
                        <Form method="get" preventScrollReset>
                          {q ? <input type="hidden" name="q" value={q} /> : null}
                          <button
                            type="submit"
                            name="edit"
                            value={item.id}
                            className={buttonClasses("ghost", "sm")}
                            aria-label={`Edit ${item.arabic}`}
                          >
                            <PencilIcon className="size-4" />
                            Edit
                          </button>
                        </Form>
                        <Form method="get" preventScrollReset>
                          {q ? <input type="hidden" name="q" value={q} /> : null}
                          <button
                            type="submit"
                            name="remove"
                            value={item.id}
                            className="inline-flex items-center gap-2 rounded-xl px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
                            aria-label={`Delete ${item.arabic}`}
                          >
                            <TrashIcon className="size-4" />
                            Delete
                          </button>
                        </Form>
                      </div>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : q ? (
          <p className="mt-4 rounded-xl border border-dashed border-line bg-surface px-6 py-8 text-center text-muted">
            No words match “{q}”.{" "}
            <Link to={list.href} className="font-medium text-primary-700 hover:underline">
              Show all words
            </Link>
          </p>
        ) : (
          <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
              <BookmarkIcon className="size-6" />
            </span>
            <h3 className="mt-3 font-semibold text-ink">This list is empty</h3>
            <p className="mt-1 max-w-md text-sm text-muted">
              Add a word above, or click any word in a lesson's transcript to save it.
            </p>
          </div>
        )}
      </section>
    </main>
  );
}

function formatMoment(seconds: number) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data?.list.title ?? "List not found");
