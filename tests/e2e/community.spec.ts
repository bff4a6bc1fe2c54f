import { expect, request as playwrightRequest, test, type Page } from "./test";
import { DEMO, expectAccessible, signIn, uniqueEmail, signUpDirect } from "./fixtures";

const PASSWORD = "shukran-ktir-1";

/** Signs a fresh member up in the browser (the page keeps the session). */
async function signUp(page: Page, name: string) {
  const { email } = await signUpDirect(page, { name, prefix: "community", password: PASSWORD });
  return email;
}

/** Another member, outside the browser: registers through the JSON API and posts with its token. */
async function apiMember(baseURL: string | undefined, name: string) {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = await context.post("/api/auth/register", {
    data: { name, email: uniqueEmail("community-api"), password: PASSWORD },
  });
  expect(response.status()).toBeLessThan(300);
  const { data } = (await response.json()) as { data: { token: string } };
  const headers = { Authorization: `Bearer ${data.token}` };
  return {
    async startThread(groupId: number, title: string, body: string) {
      const created = await context.post(`/api/community/groups/${groupId}/threads`, {
        data: { title, body },
        headers,
      });
      expect(created.status()).toBe(201);
      return ((await created.json()) as { data: { id: number; slug: string; group: { slug: string } } }).data;
    },
    async reply(threadId: number, body: string) {
      const posted = await context.post(`/api/community/threads/${threadId}/messages`, { data: { body }, headers });
      expect(posted.status()).toBe(201);
      return ((await posted.json()) as { data: { id: number } }).data;
    },
    dispose: () => context.dispose(),
  };
}

async function firstGroupId(page: Page) {
  const response = await page.request.get("/api/community/groups");
  const { data } = (await response.json()) as { data: Array<{ id: number; slug: string }> };
  return data[0]!;
}

test("a visitor reads a thread; stale slugs redirect, unknown ids are not found", async ({ page }) => {
  await page.goto("/community");
  await expect(page).toHaveTitle("Ahla - Community");
  await page.getByRole("link", { name: "Dialect Differences" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dialect Differences" })).toBeVisible();
  // Pinned first.
  const threads = page.getByRole("list").filter({ has: page.getByText("Started by") });
  await expect(threads.getByRole("listitem").first()).toContainText("Welcome! Read this first");
  await expect(threads.getByRole("listitem").first()).toContainText("Pinned");
  await expect(page.getByText("Sign in to start a thread or reply.")).toBeVisible();

  await page.getByRole("link", { name: "Baddi or biddi?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Baddi or biddi?" })).toBeVisible();
  await expect(page).toHaveTitle("Ahla - Baddi or biddi?");
  const messages = page.locator("li[id^='message-']");
  await expect(messages).toHaveCount(3);
  await expect(messages.first()).toContainText("In the Damascus lessons I hear");
  await expect(messages.first().locator("[dir='auto']").first()).toBeVisible();
  await expect(page.getByText("Join the conversation: sign in to reply.")).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /delete|edit/i })).toHaveCount(0);
  await expectAccessible(page);

  const canonical = new URL(page.url()).pathname;
  const [, , groupId, , , threadId] = canonical.split("/");
  await page.goto(`/community/${groupId}/old-name/thread/${threadId}/old-title`);
  await expect(page).toHaveURL(canonical);
  const stale = await page.request.get(`/community/${groupId}/old-name/thread/${threadId}/old-title`, {
    maxRedirects: 0,
  });
  expect(stale.status()).toBe(301);
  const unknown = await page.goto(`/community/${groupId}/x/thread/999999/nothing`);
  expect(unknown?.status()).toBe(404);
});

