import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGES } from "../../server/admin/pages";
import { ADMIN_RESOURCES, getAdminResource } from "../../server/admin/registry";
import { sniffFile } from "../../server/services/admin-resources";
import { ADMIN_SAMPLES, TINY_PNG, type SampleDependency } from "../fixtures/admin-samples";
import { call, type CallOptions, json, member, testEnv } from "./helpers";

// Walks /api/admin/<slug> for EVERY resource of the registry with anonymous, learner and admin tokens.

let adminToken = "";
let learnerToken = "";
let learnerId = 0;
let counter = 0;

type Json = { data?: unknown; errors?: string[]; fieldErrors?: Record<string, string[]> };
type RecordJson = { id: string; title: string; values: Record<string, unknown> };

/** The shared `call`, answered as its status and parsed body: every check of the walk reads both. */
async function send(path: string, options: CallOptions = {}) {
  const response = await call(path, options);
  return { status: response.status, body: await json<Json>(response) };
}

async function upload(slug: string, field: string, file: { name: string; mimeType: string; base64: string }) {
  const form = new FormData();
  const bytes = Uint8Array.from(atob(file.base64), (character) => character.charCodeAt(0));
  form.append("file", new File([bytes], file.name, { type: file.mimeType }));
  return send(`/api/admin/${slug}/upload?field=${field}`, { token: adminToken, body: form });
}

function sampleFor(slug: string) {
  const sample = ADMIN_SAMPLES[slug];
  if (!sample) {
    throw new Error(`No sample for admin resource "${slug}": add one to tests/fixtures/admin-samples.ts.`);
  }
  return sample;
}

/** A valid create body for `slug`, with fresh dependencies created through the API first. */
async function createBody(
  slug: string,
): Promise<{ body: Record<string, unknown>; deps: SampleDependency[]; suffix: string }> {
  const sample = sampleFor(slug);
  const deps: SampleDependency[] = [];
  for (const need of sample.needs ?? []) {
    const created = await createRecord(need);
    deps.push({ id: created.id, title: created.title });
  }
  counter += 1;
  const suffix = `${counter}-${crypto.randomUUID().slice(0, 6)}`;
  const body = sample.create(deps, suffix);
  for (const [field, file] of Object.entries(sample.uploads ?? {})) {
    const stored = await upload(slug, field, file);
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    body[field] = (stored.body.data as { key: string }).key;
  }
  return { body, deps, suffix };
}

async function createRecord(slug: string): Promise<RecordJson> {
  const { body } = await createBody(slug);
  const response = await send(`/api/admin/${slug}`, { method: "POST", token: adminToken, json: body });
  expect(response.status, `${slug}: ${JSON.stringify(response.body)}`).toBe(201);
  return response.body.data as RecordJson;
}

beforeAll(async () => {
  adminToken = (await member({ permissions: ["admin"] })).token;
  const learner = await member();
  learnerId = learner.id;
  learnerToken = learner.token;
});

describe("the admin registry", () => {
  it("names only admin pages, once each, and every resource has a sample", () => {
    const pageSlugs = new Set(ADMIN_PAGES.map((page) => page.slug));
    const slugs = ADMIN_RESOURCES.map((resource) => resource.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(pageSlugs.has(slug), `${slug} is not an admin page`).toBe(true);
      expect(
        ADMIN_SAMPLES[slug],
        `No sample for admin resource "${slug}" in tests/fixtures/admin-samples.ts`,
      ).toBeDefined();
    }
  });

  it("answers 404 for an unknown resource, 401 anonymous before anything else", async () => {
    expect((await send("/api/admin/no-such-thing", { token: adminToken })).status).toBe(404);
    expect((await send("/api/admin/no-such-thing")).status).toBe(401);
    const missing = await send("/api/admin/no-such-thing", { method: "POST", token: adminToken, json: {} });
    expect(missing.status).toBe(404);
    expect(missing.body.errors?.length).toBeGreaterThan(0);
  });
});

