import { z } from "zod";
import { communityThreads } from "#drizzle/schema";
import { requiredId, requiredText } from "../schema-helpers";
import { actorAs, slugFrom } from "../hooks";
import { defineResource, type AdminBeforeChangeHook } from "../types";
import { keepFlags, timestampFlag } from "./moderation-flags";

const FLAGS = ["pinnedAt", "lockedAt", "deletedAt"] as const;

/** A thread created here starts empty, active now. */
const startEmpty: AdminBeforeChangeHook = (_ctx, { operation, values }) =>
  operation === "create" ? { ...values, lastActivityAt: new Date(), messagesCount: 0 } : values;

/**
 * Members start threads in the community; here moderators pin, lock, move, rename or remove them. A thread
 * created here (an announcement) starts empty under the admin's name; its first message is posted in the
 * community itself.
 */
export const communityThreadsResource = defineResource({
  slug: "community-threads",
  label: "Community threads",
  description: "Threads: pin, lock, move or remove.",
  singular: "community thread",
  table: communityThreads,
  titleField: "title",
  createSchema: z.object({
    groupId: requiredId("Choose the group."),
    title: requiredText("Enter a title.", 160),
    pinnedAt: timestampFlag(),
    lockedAt: timestampFlag(),
    deletedAt: timestampFlag(),
  }),
  columns: [
    { field: "title", label: "Title", sortable: true },
    { field: "groupId", label: "Group", render: "relation", relation: "community-groups", sortable: true },
    { field: "messagesCount", label: "Messages", render: "number", sortable: true },
    { field: "pinnedAt", label: "Pinned", render: "boolean", sortable: true },
    { field: "lockedAt", label: "Locked", render: "boolean", sortable: true },
    { field: "deletedAt", label: "Removed", render: "boolean" },
    { field: "lastActivityAt", label: "Last activity", render: "date", sortable: true },
  ],
  searchFields: ["title"],
  filters: [{ field: "groupId", label: "Group", type: "relation", resource: "community-groups" }],
  defaultSort: { field: "lastActivityAt", direction: "desc" },
  fields: [
    {
      name: "groupId",
      label: "Group",
      widget: { type: "relation-one", resource: "community-groups" },
      required: true,
      help: "Choose another group to move the thread.",
    },
    { name: "title", label: "Title", widget: { type: "text", maxLength: 160 }, required: true },
    { name: "pinnedAt", label: "Pinned to the top of its group", widget: { type: "boolean" }, section: "Moderation" },
    { name: "lockedAt", label: "Locked (no new replies)", widget: { type: "boolean" }, section: "Moderation" },
    {
      name: "deletedAt",
      label: "Removed from the community",
      widget: { type: "boolean" },
      section: "Moderation",
      help: "Removed threads disappear for members but stay here.",
    },
  ],
  hooks: { beforeChange: [slugFrom("title"), actorAs("userId"), startEmpty, keepFlags(FLAGS)] },
  editLinks: (row) => [
    { label: "Messages in this thread", to: `/admin/community-messages?threadId=${String(row.id)}` },
  ],
});
