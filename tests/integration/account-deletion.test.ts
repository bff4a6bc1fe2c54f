import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMUNITY_MODERATE_PERMISSION } from "../../core/permissions";
import {
  mailingList,
  mailOutbox,
  passwordResetTokens,
  playlists,
  rateLimits,
  sessions,
  userPermissions,
  users,
  videoComments,
  vocabularyLists,
} from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { PERSONAL_DATA } from "../../server/services/account-deletion";
import { authenticate, createSession, deleteAccount } from "../../server/services/auth";
import { createLesson } from "../fixtures/lessons";
import { createUser, postJson, testApp, testEnv } from "./helpers";

// Deleting an account: what is personal goes, what the business must keep stays with an anonymised
// account, and every table that holds something of a member's has a decision (server/services/account-deletion.ts).

const ctx = createAppContext(testEnv);
const app = testApp();
const ORIGIN = "https://ahla.test";
const MEMBER_COLUMNS = ["user_id", "owner_id", "author_id", "actor_id", "subject_user_id"];
/** Tables that name a member by address rather than by id. */
const BY_ADDRESS = ["mail_outbox", "mailing_list", "rate_limits"];

async function tablesWithMemberColumns() {
  const tables = await ctx.db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const columns = await ctx.db.all<{ name: string }>(sql.raw(`pragma table_info("${name}")`));
    if (columns.some((column) => MEMBER_COLUMNS.includes(column.name))) found.push(name);
  }
  return [...found, "users", ...BY_ADDRESS].sort();
}

describe("deleting an account", () => {
  it("has a decision for every table that holds something of a member's", async () => {
    const checked = await tablesWithMemberColumns();
    expect(Object.keys(PERSONAL_DATA).sort()).toEqual(checked);
  });

  it("removes the member's personal rows and avatar, anonymises the account, and keeps their public words", async () => {
    const user = await createUser({ permissions: [COMMUNITY_MODERATE_PERMISSION] });
    const email = user.email;
    const { token } = await createSession(ctx, { userId: user.id });
    const headers = { Authorization: token, Origin: ORIGIN };
    const { video } = await createLesson(ctx, { isFree: true });

    // Something of theirs in every kind of place.
    await ctx.bucket.put(`avatars/${user.id}-test.png`, new Uint8Array([1, 2, 3]));
    await ctx.db
      .update(users)
      .set({ avatarKey: `avatars/${user.id}-test.png`, pendingEmail: `new-${email}` })
      .where(eq(users.id, user.id));
    expect((await postJson(app, `${ORIGIN}/api/playlists`, { title: "Mine", videoId: video.id }, headers)).status).toBe(
      201,
    );
    expect((await postJson(app, `${ORIGIN}/api/vocabulary/lists`, { title: "My words" }, headers)).status).toBe(201);
    expect(
      (await postJson(app, `${ORIGIN}/api/lessons/${video.id}/comments`, { body: "Shukran!" }, headers)).status,
    ).toBe(201);
    await ctx.db.insert(mailingList).values({ email, consentAt: new Date() });
    expect((await postJson(app, `${ORIGIN}/api/auth/reset-password`, { email })).status).toBeLessThan(300);
    expect((await postJson(app, `${ORIGIN}/api/auth/login`, { email, password: "wrong password" })).status).toBe(401);
    const present = async () => ({
      sessions: (await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length,
      permissions: (await ctx.db.select().from(userPermissions).where(eq(userPermissions.userId, user.id))).length,
      resetTokens: (await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)))
        .length,
      playlists: (await ctx.db.select().from(playlists).where(eq(playlists.ownerId, user.id))).length,
      lists: (await ctx.db.select().from(vocabularyLists).where(eq(vocabularyLists.userId, user.id))).length,
      mail: (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length,
      newsletter: (await ctx.db.select().from(mailingList).where(eq(mailingList.email, email))).length,
      counters: (
        await ctx.db
          .select()
          .from(rateLimits)
          .where(sql`instr(${rateLimits.key}, ${email}) > 0`)
      ).length,
      avatar: (await ctx.bucket.head(`avatars/${user.id}-test.png`)) ? 1 : 0,
    });
    const before = await present();
    for (const [what, count] of Object.entries(before)) expect(count, what).toBeGreaterThan(0);

    const [sessionUser] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const signedIn = await authenticate(ctx, { token });
    await deleteAccount(ctx, { userId: signedIn!.id, password: user.password });

    const after = await present();
    for (const [what, count] of Object.entries(after)) expect(count, what).toBe(0);
    const [account] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({
      name: "Deleted member",
      passwordHash: null,
      avatarKey: null,
      pendingEmail: null,
      birthday: null,
      googleSubject: null,
    });
    expect(account!.email).not.toContain(sessionUser!.email);
    expect(account!.deletedAt).not.toBeNull();
    // Kept: their comment stays in the lesson's discussion, under the anonymised account.
    const comments = await ctx.db.select().from(videoComments).where(eq(videoComments.userId, user.id));
    expect(comments.map((comment) => comment.body)).toEqual(["Shukran!"]);
    // And the token no longer signs anyone in.
    expect(await authenticate(ctx, { token })).toBeNull();
  });
});
