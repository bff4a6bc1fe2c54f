import { z } from "zod";
import { communityMessages } from "#drizzle/schema";
import { recountThreadMessages } from "../../services/community";
import { actorAs } from "../hooks";
import { requiredId, requiredText } from "../schema-helpers";
import { defineResource, type AdminAfterChangeHook, type AdminAfterDeleteHook } from "../types";
import { keepFlags, timestampFlag } from "./moderation-flags";

/** A thread's count of live messages, which the community lists show, follows every change made here. */
const recountAfterChange: AdminAfterChangeHook = async (ctx, { operation, row }) => {
  if (typeof row.threadId === "number")
    await recountThreadMessages(ctx.app, { threadId: row.threadId, touch: operation === "create" });
};
const recountAfterDelete: AdminAfterDeleteHook = async (ctx, { row }) => {
  if (typeof row.threadId === "number") await recountThreadMessages(ctx.app, { threadId: row.threadId, touch: false });
};

/** Messages are written in the community; here moderators correct or remove them, or post under their name. */
export const communityMessagesResource = defineResource({
  slug: "community-messages",
  label: "Community messages",
  description: "Messages in threads, for moderation.",
  singular: "community message",
  table: communityMessages,
  titleField: "body",
  createSchema: z.object({
    threadId: requiredId("Choose the thread."),
    body: requiredText("A message can't be empty.", 10_000),
    deletedAt: timestampFlag(),
  }),
  columns: [
    { field: "body", label: "Message" },
    { field: "threadId", label: "Thread", render: "relation", relation: "community-threads", sortable: true },
    { field: "deletedAt", label: "Removed", render: "boolean" },
    { field: "createdAt", label: "Written", render: "date", sortable: true },
  ],
  searchFields: ["body"],
  filters: [{ field: "threadId", label: "Thread", type: "relation", resource: "community-threads" }],
  defaultSort: { field: "createdAt", direction: "desc" },
  fields: [
    {
      name: "threadId",
      label: "Thread",
      widget: { type: "relation-one", resource: "community-threads" },
      required: true,
    },
    { name: "body", label: "Message", widget: { type: "markdown", rows: 8 }, required: true },
    {
      name: "deletedAt",
      label: "Removed",
      widget: { type: "boolean" },
      help: "A removed message shows as “deleted” in its thread, so replies still make sense.",
    },
  ],
  hooks: {
    beforeChange: [actorAs("userId"), keepFlags(["deletedAt"])],
    afterChange: [recountAfterChange],
    afterDelete: [recountAfterDelete],
  },
});
