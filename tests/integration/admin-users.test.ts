import { describe, expect, it } from "vitest";
import { foldAsciiCase } from "../../server/services/text-match";
import { call, createUser, json, loginToken, member, outboxFor, testApp } from "./helpers";

const app = testApp();

interface Detail {
  id: number;
  disabledAt: string | null;
  permissions: { code: string }[];
  sessions: { id: string }[];
  subscription: unknown;
}

const admin = () => member({ permissions: ["admin"], name: "Admin Person" });

describe("foldAsciiCase", () => {
  it("folds ASCII letters only, as SQLite's lower() does, and keeps wildcards as typed", () => {
    expect(foldAsciiCase("50%_OFF\\ Élan مرحبا")).toBe("50%_off\\ Élan مرحبا");
  });
});

describe("/api/admin/users", () => {
  it("answers 401 anonymous and 403 to a learner", async () => {
    const learner = await createUser();
    const token = await loginToken(app, learner.email, learner.password);
    expect((await call("/api/admin/users")).status).toBe(401);
    expect((await call("/api/admin/users", { token })).status).toBe(403);
    expect((await call(`/api/admin/users/${learner.id}/disable`, { method: "POST", token })).status).toBe(403);
  });

  it("searches by name or email, case-insensitively, and pages", async () => {
    const { token } = await admin();
    const tag = crypto.randomUUID().slice(0, 6);
    await createUser({ name: `Zaynab Qassem ${tag}`, email: `zq-${tag}@example.com` });
    await createUser({ name: `Other ${tag}`, email: `other-${tag}@example.com` });
    const byName = await json<{ data: { users: { name: string }[]; total: number } }>(
      await call(`/api/admin/users?q=${encodeURIComponent(`zaynab qassem ${tag}`.toUpperCase())}`, { token }),
    );
    expect(byName.data.total).toBe(1);
    expect(byName.data.users[0]!.name).toBe(`Zaynab Qassem ${tag}`);
    const byEmail = await json<{ data: { total: number } }>(await call(`/api/admin/users?q=${tag}@`, { token }));
    expect(byEmail.data.total).toBe(2);
    const wildcard = await json<{ data: { total: number } }>(await call(`/api/admin/users?q=%25`, { token }));
    expect(wildcard.data.total).toBe(0);
    const paged = await json<{ data: { page: number; pageCount: number } }>(
      await call("/api/admin/users?page=999", { token }),
    );
    expect(paged.data.page).toBe(paged.data.pageCount);
  });

  it("shows a member's sessions and permissions; 404 for an unknown id", async () => {
    const { token } = await admin();
    const member = await createUser();
    await loginToken(app, member.email, member.password);
    const detail = await json<{ data: Detail }>(await call(`/api/admin/users/${member.id}`, { token }));
    expect(detail.data.sessions).toHaveLength(1);
    expect(detail.data.permissions).toEqual([]);
    expect(detail.data.subscription).toBeNull();
    expect((await call("/api/admin/users/999999999", { token })).status).toBe(404);
    expect((await call("/api/admin/users/abc", { token })).status).toBe(404);
  });

  it("grants and revokes codes from the permissions table, never the admin's own admin", async () => {
    const actor = await admin();
    await createUser({ permissions: ["community:moderate"] });
    const member = await createUser();
    const memberToken = await loginToken(app, member.email, member.password);

    const unknown = await call(`/api/admin/users/${member.id}/permissions`, {
      method: "POST",
      token: actor.token,
      json: { code: "wizard" },
    });
    expect(unknown.status).toBe(422);
    expect((await json<{ errors: string[] }>(unknown)).errors[0]).toMatch(/no permission/);
    expect(
      (await call(`/api/admin/users/${member.id}/permissions`, { method: "POST", token: actor.token, body: "{oops" }))
        .status,
    ).toBe(400);
    expect(
      (await call(`/api/admin/users/${member.id}/permissions`, { method: "POST", token: actor.token, json: {} }))
        .status,
    ).toBe(422);

    const granted = await call(`/api/admin/users/${member.id}/permissions`, {
      method: "POST",
      token: actor.token,
      json: { code: "admin" },
    });
    expect(granted.status).toBe(201);
    // The member's existing token carries the new permission at once (permissions are read from D1).
    expect((await call("/api/admin/users", { token: memberToken })).status).toBe(200);

    const revoked = await call(`/api/admin/users/${member.id}/permissions/admin`, {
      method: "DELETE",
      token: actor.token,
    });
    expect(revoked.status).toBe(200);
    expect((await json<{ data: Detail }>(revoked)).data.permissions).toEqual([]);
    expect((await call("/api/admin/users", { token: memberToken })).status).toBe(403);

    const self = await call(`/api/admin/users/${actor.id}/permissions/admin`, { method: "DELETE", token: actor.token });
    expect(self.status).toBe(409);
    expect((await call("/api/admin/users", { token: actor.token })).status).toBe(200);
  });

  it("disabling ends every session at once and blocks sign-in until re-enabled", async () => {
    const actor = await admin();
    const member = await createUser();
    const first = await loginToken(app, member.email, member.password);
    const second = await loginToken(app, member.email, member.password);
    expect((await call("/api/me", { token: first })).status).toBe(200);

    expect((await call(`/api/admin/users/${actor.id}/disable`, { method: "POST", token: actor.token })).status).toBe(
      409,
    );
    const disabled = await call(`/api/admin/users/${member.id}/disable`, { method: "POST", token: actor.token });
    expect(disabled.status).toBe(200);
    const detail = (await json<{ data: Detail }>(disabled)).data;
    expect(detail.disabledAt).not.toBeNull();
    expect(detail.sessions).toEqual([]);
    expect((await call("/api/me", { token: first })).status).toBe(401);
    expect((await call("/api/me", { token: second })).status).toBe(401);
    const login = await call("/api/auth/login", {
      method: "POST",
      json: { email: member.email, password: member.password },
    });
    expect(login.status).toBe(403);
    expect(
      (await call(`/api/admin/users/${member.id}/password-reset`, { method: "POST", token: actor.token })).status,
    ).toBe(409);

    expect((await call(`/api/admin/users/${member.id}/enable`, { method: "POST", token: actor.token })).status).toBe(
      200,
    );
    const again = await call("/api/auth/login", {
      method: "POST",
      json: { email: member.email, password: member.password },
    });
    expect(again.status).toBe(200);
  });

  it("ends sessions on demand and sends a password reset through the outbox", async () => {
    const actor = await admin();
    const member = await createUser();
    const token = await loginToken(app, member.email, member.password);
    const ended = await call(`/api/admin/users/${member.id}/sessions`, { method: "DELETE", token: actor.token });
    expect((await json<{ data: { ended: number } }>(ended)).data.ended).toBe(1);
    expect((await call("/api/me", { token })).status).toBe(401);

    const reset = await call(`/api/admin/users/${member.id}/password-reset`, { method: "POST", token: actor.token });
    expect(reset.status).toBe(202);
    const mails = await outboxFor(member.email);
    const mail = mails.find((row) => row.template === "password-reset");
    expect(mail?.text).toContain("/auth/resetpassword?token=");
    expect(
      (await call("/api/admin/users/999999999/password-reset", { method: "POST", token: actor.token })).status,
    ).toBe(404);
  });

  it("lists each permission with its holders and grants by email", async () => {
    const actor = await admin();
    const member = await createUser({ name: "Grant Me" });
    const unknown = await call("/api/admin/users/permissions", {
      method: "POST",
      token: actor.token,
      json: {
        email: "nobody-here@example.com",
        code: "admin",
      },
    });
    expect(unknown.status).toBe(404);
    expect(
      (
        await call("/api/admin/users/permissions", {
          method: "POST",
          token: actor.token,
          json: { email: "x", code: "admin" },
        })
      ).status,
    ).toBe(422);
    const granted = await call("/api/admin/users/permissions", {
      method: "POST",
      token: actor.token,
      json: {
        email: member.email.toUpperCase(),
        code: "admin",
      },
    });
    expect(granted.status).toBe(201);
    const list = await json<{ data: { code: string; holders: { id: number }[] }[] }>(
      await call("/api/admin/users/permissions", { token: actor.token }),
    );
    const adminHolders = list.data.find((permission) => permission.code === "admin")!.holders.map((h) => h.id);
    expect(adminHolders).toEqual(expect.arrayContaining([actor.id, member.id]));
  });
});
