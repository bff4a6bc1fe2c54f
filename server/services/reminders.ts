import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { z } from "zod";
import {
  flashcardStates,
  flashcards,
  flashcollections,
  studyDays,
  users,
  videos,
  vocabularyReviewStates,
} from "#drizzle/schema";
import { slugOf } from "#core/collection-paths";
import type { Level } from "#core/levels";
import { addDays, effectiveTimeZone, isValidTimeZone, localDay } from "#core/local-day";
import { createAppContext, type AppContext } from "../context";
import type { Env } from "../env";
import { constantTimeEqual, hmacSha256Hex } from "../lib/crypto";
import { sendMail } from "./mail";
import { computeStreaks, type DailyGoal } from "./study-progress";

// Opt-in reminder emails (docs/reminders.md). The hourly cron finds the members whose chosen local hour it
// is and who have not had today's mail, and fans them out through the REMINDERS queue, up to 100 members a
// message; the consumer builds each member's digest, claims the day with a conditional update (only the
// winner sends) and sends one mail with one-click unsubscribe headers. Without a queue binding the cron
// delivers the same messages itself, one after the other.

export const REMINDER_FREQUENCIES = ["off", "daily", "weekly"] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

/** Members per queue message: what one consumer invocation handles (a D1 claim and a mail each). */
export const REMINDER_BATCH_SIZE = 100;
/** Messages per `sendBatch` call (the Queues limit). */
const MESSAGES_PER_SEND = 100;
/** Rows per page of the cron's keyset scan over due members. */
const SCAN_PAGE = 500;
/**
 * Ids or zone names bound in one query: D1 takes at most 100 bound parameters per statement, and each
 * query binds a few values of its own besides the list.
 */
const IDS_PER_QUERY = 50;
/** Weekly reminders: at least this many days between two. */
const WEEKLY_SPACING_DAYS = 7;
/** How far back "new lessons" reach. */
const NEW_LESSON_DAYS = 7;
/** New lessons listed in one mail. */
const NEW_LESSONS_IN_MAIL = 3;
/** Days of study read to measure a streak; a longer one is "60+ days". */
const STREAK_WINDOW_DAYS = 60;
/** Queue retries wait this long, so a provider that refused (rate limit, outage) has time to recover. */
const RETRY_DELAY_SECONDS = 300;

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// The member's clock
// ---------------------------------------------------------------------------------------------

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) `at` falls on in `timeZone` (a missing or unknown zone is UTC). */
export function localHour(at: Date, timeZone: string | null | undefined): number {
  const zone = effectiveTimeZone(timeZone);
  let formatter = hourFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "2-digit", hourCycle: "h23" });
    hourFormatters.set(zone, formatter);
  }
  const hour = Number(formatter.formatToParts(at).find((part) => part.type === "hour")?.value ?? "0");
  return hour === 24 ? 0 : hour;
}

/** The member's local day and hour at `at`, in the zone their reminders use. */
export function reminderClock(at: Date, timeZone: string | null | undefined) {
  const zone = effectiveTimeZone(timeZone);
  return { zone, day: localDay(at, zone), hour: localHour(at, zone) };
}

interface ReminderSchedule {
  reminderFrequency: ReminderFrequency;
  reminderHour: number;
  reminderLastSentOn: string | null;
  timeZone: string | null;
}

/**
 * The one rule of who gets a reminder at `at` (the cron's query and the consumer's check say the same):
 * reminders on, their chosen hour now in their zone, none sent today (their day), and for weekly ones at
 * least seven days since the last. Answers their local day, or null.
 */
export function reminderDueDay(member: ReminderSchedule, at: Date): string | null {
  if (member.reminderFrequency === "off") return null;
  const clock = reminderClock(at, member.timeZone);
  if (clock.hour !== member.reminderHour) return null;
  const last = member.reminderLastSentOn;
  if (last === clock.day) return null;
  if (member.reminderFrequency === "weekly" && last !== null && last > addDays(clock.day, -WEEKLY_SPACING_DAYS)) {
    return null;
  }
  return clock.day;
}

/** SQL of the last condition above for members whose local day is `day`. */
function notSentFor(day: string): SQL {
  return or(
    isNull(users.reminderLastSentOn),
    and(eq(users.reminderFrequency, "daily"), ne(users.reminderLastSentOn, day)),
    and(eq(users.reminderFrequency, "weekly"), lte(users.reminderLastSentOn, addDays(day, -WEEKLY_SPACING_DAYS))),
  )!;
}

