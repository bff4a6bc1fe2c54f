import { Hono } from "hono";
import {
  createMessageSchema,
  createThreadSchema,
  moderateThreadSchema,
  threadsPageQuerySchema,
  updateMessageSchema,
} from "#core/schemas/community";
import { notFound, parseWith } from "../lib/errors";
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
import { readJson, requireUser } from "./helpers";
import type { ApiEnv } from "./types";

// Ids are digits only (at most 12); anything else falls through to the API's 404.
const ID = "{[0-9]{1,12}}";

function idParam(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

const pageQuery = (value: string | undefined) => parseWith(threadsPageQuerySchema, { page: value }).page;

/**
 * `/api/community`: reading is open to visitors; posting needs a session (401); others' messages answer
 * 404 on edit/delete; moderation needs admin or community:moderate (403).
 */
export const communityApi = new Hono<ApiEnv>()
  .get("/groups", async (c) => c.json({ data: await listGroups(c.get("app")) }))
  .get(`/groups/:id${ID}`, async (c) => {
    const app = c.get("app");
    const group = await getGroup(app, idParam(c.req.param("id")));
    if (!group) throw notFound("We couldn't find that group.");
    const threads = await listThreads(app, { groupId: group.id, page: pageQuery(c.req.query("page")) });
    return c.json({ data: { group, threads } });
  })
  .post(`/groups/:id${ID}/threads`, requireUser, async (c) => {
    const input = await readJson(c, createThreadSchema);
    const groupId = idParam(c.req.param("id"));
    return c.json({ data: await createThread(c.get("app"), c.get("viewer"), { ...input, groupId }) }, 201);
  })
  .get(`/threads/:id${ID}`, async (c) => {
    const app = c.get("app");
    const thread = await getThread(app, idParam(c.req.param("id")));
    if (!thread) throw notFound("We couldn't find that thread.");
    const messages = await listMessages(app, c.get("viewer"), { thread, page: pageQuery(c.req.query("page")) });
    return c.json({ data: { thread, messages } });
  })
  .get(`/threads/:id${ID}/activity`, async (c) =>
    c.json({ data: await getThreadActivity(c.get("app"), idParam(c.req.param("id"))) }),
  )
  .post(`/threads/:id${ID}/messages`, requireUser, async (c) => {
    const input = await readJson(c, createMessageSchema);
    const app = c.get("app");
    const viewer = c.get("viewer");
    const { messageId } = await createMessage(app, viewer, { ...input, threadId: idParam(c.req.param("id")) });
    return c.json({ data: await getMessage(app, viewer, messageId) }, 201);
  })
  .post(`/threads/:id${ID}/moderation`, requireUser, async (c) => {
    const input = await readJson(c, moderateThreadSchema);
    const threadId = idParam(c.req.param("id"));
    return c.json({ data: await moderateThread(c.get("app"), c.get("viewer"), { ...input, threadId }) });
  })
  .delete(`/threads/:id${ID}`, requireUser, async (c) => {
    const threadId = idParam(c.req.param("id"));
    await deleteThread(c.get("app"), c.get("viewer"), { threadId });
    return c.json({ data: { id: threadId, deleted: true } });
  })
  .patch(`/messages/:id${ID}`, requireUser, async (c) => {
    const { body } = await readJson(c, updateMessageSchema);
    const app = c.get("app");
    const viewer = c.get("viewer");
    const messageId = idParam(c.req.param("id"));
    await updateMessage(app, viewer, { messageId, body });
    return c.json({ data: await getMessage(app, viewer, messageId) });
  })
  .delete(`/messages/:id${ID}`, requireUser, async (c) => {
    const app = c.get("app");
    const viewer = c.get("viewer");
    const messageId = idParam(c.req.param("id"));
    await deleteMessage(app, viewer, { messageId });
    return c.json({ data: await getMessage(app, viewer, messageId) });
  });
