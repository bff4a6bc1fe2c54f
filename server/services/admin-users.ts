import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { ADMIN_USERS_PAGE_SIZE, type MemberCreate, type MemberEdit, type UserSearch } from "#core/schemas/admin-users";
import {
  invoices,
  plans,
  permissions,
  sessions,
  subscriptions,
  userPermissions,
  users,
  type AuditChanges,
  type SubscriptionStatus,
} from "#drizzle/schema";
import { ADMIN_PERMISSION } from "#core/permissions";
import type { AppContext } from "../context";
import { AppError, notFound } from "../lib/errors";
import { erasePersonalData } from "./account-deletion";
import { auditInsert, auditInsertWhen, diffChanges, LAST_INSERT_ID } from "./audit-log";
import { isNamedOnBlog } from "./blog";
import { sendPasswordLink } from "./auth";
import { cancelSubscriptionsForDeletedAccount, hasAccessAt } from "./billing";
import { revokeDeviceCookies } from "./device-cookies";
import { bumpPageCache } from "./page-cache";
import { requestEmailChange } from "./email-verification";
import { containsText } from "./text-match";

// Administration of members: search, their subscription and sessions, permission codes, disabling.

/** Who is acting: the guard has already checked they are an administrator. */
export interface AdminActor {
  id: number;
}

export interface UserSubscriptionSummary {
  id: number;
  status: SubscriptionStatus;
  planName: string;
  planTitle: string;
  priceCents: number;
  currency: string;
  interval: "month" | "year";
  provider: "local" | "stripe";
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: Date | null;
  isComplimentary: boolean;
  pendingPlanTitle?: string | null;
}

export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  createdAt: Date;
  disabledAt: Date | null;
  permissions: string[];
  subscription: Pick<UserSubscriptionSummary, "status" | "planTitle"> | null;
}

