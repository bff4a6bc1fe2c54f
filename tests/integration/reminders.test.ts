import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeReminders } from "../../app/features/reminders/components/reminder-settings";
import * as unsubscribeRoute from "../../app/features/reminders/routes/unsubscribe";
import {
  mailOutbox,
  studyDays,
  users,
  videos,
  vocabularyListItems,
  vocabularyLists,
  vocabularyReviewStates,
} from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import type { Env } from "../../server/env";
import { checkedHeaders, sendMail } from "../../server/services/mail";
import type { ReminderQueueMessage } from "../../server/queue-messages";
import { findDueReminderMembers, runReminderCron } from "../../server/services/reminders/cron";
import { deliverReminders } from "../../server/services/reminders/delivery";
import { handleReminderQueue, REMINDER_BATCH_SIZE } from "../../server/services/reminders/queue";
import { reminderDueDay } from "../../server/services/reminders/rules";
import { reminderSettingsSchema, saveReminderSettings } from "../../server/services/reminders/settings";
import {
  readReminderLink,
  reminderUnsubscribeUrl,
  unsubscribeFromReminders,
} from "../../server/services/reminders/unsubscribe-link";
import { runReminderQueue, runScheduledJobs } from "../../server/services/scheduled";
import { faultyD1 } from "./fault-env";
import { outboxFor, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the page uses of it is
// @remix-run/server-runtime's, which it re-exports (as in audit-log-page.test.ts).
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

const DAY_MS = 24 * 60 * 60 * 1000;
const ctx = () => createAppContext(testEnv);

afterEach(() => vi.restoreAllMocks());

let sequence = 0;
const tag = () => `${++sequence}-${crypto.randomUUID().slice(0, 8)}`;

type MemberValues = Partial<typeof users.$inferInsert>;

/**
 * A member with a confirmed address and daily reminders at 09:00 in Beirut unless told otherwise (not the
 * shared `member`: a row with reminder settings, as the cron needs no session).
 */
async function member(values: MemberValues = {}) {
  const [row] = await ctx()
    .db.insert(users)
    .values({
      email: `reminded-${tag()}@example.com`,
      name: "Nour Haddad",
      emailVerifiedAt: new Date("2030-01-01T00:00:00Z"),
      reminderFrequency: "daily",
      reminderHour: 9,
      timeZone: "Asia/Beirut",
      ...values,
    })
    .returning();
  return row!;
}

async function memberRow(id: number) {
  const [row] = await ctx().db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A published lesson of `level`, `daysAgo` days before `at`. */
async function lesson(level: "beginner" | "intermediate" | "advanced", at: Date, daysAgo: number) {
  const title = `Lesson ${tag()}`;
  const [row] = await ctx()
    .db.insert(videos)
    .values({
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      level,
      isPublished: true,
      publishedAt: new Date(at.getTime() - daysAgo * DAY_MS),
    })
    .returning();
  return row!;
}

/** `count` saved words of the member, each due `dueBefore` ms before `at`. */
async function dueWords(userId: number, at: Date, count: number) {
  const db = ctx().db;
  const [list] = await db.insert(vocabularyLists).values({ userId, title: "My words" }).returning();
  for (let index = 0; index < count; index++) {
    const [item] = await db
      .insert(vocabularyListItems)
      .values({ listId: list!.id, arabic: `كلمة ${index} ${tag()}`, english: "word" })
      .returning();
    await db.insert(vocabularyReviewStates).values({
      userId,
      itemId: item!.id,
      due: new Date(at.getTime() - 60 * 60 * 1000),
      stability: 3,
      difficulty: 5,
      elapsedDays: 3,
      scheduledDays: 3,
      reps: 2,
      lapses: 0,
      state: 2,
      lastReview: new Date(at.getTime() - 3 * DAY_MS),
    });
  }
}

async function mailsTo(email: string) {
  return ctx().db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

/** A queue message as the runtime hands it to the consumer, recording what the consumer answered. */
function queueMessage(body: unknown) {
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    body,
    attempts: 1,
    outcome: null as null | "ack" | "retry",
    ack() {
      message.outcome = "ack";
    },
    retry() {
      message.outcome = "retry";
    },
  };
  return message;
}

/** The REMINDERS binding as the cron sees it, keeping every `sendBatch` call. */
class RecordingQueue implements Queue<ReminderQueueMessage> {
  readonly calls: ReminderQueueMessage[][] = [];
  private readonly metadata = { metrics: { backlogCount: 0, backlogBytes: 0 } };
  async metrics() {
    return this.metadata.metrics;
  }
  async send(body: ReminderQueueMessage) {
    this.calls.push([body]);
    return { metadata: this.metadata };
  }
  async sendBatch(messages: Iterable<MessageSendRequest<ReminderQueueMessage>>) {
    this.calls.push([...messages].map((message) => message.body));
    return { metadata: this.metadata };
  }
}

/** Resend as the Worker reaches it: every request body kept, answered with `status`. */
function fakeResend(status = 200) {
  const requests: Array<{ url: string; body: Record<string, unknown> }> = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    requests.push({ url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return status === 200 ? Response.json({ id: "email_1" }) : Response.json({ message: "no" }, { status });
  });
  return { requests, spy };
}

const resendEnv: Env = { ...testEnv, MAIL_PROVIDER: "resend", RESEND_API_KEY: "re_testonly_0000000000000000" };

// The unsubscribe page as Remix renders it, behind the Worker's own front door (server/app.ts), so the
// cross-site guard runs too.
const pages = remixPages({ unsubscribe: { path: "reminders/unsubscribe", module: unsubscribeRoute } });

async function openPage(url: string, init: RequestInit = {}) {
  const executionCtx = createExecutionContext();
  const response = await pages.request(url, init, testEnv, executionCtx);
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, body };
}

/** What a mail client sends for RFC 8058 one-click: a bare POST, no cookie, no Origin, no fetch metadata. */
function oneClick(url: string) {
  return openPage(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
}

describe("who is due: their chosen hour in their own time zone", () => {
  it("selects members by local hour across time zones, once a day, confirmed and active only", async () => {
    // 07:17 UTC on 15 January 2041: 09:17 in Beirut (UTC+2), 02:17 in New York, 21:17 in Kiritimati (UTC+14).
    const at = new Date("2041-01-15T07:17:00Z");
    const due = [
      await member({ timeZone: "Asia/Beirut", reminderHour: 9 }),
      await member({ timeZone: "America/New_York", reminderHour: 2 }),
      await member({ timeZone: "Pacific/Kiritimati", reminderHour: 21 }),
      // No zone yet, or one the runtime does not know: UTC.
      await member({ timeZone: null, reminderHour: 7 }),
      await member({ timeZone: "Mars/Olympus_Mons", reminderHour: 7 }),
      // Yesterday's mail does not stop today's.
      await member({ reminderLastSentOn: "2041-01-14" }),
      await member({ reminderFrequency: "weekly" }),
    ];
    const notDue = [
      await member({ timeZone: "Asia/Beirut", reminderHour: 10 }),
      await member({ timeZone: "America/New_York", reminderHour: 9 }),
      await member({ reminderFrequency: "off" }),
      await member({ reminderLastSentOn: "2041-01-15" }),
      await member({ reminderFrequency: "weekly", reminderLastSentOn: "2041-01-10" }),
      await member({ emailVerifiedAt: null }),
      await member({ deletedAt: new Date("2040-01-01T00:00:00Z") }),
      await member({ disabledAt: new Date("2040-01-01T00:00:00Z") }),
    ];

    const found = new Set(await findDueReminderMembers(ctx(), at));
    for (const row of due) expect(found.has(row.id), `${row.timeZone} ${row.reminderHour}`).toBe(true);
    for (const row of notDue) expect(found.has(row.id), `${row.timeZone} ${row.reminderHour}`).toBe(false);

    // The consumer's check says the same as the cron's query.
    for (const row of due) expect(reminderDueDay(row, at)).not.toBeNull();
    expect(reminderDueDay(due[0]!, at)).toBe("2041-01-15");
    expect(reminderDueDay(due[2]!, at)).toBe("2041-01-15");
    for (const row of notDue.slice(0, 5)) expect(reminderDueDay(row, at)).toBeNull();

    // Summer time moves the instant, not the member's hour: 09:17 in Beirut (UTC+3) is 06:17 UTC in July.
    const summer = await member({ timeZone: "Asia/Beirut", reminderHour: 9 });
    expect(await findDueReminderMembers(ctx(), new Date("2041-07-15T06:17:00Z"))).toContain(summer.id);
    expect(await findDueReminderMembers(ctx(), new Date("2041-07-15T07:17:00Z"))).not.toContain(summer.id);
  });
});

describe("one reminder a day, whatever runs twice", () => {
  it("sends one mail when the cron and the consumer each run twice, and the next one the next day", async () => {
    const at = new Date("2042-03-10T07:17:00Z"); // 09:17 in Beirut
    const nour = await member({ level: "advanced" });
    const news = await lesson("advanced", at, 2);
    const { updatedAt } = await memberRow(nour.id);

    const first = await runScheduledJobs(testEnv, at);
    expect(first.reminders.mode).toBe("inline");
    expect(first.reminders.delivery?.sent).toBeGreaterThanOrEqual(1);
    // The cron retried: she is not due any more.
    expect(await findDueReminderMembers(ctx(), at)).not.toContain(nour.id);
    await runScheduledJobs(testEnv, at);

    // The queue redelivers the same message, and a consumer runs it once more by hand.
    const message: ReminderQueueMessage = { userIds: [nour.id], at: at.toISOString() };
    const redelivered = queueMessage(message);
    await handleReminderQueue(testEnv, { messages: [redelivered] });
    expect(redelivered.outcome).toBe("ack");
    expect(await deliverReminders(ctx(), message)).toEqual({ sent: 0, skipped: 1, failed: 0 });

    const mails = await mailsTo(nour.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe("reminder");
    expect(mails[0]!.subject).toBe(`New at your level: ${news.title}`);
    expect((await memberRow(nour.id)).reminderLastSentOn).toBe("2042-03-10");
    // Sending a reminder is not a change to the account.
    expect((await memberRow(nour.id)).updatedAt).toEqual(updatedAt);

    // The next day at 09:00 brings the next one.
    await runScheduledJobs(testEnv, new Date(at.getTime() + DAY_MS));
    expect(await mailsTo(nour.email)).toHaveLength(2);
    expect((await memberRow(nour.id)).reminderLastSentOn).toBe("2042-03-11");
  });

  it("lets only one of two consumers running at once send", async () => {
    const at = new Date("2042-04-10T06:17:00Z"); // 09:17 in Beirut (summer time)
    const rana = await member({ level: "intermediate" });
    await lesson("intermediate", at, 1);
    const message: ReminderQueueMessage = { userIds: [rana.id], at: at.toISOString() };
    const reports = await Promise.all([deliverReminders(ctx(), message), deliverReminders(ctx(), message)]);
    expect(reports.map((report) => report.sent).sort()).toEqual([0, 1]);
    expect(await mailsTo(rana.email)).toHaveLength(1);
  });

  it("skips a member who turned reminders off or changed the hour after the cron queued them", async () => {
    const at = new Date("2042-05-10T06:17:00Z");
    const changed = await member({ level: "beginner" });
    const stopped = await member({ level: "beginner" });
    await lesson("beginner", at, 1);
    const message: ReminderQueueMessage = { userIds: [changed.id, stopped.id], at: at.toISOString() };
    await ctx().db.update(users).set({ reminderHour: 20 }).where(eq(users.id, changed.id));
    await ctx().db.update(users).set({ reminderFrequency: "off" }).where(eq(users.id, stopped.id));
    expect(await deliverReminders(ctx(), message)).toEqual({ sent: 0, skipped: 2, failed: 0 });
    expect(await mailsTo(changed.email)).toEqual([]);
    expect(await mailsTo(stopped.email)).toEqual([]);
  });
});

describe("weekly reminders", () => {
  it("come seven days apart at the chosen hour", async () => {
    const start = new Date("2043-02-02T07:17:00Z"); // 09:17 in Beirut
    const karim = await member({ reminderFrequency: "weekly", level: "advanced" });
    // Something new every day, so only the spacing decides.
    for (let day = 0; day <= 8; day++) await lesson("advanced", new Date(start.getTime() + day * DAY_MS), 0.5);

    const sentOn: string[] = [];
    for (let day = 0; day <= 8; day++) {
      const at = new Date(start.getTime() + day * DAY_MS);
      const before = (await mailsTo(karim.email)).length;
      await runReminderCron(createAppContext(testEnv, { now: () => at }), at);
      if ((await mailsTo(karim.email)).length > before) sentOn.push(at.toISOString().slice(0, 10));
    }
    expect(sentOn).toEqual(["2043-02-02", "2043-02-09"]);
  });
});

describe("what the reminder says", () => {
  it("skips the mail when there is nothing useful to say, without using up the day", async () => {
    const at = new Date("2044-01-20T07:17:00Z");
    const quiet = await member({ level: null });
    const report = await runReminderCron(ctx(), at);
    expect(report.delivery?.skipped).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(quiet.email)).toEqual([]);
    expect((await memberRow(quiet.id)).reminderLastSentOn).toBeNull();

    // Reviews come due within the hour: a rerun of the cron sends.
    await dueWords(quiet.id, at, 3);
    await runReminderCron(ctx(), at);
    const [mail] = await mailsTo(quiet.email);
    expect(mail?.subject).toBe("3 reviews are waiting for you");
    expect(mail?.text).toContain("3 saved words are due for review:\nhttps://ahla.test/flashcards/my-words");
  });

  it("sends the streak at risk, reviews due and new lessons, with one-click unsubscribe headers to the provider", async () => {
    const at = new Date("2044-02-20T07:17:00Z"); // 09:17 in Beirut, 20 February
    const maya = await member({ level: "beginner", name: "Maya Khoury" });
    await dueWords(maya.id, at, 2);
    const fresh = await lesson("beginner", at, 3);
    await lesson("beginner", at, 8); // too old
    await lesson("advanced", at, 1); // another level
    await ctx()
      .db.insert(studyDays)
      .values([
        { userId: maya.id, day: "2044-02-18", secondsWatched: 300, cardsReviewed: 0, updatedAt: at },
        { userId: maya.id, day: "2044-02-19", secondsWatched: 0, cardsReviewed: 12, updatedAt: at },
      ]);

    const resend = fakeResend();
    await runReminderCron(createAppContext(resendEnv), at);
    const toMaya = resend.requests.filter((request) => (request.body.to as string[])[0] === maya.email);
    expect(toMaya).toHaveLength(1);
    const { url, body } = toMaya[0]!;
    expect(url).toBe("https://api.resend.com/emails");
    expect(body.subject).toBe("Keep your 2-day streak going today");
    const text = String(body.text);
    expect(text).toMatch(/^Ahlan Maya,/);
    expect(text).toContain("You have a 2-day streak.");
    expect(text).toContain("2 saved words are due for review:");
    expect(text).toContain(`- ${fresh.title}: https://ahla.test/video/${fresh.id}/${fresh.slug}`);
    expect(text.match(/^- /gm)).toHaveLength(1);

    // Both headers, naming the same signed link as the text, which works from the mail client.
    const headers = body.headers as Record<string, string>;
    expect(Object.keys(headers).sort()).toEqual(["List-Unsubscribe", "List-Unsubscribe-Post"]);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(https:\/\/ahla\.test\/reminders\/unsubscribe\?u=\d+&sig=[0-9a-f]{64})>$/.exec(
      headers["List-Unsubscribe"]!,
    )?.[1];
    expect(link).toBeDefined();
    expect(text).toContain(`Stop reminder emails: ${link}`);
    expect(link).toBe(await reminderUnsubscribeUrl(ctx(), { userId: maya.id }));
    // Nothing of a message sent through the provider is stored.
    expect(await mailsTo(maya.email)).toEqual([]);

    resend.spy.mockRestore();
    const answer = await oneClick(link!);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Reminder emails are off");
    expect((await memberRow(maya.id)).reminderFrequency).toBe("off");
  });

  it("gives the day back when the provider refuses, so the queue's retry sends it", async () => {
    const at = new Date("2044-03-20T07:17:00Z");
    const omar = await member({ level: "intermediate" });
    await lesson("intermediate", at, 1);
    const message = queueMessage({ userIds: [omar.id], at: at.toISOString() } satisfies ReminderQueueMessage);

    const down = fakeResend(503);
    await handleReminderQueue(resendEnv, { messages: [message] });
    expect(message.outcome).toBe("retry");
    expect((await memberRow(omar.id)).reminderLastSentOn).toBeNull();
    down.spy.mockRestore();

    const up = fakeResend();
    const retried = queueMessage(message.body);
    await handleReminderQueue(resendEnv, { messages: [retried] });
    expect(retried.outcome).toBe("ack");
    expect(up.requests.filter((request) => (request.body.to as string[])[0] === omar.email)).toHaveLength(1);
    expect((await memberRow(omar.id)).reminderLastSentOn).toBe("2044-03-20");
  });

  it("retries the message when D1 fails mid-way, and sends once when it is back", async () => {
    const at = new Date("2044-04-20T06:17:00Z"); // 09:17 in Beirut (summer time)
    const dalia = await member({ level: "advanced" });
    await lesson("advanced", at, 1);
    const body: ReminderQueueMessage = { userIds: [dalia.id], at: at.toISOString() };
    const broken = faultyD1({ match: /^update "users"/i });
    const failing = queueMessage(body);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await runReminderQueue(broken.env, { messages: [failing] });
    expect(broken.failed()).toHaveLength(1);
    expect(failing.outcome).toBe("retry");
    expect(errors).toHaveBeenCalled();
    expect(await mailsTo(dalia.email)).toEqual([]);

    const retried = queueMessage(body);
    await runReminderQueue(testEnv, { messages: [retried] });
    expect(retried.outcome).toBe("ack");
    expect(await mailsTo(dalia.email)).toHaveLength(1);
  });

  it("drops a malformed queue message instead of retrying it forever", async () => {
    for (const body of [null, "hello", { userIds: [], at: "2044-01-01T00:00:00Z" }, { userIds: [1], at: "soon" }]) {
      const message = queueMessage(body);
      await handleReminderQueue(testEnv, { messages: [message] });
      expect(message.outcome).toBe("ack");
    }
    const tooMany = queueMessage({
      userIds: Array.from({ length: REMINDER_BATCH_SIZE + 1 }, (_, index) => index + 1),
      at: "2044-01-01T00:00:00Z",
    });
    await handleReminderQueue(testEnv, { messages: [tooMany] });
    expect(tooMany.outcome).toBe("ack");
  });
});

describe("mail headers", () => {
  it("refuses a header with a line break or one the message sets itself", async () => {
    expect(checkedHeaders({ "List-Unsubscribe": "<https://ahla.test/x>" })).toEqual({
      "List-Unsubscribe": "<https://ahla.test/x>",
    });
    expect(checkedHeaders({})).toBeUndefined();
    expect(() => checkedHeaders({ "List-Unsubscribe": "<https://a>\r\nBcc: victim@example.com" })).toThrow(
      /line break/,
    );
    expect(() => checkedHeaders({ Subject: "x" })).toThrow(/set by the message/);
    expect(() => checkedHeaders({ "Bad Name:": "x" })).toThrow(/not a header name/);
  });

  it("keeps the headers with the outbox copy, where the dev mailbox and the e2e tests read them", async () => {
    const outboxCtx = createAppContext(testEnv);
    const to = `headers-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await sendMail(outboxCtx, {
      to,
      subject: "Hello",
      text: "Body",
      template: "test-headers",
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    const [stored] = await outboxFor(to);
    expect(stored!.headers).toEqual({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("sends no headers field to the provider when a message has none (the other mails are unchanged)", async () => {
    const resend = fakeResend();
    await sendMail(createAppContext(resendEnv), {
      to: "plain@example.com",
      subject: "Hello",
      text: "Hi",
      template: "test",
    });
    expect(resend.requests[0]!.body).not.toHaveProperty("headers");
  });
});

describe("Settings › Reminders", () => {
  it("saves how often and the hour, and stores the browser's zone only while the member has none", async () => {
    const fresh = await member({ reminderFrequency: "off", reminderHour: 18, timeZone: null });
    const parsed = reminderSettingsSchema.parse({ frequency: "daily", hour: "7", timeZone: "Asia/Amman" });
    const saved = await saveReminderSettings(ctx(), { userId: fresh.id, ...parsed });
    expect(saved).toEqual({ frequency: "daily", hour: 7, timeZone: "Asia/Amman", emailVerified: true });
    expect(describeReminders(saved)).toBe("Reminders are on: every day at 07:00 (Asia/Amman time).");

    // A zone already stored (detected on the first visit, or chosen on the profile) stays.
    const again = await saveReminderSettings(ctx(), {
      userId: fresh.id,
      ...reminderSettingsSchema.parse({ frequency: "weekly", hour: "21", timeZone: "Europe/London" }),
    });
    expect(again).toMatchObject({ frequency: "weekly", hour: 21, timeZone: "Asia/Amman" });
    expect(describeReminders(again)).toBe("Reminders are on: once a week at 21:00 (Asia/Amman time).");

    // A hidden zone the runtime does not know is left out; an unknown stored one is replaced by a good one.
    const unknown = await member({ timeZone: "Mars/Olympus_Mons" });
    const ignored = await saveReminderSettings(ctx(), {
      userId: unknown.id,
      ...reminderSettingsSchema.parse({ frequency: "daily", hour: "9", timeZone: "Not/AZone" }),
    });
    expect(ignored.timeZone).toBeNull();
    expect((await memberRow(unknown.id)).timeZone).toBe("Mars/Olympus_Mons");
    const fixed = await saveReminderSettings(ctx(), {
      userId: unknown.id,
      ...reminderSettingsSchema.parse({ frequency: "daily", hour: "9", timeZone: "Asia/Beirut" }),
    });
    expect(fixed.timeZone).toBe("Asia/Beirut");
    expect(describeReminders({ frequency: "off", hour: 9, timeZone: null })).toBe("Reminder emails are off.");
  });

  it("refuses a frequency or an hour outside the choices", () => {
    for (const input of [
      { frequency: "hourly", hour: "9" },
      { frequency: "daily", hour: "24" },
      { frequency: "daily", hour: "-1" },
      { frequency: "daily", hour: "9.5" },
      { frequency: "daily", hour: "nine" },
      { hour: "9" },
    ]) {
      expect(reminderSettingsSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
    expect(reminderSettingsSchema.parse({ frequency: "off", hour: "0", timeZone: "x".repeat(500) })).toEqual({
      frequency: "off",
      hour: 0,
      timeZone: undefined,
    });
  });
});

describe("the unsubscribe link", () => {
  it("asks on GET, turns reminders off on the page's POST, and says so when opened again", async () => {
    const lina = await member();
    const link = await reminderUnsubscribeUrl(ctx(), { userId: lina.id });

    const question = await openPage(link, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(question.status).toBe(200);
    expect(question.body).toContain("Stop reminder emails?");
    expect(question.body).toMatch(/<form[^>]*method="post"/);
    // Opening the link changes nothing.
    expect((await memberRow(lina.id)).reminderFrequency).toBe("daily");

    const path = new URL(link);
    const confirmed = await openPage(link, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: path.origin,
        Host: path.host,
        "Sec-Fetch-Site": "same-origin",
      },
      body: "",
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain("Reminder emails are off");
    expect((await memberRow(lina.id)).reminderFrequency).toBe("off");

    const later = await openPage(link);
    expect(later.status).toBe(200);
    expect(later.body).toContain("Reminder emails are already off");
  });

  it("works by one-click POST from a mail client, without cookies, however often", async () => {
    const sami = await member({ reminderFrequency: "weekly" });
    const link = await reminderUnsubscribeUrl(ctx(), { userId: sami.id });
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await oneClick(link);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("Reminder emails are off");
    }
    expect((await memberRow(sami.id)).reminderFrequency).toBe("off");
  });

  it("refuses a browser's cross-site form post", async () => {
    const huda = await member();
    const link = await reminderUnsubscribeUrl(ctx(), { userId: huda.id });
    const foreign: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of foreign) {
      const answer = await openPage(link, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: "List-Unsubscribe=One-Click",
      });
      expect(answer.status).toBe(403);
    }
    expect((await memberRow(huda.id)).reminderFrequency).toBe("daily");
  });

  it("refuses a tampered, borrowed or cut-short link with a clear 400 page and changes nothing", async () => {
    const victim = await member();
    const holder = await member();
    const good = new URL(await reminderUnsubscribeUrl(ctx(), { userId: holder.id }));
    const signature = good.searchParams.get("sig")!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
    const bad = [
      `https://ahla.test/reminders/unsubscribe?u=${holder.id}&sig=${flipped}`,
      // Someone else's id with the holder's signature.
      `https://ahla.test/reminders/unsubscribe?u=${victim.id}&sig=${signature}`,
      `https://ahla.test/reminders/unsubscribe?u=${victim.id}`,
      `https://ahla.test/reminders/unsubscribe?u=${victim.id}&sig=${signature.slice(0, 40)}`,
      "https://ahla.test/reminders/unsubscribe",
      `https://ahla.test/reminders/unsubscribe?u=0${victim.id}&sig=${signature}`,
    ];
    for (const url of bad) {
      const page = await openPage(url);
      expect(page.status, url).toBe(400);
      expect(page.body).toContain("This unsubscribe link doesn&#x27;t work");
      const posted = await oneClick(url);
      expect(posted.status, url).toBe(400);
      expect(posted.body).toContain("This unsubscribe link doesn&#x27;t work");
    }
    expect((await memberRow(victim.id)).reminderFrequency).toBe("daily");
    expect((await memberRow(holder.id)).reminderFrequency).toBe("daily");
    expect(await unsubscribeFromReminders(ctx(), readReminderLink(new URL(bad[0]!).searchParams))).toBe("invalid");
  });
});

describe("fan-out through the queue", () => {
  it("sends the members due in messages of at most 100 ids, which the consumer delivers", async () => {
    // 15:17 UTC on 20 June 2045 is 05:17 on the 21st in Kiritimati (UTC+14): nobody else in this file is due.
    const at = new Date("2045-06-20T15:17:00Z");
    const created: number[] = [];
    const emails: string[] = [];
    const rows = Array.from({ length: 250 }, () => ({
      email: `fanout-${tag()}@example.com`,
      name: "Fan Out",
      emailVerifiedAt: new Date("2040-01-01T00:00:00Z"),
      reminderFrequency: "daily" as const,
      reminderHour: 5,
      timeZone: "Pacific/Kiritimati",
      level: "advanced" as const,
    }));
    for (let index = 0; index < rows.length; index += 5) {
      const inserted = await ctx()
        .db.insert(users)
        .values(rows.slice(index, index + 5))
        .returning({ id: users.id, email: users.email });
      created.push(...inserted.map((row) => row.id));
      emails.push(...inserted.map((row) => row.email));
    }
    await lesson("advanced", at, 2);

    const queue = new RecordingQueue();
    const report = await runScheduledJobs({ ...testEnv, REMINDERS: queue }, at);
    expect(report.reminders).toMatchObject({ due: 250, messages: 3, mode: "queue", delivery: null });
    // One sendBatch call carries the three messages: 100, 100 and 50 members.
    expect(queue.calls).toHaveLength(1);
    const messages = queue.calls[0]!;
    expect(messages.map((message) => message.userIds.length)).toEqual([100, 100, 50]);
    for (const message of messages) expect(message.userIds.length).toBeLessThanOrEqual(REMINDER_BATCH_SIZE);
    expect(messages.flatMap((message) => message.userIds).sort((a, b) => a - b)).toEqual(
      [...created].sort((a, b) => a - b),
    );
    expect(new Set(messages.map((message) => message.at))).toEqual(new Set([at.toISOString()]));
    // Queued, not yet sent: the consumer sends.
    expect(
      await ctx()
        .db.select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.to, emails.slice(0, 50))),
    ).toEqual([]);

    const delivered = messages.map((body) => queueMessage(body));
    await handleReminderQueue(testEnv, { messages: delivered });
    expect(delivered.map((message) => message.outcome)).toEqual(["ack", "ack", "ack"]);
    let sent = 0;
    for (let index = 0; index < emails.length; index += 50) {
      sent += (
        await ctx()
          .db.select()
          .from(mailOutbox)
          .where(inArray(mailOutbox.to, emails.slice(index, index + 50)))
      ).length;
    }
    expect(sent).toBe(250);

    // The cron again at the same hour: everyone has had today's mail, nothing is queued.
    const rerun = new RecordingQueue();
    const second = await runScheduledJobs({ ...testEnv, REMINDERS: rerun }, at);
    expect(second.reminders).toMatchObject({ due: 0, messages: 0 });
    expect(rerun.calls).toEqual([]);
  }, 60_000);
});
