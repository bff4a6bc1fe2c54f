import { and, count, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { communityMessages, communityThreads } from "#drizzle/schema";
import { requiredId, requiredText } from "../schema-helpers";
import { defineResource, type AdminHookContext } from "../types";
import { keepFlagTimes, timestampFlag } from "./moderation-flags";

/** A thread's count of live messages, which the community lists show, follows every change made here. */
async function recountThread({ app }: AdminHookContext, threadId: unknown, touch: boolean) {
  if (typeof threadId !== "number") return;
  const [live] = await app.db
    .select({ value: count() })
    .from(communityMessages)
    .where(and(eq(communityMessages.threadId, threadId), isNull(communityMessages.deletedAt)));
  const now = new Date();
  await app.db
    .update(communityThreads)
    .set({ messagesCount: live?.value ?? 0, updatedAt: now, ...(touch ? { lastActivityAt: now } : {}) })
    .where(eq(communityThreads.id, threadId));
}

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
    beforeCreate: (ctx, values) => ({ ...values, userId: ctx.user.id }),
    beforeUpdate: (_ctx, values, existing) => keepFlagTimes(values, existing, ["deletedAt"]),
    afterWrite: async (ctx, row, operation) => {
      await recountThread(ctx, row.threadId, operation === "create");
    },
    afterDelete: async (ctx, row) => {
      await recountThread(ctx, row.threadId, false);
    },
  },
});