export interface AdminUserList {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

function searchCondition(search: UserSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (search.q) {
    conditions.push(containsText([users.email, users.name], search.q));
  }
  if (search.status === "active") conditions.push(isNull(users.disabledAt));
  if (search.status === "disabled") conditions.push(isNotNull(users.disabledAt));
  if (search.status === "admins") {
    conditions.push(
      exists(
        // In parentheses: drizzle writes `exists` then the fragment as it is, and SQL needs the subquery's brackets.
        sql`(select 1 from ${userPermissions} where ${userPermissions.userId} = ${users.id} and ${userPermissions.code} = ${ADMIN_PERMISSION})`,
      ),
    );
  }
  return and(...conditions);
}

async function latestSubscriptions(ctx: AppContext, userIds: number[]) {
  const latest = new Map<number, UserSubscriptionSummary>();
  if (userIds.length === 0) return latest;
  const rows = await ctx.db
    .select({
      userId: subscriptions.userId,
      id: subscriptions.id,
      status: subscriptions.status,
      planName: plans.name,
      planTitle: plans.title,
      priceCents: plans.priceCents,
      currency: plans.currency,
      interval: plans.interval,
      provider: subscriptions.provider,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      trialEndsAt: subscriptions.trialEndsAt,
      isComplimentary: subscriptions.isComplimentary,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(inArray(subscriptions.userId, userIds))
    .orderBy(desc(subscriptions.currentPeriodEnd), desc(subscriptions.id));
  for (const { userId, ...row } of rows) if (!latest.has(userId)) latest.set(userId, row);
  return latest;
}

/** Newest members first; search matches name or email (case-insensitive, anywhere). */
export async function listUsers(ctx: AppContext, search: UserSearch): Promise<AdminUserList> {
  const where = searchCondition(search);
  const [totalRow] = await ctx.db.select({ total: count() }).from(users).where(where);
  const total = totalRow?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_USERS_PAGE_SIZE);
  const ids = rows.map((row) => row.id);
  const [subscriptionsByUser, permissionRows] = await Promise.all([
    latestSubscriptions(ctx, ids),
    ids.length
      ? ctx.db
          .select({ userId: userPermissions.userId, code: userPermissions.code })
          .from(userPermissions)
          .where(inArray(userPermissions.userId, ids))
          .orderBy(asc(userPermissions.code))
      : Promise.resolve([]),
  ]);
  return {
    users: rows.map((row) => {
      const subscription = subscriptionsByUser.get(row.id);
      return {
        ...row,
        permissions: permissionRows.filter((permission) => permission.userId === row.id).map((p) => p.code),
        subscription: subscription ? { status: subscription.status, planTitle: subscription.planTitle } : null,
      };
    }),
    total,
    page,
    pageCount,
    pageSize: ADMIN_USERS_PAGE_SIZE,
  };
}

export interface AdminSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
  expiresAt: Date;
}

export interface PermissionOption {
  code: string;
  description: string;
}

export interface AdminUserDetail {
  id: number;
  name: string;
  email: string;
  level: string | null;
  pendingEmail: string | null;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
  hasPassword: boolean;
  signsInWithGoogle: boolean;
  subscription: UserSubscriptionSummary | null;
  /** Whether `subscription` grants access now (a running one can be extended, canceled, switched). */
  subscriptionIsLive: boolean;
  invoices: AdminInvoice[];
  /** Active plans, for comp and switch. */
  plans: { name: string; title: string; priceCents: number; currency: string; interval: "month" | "year" }[];
  sessions: AdminSession[];
  permissions: PermissionOption[];
  /** Every code that exists, for the grant picker. */
  availablePermissions: PermissionOption[];
}

async function requireLiveUser(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw notFound("We couldn't find that member.");
  return user;
}

export interface AdminInvoice {
  id: number;
  amountCents: number;
  currency: string;
  status: "paid" | "open" | "failed" | "void";
  description: string;
  paidAt: Date | null;
  createdAt: Date;
  refundedCents: number;
  refundedAt: Date | null;
  receiptUrl: string | null;
  provider: "local" | "stripe";
}

export async function getUserDetail(ctx: AppContext, { userId }: { userId: number }): Promise<AdminUserDetail> {
  const user = await requireLiveUser(ctx, userId);
  const [sessionRows, heldRows, allPermissions, subscriptionsByUser, invoiceRows, planRows] = await Promise.all([
    ctx.db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now())))
      .orderBy(desc(sessions.createdAt)),
    ctx.db
      .select({ code: permissions.code, description: permissions.description })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.code, userPermissions.code))
      .where(eq(userPermissions.userId, userId))
      .orderBy(asc(permissions.code)),
    ctx.db.select().from(permissions).orderBy(asc(permissions.code)),
    latestSubscriptions(ctx, [userId]),
    ctx.db
      .select({
        id: invoices.id,
        amountCents: invoices.amountCents,
        currency: invoices.currency,
        status: invoices.status,
        description: invoices.description,
        paidAt: invoices.paidAt,
        createdAt: invoices.createdAt,
        refundedCents: invoices.refundedCents,
        refundedAt: invoices.refundedAt,
        receiptUrl: invoices.receiptUrl,
        provider: subscriptions.provider,
      })
      .from(invoices)
      .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(50),
    ctx.db
      .select({
        name: plans.name,
        title: plans.title,
        priceCents: plans.priceCents,
        currency: plans.currency,
        interval: plans.interval,
      })
      .from(plans)
      .where(eq(plans.isActive, true))
      .orderBy(asc(plans.position), asc(plans.id)),
  ]);
  const subscription = subscriptionsByUser.get(userId) ?? null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    level: user.level,
    pendingEmail: user.pendingEmail,
    createdAt: user.createdAt,
    emailVerifiedAt: user.emailVerifiedAt,
    disabledAt: user.disabledAt,
    hasPassword: Boolean(user.passwordHash),
    signsInWithGoogle: Boolean(user.googleSubject),
    subscription,
    subscriptionIsLive: Boolean(
      subscription && subscription.status !== "expired" && hasAccessAt(subscription, ctx.now()),
    ),
    invoices: invoiceRows,
    plans: planRows,
    sessions: sessionRows,
    permissions: heldRows,
    availablePermissions: allPermissions,
  };
}

async function requirePermissionCode(ctx: AppContext, code: string) {
  const [row] = await ctx.db.select().from(permissions).where(eq(permissions.code, code)).limit(1);
  if (!row) {
    const message = `There is no permission “${code}”.`;
    throw new AppError(422, [message], { code: [message] });
  }
  return row;
}

function memberAudit(
  ctx: AppContext,
  actor: AdminActor,
  user: { id: number; name: string },
  action: string,
  details: { changes?: AuditChanges; reason?: string | null } = {},
) {
  return auditInsert(ctx, {
    actorId: actor.id,
    action,
    resource: "users",
    recordId: user.id,
    recordLabel: user.name,
    subjectUserId: user.id,
    ...details,
  });
}

/** Granting a code the member already holds changes nothing (and logs nothing). */
export async function grantPermission(
  ctx: AppContext,
  { actor, ...input }: { actor: AdminActor } & { userId: number; code: string },
) {
  const user = await requireLiveUser(ctx, input.userId);
  await requirePermissionCode(ctx, input.code);
  const [held] = await ctx.db
    .select({ code: userPermissions.code })
    .from(userPermissions)
    .where(and(eq(userPermissions.userId, input.userId), eq(userPermissions.code, input.code)))
    .limit(1);
  if (held) return user;
  await ctx.db.batch([
    ctx.db
      .insert(userPermissions)
      .values({ userId: input.userId, code: input.code, createdAt: ctx.now() })
      .onConflictDoNothing(),
    memberAudit(ctx, actor, user, "permission.grant", { changes: { permissions: { after: input.code } } }),
  ]);
  return user;
}