describe.each(ADMIN_RESOURCES.map((resource) => resource.slug))("/api/admin/%s", (slug) => {
  const resource = getAdminResource(slug)!;
  const unknownId = (resource.primaryKey ?? ["id"]).map(() => "987654321").join("-");

  it("refuses anonymous (401) and learners (403)", async () => {
    const { body } = await createBody(slug);
    const before = await send(`/api/admin/${slug}?pageSize=1`, { token: adminToken });
    for (const [token, status] of [
      [null, 401],
      [learnerToken, 403],
    ] as const) {
      expect((await send(`/api/admin/${slug}`, { token })).status).toBe(status);
      expect((await send(`/api/admin/${slug}/${unknownId}`, { token })).status).toBe(status);
      const created = await send(`/api/admin/${slug}`, { method: "POST", token, json: body });
      expect(created.status).toBe(status);
      expect(created.body.errors?.length).toBeGreaterThan(0);
      expect((await send(`/api/admin/${slug}/${unknownId}`, { method: "PATCH", token, json: {} })).status).toBe(status);
      expect((await send(`/api/admin/${slug}/${unknownId}`, { method: "DELETE", token })).status).toBe(status);
    }
    // Nothing was created by the refused calls.
    const after = await send(`/api/admin/${slug}?pageSize=1`, { token: adminToken });
    expect((after.body.data as { total: number }).total).toBe((before.body.data as { total: number }).total);
  });

  it("lets an admin list, create, get, update and delete", async () => {
    const sample = sampleFor(slug);
    const { body, deps, suffix } = await createBody(slug);
    const created = await send(`/api/admin/${slug}`, { method: "POST", token: adminToken, json: body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const record = created.body.data as RecordJson;
    expect(record.id).toMatch(/^\d+(-\d+)*$/);

    const list = await send(`/api/admin/${slug}?pageSize=100&sort=id&dir=desc`, { token: adminToken });
    expect(list.status).toBe(200);
    const listed = list.body.data as { items: RecordJson[]; total: number };
    expect(listed.total).toBeGreaterThan(0);
    const onPage = listed.items.map((item) => item.id).includes(record.id);
    const found = await send(`/api/admin/${slug}?pageSize=100&q=${encodeURIComponent(record.title)}`, {
      token: adminToken,
    });
    expect(onPage || (found.body.data as { items: RecordJson[] }).items.some((item) => item.id === record.id)).toBe(
      true,
    );

    const fetched = await send(`/api/admin/${slug}/${record.id}`, { token: adminToken });
    expect(fetched.status).toBe(200);
    expect((fetched.body.data as RecordJson).values).toEqual(record.values);

    const change = sample.update(deps, suffix);
    const updated = await send(`/api/admin/${slug}/${record.id}`, { method: "PATCH", token: adminToken, json: change });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const updatedRecord = updated.body.data as RecordJson;
    expect(updatedRecord.values[sample.updatedField]).toEqual(change[sample.updatedField]);
    // PATCH leaves the fields it did not send alone.
    for (const key of Object.keys(body)) {
      if (!(key in change) && key in record.values) expect(updatedRecord.values[key], key).toEqual(record.values[key]);
    }

    const deleted = await send(`/api/admin/${slug}/${updatedRecord.id}`, { method: "DELETE", token: adminToken });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await send(`/api/admin/${slug}/${updatedRecord.id}`, { token: adminToken })).status).toBe(404);
    expect((await send(`/api/admin/${slug}/${updatedRecord.id}`, { method: "DELETE", token: adminToken })).status).toBe(
      404,
    );
  });

  it("answers bad input with 400/422 {errors, fieldErrors} and unknown ids with 404", async () => {
    const sample = sampleFor(slug);
    const invalid = await send(`/api/admin/${slug}`, { method: "POST", token: adminToken, json: sample.invalid });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors?.length).toBeGreaterThan(0);
    expect(invalid.body.fieldErrors?.[sample.invalidField]?.length, JSON.stringify(invalid.body)).toBeGreaterThan(0);

    expect((await send(`/api/admin/${slug}`, { method: "POST", token: adminToken, body: "{not json" })).status).toBe(
      400,
    );
    expect((await send(`/api/admin/${slug}`, { method: "POST", token: adminToken, body: "[1,2]" })).status).toBe(400);
    expect((await send(`/api/admin/${slug}/${unknownId}`, { token: adminToken })).status).toBe(404);
    expect((await send(`/api/admin/${slug}/not-an-id`, { token: adminToken })).status).toBe(404);
    expect(
      (await send(`/api/admin/${slug}/${unknownId}`, { method: "PATCH", token: adminToken, json: {} })).status,
    ).toBe(404);
    expect((await send(`/api/admin/${slug}/${unknownId}`, { method: "DELETE", token: adminToken })).status).toBe(404);

    const { body } = await createBody(slug);
    const record = (await send(`/api/admin/${slug}`, { method: "POST", token: adminToken, json: body })).body
      .data as RecordJson;
    const badPatch = await send(`/api/admin/${slug}/${record.id}`, {
      method: "PATCH",
      token: adminToken,
      json: sample.invalid,
    });
    expect(badPatch.status).toBe(422);
    expect(badPatch.body.fieldErrors?.[sample.invalidField]?.length).toBeGreaterThan(0);
  });

  it("writes only declared fields (mass assignment is impossible)", async () => {
    const { body } = await createBody(slug);
    const declared = new Set(resource.fields.filter((field) => !field.readOnly).map((field) => field.name));
    const extras: Record<string, unknown> = {
      id: 987_654,
      createdAt: "2001-01-01T00:00:00.000Z",
      slug: "forced-slug",
      viewsCount: 12_345,
      ownerId: learnerId,
      userId: learnerId,
      authorId: learnerId,
      sizeBytes: 1,
      contentType: "text/html",
      isAdmin: true,
      permissions: ["admin"],
    };
    const sent = { ...body, ...Object.fromEntries(Object.entries(extras).filter(([key]) => !declared.has(key))) };
    const created = await send(`/api/admin/${slug}`, { method: "POST", token: adminToken, json: sent });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const record = created.body.data as RecordJson;
    for (const [key, value] of Object.entries(extras)) {
      if (declared.has(key) || !(key in record.values)) continue;
      expect(record.values[key], `${slug}.${key} was written from the request`).not.toEqual(value);
    }
    expect(record.values).not.toHaveProperty("isAdmin");

    const patched = await send(`/api/admin/${slug}/${record.id}`, { method: "PATCH", token: adminToken, json: extras });
    expect(patched.status).toBe(200);
    expect((patched.body.data as RecordJson).values).toEqual(record.values);
  });
});

