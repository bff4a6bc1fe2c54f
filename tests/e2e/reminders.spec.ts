import { request as playwrightRequest } from "@playwright/test";
import { expectAccessible, signUpDirect, uniqueEmail } from "./fixtures";
import { expect, serverURL, test, type Page } from "./test";

// Opt-in reminder emails (docs/reminders.md): a member turns on daily reminders in Settings, the cron runs at
// their local hour (POST /dev/cron with an injected clock), one mail arrives with its unsubscribe link, a
// second run sends nothing, and the link turns reminders off: from the page, and by one-click POST without
// cookies as a mail client does. The browser lives in Beirut, so the hour chosen is Beirut's.

const ZONE = "Asia/Beirut";
test.use({ timezoneId: ZONE });

const HOUR_MS = 60 * 60 * 1000;

/** The instant the cron will run (at :17 past, as wrangler.toml's schedule) and its hour in Beirut. */
function nextCronRun(): { at: Date; hour: number } {
  // Two hours on: the card reviewed below (due again ten minutes after) is due by then.
  const at = new Date(Date.now() + 2 * HOUR_MS);
  at.setUTCMinutes(17, 0, 0);
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", hourCycle: "h23" }).format(at),
  );
  return { at, hour: hour === 24 ? 0 : hour };
}

async function signUp(page: Page, email: string) {
  await signUpDirect(page, { name: "Yasmin Saleh", email, password: "tadhkir-yawmi-1" });
}

/** The first link to `path` in the newest mail to `email` (links to APP_URL are rewritten to this server). */
async function linkFromMailbox(page: Page, email: string, path: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const href = await page
    .getByRole("link", { name: new RegExp(path.replace(/\//g, "\\/")) })
    .first()
    .getAttribute("href");
  expect(href).toBeTruthy();
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

/** Reviews the first card of "In the Kitchen" (Good: due again in ten minutes). */
async function reviewOneCard(page: Page) {
  await page.goto("/flashcards");
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "In the Kitchen" }) })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/\/flashcard\/\d+$/);
  const requestId = await page.locator('input[name="requestId"]').inputValue();
  const sameCard = page.locator(`input[name="requestId"][value="${requestId}"]`);
  // As in flashcards.spec.ts: open the answer, rate, until the next card replaces this one (a repeated
  // answer is the same answer: the card's request id).
  await expect(async () => {
    if ((await sameCard.count()) === 0) return;
    if (!(await page.getByTestId("card-back").isVisible())) {
      await page.locator("summary", { hasText: "Show answer" }).click();
    }
    await page.getByRole("button", { name: /^Good/ }).click({ timeout: 2_000 });
    await expect(sameCard).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

async function runCron(page: Page, at: Date) {
  const response = await page.request.post(`/dev/cron?now=${encodeURIComponent(at.toISOString())}`);
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = (await response.json()) as { data: { reminders: { due: number; messages: number } } };
  return data.reminders;
}

function reminderMails(page: Page) {
  return page.getByRole("article").filter({ hasText: "reminder" }).filter({ hasText: "/reminders/unsubscribe?" });
}

async function openSettingsReminders(page: Page) {
  await page.goto("/settings");
  return page.locator("form").filter({ has: page.locator('input[name="intent"][value="reminders"]') });
}

test("turns on reminders; a cron run at their hour sends one mail whose unsubscribe link works, a second sends nothing", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("reminders");
  await signUp(page, email);

  // Reminders go only to a confirmed address.
  await page.goto(await linkFromMailbox(page, email, "/auth/verify-email"));
  await expect(page.getByRole("heading", { name: "Your email is confirmed" })).toBeVisible();

  // Something to be reminded of: a card due for review.
  await reviewOneCard(page);

  // Settings › Reminders: daily, at the hour the cron will run in Beirut.
  const { at, hour } = nextCronRun();
  let form = await openSettingsReminders(page);
  await expect(form.getByRole("radio", { name: /^Off/ })).toBeChecked();
  // No zone stored yet, or the one detected on the first visit: either way the browser's.
  await expect(form.getByText(`Your local time, in ${ZONE}.`)).toBeVisible();
  await form.getByRole("radio", { name: /^Daily/ }).check();
  await form.getByLabel("Send at").selectOption(String(hour));
  await expectAccessible(page);
  await form.getByRole("button", { name: "Save reminders" }).click();
  const time = `${String(hour).padStart(2, "0")}:00`;
  await expect(page.getByText(`Reminders are on: every day at ${time} (${ZONE} time).`)).toBeVisible();
  form = await openSettingsReminders(page);
  await expect(form.getByRole("radio", { name: /^Daily/ })).toBeChecked();
  await expect(form.getByLabel("Send at")).toHaveValue(String(hour));

  // The cron at that hour: the member is due and handed to the queue (or delivered inline without one).
  const first = await runCron(page, at);
  expect(first.due).toBeGreaterThanOrEqual(1);
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(reminderMails(page)).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const mail = reminderMails(page);
  await expect(mail).toContainText("1 flashcard is due for review");
  // The headers a mail client's one-click unsubscribe reads (RFC 8058), as the provider was sent them.
  await expect(mail).toContainText("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  await expect(mail).toContainText(
    /List-Unsubscribe: <https?:\/\/[^>]+\/reminders\/unsubscribe\?u=\d+&sig=[0-9a-f]{64}>/,
  );
  await expect(mail.getByRole("link", { name: /\/flashcards\/review/ })).toBeVisible();

  // The cron again at the same hour (a retry): nobody is due, nothing is sent.
  const second = await runCron(page, at);
  // Nothing was handed to the queue (messages: 0), so no mail can arrive later: the mailbox is read at once.
  expect(second).toMatchObject({ due: 0, messages: 0 });
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(reminderMails(page)).toHaveCount(1);

  // The link in the mail (the List-Unsubscribe header names the same one): it asks, then stops them.
  const unsubscribe = await linkFromMailbox(page, email, "/reminders/unsubscribe");
  expect(unsubscribe).toMatch(/^\/reminders\/unsubscribe\?u=\d+&sig=[0-9a-f]{64}$/);
  await page.goto(unsubscribe);
  await expect(page).toHaveTitle("Ahla - Reminder emails");
  await expect(page.getByRole("heading", { level: 1, name: "Stop reminder emails?" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Stop reminder emails" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reminder emails are off" })).toBeVisible();

  form = await openSettingsReminders(page);
  await expect(form.getByRole("radio", { name: /^Off/ })).toBeChecked();

  // On again, then off by one-click from the mail client: a bare POST, no cookie, no Origin.
  await form.getByRole("radio", { name: /^Weekly/ }).check();
  await form.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText(`Reminders are on: once a week at ${time} (${ZONE} time).`)).toBeVisible();
  const mailClient = await playwrightRequest.newContext({ baseURL: serverURL() });
  const oneClick = await mailClient.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.text()).toContain("Reminder emails are off");
  await mailClient.dispose();
  form = await openSettingsReminders(page);
  await expect(form.getByRole("radio", { name: /^Off/ })).toBeChecked();

  // A tampered link changes nothing and says so.
  const tampered = unsubscribe.replace(/sig=([0-9a-f])/, (_all, first: string) => `sig=${first === "0" ? "1" : "0"}`);
  await page.goto(tampered);
  await expect(page.getByRole("heading", { level: 1, name: "This unsubscribe link doesn't work" })).toBeVisible();
});