/** An administrator cannot remove their own `admin`: someone else must, so the site never locks itself out by accident. */
export async function revokePermission(
  ctx: AppContext,
  { actor, ...input }: { actor: AdminActor } & { userId: number; code: string },
) {
  const user = await requireLiveUser(ctx, input.userId);
  if (actor.id === input.userId && input.code === ADMIN_PERMISSION) {
    throw new AppError(409, ["You can't remove your own admin permission. Ask another administrator."]);
  }
  const held = and(eq(userPermissions.userId, input.userId), eq(userPermissions.code, input.code));
  const [row] = await ctx.db.select({ code: userPermissions.code }).from(userPermissions).where(held).limit(1);
  if (!row) return user;
  await ctx.db.batch([
    ctx.db.delete(userPermissions).where(held),
    memberAudit(ctx, actor, user, "permission.revoke", { changes: { permissions: { before: input.code } } }),
  ]);
  return user;
}

export async function grantPermissionByEmail(
  ctx: AppContext,
  { actor, ...input }: { actor: AdminActor } & { email: string; code: string },
) {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.email, input.email.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  if (!user) {
    const message = "No member has this email.";
    throw new AppError(404, [message], { email: [message] });
  }
  await grantPermission(ctx, { actor, userId: user.id, code: input.code });
  return user;
}

/**
 * Disabling ends every open session and device cookie (ADR 030) in the same batch: the member is signed out
 * everywhere at once, and re-enabling does not bring the old browsers back as known ones.
 */
export async function disableUser(ctx: AppContext, { actor, userId }: { actor: AdminActor; userId: number }) {
  const user = await requireLiveUser(ctx, userId);
  if (actor.id === userId) throw new AppError(409, ["You can't disable your own account."]);
  if (user.disabledAt) return user;
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db.update(users).set({ disabledAt: now }).where(eq(users.id, userId)),
    ctx.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
    revokeDeviceCookies(ctx, { userId }),
    memberAudit(ctx, actor, user, "user.disable", { changes: diffChanges({ disabledAt: null }, { disabledAt: now }) }),
  ]);
  return user;
}

export async function enableUser(ctx: AppContext, { actor, userId }: { actor: AdminActor; userId: number }) {
  const user = await requireLiveUser(ctx, userId);
  if (!user.disabledAt) return user;
  await ctx.db.batch([
    ctx.db.update(users).set({ disabledAt: null }).where(eq(users.id, userId)),
    memberAudit(ctx, actor, user, "user.enable", {
      changes: diffChanges({ disabledAt: user.disabledAt }, { disabledAt: null }),
    }),
  ]);
  return user;
}

export async function endUserSessions(ctx: AppContext, { actor, userId }: { actor: AdminActor; userId: number }) {
  const user = await requireLiveUser(ctx, userId);
  const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  // The audit row follows the sessions' update (`changes()`), so the device cookies' end comes after it.
  const [ended] = await ctx.db.batch([
    ctx.db.update(sessions).set({ revokedAt: ctx.now() }).where(open).returning({ id: sessions.id }),
    auditInsertWhen(ctx, {
      entry: {
        actorId: actor.id,
        action: "user.end-sessions",
        resource: "users",
        recordId: user.id,
        recordLabel: user.name,
        subjectUserId: user.id,
      },
      condition: sql`changes() > 0`,
    }),
    revokeDeviceCookies(ctx, { userId }),
  ]);
  return { user, ended: ended.length };
}

/** The same reset email a member asks for themselves (one-hour, single-use link through the mail outbox). */
export async function sendPasswordReset(ctx: AppContext, { actor, userId }: { actor: AdminActor; userId: number }) {
  const user = await requireLiveUser(ctx, userId);
  if (user.disabledAt) throw new AppError(409, ["Re-enable this account before sending a password reset."]);
  await sendPasswordLink(ctx, {
    user,
    kind: "reset",
    extra: [memberAudit(ctx, actor, user, "user.password-reset-sent")],
  });
  return user;
}

const EMAIL_TAKEN = "Another account already uses this email.";

async function emailTaken(ctx: AppContext, email: string, exceptUserId?: number) {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.email, email), eq(users.pendingEmail, email)))
    .limit(1);
  return Boolean(row && row.id !== exceptUserId);
}

/**
 * An administrator's edit of a member's profile. The name (and level) change at once; a new email is
 * only pending until the member opens the link sent to it, as when they change it themselves.
 */
