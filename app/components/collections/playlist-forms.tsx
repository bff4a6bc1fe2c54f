import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useIsPending } from "~/components/form-fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { PLAYLIST_TITLE_MAX, renamePlaylistSchema } from "~/lib/schemas/playlists";
import { PencilIcon, PlusIcon, TrashIcon } from "./collection-icons";

// The playlist forms are plain posts to the page's own action (intent = create | rename | delete), so
// they work before JavaScript loads; Remix enhances them into fetch submissions once it has.

/** "New playlist" on /playlists. */
export function CreatePlaylistForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const pending = useIsPending("create");
  const [form, fields] = useForm({
    id: "create-playlist",
    lastResult,
    constraint: getZodConstraint(renamePlaylistSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renamePlaylistSchema }),
  });
  const { key, ...inputProps } = getInputProps(fields.title, { type: "text", ariaAttributes: false });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1.5">
      <input type="hidden" name="intent" value="create" />
      <FormErrors errors={form.errors} />
      <label htmlFor={fields.title.id} className="block text-sm font-medium text-ink">
        Playlist name
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          key={key}
          {...inputProps}
          maxLength={PLAYLIST_TITLE_MAX}
          placeholder="e.g. Café phrases"
          aria-invalid={fields.title.errors ? true : undefined}
          aria-describedby={fields.title.errors ? fields.title.errorId : undefined}
          className={cn(inputClasses, "sm:flex-1")}
        />
        <Button type="submit" disabled={pending} className="shrink-0">
          <PlusIcon className="size-4" />
          Create playlist
        </Button>
      </div>
      <FieldErrors id={fields.title.errorId} errors={fields.title.errors} />
    </Form>
  );
}

/** The rename field, shown in place of a playlist's title actions. */
export function RenamePlaylistForm({
  playlist,
  cancelTo,
  lastResult,
}: {
  playlist: { id: number; title: string };
  cancelTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const pending = useIsPending("rename");
  const inputRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm({
    id: `rename-playlist-${playlist.id}`,
    lastResult,
    defaultValue: { title: playlist.title },
    constraint: getZodConstraint(renamePlaylistSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renamePlaylistSchema }),
  });
  // The learner just asked to rename: put them in the field, text selected.
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  const { key, ...inputProps } = getInputProps(fields.title, { type: "text", ariaAttributes: false });
  return (
    <Form method="post" {...getFormProps(form)} className="relative z-10 space-y-1.5">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="playlistId" value={playlist.id} />
      <FormErrors errors={form.errors} />
      <label htmlFor={fields.title.id} className="block text-sm font-medium text-ink">
        New name
      </label>
      <input
        key={key}
        ref={inputRef}
        {...inputProps}
        maxLength={PLAYLIST_TITLE_MAX}
        aria-invalid={fields.title.errors ? true : undefined}
        aria-describedby={fields.title.errors ? fields.title.errorId : undefined}
        className={inputClasses}
      />
      <FieldErrors id={fields.title.errorId} errors={fields.title.errors} />
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" size="sm" disabled={pending}>
          Save name
        </Button>
        <Link to={cancelTo} preventScrollReset className={buttonClasses("ghost", "sm")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** "Delete playlist?" with the consequence spelled out; shown after the first click, works without JS. */
export function DeletePlaylistConfirm({
  playlist,
  cancelTo,
}: {
  playlist: { id: number; title: string; lessonCount: number };
  cancelTo: string;
}) {
  const pending = useIsPending("delete");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={`delete-playlist-${playlist.id}`}
      className="relative z-10 rounded-xl border border-red-200 bg-red-50 p-4 outline-none focus-visible:ring-3 focus-visible:ring-red-200"
    >
      <p id={`delete-playlist-${playlist.id}`} className="font-semibold text-red-900">
        Delete “{playlist.title}”?
      </p>
      <p className="mt-1 text-sm text-red-900/80">
        {playlist.lessonCount > 0
          ? "The lessons stay in the library and in your progress; only this list goes. This can't be undone."
          : "This can't be undone."}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="playlistId" value={playlist.id} />
        <Button type="submit" variant="danger" size="sm" disabled={pending}>
          <TrashIcon className="size-4" />
          Yes, delete playlist
        </Button>
        <Link to={cancelTo} preventScrollReset className={buttonClasses("secondary", "sm")}>
          Keep it
        </Link>
      </Form>
    </div>
  );
}

/**
 * "Rename" and "Delete playlist": GET forms that add `?rename=` / `?delete=` to the address, so the
 * inline form or confirmation appears with or without JavaScript (and the back button undoes it).
 */
export function PlaylistOwnerActions({
  playlist,
  size = "sm",
  className,
}: {
  playlist: { id: number; title: string };
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <div className={cn("relative z-10 flex flex-wrap gap-2", className)}>
      <Form method="get" preventScrollReset>
        <button
          type="submit"
          name="rename"
          value={playlist.id}
          className={buttonClasses("secondary", size)}
          aria-label={`Rename playlist: ${playlist.title}`}
        >
          <PencilIcon className="size-4" />
          Rename
        </button>
      </Form>
      <Form method="get" preventScrollReset>
        <button
          type="submit"
          name="delete"
          value={playlist.id}
          className={cn(
            "inline-flex items-center justify-center gap-2 rounded-xl font-medium text-red-800 transition-colors hover:bg-red-50",
            size === "sm" ? "px-3 py-1.5 text-sm" : "px-4 py-2.5 text-sm",
          )}
          aria-label={`Delete playlist: ${playlist.title}`}
        >
          <TrashIcon className="size-4" />
          Delete
        </button>
      </Form>
    </div>
  );
}
