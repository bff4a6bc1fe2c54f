import { beforeAll, describe, expect, it } from "vitest";
import { categoriesResource } from "../../server/admin/resources/categories";
import {
  bulkDeleteRecords,
  createRecord,
  deleteRecord,
  describeDeleteImpact,
  getRecord,
  listRecords,
  listRelationOptions,
  parseListQuery,
  storeAdminUpload,
  updateRecord,
} from "../../server/services/admin-resources";
import type { AdminHookContext, AdminResource } from "../../server/admin/types";
import { createAppContext } from "../../server/context";
import { AppError } from "../../server/lib/errors";
import type { SessionUser } from "../../server/services/auth";
import { createUser, testEnv } from "./helpers";

const app = createAppContext(testEnv);

/** A real account: each write the service lets through is logged in the audit log under its id. */
let actorId = 0;
beforeAll(async () => {
  actorId = (await createUser({ name: "Someone" })).id;
});

const actor = (permissions: string[]): AdminHookContext => ({
  app,
  user: {
    id: actorId,
    email: "someone@example.com",
    name: "Someone",
    avatarKey: null,
    level: null,
    birthday: null,
    transliterationScheme: "romanized",
    timeZone: null,
    hasPassword: true,
    permissions,
    sessionId: "session",
  } satisfies SessionUser,
});

/** The categories resource as an operator might split it: each action needs its own code. */
const splitCategories: AdminResource = {
  ...categoriesResource,
  permissions: {
    list: "catalog:read",
    read: "catalog:read",
    create: "catalog:write",
    update: "catalog:write",
    delete: "catalog:delete",
  },
};

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

const newCategory = () => ({ name: `Access ${crypto.randomUUID().slice(0, 8)}` });

describe("the admin service checks each action's own permission itself", () => {
  it("refuses every action to a member with an unrelated permission, whoever calls it (page or API)", async () => {
    const admin = actor(["admin"]);
    const { id } = await createRecord(admin, { resource: categoriesResource, input: newCategory() });
    const moderator = actor(["moderator"]);
    const query = parseListQuery(categoriesResource, new URLSearchParams());
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])], "x.png");
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ["list", () => listRecords(moderator, { resource: categoriesResource, query })],
      ["relation options", () => listRelationOptions(moderator, { resource: categoriesResource })],
      ["read", () => getRecord(moderator, { resource: categoriesResource, id: id })],
      ["delete impact", () => describeDeleteImpact(moderator, { resource: categoriesResource, id: id })],
      ["create", () => createRecord(moderator, { resource: categoriesResource, input: newCategory() })],
      [
        "update",
        () =>
          updateRecord(moderator, {
            resource: categoriesResource,
            id: id,
            input: { name: "Renamed" },
            mode: "patch",
          }),
      ],
      ["delete", () => deleteRecord(moderator, { resource: categoriesResource, id: id })],
      ["bulk delete", () => bulkDeleteRecords(moderator, { resource: categoriesResource, ids: [id] })],
      ["upload", () => storeAdminUpload(moderator, { resource: categoriesResource, fieldName: "imageKey", file })],
    ];
    for (const [label, attempt] of attempts) expect(await statusOf(attempt()), label).toBe(403);
    // Nothing changed.
    expect((await getRecord(admin, { resource: categoriesResource, id: id })).title).not.toBe("Renamed");
  });

  it("lets a reader list and read but not write, and a writer write but not delete, in bulk too", async () => {
    const owner = actor(["catalog:read", "catalog:write", "catalog:delete"]);
    const { id } = await createRecord(owner, { resource: splitCategories, input: newCategory() });
    const reader = actor(["catalog:read"]);
    const writer = actor(["catalog:read", "catalog:write"]);
    const query = parseListQuery(splitCategories, new URLSearchParams());

    expect(await statusOf(listRecords(reader, { resource: splitCategories, query }))).toBe(200);
    expect(await statusOf(getRecord(reader, { resource: splitCategories, id: id }))).toBe(200);
    expect(await statusOf(createRecord(reader, { resource: splitCategories, input: newCategory() }))).toBe(403);
    expect(
      await statusOf(
        updateRecord(reader, { resource: splitCategories, id: id, input: { name: "By reader" }, mode: "patch" }),
      ),
    ).toBe(403);

    expect(
      await statusOf(
        updateRecord(writer, {
          resource: splitCategories,
          id: id,
          input: { name: `By writer ${id}` },
          mode: "patch",
        }),
      ),
    ).toBe(200);
    expect(await statusOf(deleteRecord(writer, { resource: splitCategories, id: id }))).toBe(403);
    expect(await statusOf(bulkDeleteRecords(writer, { resource: splitCategories, ids: [id] }))).toBe(403);
    expect((await getRecord(owner, { resource: splitCategories, id: id })).title).toBe(`By writer ${id}`);

    // The generic "admin" code is not a master key for a resource that names its own codes.
    expect(await statusOf(deleteRecord(actor(["admin"]), { resource: splitCategories, id: id }))).toBe(403);
    expect(await statusOf(bulkDeleteRecords(owner, { resource: splitCategories, ids: [id] }))).toBe(200);
    expect(await statusOf(getRecord(owner, { resource: splitCategories, id: id }))).toBe(404);
  });

  it("refuses an action the resource does not allow at all, even to an admin", async () => {
    const readOnly: AdminResource = { ...categoriesResource, actions: { create: false, update: false, delete: false } };
    const admin = actor(["admin"]);
    expect(await statusOf(createRecord(admin, { resource: readOnly, input: newCategory() }))).toBe(403);
    const { id } = await createRecord(admin, { resource: categoriesResource, input: newCategory() });
    expect(await statusOf(bulkDeleteRecords(admin, { resource: readOnly, ids: [id] }))).toBe(403);
    expect(await statusOf(getRecord(admin, { resource: readOnly, id: id }))).toBe(200);
  });
});
