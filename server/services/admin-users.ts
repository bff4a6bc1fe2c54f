import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { ADMIN_USERS_PAGE_SIZE, type UserSearch } from "#core/schemas/admin-users";
import {
  plans,
  permissions,
  sessions,
  subscriptions,
  userPermissions,
  users,
  type SubscriptionStatus,
} from "#drizzle/schema";
import { ADMIN_PERMISSION } from "#core/permissions";
import type { AppContext } from "../context";
import { AppError, notFound } from "../lib/errors";
import { requestPasswordReset } from "./auth";

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

/** `%` and `_` typed by the admin match themselves, not any text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function searchCondition(search: UserSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (search.q) {
    const pattern = likePattern(search.q.toLowerCase());
    conditions.push(
      or(sql`lower(${users.email}) like ${pattern} escape '\\'`, sql`lower(${users.name}) like ${pattern} escape '\\'`),
    );
  }
  if (search.status === "active") conditions.push(isNull(users.disabledAt));
  if (search.status === "disabled") conditions.push(isNotNull(users.disabledAt));
  if (search.status === "admins") {
    conditions.push(
      exists(
        sql`select 1 from ${userPermissions} where ${userPermissions.userId} = ${users.id} and ${userPermissions.code} = ${ADMIN_PERMISSION}`,
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
  createdAt: Date;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
  hasPassword: boolean;
  signsInWithGoogle: boolean;
  subscription: UserSubscriptionSummary | null;
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

export async function getUserDetail(ctx: AppContext, userId: number): Promise<AdminUserDetail> {
  const user = await requireLiveUser(ctx, userId);
  const [sessionRows, heldRows, allPermissions, subscriptionsByUser] = await Promise.all([
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
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    level: user.level,
    createdAt: user.createdAt,
    emailVerifiedAt: user.emailVerifiedAt,
    disabledAt: user.disabledAt,
    hasPassword: Boolean(user.passwordHash),
    signsInWithGoogle: Boolean(user.googleSubject),
    subscription: subscriptionsByUser.get(userId) ?? null,
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

/** Granting a code the member already holds changes nothing. */
export async function grantPermission(ctx: AppContext, input: { userId: number; code: string }) {
  await requireLiveUser(ctx, input.userId);
  await requirePermissionCode(ctx, input.code);
  await ctx.db
    .insert(userPermissions)
    .values({ userId: input.userId, code: input.code, createdAt: ctx.now() })
    .onConflictDoNothing();
}

/** An administrator cannot remove their own `admin`: someone else must, so the site never locks itself out by accident. */
export async function revokePermission(ctx: AppContext, actor: AdminActor, input: { userId: number; code: string }) {
  await requireLiveUser(ctx, input.userId);
  if (actor.id === input.userId && input.code === ADMIN_PERMISSION) {
    throw new AppError(409, ["You can't remove your own admin permission. Ask another administrator."]);
  }
  await ctx.db
    .delete(userPermissions)
    .where(and(eq(userPermissions.userId, input.userId), eq(userPermissions.code, input.code)));
}

export async function grantPermissionByEmail(ctx: AppContext, input: { email: string; code: string }) {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.email, input.email.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  if (!user) {
    const message = "No member has this email.";
    throw new AppError(404, [message], { email: [message] });
  }
  await grantPermission(ctx, { userId: user.id, code: input.code });
  return user;
}

/** Disabling ends every open session in the same batch: the member is signed out everywhere at once. */
export async function disableUser(ctx: AppContext, actor: AdminActor, userId: number) {
  const user = await requireLiveUser(ctx, userId);
  if (actor.id === userId) throw new AppError(409, ["You can't disable your own account."]);
  if (user.disabledAt) return user;
  await ctx.db.batch([
    ctx.db.update(users).set({ disabledAt: ctx.now() }).where(eq(users.id, userId)),
    ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
  ]);
  return user;
}

export async function enableUser(ctx: AppContext, userId: number) {
  const user = await requireLiveUser(ctx, userId);
  await ctx.db.update(users).set({ disabledAt: null }).where(eq(users.id, userId));
  return user;
}

export async function endUserSessions(ctx: AppContext, userId: number) {
  const user = await requireLiveUser(ctx, userId);
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return { user, ended: ended.length };
}

/** The same reset email a member asks for themselves (one-hour, single-use link through the mail outbox). */
export async function sendPasswordReset(ctx: AppContext, userId: number) {
  const user = await requireLiveUser(ctx, userId);
  if (user.disabledAt) throw new AppError(409, ["Re-enable this account before sending a password reset."]);
  await requestPasswordReset(ctx, user.email);
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
