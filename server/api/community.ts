import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import {
  createMessageSchema,
  createThreadSchema,
  moderateThreadSchema,
  threadsPageQuerySchema,
  updateMessageSchema,
} from "#core/schemas/community";
import { notFound } from "../lib/errors";
import {
  createMessage,
  createThread,
  deleteMessage,
  deleteThread,
  getGroup,
  getMessage,
  getThread,
  getThreadActivity,
  listGroups,
  listMessages,
  listThreads,
  moderateThread,
  updateMessage,
} from "../services/community";
import { created, defineRoute, idParam, implement, jsonBody, list, ok, readParam, refused } from "./route";
import type { ApiEnv } from "./types";

const byId = z.object({ id: idParam() });
const pageQuery = threadsPageQuerySchema.extend({
  page: threadsPageQuerySchema.shape.page.describe("Page number, from 1."),
});

type Group = NonNullable<Awaited<ReturnType<typeof getGroup>>>;
type Thread = NonNullable<Awaited<ReturnType<typeof getThread>>>;

/** The group of the path, before its page of threads is read (an unknown group is a 404 whatever the page). */
const withGroup = createMiddleware<ApiEnv & { Variables: { group: Group } }>(async (c, next) => {
  const group = await getGroup(c.get("app"), { groupId: readParam(c, "id", byId.shape.id) });
  if (!group) throw notFound("We couldn't find that group.");
  c.set("group", group);
  await next();
});

/** The thread of the path, likewise. */
const withThread = createMiddleware<ApiEnv & { Variables: { thread: Thread } }>(async (c, next) => {
  const thread = await getThread(c.get("app"), { threadId: readParam(c, "id", byId.shape.id) });
  if (!thread) throw notFound("We couldn't find that thread.");
  c.set("thread", thread);
  await next();
});

/**
 * `/api/community`: reading is open to visitors; posting needs a session (401); others' messages answer
 * 404 on edit/delete; deleting a thread needs admin or community:moderate (403).
 */
export const communityApi = new OpenAPIHono<ApiEnv>();

implement(
  communityApi,
  defineRoute({
    method: "get",
    path: "/groups",
    audience: "public",
    summary: "The community's groups.",
    responses: { ...ok(list) },
  }),
  async (c) => c.json({ data: await listGroups(c.get("app")) }),
);

implement(
  communityApi,
  defineRoute({
    method: "get",
    path: "/groups/{id}",
    audience: "public",
    middleware: withGroup,
    summary: "A group and a page of its threads.",
    request: { params: byId, query: pageQuery },
    responses: { ...ok(z.object({ group: z.looseObject({}), threads: z.unknown() })), ...refused(422) },
  }),
  async (c) => {
    const group = c.get("group");
    const threads = await listThreads(c.get("app"), { groupId: group.id, page: c.req.valid("query").page });
    return c.json({ data: { group, threads } });
  },
);

implement(
  communityApi,
  defineRoute({
    method: "post",
    path: "/groups/{id}/threads",
    audience: "member",
    summary: "Start a thread.",
    request: { params: byId, body: jsonBody(createThreadSchema) },
    responses: { ...created(), ...refused(403, 409, 422, 429) },
  }),
  async (c) => {
    const input = { ...c.req.valid("json"), groupId: c.req.valid("param").id };
    return c.json({ data: await createThread(c.get("app"), { viewer: c.get("viewer"), ...input }) }, 201);
  },
);

implement(
  communityApi,
  defineRoute({
    method: "get",
    path: "/threads/{id}",
    audience: "public",
    middleware: withThread,
    summary: "A thread and a page of its messages.",
    request: { params: byId, query: pageQuery },
    responses: { ...ok(z.object({ thread: z.looseObject({}), messages: z.unknown() })), ...refused(422) },
  }),
  async (c) => {
    const thread = c.get("thread");
    const page = c.req.valid("query").page;
    const messages = await listMessages(c.get("app"), { viewer: c.get("viewer"), thread, page });
    return c.json({ data: { thread, messages } });
  },
);

implement(
  communityApi,
  defineRoute({
    method: "get",
    path: "/threads/{id}/activity",
    audience: "public",
    summary: "A thread's latest message and count, for live updates.",
    request: { params: byId },
    responses: { ...ok() },
  }),
  async (c) => c.json({ data: await getThreadActivity(c.get("app"), { threadId: c.req.valid("param").id }) }),
);

implement(
  communityApi,
  defineRoute({
    method: "post",
    path: "/threads/{id}/messages",
    audience: "member",
    summary: "Reply in a thread, optionally quoting a message.",
    request: { params: byId, body: jsonBody(createMessageSchema) },
    responses: { ...created(), ...refused(403, 409, 422, 429) },
  }),
  async (c) => {
    const app = c.get("app");
    const viewer = c.get("viewer");
    const input = { ...c.req.valid("json"), threadId: c.req.valid("param").id };
    const { messageId } = await createMessage(app, { viewer, ...input });
    return c.json({ data: await getMessage(app, { viewer, messageId }) }, 201);
  },
);

implement(
  communityApi,
  defineRoute({
    method: "post",
    path: "/threads/{id}/moderation",
    audience: "member",
    summary: "Pin, lock or hide a thread (its author or a moderator).",
    request: { params: byId, body: jsonBody(moderateThreadSchema) },
    responses: { ...ok(), ...refused(403, 409, 422) },
  }),
  async (c) => {
    const input = { ...c.req.valid("json"), threadId: c.req.valid("param").id };
    return c.json({ data: await moderateThread(c.get("app"), { viewer: c.get("viewer"), ...input }) });
  },
);

implement(
  communityApi,
  defineRoute({
    method: "delete",
    path: "/threads/{id}",
    audience: "moderator",
    summary: "Delete a thread and its messages (moderators).",
    request: { params: byId },
    responses: { ...ok(z.object({ id: z.number(), deleted: z.literal(true) })) },
  }),
  async (c) => {
    const threadId = c.req.valid("param").id;
    await deleteThread(c.get("app"), { viewer: c.get("viewer"), threadId });
    return c.json({ data: { id: threadId, deleted: true } });
  },
);

implement(
  communityApi,
  defineRoute({
    method: "patch",
    path: "/messages/{id}",
    audience: "member",
    summary: "Edit one's own message.",
    request: { params: byId, body: jsonBody(updateMessageSchema) },
    responses: { ...ok(), ...refused(403, 409, 429) },
  }),
  async (c) => {
    const app = c.get("app");
    const viewer = c.get("viewer");
    const messageId = c.req.valid("param").id;
    await updateMessage(app, { viewer, messageId, body: c.req.valid("json").body });
    return c.json({ data: await getMessage(app, { viewer, messageId }) });
  },
);

implement(
  communityApi,
  defineRoute({
    method: "delete",
    path: "/messages/{id}",
    audience: "member",
    summary: "Delete a message (its author or a moderator).",
    request: { params: byId },
    responses: { ...ok(), ...refused(403) },
  }),
  async (c) => {
    const app = c.get("app");
    const viewer = c.get("viewer");
    const messageId = c.req.valid("param").id;
    await deleteMessage(app, { viewer, messageId });
    return c.json({ data: await getMessage(app, { viewer, messageId }) });
  },
);
