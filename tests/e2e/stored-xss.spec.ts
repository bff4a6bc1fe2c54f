import type { APIRequestContext, Page } from "@playwright/test";
import { expect, serverURL, test } from "./test";
import { communityThreadHref } from "../../core/community-paths";
import { DEMO, signIn, uniqueEmail } from "./fixtures";

// Stored cross-site scripting: a member writes markup and script into every field others (or they) see
// rendered, then Chromium opens each page that shows it. Nothing may run: no dialog, no flag set by a
// payload, no element or attribute of a payload in the DOM (escaping, not only the CSP, stops it).

const RAN = "window.__xss=(window.__xss||0)+1";
/** Short enough for a name or a title (80 characters). */
const SHORT = [
  `<img src=x onerror="${RAN}">`,
  `<svg onload="${RAN}">`,
  `"><script>${RAN}</script>`,
  `<a href="javascript:${RAN}">x</a>`,
];
/** For texts that render Markdown (comments, messages). */
const LONG = [
  ...SHORT,
  `[a link](javascript:${RAN})`,
  `![an image](x" onerror="${RAN})`,
  `<iframe srcdoc="<script>parent.${RAN}</script>"></iframe>`,
  `</textarea><script>${RAN}</script>`,
  "`<b>code</b>` **<i onmouseover=alert(1)>bold</i>**",
].join("\n\n");

async function api(request: APIRequestContext, token: string, method: string, path: string, data: unknown) {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json" },
    data: data === undefined ? undefined : JSON.stringify(data),
  });
  const text = await response.text();
  expect(response.status(), `${method} ${path}: ${text.slice(0, 200)}`).toBeLessThan(300);
  return (JSON.parse(text) as { data: Record<string, unknown> }).data;
}

/** Opens `path`, checks the payload is shown as text (`shows`: visible text, or a check of its own), and that nothing ran. */
async function expectNothingRan(page: Page, path: string, shows: string | ((page: Page) => Promise<void>)) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(path);
  // The payload is on the page as text.
  if (typeof shows === "string") await expect(page.getByText(shows, { exact: false }).first()).toBeVisible();
  else await shows(page);
  await page.mouse.move(200, 300);
  const found = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: number }).__xss ?? 0,
    images: document.querySelectorAll('img[src="x"], img[onerror]').length,
    handlers: [...document.querySelectorAll("*")].filter((element) =>
      [...element.attributes].some((attribute) => /^on/i.test(attribute.name) && /__xss/.test(attribute.value)),
    ).length,
    // A payload's own <script> element (the page's data script holds the payloads as JSON strings).
    scripts: [...document.scripts].filter((script) => /^\s*(parent\.)?window\.__xss/.test(script.text)).length,
    javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
    frames: document.querySelectorAll("iframe[srcdoc]").length,
  }));
  expect({ path, dialogs, ...found }).toEqual({
    path,
    dialogs: [],
    flag: 0,
    images: 0,
    handlers: 0,
    scripts: 0,
    javascriptLinks: 0,
    frames: 0,
  });
}

test("markup and script written by a member are shown as text everywhere, and never run", async ({
  page,
  request,
  browser,
}) => {
  // A new member whose name is itself a payload.
  const registered = await api(request, "", "POST", "/auth/register", {
    name: SHORT[0],
    email: uniqueEmail("xss"),
    password: "marhaba-marhaba-1",
  });
  const token = String(registered.token);

  const library = await api(request, token, "GET", "/library?free=1", undefined);
  const lesson = (library.items as Array<{ id: number; slug: string }>)[0]!;
  const playlist = await api(request, token, "POST", "/playlists", { title: SHORT[1], videoId: lesson.id });
  const list = await api(request, token, "POST", "/vocabulary/lists", { title: SHORT[2] });
  await api(request, token, "POST", `/vocabulary/lists/${String(list.id)}/items`, {
    arabic: "بيت",
    transliteration: SHORT[3],
    english: SHORT[0],
  });
  await api(request, token, "POST", `/lessons/${lesson.id}/comments`, { body: LONG });
  const groups = (await api(request, token, "GET", "/community/groups", undefined)) as unknown as Array<{
    id: number;
  }>;
  const thread = await api(request, token, "POST", `/community/groups/${groups[0]!.id}/threads`, {
    title: `Thread ${SHORT[2]}`.slice(0, 120),
    body: LONG,
  });

  await page.context().addCookies([{ name: "token", value: token, url: serverURL() }]);
  await expectNothingRan(page, "/profile", (profile) =>
    expect(profile.getByLabel("Name", { exact: true })).toHaveValue(SHORT[0]!),
  );
  await expectNothingRan(page, "/playlists", "<svg onload");
  await expectNothingRan(page, `/playlist/${String(playlist.id)}/${String(playlist.slug)}`, "<svg onload");
  await expectNothingRan(page, `/vocabulary-list/${String(list.id)}/${String(list.slug)}`, "javascript:");
  await expectNothingRan(page, `/video/${lesson.id}/${lesson.slug}`, "a link");
  const threadDetail = thread as unknown as Parameters<typeof communityThreadHref>[1] & {
    group: Parameters<typeof communityThreadHref>[0];
  };
  await expectNothingRan(page, communityThreadHref(threadDetail.group, threadDetail), "a link");

  // The member's name in the admin area.
  const admin = await browser.newPage();
  await signIn(admin, DEMO.admin, "/admin/users");
  await expect(admin).toHaveURL(/\/admin\/users/);
  await expectNothingRan(admin, `/admin/users?q=${encodeURIComponent("xss-")}`, "<img src=x");
  await admin.close();
});