describe("admin list queries, bulk delete and uploads", () => {
  it("searches, filters, sorts and pages with a whitelist", async () => {
    for (const name of ["Alpha", "Beta", "Gamma"]) {
      const created = await send("/api/admin/categories", {
        method: "POST",
        token: adminToken,
        json: {
          name: `Zq ${name} topic`,
          position: name.length,
        },
      });
      expect(created.status).toBe(201);
    }
    const search = await send("/api/admin/categories?q=zq%20beta", { token: adminToken });
    expect((search.body.data as { items: RecordJson[] }).items.map((item) => item.title)).toEqual(["Zq Beta topic"]);
    const wildcard = await send("/api/admin/categories?q=zq%25a", { token: adminToken });
    expect((wildcard.body.data as { total: number }).total).toBe(0);
    const sorted = await send("/api/admin/categories?q=zq&sort=name&dir=desc&pageSize=2&page=1", { token: adminToken });
    const page = sorted.body.data as { items: RecordJson[]; total: number; pageCount: number };
    expect(page.items.map((item) => item.title)).toEqual(["Zq Gamma topic", "Zq Beta topic"]);
    expect(page.total).toBe(3);
    expect(page.pageCount).toBe(2);
    // A column that is not sortable falls back to the default sort instead of reaching SQL.
    const injected = await send("/api/admin/categories?sort=name;drop table categories&dir=sideways", {
      token: adminToken,
    });
    expect(injected.status).toBe(200);
    expect((injected.body.data as { sort: string }).sort).toBe("position");
  });

  it("filters videos by a boolean and a select", async () => {
    await send("/api/admin/videos", {
      method: "POST",
      token: adminToken,
      json: { title: "Zq free one", isFree: true, level: "advanced" },
    });
    await send("/api/admin/videos", {
      method: "POST",
      token: adminToken,
      json: { title: "Zq paid one", isFree: false, level: "beginner" },
    });
    const free = await send("/api/admin/videos?q=zq&isFree=true", { token: adminToken });
    expect((free.body.data as { items: RecordJson[] }).items.map((item) => item.title)).toEqual(["Zq free one"]);
    const beginner = await send("/api/admin/videos?q=zq&level=beginner", { token: adminToken });
    expect((beginner.body.data as { items: RecordJson[] }).items.map((item) => item.title)).toEqual(["Zq paid one"]);
  });

  it("refuses relation ids that do not exist with a field error", async () => {
    const response = await send("/api/admin/teacher", {
      method: "POST",
      token: adminToken,
      json: { name: "Nobody", countryId: 424242 },
    });
    expect(response.status).toBe(422);
    expect(response.body.fieldErrors?.countryId?.[0]).toMatch(/no country/i);
  });

  it("turns a unique clash into a field error", async () => {
    await send("/api/admin/countries", {
      method: "POST",
      token: adminToken,
      json: { name: "One", code: "QA", dialect: "x" },
    });
    const clash = await send("/api/admin/countries", {
      method: "POST",
      token: adminToken,
      json: { name: "Two", code: "qa", dialect: "y" },
    });
    expect(clash.status).toBe(422);
    expect(clash.body.fieldErrors?.code?.length).toBeGreaterThan(0);
  });

  it("bulk-deletes and reports what it kept", async () => {
    const first = await createRecord("categories");
    const second = await createRecord("categories");
    const response = await send("/api/admin/categories/bulk-delete", {
      method: "POST",
      token: adminToken,
      json: {
        ids: [first.id, second.id, "987654"],
      },
    });
    expect(response.status).toBe(200);
    const result = response.body.data as { deleted: unknown[]; failed: Array<{ id: string }> };
    expect(result.deleted).toHaveLength(2);
    expect(result.failed.map((entry) => entry.id)).toEqual(["987654"]);
    expect(
      (await send("/api/admin/categories/bulk-delete", { method: "POST", token: adminToken, json: { ids: [] } }))
        .status,
    ).toBe(422);
    expect(
      (
        await send("/api/admin/categories/bulk-delete", {
          method: "POST",
          token: learnerToken,
          json: { ids: [first.id] },
        })
      ).status,
    ).toBe(403);
  });

  it("stores uploads under the declared prefix after sniffing, and refuses impostors", async () => {
    const stored = await upload("teacher", "avatarKey", TINY_PNG);
    expect(stored.status).toBe(201);
    const data = stored.body.data as { key: string; contentType: string };
    expect(data.key).toMatch(/^thumbnails\/teacher\/[\w-]+\.png$/);
    expect(data.contentType).toBe("image/png");
    expect(await testEnv.MEDIA.head(data.key)).not.toBeNull();

    const impostor = await upload("teacher", "avatarKey", {
      name: "evil.png",
      mimeType: "image/png",
      base64: btoa("<html>hi</html>"),
    });
    expect(impostor.status).toBe(422);
    expect(impostor.body.fieldErrors?.avatarKey?.length).toBeGreaterThan(0);
    expect((await upload("teacher", "name", TINY_PNG)).status).toBe(404);

    // A key that was never uploaded cannot be pointed at.
    const forged = await send("/api/admin/teacher", {
      method: "POST",
      token: adminToken,
      json: {
        name: "Forger",
        avatarKey: "thumbnails/someone-else.png",
      },
    });
    expect(forged.status).toBe(422);
    expect(forged.body.fieldErrors?.avatarKey?.length).toBeGreaterThan(0);
    const honest = await send("/api/admin/teacher", {
      method: "POST",
      token: adminToken,
      json: { name: "Uploader", avatarKey: data.key },
    });
    expect(honest.status).toBe(201);
  });

  it("sniffs common file types by their first bytes", () => {
    const bytes = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));
    expect(sniffFile(bytes("%PDF-1.7"))?.contentType).toBe("application/pdf");
    expect(sniffFile(bytes("ID3\x04\x00"))?.contentType).toBe("audio/mpeg");
    expect(sniffFile(bytes("OggS\x00"))?.contentType).toBe("audio/ogg");
    expect(sniffFile(bytes("\x00\x00\x00\x18ftypM4A "))?.contentType).toBe("audio/mp4");
    expect(sniffFile(bytes("\x00\x00\x00\x18ftypisom"))?.contentType).toBe("video/mp4");
    expect(sniffFile(bytes("<svg onload=alert(1)>"))).toBeNull();
  });
});
