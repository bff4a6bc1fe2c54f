import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import * as auditLogRoute from "../../app/features/admin/routes/audit-log";
import { auditHistoryHref } from "../../app/features/admin/components/audit/history-link";
import { AUDIT_SYSTEM_ACTOR, auditLogSearchSchema } from "../../core/schemas/admin-audit-log";
import { countries } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { erasePersonalData } from "../../server/services/account-deletion";
import { auditInsert, diffChanges, type AuditEntry } from "../../server/services/audit-log";
import { listAuditActors, listAuditLog, listAuditResources } from "../../server/services/audit-log-query";
import { createUser, loginToken, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the page uses of it
// (`redirect`, the request handler) is @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// The audit log's read side: the filters of /admin/audit-log, its pages, rows whose actor is gone, secret
// values, record links, and the page itself rendered by Remix for an admin, a visitor and a member.

/** Appends audit rows, each at its own time (the write side stamps rows with `ctx.now()`). */
async function addRows(entries: Array<AuditEntry & { at: string | Date }>) {
  let clock = new Date();
  const ctx = createAppContext(testEnv, { now: () => clock });
  const statements = entries.map(({ at, ...entry }) => {
    clock = new Date(at);
    return auditInsert(ctx, entry);
  });
  const [first, ...rest] = statements;
  if (first) await ctx.db.batch([first, ...rest]);
}

const ctx = () => createAppContext(testEnv);
const tag = () => crypto.randomUUID().slice(0, 8);
const ids = (list: { rows: Array<{ recordId: string | null }> }) => list.rows.map((row) => row.recordId);

async function scenario() {
  const t = tag();
  const alice = await createUser({ permissions: ["admin"], name: `Alice ${t}` });
  const bashir = await createUser({ permissions: ["admin"], name: `Bashir ${t}` });
  const member = await createUser({ name: `Member ${t}` });
  const resource = `lessons-${t}`;
  await addRows([
    { at: "2031-03-01T10:00:00Z", actorId: alice.id, action: "update", resource, recordId: "1", recordLabel: "One" },
    { at: "2031-03-02T23:59:59Z", actorId: bashir.id, action: "update", resource, recordId: "2", recordLabel: "Two" },
    {
      at: "2031-03-03T00:00:00Z",
      actorId: alice.id,
      action: "subscription.comp",
      resource: "subscriptions",
      recordId: `sub-${t}`,
      subjectUserId: member.id,
      reason: "Goodwill after the outage",
    },
    {
      at: "2031-03-04T08:00:00Z",
      actorId: bashir.id,
      action: "user.update",
      resource: "users",
      recordId: member.id,
      recordLabel: member.name,
      subjectUserId: member.id,
      changes: { name: { before: "Old", after: member.name } },
    },
  ]);
  return { t, alice, bashir, member, resource };
}

describe("listAuditLog filters", () => {
  it("narrows by actor, resource, record, member and inclusive UTC days, newest first", async () => {
    const { t, alice, bashir, member, resource } = await scenario();

    expect(ids(await listAuditLog(ctx(), { actor: alice.id }))).toEqual([`sub-${t}`, "1"]);
    expect(ids(await listAuditLog(ctx(), { actor: bashir.id }))).toEqual([String(member.id), "2"]);
    expect(ids(await listAuditLog(ctx(), { resource }))).toEqual(["2", "1"]);
    expect(ids(await listAuditLog(ctx(), { resource, recordId: "1" }))).toEqual(["1"]);
    expect(ids(await listAuditLog(ctx(), { resource, recordId: "3" }))).toEqual([]);
    expect(ids(await listAuditLog(ctx(), { subjectUserId: member.id }))).toEqual([String(member.id), `sub-${t}`]);

    // Whole UTC days, both ends included: 23:59:59 is still the 2nd, midnight already the 3rd.
    const mine = { actor: undefined, resource: undefined };
    const inRange = async (from?: string, to?: string) =>
      (await listAuditLog(ctx(), { ...mine, from, to })).rows
        .filter((row) => [alice.id, bashir.id].includes(row.actor?.id ?? 0))
        .map((row) => row.recordId);
    expect(await inRange("2031-03-02", "2031-03-03")).toEqual([`sub-${t}`, "2"]);
    expect(await inRange("2031-03-01", "2031-03-01")).toEqual(["1"]);
    expect(await inRange("2031-03-02", "2031-03-02")).toEqual(["2"]);
    expect(await inRange("2031-03-04")).toEqual([String(member.id)]);
    expect(await inRange(undefined, "2031-03-01")).toEqual(["1"]);
    // Filters combine.
    expect(ids(await listAuditLog(ctx(), { actor: alice.id, from: "2031-03-02", to: "2031-03-31" }))).toEqual([
      `sub-${t}`,
    ]);

    const actorIds = (await listAuditActors(ctx())).map((actor) => actor.id);
    expect(actorIds).toEqual(expect.arrayContaining([alice.id, bashir.id]));
    expect(actorIds).not.toContain(member.id);
    const resources = await listAuditResources(ctx());
    expect(resources).toEqual(
      expect.arrayContaining([
        { slug: resource, label: `Lessons ${t}` },
        { slug: "subscriptions", label: "Subscriptions" },
      ]),
    );
  });

  it("reads the filters from search params, dropping what is malformed", () => {
    expect(
      auditLogSearchSchema.parse({
        actor: "12",
        resource: "videos",
        record: " 7 ",
        subject: "4",
        from: "2031-03-01",
        to: "2031-03-02",
        page: "3",
      }),
    ).toEqual({
      actor: 12,
      resource: "videos",
      record: "7",
      subject: 4,
      from: "2031-03-01",
      to: "2031-03-02",
      page: 3,
    });
    expect(
      auditLogSearchSchema.parse({
        actor: "someone",
        resource: "' or 1=1",
        record: "",
        subject: "-4",
        from: "2031-02-30",
        to: "yesterday",
        page: "x",
      }),
    ).toEqual({
      actor: undefined,
      resource: undefined,
      record: undefined,
      subject: undefined,
      from: undefined,
      to: undefined,
      page: 1,
    });
    expect(auditLogSearchSchema.parse({ actor: "system" }).actor).toBe(AUDIT_SYSTEM_ACTOR);
    // A range typed backwards means the same days.
    expect(auditLogSearchSchema.parse({ from: "2031-03-09", to: "2031-03-02" })).toMatchObject({
      from: "2031-03-02",
      to: "2031-03-09",
    });
  });
});

describe("listAuditLog pages", () => {
  it("pages by 50, newest first, and keeps a page past the end on the last one", async () => {
    const admin = await createUser({ permissions: ["admin"] });
    const start = Date.UTC(2032, 0, 1);
    await addRows(
      Array.from({ length: 120 }, (_, index) => ({
        at: new Date(start + index * 60_000),
        actorId: admin.id,
        action: "update",
        resource: "faqs",
        recordId: String(index + 1),
      })),
    );
    const first = await listAuditLog(ctx(), { actor: admin.id });
    expect(first).toMatchObject({ total: 120, page: 1, pageCount: 3, pageSize: 50 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.recordId).toBe("120");
    expect(first.rows[49]!.recordId).toBe("71");
    const last = await listAuditLog(ctx(), { actor: admin.id, page: 3 });
    expect(last.rows.map((row) => row.recordId)).toEqual(Array.from({ length: 20 }, (_, index) => String(20 - index)));
    const beyond = await listAuditLog(ctx(), { actor: admin.id, page: 99 });
    expect(beyond.page).toBe(3);
    expect(beyond.rows).toHaveLength(20);
    const none = await listAuditLog(ctx(), { actor: admin.id, resource: "no-such-resource" });
    expect(none).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe("audit rows", () => {
  it("still lists a row whose actor was deleted, and rows no administrator made", async () => {
    const t = tag();
    const leaver = await createUser({ permissions: ["admin"], name: `Leaver ${t}` });
    await addRows([
      { at: "2033-01-01T09:00:00Z", actorId: leaver.id, action: "delete", resource: `r-${t}`, recordId: "5" },
      { at: "2033-01-01T10:00:00Z", actorId: null, action: "update", resource: `r-${t}`, recordId: "6" },
    ]);
    await erasePersonalData(ctx(), { userId: leaver.id });

    const list = await listAuditLog(ctx(), { resource: `r-${t}` });
    expect(list.rows.map((row) => row.recordId)).toEqual(["6", "5"]);
    expect(list.rows[0]!.actor).toBeNull();
    expect(list.rows[1]!.actor).toEqual({ id: leaver.id, name: "Deleted member", email: null, deleted: true });

    const actors = await listAuditActors(ctx());
    expect(actors).toContainEqual({ id: leaver.id, label: `Deleted member (#${leaver.id})`, email: null });
    expect(actors.at(-1)).toEqual({ id: AUDIT_SYSTEM_ACTOR, label: "System", email: null });
    expect(ids(await listAuditLog(ctx(), { actor: leaver.id }))).toEqual(["5"]);
    expect(ids(await listAuditLog(ctx(), { actor: AUDIT_SYSTEM_ACTOR, resource: `r-${t}` }))).toEqual(["6"]);
  });

  it("keeps secret values hidden and shows what a field was and became", async () => {
    const t = tag();
    const admin = await createUser({ permissions: ["admin"] });
    const changes = diffChanges(
      { passwordHash: "pbkdf2$old-secret", name: "Layla", bio: null },
      { passwordHash: "pbkdf2$new-secret", name: "ليلى", bio: "" },
    );
    await addRows([{ at: "2033-02-01T09:00:00Z", actorId: admin.id, action: "update", resource: `s-${t}`, changes }]);
    const [row] = (await listAuditLog(ctx(), { resource: `s-${t}` })).rows;
    expect(row!.changes).toEqual([
      { field: "passwordHash", before: { kind: "hidden" }, after: { kind: "hidden" } },
      { field: "name", before: { kind: "text", text: "Layla" }, after: { kind: "text", text: "ليلى" } },
    ]);
    expect(JSON.stringify(row)).not.toContain("secret");
  });

  it("links a record to its admin page while it exists, and member records to the member", async () => {
    const admin = await createUser({ permissions: ["admin"] });
    const member = await createUser();
    const [country] = await ctx()
      .db.insert(countries)
      .values({ name: "Lebanon", code: `L${tag()}`, dialect: "Lebanese" })
      .returning();
    await addRows([
      { at: "2034-01-01T09:00:00Z", actorId: admin.id, action: "update", resource: "countries", recordId: country!.id },
      { at: "2034-01-01T09:01:00Z", actorId: admin.id, action: "delete", resource: "countries", recordId: 987654321 },
      { at: "2034-01-01T09:02:00Z", actorId: admin.id, action: "update", resource: "countries", recordId: "x-y" },
      {
        at: "2034-01-01T09:03:00Z",
        actorId: admin.id,
        action: "invoice.refund",
        resource: "invoices",
        recordId: "in_1",
        subjectUserId: member.id,
      },
    ]);
    const list = await listAuditLog(ctx(), { actor: admin.id });
    expect(list.rows.map((row) => [row.recordId, row.recordHref])).toEqual([
      ["in_1", `/admin/users/${member.id}`],
      ["x-y", null],
      ["987654321", null],
      [String(country!.id), `/admin/countries/${country!.id}`],
    ]);
    expect(list.rows[3]!.resourceLabel).toBe("Countries");
  });

  it("HistoryLink points at the record's or the member's history", () => {
    expect(auditHistoryHref({ resource: "videos", recordId: 12 })).toBe("/admin/audit-log?resource=videos&record=12");
    expect(auditHistoryHref({ resource: "users", subjectUserId: 7 })).toBe("/admin/audit-log?subject=7");
  });
});

// The page as Remix renders it: the real route module (loader, component) under a bare root, served through
// the Worker's own front door (server/app.ts), which builds the request's load context from its cookie.
const pages = remixPages({ "audit-log": { path: "admin/audit-log", module: auditLogRoute } });

async function openPage(path: string, token?: string, headers: Record<string, string> = {}) {
  const executionCtx = createExecutionContext();
  const response = await pages.request(
    `https://ahla.test${path}`,
    { headers: { ...headers, ...(token ? { Cookie: `token=${token}` } : {}) } },
    testEnv,
    executionCtx,
  );
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, headers: response.headers, body };
}

describe("/admin/audit-log", () => {
  it("shows an admin a record's history with its changes, reason and filters", async () => {
    const { t, member, resource } = await scenario();
    const admin = await createUser({ permissions: ["admin"], name: `Viewer ${t}` });
    const token = await loginToken(pages, admin.email, admin.password);
    await addRows([
      {
        at: "2031-03-05T12:00:00Z",
        actorId: admin.id,
        action: "update",
        resource,
        recordId: "1",
        recordLabel: "مرحبا lesson",
        changes: { title: { before: "One", after: "مرحبا lesson" }, apiKey: { before: "[hidden]", after: "[hidden]" } },
        reason: `Typo fix ${t}`,
      },
    ]);

    const response = await openPage(`/admin/audit-log?resource=${resource}&record=1`, token);
    expect(response.status).toBe(200);
    const html = response.body;
    expect(html).toContain(`History of ${resource} #1`);
    expect(html).toContain("2 changes");
    expect(html).toContain(`Typo fix ${t}`);
    expect(html).toContain("مرحبا lesson");
    expect(html).toContain(`Viewer ${t}`);
    expect(html).toContain(`Alice ${t}`);
    expect(html).not.toContain(`Bashir ${t}</a>`);
    expect(html).toMatch(/<label[^>]*for="audit-actor"/);
    expect(html).toMatch(/<input[^>]*name="record"[^>]*value="1"/);
    expect(html).toContain("<caption");
    expect(html).toContain('dir="auto"');
    expect(html).toContain("hidden<");

    const memberPage = (await openPage(`/admin/audit-log?subject=${member.id}`, token)).body;
    expect(memberPage).toContain(`History of Member ${t}`);
    expect(memberPage).toContain("Goodwill after the outage");
    expect(memberPage).toContain(`name="subject" value="${member.id}"`);

    const empty = await openPage(`/admin/audit-log?resource=${resource}&record=404`, token);
    expect(empty.status).toBe(200);
    expect(empty.body).toContain("Nothing was changed that matches these filters.");
  });

  it("pages the results and keeps the filters in the page links", async () => {
    const admin = await createUser({ permissions: ["admin"] });
    const token = await loginToken(pages, admin.email, admin.password);
    const start = Date.UTC(2035, 0, 1);
    await addRows(
      Array.from({ length: 55 }, (_, index) => ({
        at: new Date(start + index * 60_000),
        actorId: admin.id,
        action: "update",
        resource: "faqs",
        recordId: String(index + 1),
        recordLabel: `Question ${index + 1}`,
      })),
    );
    const first = await openPage(`/admin/audit-log?actor=${admin.id}&resource=faqs`, token);
    expect(first.body).toContain("Showing 1–50 of 55 changes");
    expect(first.body).toContain(`href="/admin/audit-log?actor=${admin.id}&amp;resource=faqs&amp;page=2"`);
    expect(first.body).toContain("Question 55");
    expect(first.body).not.toContain("Question 5<");
    const second = await openPage(`/admin/audit-log?actor=${admin.id}&resource=faqs&page=2`, token);
    expect(second.body).toContain("Showing 51–55 of 55 changes");
    expect(second.body).toContain("Question 5<");
  });

  it("sends a visitor to sign in and keeps a signed-in member who is not an admin out", async () => {
    const path = "/admin/audit-log?resource=videos";
    const visitor = await openPage(path);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/auth/login?redirect=${encodeURIComponent(path)}`);

    const learner = await createUser();
    const token = await loginToken(pages, learner.email, learner.password);
    const fromLink = await openPage(path, token);
    expect(fromLink.status).toBe(302);
    expect(fromLink.headers.get("Location")).toBe(`/auth/logout?reason=admin&redirect=${encodeURIComponent(path)}`);
    const typed = await openPage(path, token, { "Sec-Fetch-Site": "none" });
    expect(typed.status).toBe(302);
    expect(typed.headers.get("Location")).toBe(`/auth/login?redirect=${encodeURIComponent(path)}`);
    expect(typed.headers.get("Set-Cookie")).toMatch(/^token=;/);
  });
});
