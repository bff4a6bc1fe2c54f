import { useFetcher } from "@remix-run/react";
import { cn } from "~/lib/cn";
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from "~/components/icons";
import { useHydrated } from "~/lib/use-hydrated";

export type PlaylistLessonAction =
  | { videoId: number; intent: "move"; direction: "up" | "down" }
  | {
      videoId: number;
      intent: "remove";
    };

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-primary-50 hover:text-primary-800 disabled:pointer-events-none disabled:opacity-30";

/**
 * Move up, Move down and Remove from playlist for one lesson of the learner's own playlist. Each is a
 * plain form post (so it works without JavaScript: the page answers with a redirect back to the row);
 * once hydrated they go through fetchers and the page reorders optimistically (see `withPendingChanges`).
 */
export function PlaylistLessonActions({
  lesson,
  index,
  count,
  onAction,
}: {
  lesson: { id: number; title: string };
  index: number;
  count: number;
  onAction?: (action: PlaylistLessonAction) => void;
}) {
  const hydrated = useHydrated();
  const move = useFetcher({ key: `playlist-move-${lesson.id}` });
  const remove = useFetcher({ key: `playlist-remove-${lesson.id}` });
  const fields = (
    <>
      <input type="hidden" name="videoId" value={lesson.id} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
    </>
  );
  return (
    <div className="flex items-center max-sm:flex-col sm:gap-1">
      <move.Form method="post" className="flex items-center max-sm:flex-col">
        <input type="hidden" name="intent" value="move" />
        {fields}
        <button
          type="submit"
          name="direction"
          value="up"
          disabled={index === 0}
          data-playlist-action={`up-${lesson.id}`}
          aria-label={`Move up: ${lesson.title}`}
          onClick={() => onAction?.({ videoId: lesson.id, intent: "move", direction: "up" })}
          className={iconButton}
        >
          <ArrowUpIcon className="size-[18px]" />
        </button>
        <button
          type="submit"
          name="direction"
          value="down"
          disabled={index === count - 1}
          data-playlist-action={`down-${lesson.id}`}
          aria-label={`Move down: ${lesson.title}`}
          onClick={() => onAction?.({ videoId: lesson.id, intent: "move", direction: "down" })}
          className={iconButton}
        >
          <ArrowDownIcon className="size-[18px]" />
        </button>
      </move.Form>
      <remove.Form method="post">
        <input type="hidden" name="intent" value="remove" />
        {fields}
        <button
          type="submit"
          data-playlist-action={`remove-${lesson.id}`}
          aria-label={`Remove from playlist: ${lesson.title}`}
          onClick={() => onAction?.({ videoId: lesson.id, intent: "remove" })}
          className={cn(iconButton, "hover:bg-red-50 hover:text-red-800")}
        >
          <TrashIcon className="size-[18px]" />
        </button>
      </remove.Form>
    </div>
  );
}

/** The lessons as they will be once the moves and removals in flight land: instant feedback. */
export function withPendingChanges<T extends { id: number }>(
  lessons: T[],
  fetchers: ReadonlyArray<{ key: string; formData?: FormData }>,
): T[] {
  const order = [...lessons];
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (!form || !fetcher.key.startsWith("playlist-")) continue;
    const from = order.findIndex((lesson) => lesson.id === Number(form.get("videoId")));
    if (from === -1) continue;
    if (form.get("intent") === "remove") {
      order.splice(from, 1);
    } else if (form.get("intent") === "move") {
      const to = form.get("direction") === "up" ? from - 1 : from + 1;
      if (to >= 0 && to < order.length) [order[from], order[to]] = [order[to]!, order[from]!];
    }
  }
  return order;
}
