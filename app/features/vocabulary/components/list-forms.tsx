import type { SubmissionResult } from "@conform-to/react";
import { plural } from "~/lib/text-format";
import {
  CreateNamedForm,
  DeleteNamedConfirm,
  NamedOwnerActions,
  RenameNamedForm,
} from "~/components/named-collection-forms";
import { LIST_TITLE_MAX, listTitleSchema } from "#core/schemas/vocabulary";

// The vocabulary pages' actions tell these apart by intent = create-list | rename-list | delete-list.
const TITLE = { schema: listTitleSchema, maxLength: LIST_TITLE_MAX };

/** "New list" on /vocabulary-list. */
export function CreateListForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  return (
    <CreateNamedForm
      formId="create-list"
      intent="create-list"
      field={TITLE}
      label="List name"
      placeholder="e.g. Food and drink"
      submitLabel="Create list"
      lastResult={lastResult}
    />
  );
}

export function RenameListForm({
  list,
  cancelTo,
  lastResult,
}: {
  list: { id: number; title: string };
  cancelTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <RenameNamedForm
      formId={`rename-list-${list.id}`}
      intent="rename-list"
      idName="listId"
      item={list}
      field={TITLE}
      cancelTo={cancelTo}
      lastResult={lastResult}
    />
  );
}

export function DeleteListConfirm({
  list,
  cancelTo,
}: {
  list: { id: number; title: string; wordCount: number };
  cancelTo: string;
}) {
  return (
    <DeleteNamedConfirm
      noun="list"
      intent="delete-list"
      idName="listId"
      item={list}
      consequence={
        list.wordCount > 0
          ? `Its ${plural(list.wordCount, "word")} go with it. This can't be undone.`
          : "This can't be undone."
      }
      cancelTo={cancelTo}
    />
  );
}

export function ListOwnerActions({ list }: { list: { id: number; title: string } }) {
  return <NamedOwnerActions noun="list" item={list} />;
}