test("a member starts a thread, replies, edits and deletes their own message, and cannot touch others'", async ({
  page,
  baseURL,
}) => {
  await signUp(page, "Nour Newcomer");
  const group = await firstGroupId(page);
  await page.goto(`/community/${group.id}/${group.slug}`);
  await page.getByRole("link", { name: "New thread" }).click();

  // Errors at the fields: a missing and a too-short title, a missing message.
  await page.getByLabel("Title").fill("Hey");
  await page.getByRole("button", { name: "Post thread" }).click();
  await expect(page.getByText(/Make the title at least 5 characters/)).toBeVisible();
  await expect(page.getByText("Write your message first.")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

  const title = `Where do I hear هلّق? ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Message").fill("Is **هلّق** only Beirut, or Damascus too?");
  await page.getByRole("button", { name: "Post thread" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator("li[id^='message-']")).toHaveCount(1);

  // A reply shows up without a reload (the marker survives: no document navigation happened).
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByRole("textbox", { name: "Your reply" }).fill("Adding: my teacher from Amman says **هسّا**.");
  await page.getByRole("button", { name: "Post reply" }).click();
  const mine = page.locator("li[id^='message-']").nth(1);
  await expect(mine).toContainText("my teacher from Amman says");
  await expect(page.getByRole("textbox", { name: "Your reply" })).toHaveValue("");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // The "thread posted" toast has its own (shared) contrast issue; judge the page once it is gone.
  await expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);

  // Someone else replies; the page picks it up by itself.
  const other = await apiMember(baseURL, "Sami Other");
  const threadId = Number(new URL(page.url()).pathname.split("/")[5]);
  await other.reply(threadId, "Damascus says **هلّق** too!");
  const theirs = page.locator("li[id^='message-']").nth(2);
  await expect(theirs).toContainText("Damascus says", { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // Edit own.
  await mine.getByText("Edit", { exact: true }).click();
  await mine.getByLabel("Edit your message").fill("Adding: my teacher from Amman says **هسّا** (hassa).");
  await mine.getByRole("button", { name: "Save changes" }).click();
  await expect(mine).toContainText("(hassa)");
  await expect(mine).toContainText("edited");

  // Others' messages offer no controls, and a forged request is refused.
  await expect(theirs.getByText("Edit", { exact: true })).toHaveCount(0);
  await expect(theirs.getByRole("button", { name: /delete/i })).toHaveCount(0);
  const theirId = Number((await theirs.getAttribute("id"))!.replace("message-", ""));
  const forgedEdit = await page.request.patch(`/api/community/messages/${theirId}`, { data: { body: "hijacked" } });
  expect(forgedEdit.status()).toBe(404);
  const forgedDelete = await page.request.delete(`/api/community/messages/${theirId}`);
  expect(forgedDelete.status()).toBe(404);
  const forgedForm = await page.request.post(new URL(page.url()).pathname, {
    form: { intent: "message-delete", messageId: String(theirId) },
    maxRedirects: 0,
  });
  expect(forgedForm.status()).toBe(303);
  await page.reload();
  await expect(theirs).toContainText("Damascus says");

  // Delete own: the placeholder stays in the flow.
  page.once("dialog", (dialog) => void dialog.accept());
  await mine.getByRole("button", { name: "Delete your message" }).click();
  await expect(mine).toContainText("This message was deleted.");
  await expect(mine).not.toContainText("my teacher from Amman");
  await expect(page.locator("li[id^='message-']")).toHaveCount(3);
  await other.dispose();
});

test("script and HTML in a message render as text and run nothing", async ({ page }) => {
  await signUp(page, "Test Payload");
  const group = await firstGroupId(page);
  await page.goto(`/community/${group.id}/${group.slug}?new`);
  await page.getByLabel("Title").fill(`Payload check ${Date.now()}`);
  await page.getByLabel("Message").fill("Opening message");
  await page.getByRole("button", { name: "Post thread" }).click();
  await expect(page.locator("li[id^='message-']")).toHaveCount(1);

  const payload =
    '<script>window.__pwned=1</script>\n\n<img src=x onerror="window.__pwned=2">\n\n[click](javascript:window.__pwned=3)';
  await page.getByRole("textbox", { name: "Your reply" }).fill(payload);
  await page.getByRole("button", { name: "Post reply" }).click();
  const message = page.locator("li[id^='message-']").nth(1);
  await expect(message).toContainText("<script>window.__pwned=1</script>");
  await expect(message).toContainText('<img src=x onerror="window.__pwned=2">');
  await expect(message.locator("img, script")).toHaveCount(0);
  await expect(message.locator("a[href^='javascript']")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // The same from a server render.
  await page.reload();
  await expect(message).toContainText("<script>window.__pwned=1</script>");
  await expect(message.locator("img, script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("a moderator deletes a member's message, pins and locks the thread", async ({ page, browser, baseURL }) => {
  const member = await apiMember(baseURL, "Rude Member");
  const group = await firstGroupId(page);
  const thread = await member.startThread(group.id, `Moderate this ${Date.now()}`, "A perfectly fine opening.");
  await member.reply(thread.id, "Something that breaks the rules");
  await member.dispose();

  await signIn(page, DEMO.admin, `/community/${group.id}/${group.slug}/thread/${thread.id}/${thread.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Moderate this");
  const rude = page.locator("li[id^='message-']").nth(1);
  page.once("dialog", (dialog) => void dialog.accept());
  await rude.getByRole("button", { name: "Delete the message by Rude Member" }).click();
  await expect(rude).toContainText("This message was deleted.");

  await page.getByRole("button", { name: "Pin thread" }).click();
  await expect(page.getByRole("button", { name: "Unpin thread" })).toBeVisible();
  await expect(page.locator("header").getByText("Pinned", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Lock thread" }).click();
  await expect(page.getByRole("button", { name: "Unlock thread" })).toBeVisible();
  await expect(page.locator("header").getByText("Locked", { exact: true })).toBeVisible();
  await expect(page.getByText("as a moderator you can still post in it")).toBeVisible();

  // Members see the lock and get no reply box.
  const learnerView = await browser.newContext({ baseURL });
  const learnerPage = await learnerView.newPage();
  await signIn(learnerPage, DEMO.learner, new URL(page.url()).pathname);
  await expect(learnerPage.getByRole("heading", { name: "This thread is locked" })).toBeVisible();
  await expect(learnerPage.getByRole("textbox", { name: "Your reply" })).toHaveCount(0);
  await learnerView.close();

  await page.goto(`/community/${group.id}/${group.slug}`);
  const first = page
    .getByRole("list")
    .filter({ has: page.getByText("Started by") })
    .getByRole("listitem")
    .first();
  await expect(first).toContainText("Moderate this");
  await expect(first).toContainText("Locked");
});
