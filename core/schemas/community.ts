import { z } from "zod";
import { COMMUNITY_MESSAGE_BODY } from "../post-body";
import { postBodyField } from "./post-body-field";
import { queryPageField } from "./query";

// Shared by the community forms (Conform) and the JSON API, so both give the same messages.
export const THREAD_TITLE_MIN = 5;
export const THREAD_TITLE_MAX = 120;
export const MESSAGE_BODY_MAX = COMMUNITY_MESSAGE_BODY.maxLength;

export const threadTitleField = z
  .string({ error: "Give your thread a title." })
  .trim()
  .min(1, { error: "Give your thread a title.", abort: true })
  .min(THREAD_TITLE_MIN, `Make the title at least ${THREAD_TITLE_MIN} characters, so others know what it is about.`)
  .max(THREAD_TITLE_MAX, `Keep the title to ${THREAD_TITLE_MAX} characters or fewer.`);

export const messageBodyField = postBodyField(COMMUNITY_MESSAGE_BODY);

const idField = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** An id from a form: digits only, anything else is "not chosen". */
const formId = (message: string) => z.coerce.number({ error: message }).pipe(idField(message));

export const createThreadSchema = z.object({ title: threadTitleField, body: messageBodyField });

export const createMessageSchema = z.object({
  body: messageBodyField,
  quotedMessageId: idField("Quote a message by its numeric id.").optional(),
});

export const updateMessageSchema = z.object({ body: messageBodyField });

export const MODERATION_ACTIONS = ["pin", "unpin", "lock", "unlock", "move"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderateThreadSchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS, { error: "Choose pin, unpin, lock, unlock or move." }),
    groupId: idField("Choose the group to move the thread to.").optional(),
  })
  .refine((input) => input.action !== "move" || input.groupId !== undefined, {
    message: "Choose the group to move the thread to.",
    path: ["groupId"],
  });

/** The pages' `?page=`: anything unusable is the first page. */
export const threadsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The API's `?page=`: absent is the first page, anything but a whole number from 1 is a 422. */
export const threadsPageQuerySchema = z.object({ page: queryPageField() });

// --- The pages' forms: one schema per intent --------------------------------------------------------

export const threadCreateFormSchema = z.object({
  intent: z.literal("thread-create"),
  title: threadTitleField,
  body: messageBodyField,
});

export const messageCreateFormSchema = z.object({
  intent: z.literal("message-create"),
  body: messageBodyField,
  quotedMessageId: formId("Quote a message by its numeric id.").optional(),
});

export const messageUpdateFormSchema = z.object({
  intent: z.literal("message-update"),
  messageId: formId("Choose a message."),
  body: messageBodyField,
});

export const messageDeleteFormSchema = z.object({
  intent: z.literal("message-delete"),
  messageId: formId("Choose a message."),
});

export const threadModerateFormSchema = z
  .object({
    intent: z.literal("thread-moderate"),
    // Not "action": a form field of that name shadows the form's own action property in the DOM.
    moderation: z.enum(MODERATION_ACTIONS, { error: "Choose pin, unpin, lock, unlock or move." }),
    groupId: formId("Choose the group to move the thread to.").optional(),
  })
  .refine((input) => input.moderation !== "move" || input.groupId !== undefined, {
    message: "Choose the group to move the thread to.",
    path: ["groupId"],
  });

export const threadDeleteFormSchema = z.object({ intent: z.literal("thread-delete") });

export type CreateThreadInput = z.infer<typeof createThreadSchema>;
export type CreateMessageInput = z.infer<typeof createMessageSchema>;
export type ModerateThreadInput = z.infer<typeof moderateThreadSchema>;