/** Members who can be mailed at all: not deleted or disabled, and their address confirmed. */
const mailable = and(isNull(users.deletedAt), isNull(users.disabledAt), isNotNull(users.emailVerifiedAt))!;
const remindersOn = inArray(users.reminderFrequency, ["daily", "weekly"]);

function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

// ---------------------------------------------------------------------------------------------
// Settings and the signed unsubscribe link
// ---------------------------------------------------------------------------------------------

export const reminderSettingsSchema = z.object({
  frequency: z.enum(REMINDER_FREQUENCIES, { error: "Choose how often: off, daily or weekly." }),
  hour: z.coerce
    .number({ error: "Choose an hour of the day." })
    .int("Choose an hour of the day.")
    .min(0, "Choose an hour of the day.")
    .max(23, "Choose an hour of the day."),
  /**
   * The browser's zone, sent only while the member has none stored. One this runtime does not know is left
   * out (reminders then keep using UTC) rather than refusing the member's choice over a hidden field.
   */
  timeZone: z.string().trim().max(64).optional().catch(undefined),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;

export interface ReminderSettings {
  frequency: ReminderFrequency;
  hour: number;
  /** The stored zone, or null when none is stored yet (reminders then use UTC). */
  timeZone: string | null;
  emailVerified: boolean;
}

export async function getReminderSettings(ctx: AppContext, userId: number): Promise<ReminderSettings> {
  const [row] = await ctx.db
    .select({
      frequency: users.reminderFrequency,
      hour: users.reminderHour,
      timeZone: users.timeZone,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return { frequency: "off", hour: 18, timeZone: null, emailVerified: false };
  return {
    frequency: row.frequency,
    hour: row.hour,
    timeZone: row.timeZone && isValidTimeZone(row.timeZone) ? row.timeZone : null,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/**
 * Saves how often and at which local hour. A zone from the browser is stored only while the member has
 * none we can use (none, or one the runtime does not know): a zone they already have, detected earlier or
 * chosen on their profile, is never overwritten from here.
 */
export async function saveReminderSettings(
  ctx: AppContext,
  userId: number,
  input: ReminderSettingsInput,
): Promise<ReminderSettings> {
  const detected = input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : null;
  const stored = detected ? (await getReminderSettings(ctx, userId)).timeZone : null;
  await ctx.db
    .update(users)
    .set({
      reminderFrequency: input.frequency,
      reminderHour: input.hour,
      ...(detected && stored === null ? { timeZone: detected } : {}),
      updatedAt: ctx.now(),
    })
    .where(eq(users.id, userId));
  return getReminderSettings(ctx, userId);
}

function unsubscribePayload(userId: number) {
  return `reminders-unsubscribe\n${userId}`;
}

/** HMAC over a purpose and the member's id: the link works for that member alone, and forever. */
export function reminderUnsubscribeSignature(ctx: AppContext, userId: number): Promise<string> {
  return hmacSha256Hex(ctx.config.jwtSecret, unsubscribePayload(userId));
}

export async function reminderUnsubscribeUrl(ctx: AppContext, userId: number): Promise<string> {
  const url = new URL("/reminders/unsubscribe", ctx.config.appUrl);
  url.searchParams.set("u", String(userId));
  url.searchParams.set("sig", await reminderUnsubscribeSignature(ctx, userId));
  return url.toString();
}

export interface ReminderLink {
  userId: number;
  signature: string;
}

/** The link's parameters as given (`u`, `sig`), or null when they cannot be a link of ours. */
export function readReminderLink(params: URLSearchParams): ReminderLink | null {
  const userId = params.get("u") ?? "";
  const signature = params.get("sig") ?? "";
  if (!/^[1-9]\d{0,11}$/.test(userId) || !/^[0-9a-f]{64}$/.test(signature)) return null;
  return { userId: Number(userId), signature };
}

export async function isValidReminderLink(ctx: AppContext, link: ReminderLink | null): Promise<boolean> {
  if (!link) return false;
  const expected = await reminderUnsubscribeSignature(ctx, link.userId);
  const encoder = new TextEncoder();
  return constantTimeEqual(encoder.encode(expected), encoder.encode(link.signature));
}

export type ReminderLinkState = "on" | "off" | "invalid";

/** What the unsubscribe page shows for a link: reminders still on, already off, or a link that is not ours. */
export async function reminderLinkState(ctx: AppContext, link: ReminderLink | null): Promise<ReminderLinkState> {
  if (!link || !(await isValidReminderLink(ctx, link))) return "invalid";
  const [row] = await ctx.db
    .select({ frequency: users.reminderFrequency })
    .from(users)
    .where(eq(users.id, link.userId));
  return row && row.frequency !== "off" ? "on" : "off";
}

/**
 * Turns the member's reminders off (RFC 8058 one-click from the mail client, or the page's button). A
 * tampered link changes nothing and answers "invalid"; a valid one answers "off" however often it is used.
 */
export async function unsubscribeFromReminders(ctx: AppContext, link: ReminderLink | null): Promise<"off" | "invalid"> {
  if (!link || !(await isValidReminderLink(ctx, link))) return "invalid";
  await ctx.db
    .update(users)
    .set({ reminderFrequency: "off", updatedAt: ctx.now() })
    .where(and(eq(users.id, link.userId), ne(users.reminderFrequency, "off")));
  return "off";
}

// ---------------------------------------------------------------------------------------------
// The cron: who is due now, fanned out through the queue
// ---------------------------------------------------------------------------------------------

/** One queue message: up to 100 members and the instant the cron ran for (their day and hour at it). */
export interface ReminderQueueMessage {
  userIds: number[];
  at: string;
}

const queueMessageSchema = z.object({
  userIds: z.array(z.number().int().positive()).min(1).max(REMINDER_BATCH_SIZE),
  at: z.iso.datetime(),
});

export interface ReminderDeliveryReport {
  sent: number;
  /** Not due any more, nothing useful to say, or another run had already claimed the day. */
  skipped: number;
  /** The provider refused: the claim was released, so a retry sends it. */
  failed: number;
}

export interface ReminderCronReport {
  /** Members due at this hour. */
  due: number;
  /** Messages of up to REMINDER_BATCH_SIZE members. */
  messages: number;
  /** "queue": sent to the REMINDERS queue; "inline": delivered by the cron itself (no queue bound). */
  mode: "queue" | "inline";
  /** Inline only: what the deliveries did. */
  delivery: ReminderDeliveryReport | null;
}

/**
 * Every member due at `at`, by id. A first query lists the distinct (zone, hour) pairs of the members with
 * reminders on; the pairs whose hour it is now in their zone are grouped by local hour and day, and each
 * group is one keyset-paged query on the reminder index that returns only the members due. A zone nobody
 * uses costs nothing, and no page holds more than SCAN_PAGE ids.
 */
export async function findDueReminderMembers(ctx: AppContext, at: Date): Promise<number[]> {
  const pairs = await ctx.db
    .selectDistinct({ timeZone: users.timeZone, hour: users.reminderHour })
    .from(users)
    .where(and(remindersOn, mailable));
  const groups = new Map<string, { hour: number; day: string; zones: Set<string | null> }>();
  for (const pair of pairs) {
    const clock = reminderClock(at, pair.timeZone);
    if (clock.hour !== pair.hour) continue;
    const key = `${clock.hour}|${clock.day}`;
    const group = groups.get(key) ?? { hour: clock.hour, day: clock.day, zones: new Set<string | null>() };
    group.zones.add(pair.timeZone);
    groups.set(key, group);
  }

  const due: number[] = [];
  for (const group of groups.values()) {
    const named = [...group.zones].filter((zone): zone is string => zone !== null);
    const zoneChunks: Array<{ names: string[]; withNull: boolean }> = chunked(named, IDS_PER_QUERY).map((names) => ({
      names,
      withNull: false,
    }));
    if (group.zones.has(null)) zoneChunks.push({ names: [], withNull: true });
    for (const zones of zoneChunks) {
      const zoneCondition = zones.withNull ? isNull(users.timeZone) : inArray(users.timeZone, zones.names);
      let after = 0;
      for (;;) {
        const page = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              remindersOn,
              eq(users.reminderHour, group.hour),
              zoneCondition,
              notSentFor(group.day),
              mailable,
              gt(users.id, after),
            ),
          )
          .orderBy(asc(users.id))
          .limit(SCAN_PAGE);
        for (const row of page) due.push(row.id);
        if (page.length < SCAN_PAGE) break;
        after = page[page.length - 1]!.id;
      }
    }
  }
  return due.sort((a, b) => a - b);
}

/**
 * The cron's part: find who is due and hand them to the REMINDERS queue, REMINDER_BATCH_SIZE members a
 * message. Without a queue binding (the workerd tests, `npm run dev`'s Vite server if it has none) the
 * same messages are delivered here, one after the other.
 */
export async function runReminderCron(ctx: AppContext, at: Date): Promise<ReminderCronReport> {
  const due = await findDueReminderMembers(ctx, at);
  const messages: ReminderQueueMessage[] = chunked(due, REMINDER_BATCH_SIZE).map((userIds) => ({
    userIds,
    at: at.toISOString(),
  }));
  const queue = ctx.env.REMINDERS;
  if (queue) {
    for (const batch of chunked(messages, MESSAGES_PER_SEND)) {
      await queue.sendBatch(batch.map((body) => ({ body, contentType: "json" as const })));
    }
    return { due: due.length, messages: messages.length, mode: "queue", delivery: null };
  }
  const delivery: ReminderDeliveryReport = { sent: 0, skipped: 0, failed: 0 };
  for (const message of messages) {
    const report = await deliverReminders(ctx, message);
    delivery.sent += report.sent;
    delivery.skipped += report.skipped;
    delivery.failed += report.failed;
  }
  return { due: due.length, messages: messages.length, mode: "inline", delivery };
}

// ---------------------------------------------------------------------------------------------
// The consumer: each member's digest, the claim, the mail
// ---------------------------------------------------------------------------------------------

/**
 * The Worker's `queue` handler (server/index.ts). Each message is checked (a malformed one is dropped: a
 * retry cannot mend it), delivered, and acknowledged; when the provider refused someone, the message is
 * retried later and only those members, whose claim was released, get their mail then.
 */
export async function handleReminderQueue(
  env: Env,
  batch: Pick<MessageBatch<unknown>, "messages">,
  options: { onError?: (error: unknown, context: Record<string, unknown>) => void } = {},
): Promise<void> {
  const ctx = createAppContext(env);
  for (const message of batch.messages) {
    const parsed = queueMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(`reminders: dropped a malformed queue message (${message.id})`);
      message.ack();
      continue;
    }
    try {
      const report = await deliverReminders(ctx, parsed.data);
      if (report.failed > 0) message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
      else message.ack();
    } catch (error) {
      console.error(`reminders: a queue message failed (${message.id})`, error);
      options.onError?.(error, { queueMessageId: message.id, attempts: message.attempts });
      message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
    }
  }
}

interface DueMember {
  id: number;
  email: string;
  name: string;
  level: Level | null;
  frequency: "daily" | "weekly";
  hour: number;
  lastSentOn: string | null;
  day: string;
  goal: DailyGoal;
}

export interface ReminderLesson {
  title: string;
  url: string;
}

export interface ReminderDigest {
  frequency: "daily" | "weekly";
  flashcardsDue: number;
  wordsDue: number;
  /** The streak that ends today unless they study: its length in days (capped at the window), or null. */
  streakAtRisk: number | null;
  lessons: ReminderLesson[];
}

/** Delivers one message: every member in it who is still due gets their digest, at most once a day. */
export async function deliverReminders(
  ctx: AppContext,
  message: ReminderQueueMessage,
): Promise<ReminderDeliveryReport> {
  const at = new Date(message.at);
  const report: ReminderDeliveryReport = { sent: 0, skipped: 0, failed: 0 };
  const ids = [...new Set(message.userIds)];
  const members: DueMember[] = [];
  for (const chunk of chunked(ids, IDS_PER_QUERY)) {
    const rows = await ctx.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        level: users.level,
        timeZone: users.timeZone,
        reminderFrequency: users.reminderFrequency,
        reminderHour: users.reminderHour,
        reminderLastSentOn: users.reminderLastSentOn,
        dailyGoalKind: users.dailyGoalKind,
        dailyGoalMinutes: users.dailyGoalMinutes,
        dailyGoalCards: users.dailyGoalCards,
      })
      .from(users)
      .where(and(inArray(users.id, chunk), mailable));
    for (const row of rows) {
      // Still due: the member may have changed their hour or turned reminders off since the cron ran.
      const day = reminderDueDay(row, at);
      if (day === null || row.reminderFrequency === "off") continue;
      members.push({
        id: row.id,
        email: row.email,
        name: row.name,
        level: row.level,
        frequency: row.reminderFrequency,
        hour: row.reminderHour,
        lastSentOn: row.reminderLastSentOn,
        day,
        goal: {
          kind: row.dailyGoalKind,
          target: row.dailyGoalKind === "minutes" ? row.dailyGoalMinutes : row.dailyGoalCards,
        },
      });
    }
  }
  report.skipped += ids.length - members.length;

  const digests = await buildDigests(ctx, members, at);
  for (const member of members) {
    const digest = digests.get(member.id)!;
    if (!hasNews(digest)) {
      report.skipped += 1;
      continue;
    }
    if (!(await claimDay(ctx, member))) {
      report.skipped += 1;
      continue;
    }
    const sent = await sendReminderMail(ctx, member, digest);
    if (sent) {
      report.sent += 1;
    } else {
      await releaseDay(ctx, member);
      report.failed += 1;
    }
  }
  return report;
}

function hasNews(digest: ReminderDigest): boolean {
  return digest.flashcardsDue > 0 || digest.wordsDue > 0 || digest.streakAtRisk !== null || digest.lessons.length > 0;
}

/**
 * The day's claim: sets `reminder_last_sent_on` to the member's day only if no run has set it yet (and
 * their settings are still the ones this run judged). Exactly one of two concurrent runs changes the row,
 * so only one sends, whatever the cron retries or the queue redelivers.
 */
async function claimDay(ctx: AppContext, member: DueMember): Promise<boolean> {
  const claimed = await ctx.db
    .update(users)
    // `updated_at` stays: sending a reminder is not a change to the member's account.
    .set({ reminderLastSentOn: member.day, updatedAt: sql`${users.updatedAt}` })
    .where(
      and(
        eq(users.id, member.id),
        eq(users.reminderFrequency, member.frequency),
        eq(users.reminderHour, member.hour),
        notSentFor(member.day),
      ),
    )
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Gives the day back after the provider refused, so the queue's retry can send it. */
async function releaseDay(ctx: AppContext, member: DueMember): Promise<void> {
  await ctx.db
    .update(users)
    .set({ reminderLastSentOn: member.lastSentOn, updatedAt: sql`${users.updatedAt}` })
    .where(and(eq(users.id, member.id), eq(users.reminderLastSentOn, member.day)));
}

/**
 * The digests of a message's members in a few grouped queries: reviews due now (flashcards of published
 * collections, saved words), the days studied lately (for the streak), and the newest lessons per level.
 */
async function buildDigests(ctx: AppContext, members: DueMember[], at: Date): Promise<Map<number, ReminderDigest>> {
  const flashcardsDue = new Map<number, number>();
  const wordsDue = new Map<number, number>();
  const studied = new Map<number, Array<{ day: string; seconds: number; cards: number }>>();
  if (members.length > 0) {
    const earliest = members.reduce((first, member) => (member.day < first ? member.day : first), members[0]!.day);
    const latest = members.reduce((last, member) => (member.day > last ? member.day : last), members[0]!.day);
    const since = addDays(earliest, -STREAK_WINDOW_DAYS);
    for (const chunk of chunked(
      members.map((member) => member.id),
      IDS_PER_QUERY,
    )) {
      const [cards, words, days] = await ctx.db.batch([
        ctx.db
          .select({ userId: flashcardStates.userId, total: count() })
          .from(flashcardStates)
          .innerJoin(flashcards, eq(flashcards.id, flashcardStates.flashcardId))
          .innerJoin(
            flashcollections,
            and(eq(flashcollections.id, flashcards.collectionId), eq(flashcollections.isPublished, true)),
          )
          .where(and(inArray(flashcardStates.userId, chunk), lte(flashcardStates.due, at)))
          .groupBy(flashcardStates.userId),
        ctx.db
          .select({ userId: vocabularyReviewStates.userId, total: count() })
          .from(vocabularyReviewStates)
          .where(and(inArray(vocabularyReviewStates.userId, chunk), lte(vocabularyReviewStates.due, at)))
          .groupBy(vocabularyReviewStates.userId),
        ctx.db
          .select({
            userId: studyDays.userId,
            day: studyDays.day,
            seconds: studyDays.secondsWatched,
            cards: studyDays.cardsReviewed,
          })
          .from(studyDays)
          .where(and(inArray(studyDays.userId, chunk), gte(studyDays.day, since), lte(studyDays.day, latest))),
      ]);
      for (const row of cards) flashcardsDue.set(row.userId, row.total);
      for (const row of words) wordsDue.set(row.userId, row.total);
      for (const row of days) {
        const list = studied.get(row.userId) ?? [];
        list.push({ day: row.day, seconds: row.seconds, cards: row.cards });
        studied.set(row.userId, list);
      }
    }
  }

  const lessonsByLevel = new Map<Level, ReminderLesson[]>();
  for (const level of new Set(members.flatMap((member) => (member.level ? [member.level] : [])))) {
    lessonsByLevel.set(level, await newLessonsAt(ctx, level, at));
  }

  const digests = new Map<number, ReminderDigest>();
  for (const member of members) {
    const since = addDays(member.day, -STREAK_WINDOW_DAYS);
    const days = (studied.get(member.id) ?? []).filter((row) => row.day >= since && row.day <= member.day);
    const streak = computeStreaks(days, member.day, member.goal);
    digests.set(member.id, {
      frequency: member.frequency,
      flashcardsDue: flashcardsDue.get(member.id) ?? 0,
      wordsDue: wordsDue.get(member.id) ?? 0,
      // Studied up to yesterday, not yet today: the streak ends tonight unless they study.
      streakAtRisk: !streak.todayCounts && streak.current > 0 ? streak.current : null,
      lessons: member.level ? (lessonsByLevel.get(member.level) ?? []) : [],
    });
  }
  return digests;
}

/** Up to three lessons of a level published in the last seven days, newest first. */
async function newLessonsAt(ctx: AppContext, level: Level, at: Date): Promise<ReminderLesson[]> {
  const rows = await ctx.db
    .select({ id: videos.id, title: videos.title, slug: videos.slug })
    .from(videos)
    .where(
      and(
        eq(videos.isPublished, true),
        eq(videos.level, level),
        gt(videos.publishedAt, new Date(at.getTime() - NEW_LESSON_DAYS * DAY_MS)),
        lte(videos.publishedAt, at),
      ),
    )
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(NEW_LESSONS_IN_MAIL);
  return rows.map((row) => ({
    title: row.title,
    url: new URL(`/video/${row.id}/${slugOf(row)}`, ctx.config.appUrl).toString(),
  }));
}

const plural = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

function streakLength(days: number): string {
  return days >= STREAK_WINDOW_DAYS ? `${STREAK_WINDOW_DAYS}+ day` : `${days}-day`;
}

/** The subject leads with the most pressing news: a streak about to break, then reviews, then lessons. */
export function reminderSubject(digest: ReminderDigest): string {
  const reviews = digest.flashcardsDue + digest.wordsDue;
  if (digest.streakAtRisk !== null) return `Keep your ${streakLength(digest.streakAtRisk)} streak going today`;
  if (reviews > 0) return `${plural(reviews, "review is", "reviews are")} waiting for you`;
  const [first] = digest.lessons;
  return first ? `New at your level: ${first.title}` : "Your Shami practice";
}

export function reminderText(
  ctx: AppContext,
  member: { name: string; frequency: "daily" | "weekly" },
  digest: ReminderDigest,
  unsubscribeUrl: string,
): string {
  const link = (path: string) => new URL(path, ctx.config.appUrl).toString();
  const firstName = member.name.trim().split(/\s+/)[0] ?? "";
  const lines: string[] = [firstName ? `Ahlan ${firstName},` : "Ahlan,", ""];
  if (digest.streakAtRisk !== null) {
    lines.push(
      `You have a ${streakLength(digest.streakAtRisk)} streak. Study a little today and it keeps going:`,
      link("/progress"),
      "",
    );
  }
  if (digest.flashcardsDue > 0) {
    lines.push(
      `${plural(digest.flashcardsDue, "flashcard is", "flashcards are")} due for review:`,
      link("/flashcards/review"),
      "",
    );
  }
  if (digest.wordsDue > 0) {
    lines.push(
      `${plural(digest.wordsDue, "saved word is", "saved words are")} due for review:`,
      link("/flashcards/my-words"),
      "",
    );
  }
  if (digest.lessons.length > 0) {
    lines.push(`New at your level this week:`);
    for (const lesson of digest.lessons) lines.push(`- ${lesson.title}: ${lesson.url}`);
    lines.push("");
  }
  lines.push(
    "Yalla, see you soon!",
    `The ${ctx.config.appName} team`,
    "",
    "--",
    `You get this email because you turned on ${member.frequency} reminders. Change how often or the hour in your settings: ${link("/settings")}`,
    `Stop reminder emails: ${unsubscribeUrl}`,
  );
  return lines.join("\n");
}

async function sendReminderMail(ctx: AppContext, member: DueMember, digest: ReminderDigest): Promise<boolean> {
  const unsubscribe = await reminderUnsubscribeUrl(ctx, member.id);
  return sendMail(ctx, {
    to: member.email,
    template: "reminder",
    subject: reminderSubject(digest),
    text: reminderText(ctx, member, digest, unsubscribe),
    // RFC 2369 and RFC 8058: the mail client's own "Unsubscribe" button POSTs to this link, one click.
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}
