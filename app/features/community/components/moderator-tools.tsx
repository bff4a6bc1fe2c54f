import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { GroupRef } from "#server/services/community";

/** Pin, lock, move and delete for moderators. Plain forms: each answers with a redirect and a toast. */
export function ModeratorTools({
  thread,
  groups,
}: {
  thread: { pinned: boolean; locked: boolean; group: GroupRef };
  groups: GroupRef[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const otherGroups = groups.filter((group) => group.id !== thread.group.id);
  return (
    <section
      aria-labelledby="moderation-heading"
      className="rounded-xl border border-accent-300/60 bg-accent-50/60 p-4 text-sm"
    >
      <h2 id="moderation-heading" className="font-semibold text-ink">
        Moderation
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="thread-moderate" />
          <input type="hidden" name="moderation" value={thread.pinned ? "unpin" : "pin"} />
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            {thread.pinned ? "Unpin thread" : "Pin thread"}
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="thread-moderate" />
          <input type="hidden" name="moderation" value={thread.locked ? "unlock" : "lock"} />
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            {thread.locked ? "Unlock thread" : "Lock thread"}
          </Button>
        </Form>
        {otherGroups.length > 0 ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="thread-moderate" />
            <input type="hidden" name="moderation" value="move" />
            <div>
              <label htmlFor="move-group" className="block text-xs font-medium text-ink/80">
                Move to group
              </label>
              <select id="move-group" name="groupId" className={cn(inputClasses, "mt-1 py-1.5 text-sm")} required>
                {otherGroups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.title}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              Move
            </Button>
          </Form>
        ) : null}
        <Form
          method="post"
          className="ms-auto"
          onSubmit={(event) => {
            if (!window.confirm("Delete this whole thread? It disappears from the group.")) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="thread-delete" />
          <Button type="submit" variant="danger" size="sm" disabled={busy}>
            Delete thread
          </Button>
        </Form>
      </div>
    </section>
  );
}
