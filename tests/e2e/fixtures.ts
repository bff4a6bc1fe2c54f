import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext } from "@playwright/test";
import { expect, type Page } from "./test";

export const DEMO = {
  admin: { email: "admin@ahla.dev", password: "ahla-admin-2026" },
  learner: { email: "learner@ahla.dev", password: "ahla-learner-2026" },
  free: { email: "free@ahla.dev", password: "ahla-free-2026" },
};

/** Where a sign-in without a return address lands (app/features/accounts/routes/login.tsx). */
const AFTER_LOGIN = "/video-library";

/**
 * Signs `account` in without the form: the app's own sign-in (POST /api/auth/login, the same session and
 * cookies as the login page) through the page's browser context, whose cookie jar keeps them; then opens
 * `redirect`, or the page a sign-in lands on. For every spec that is not about signing in.
 */
export async function signIn(page: Page, account: { email: string; password: string }, redirect?: string) {
  const response = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(redirect ?? AFTER_LOGIN);
}

/** Signs in through the login form, for the specs where the form itself is under test. */
export async function signInWithForm(page: Page, account: { email: string; password: string }, redirect?: string) {
  await page.goto(redirect ? `/auth/login?redirect=${encodeURIComponent(redirect)}` : "/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: /sign in/i }).click();
}

/**
 * Opens a lesson from the library page the browser is on by its card's title link (the card's "Add to playlist"
 * link is named with the title too).
 */
export async function openLessonCard(page: Page, title: string) {
  await page
    .getByRole("heading")
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(title) })).toBeVisible();
}

/**
 * A lesson as a new member of our own opens it from the library (the lesson must be free): nothing another spec
 * left the demo learner (where they stopped) opens it at a moment, playing.
 */
export async function openLessonAsNewMember(page: Page, title: string, prefix: string) {
  await signUpDirect(page, { prefix });
  await page.goto("/video-library");
  await openLessonCard(page, title);
}

/** The lesson's whole-file MP4 as the server renders it, signed (a packaged lesson's player then plays HLS instead). */
export async function renderedLessonMp4(page: Page): Promise<string> {
  const html = await (await page.request.get(page.url())).text();
  const src = /<video[^>]* src="(\/media\/videos\/[^"#]+)/.exec(html)?.[1];
  expect(src, "the lesson page renders its MP4").toBeTruthy();
  return src!.replaceAll("&amp;", "&");
}

/**
 * The lesson's video comes from R2 through a signed address: the whole MP4 (`?exp=…&sig=…`) the page is rendered
 * with, or, once the player has moved a packaged lesson to HLS (docs/video.md), playlists and segments under a
 * signed folder (`/media/hls/<lesson>/<version>/<exp>/<sig>/`), natively or fetched by hls.js.
 */
export async function expectSignedLessonVideo(page: Page, video = page.locator("video").first()) {
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => {
        const src = element.getAttribute("src") ?? "";
        const signedFolder = /\/media\/hls\/\d+\/[^/]+\/\d+\/[^/]+\//;
        if (/\/media\/videos\/.+\?exp=\d+&sig=[0-9a-f]{64}/.test(src)) return "signed MP4";
        if (signedFolder.test(src)) return "signed HLS";
        if (element.dataset.stream === "hls.js") {
          const fetched = performance.getEntriesByType("resource").some((entry) => signedFolder.test(entry.name));
          return fetched ? "signed HLS" : "HLS starting";
        }
        return `unsigned: ${src}`;
      }),
    )
    .toMatch(/^signed (MP4|HLS)$/);
}

/** axe finds nothing serious or critical. */
export async function expectAccessible(page: Page) {
  // A toast fading in is half transparent, and axe would judge its contrast mid-fade: let toasts settle.
  await page
    .waitForFunction(
      () => [...document.querySelectorAll("[data-toast]")].every((toast) => getComputedStyle(toast).opacity === "1"),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * A new member of our own, signed up through the API in the page's browser context (its cookies are the
 * page's), for specs that are not about the sign-up form itself (auth.spec.ts and billing.spec.ts drive it).
 */
export async function signUpDirect(
  page: Page,
  { name = "Test Member", prefix = "e2e", password = "marhaba-marhaba-1", email = uniqueEmail(prefix) } = {},
) {
  const response = await page.request.post("/api/auth/register", { data: { name, email, password } });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password, name };
}

/**
 * Uploads a seed video (seed/media/videos) as a lesson's video through the admin upload API, as the workspace
 * does (one part: the file is smaller than a part); its duration is read from the file by the server.
 */
export async function attachSeedVideo(page: Page, lessonId: number, slug = "greetings-in-damascus") {
  const bytes = readFileSync(path.join(process.cwd(), "seed/media/videos", `${slug}.mp4`));
  const started = await page.request.post("/api/admin/uploads", {
    data: { kind: "video", fileName: `${slug}.mp4`, size: bytes.length, videoId: lessonId },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { key, uploadId } = ((await started.json()) as { data: { key: string; uploadId: string } }).data;
  const part = await page.request.put(
    `/api/admin/uploads/part?${new URLSearchParams({ key, uploadId, partNumber: "1" })}`,
    { data: bytes, headers: { "Content-Type": "application/octet-stream" } },
  );
  expect(part.status(), await part.text()).toBe(200);
  const { etag } = ((await part.json()) as { data: { etag: string } }).data;
  const completed = await page.request.post("/api/admin/uploads/complete", {
    data: { key, uploadId, parts: [{ partNumber: 1, etag }], attach: { videoId: lessonId } },
  });
  expect(completed.status(), await completed.text()).toBe(200);
}

/** Shows the answer and rates the card by key while offline; the page keeps the answer and shows the next card. */
export async function answerOffline(page: Page, key: "1" | "3", answered: number) {
  const back = page.getByTestId("card-back");
  if (!(await back.isVisible())) await page.keyboard.press("Space");
  await expect(back).toBeVisible();
  // The revealed card has put the keyboard on Good, as it does for a learner, before the rating key.
  await expect(page.getByRole("button", { name: /^Good: / })).toBeFocused();
  await page.keyboard.press(key);
  await expect(page.getByTestId("offline-note")).toContainText(
    `${answered} answer${answered === 1 ? "" : "s"} kept on this device`,
  );
}

/** The header's sync status (docs/offline.md "Sync"). */
export const syncStatus = (page: Page) => page.getByTestId("sync-status");

/** The network goes, and the page has noticed (its header says so) before the learner answers on. */
export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(syncStatus(page)).toHaveAttribute("data-state", "offline");
}