export async function updateMember(
  ctx: AppContext,
  { actor, userId, ...input }: { actor: AdminActor; userId: number } & MemberEdit,
) {
  const user = await requireLiveUser(ctx, userId);
  const before = { name: user.name, level: user.level };
  const after = { name: input.name, level: input.level ?? null };
  const changes = diffChanges(before, after);
  const emailChanges = input.email !== user.email && input.email !== user.pendingEmail;
  if (emailChanges && (await emailTaken(ctx, input.email, userId))) {
    throw new AppError(409, [EMAIL_TAKEN], { email: [EMAIL_TAKEN] });
  }
  if (Object.keys(changes).length > 0) {
    await ctx.db.batch([
      ctx.db
        .update(users)
        .set({ ...after, updatedAt: ctx.now() })
        .where(eq(users.id, userId)),
      memberAudit(ctx, actor, user, "user.update", { changes }),
    ]);
    // The blog names the authors of posts and comments (server/services/page-cache.ts).
    if (changes.name && (await isNamedOnBlog(ctx, { userId }))) await bumpPageCache(ctx);
  }
  if (emailChanges) {
    await requestEmailChange(ctx, {
      userId,
      newEmail: input.email,
      extra: [
        memberAudit(ctx, actor, { id: user.id, name: input.name }, "user.email-change-requested", {
          changes: diffChanges({ pendingEmail: user.pendingEmail ?? user.email }, { pendingEmail: input.email }),
        }),
      ],
    });
  }
  return { changed: Object.keys(changes).length > 0, emailPending: emailChanges ? input.email : null };
}

/**
 * Creates a member with no password: they choose one through the link mailed to them (seven days).
 * The address counts as verified once they use that link.
 */
export async function createMember(ctx: AppContext, { actor, ...input }: { actor: AdminActor } & MemberCreate) {
  if (await emailTaken(ctx, input.email)) throw new AppError(409, [EMAIL_TAKEN], { email: [EMAIL_TAKEN] });
  const now = ctx.now();
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(users)
      .values({ name: input.name, email: input.email, level: input.level ?? null, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id, name: users.name, email: users.email }),
    auditInsertWhen(ctx, {
      entry: {
        actorId: actor.id,
        action: "user.create",
        resource: "users",
        recordId: LAST_INSERT_ID,
        recordLabel: input.name,
        subjectUserId: LAST_INSERT_ID,
        changes: diffChanges(null, { name: input.name, email: input.email, level: input.level ?? null }),
      },
      condition: sql`changes() > 0`,
    }),
  ]);
  const user = inserted[0];
  if (!user) throw new AppError(409, [EMAIL_TAKEN], { email: [EMAIL_TAKEN] });
  if (input.sendInvite) await sendPasswordLink(ctx, { user, kind: "invite" });
  return user;
}

/**
 * Deletes a member the way they would delete themselves (server/services/account-deletion.ts): the
 * account anonymised and their personal rows erased in one batch with the audit row, then their
 * subscriptions stop renewing with the provider.
 */
export async function deleteMember(
  ctx: AppContext,
  { actor, userId, reason }: { actor: AdminActor; userId: number; reason: string },
) {
  const user = await requireLiveUser(ctx, userId);
  if (actor.id === userId) throw new AppError(409, ["You can't delete your own account here. Use Settings."]);
  // Their comments stay under "Deleted member": a blog page that named them changes.
  const namedOnBlog = await isNamedOnBlog(ctx, { userId });
  await erasePersonalData(ctx, {
    userId,
    extra: [
      auditInsert(ctx, {
        actorId: actor.id,
        action: "user.delete",
        resource: "users",
        recordId: user.id,
        recordLabel: "Deleted member",
        subjectUserId: user.id,
        reason,
      }),
    ],
  });
  if (namedOnBlog) await bumpPageCache(ctx);
  try {
    await cancelSubscriptionsForDeletedAccount(ctx, { userId });
  } catch (error) {
    console.error(`admin: could not cancel the subscriptions of deleted user ${userId}`, error);
  }
  return user;
}

export interface PermissionHolders extends PermissionOption {
  holders: { id: number; name: string; email: string; grantedAt: Date }[];
}

/** Every permission code with its description and the members who hold it. */
export async function listPermissionHolders(ctx: AppContext): Promise<PermissionHolders[]> {
  const [codes, holders] = await ctx.db.batch([
    ctx.db.select().from(permissions).orderBy(asc(permissions.code)),
    ctx.db
      .select({
        code: userPermissions.code,
        id: users.id,
        name: users.name,
        email: users.email,
        grantedAt: userPermissions.createdAt,
      })
      .from(userPermissions)
      .innerJoin(users, eq(users.id, userPermissions.userId))
      .where(isNull(users.deletedAt))
      .orderBy(asc(users.name), asc(users.id)),
  ]);
  return codes.map((permission) => ({
    ...permission,
    holders: holders.filter((holder) => holder.code === permission.code).map(({ code: _code, ...holder }) => holder),
  }));
}
