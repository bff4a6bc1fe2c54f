import { answerOffline, DEMO, goOffline, renderedLessonMp4, signIn, signUpDirect } from "./fixtures";
import { expect, test, waitForHydration, type APIRequestContext, type Page } from "./test";

// Ahla in your pocket (docs/offline.md, ADR 043): what only a browser shows, with the service worker on. The
// rules (the access API, the 14-day verdict, Range parsing) are in tests/integration/offline.test.ts. No
// page.route here: the worker answers requests before Playwright's routes would.
test.use({ serviceWorkers: "allow" });

const FREE_LESSON = "Greetings in Damascus";
const PREMIUM_LESSON = "Wedding Traditions in Jordan";

async function lessonPath(page: Page, title: string) {
  const response = await page.request.get(`/api/library?q=${encodeURIComponent(title)}`);
  expect(response.ok()).toBe(true);
  const { items } = ((await response.json()) as { data: { items: Array<{ id: number; slug: string; title: string }> } })
    .data;
  const lesson = items.find((item) => item.title === title);
  expect(lesson, title).toBeTruthy();
  return `/video/${lesson!.id}/${lesson!.slug}`;
}

/** Waits until the service worker is installed (precache filled) and controls this page. */
async function workerControls(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

async function download(page: Page, path: string) {
  await page.goto(path);
  await workerControls(page);
  const control = page.getByTestId("download-lesson");
  await control.getByRole("button", { name: "Download" }).click();
  await expect(control.getByRole("link", { name: /Downloaded/ })).toBeVisible({ timeout: 30_000 });
}

/** The lesson's whole-file MP4's `/media/<key>` path, without its signature. */
async function mediaPath(page: Page) {
  return new URL(await renderedLessonMp4(page), page.url()).pathname;
}

test("installable: the manifest is linked and parsed, the worker controls the page, Chromium finds no installability error", async ({
  page,
  request,
}) => {
  await signIn(page, DEMO.learner);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");

  const manifest = await request.get(href!);
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = (await manifest.json()) as {
    start_url: string;
    display: string;
    icons: Array<{ sizes: string; purpose: string }>;
    shortcuts: Array<{ url: string }>;
  };
  expect(body).toMatchObject({ start_url: "/video-library", display: "standalone" });
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
  );
  expect(body.shortcuts.map((shortcut) => shortcut.url)).toEqual(
    expect.arrayContaining(["/flashcards/review", "/progress"]),
  );

  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["service-worker-allowed"]).toBe("/");

  await workerControls(page);
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
  expect(parsed.url).toContain("/manifest.webmanifest");
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  // Playwright's contexts are incognito windows, where Chromium never installs: every other criterion holds.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
});

test("a downloaded free lesson opens offline and plays with seeking, its video answered from the cache", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.learner);
  const path = await lessonPath(page, FREE_LESSON);
  await download(page, path);
  const media = await mediaPath(page);

  await page.goto("/downloads");
  const row = page
    .getByRole("list", { name: "Downloaded lessons" })
    .getByRole("listitem")
    .filter({ hasText: FREE_LESSON });
  await expect(row).toContainText(/\d+(\.\d)? (KB|MB)/);
  await expect(page.getByTestId("storage-used")).toContainText("available");

  await context.setOffline(true);
  try {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: FREE_LESSON })).toBeVisible();

    // A word's meaning comes from the download too.
    await page.locator('[data-cue-index="0"] button[data-word-position="0"]').click();
    const popup = page.getByRole("dialog");
    await expect(popup.getByTestId(/^word-gloss/)).toBeVisible();
    await page.keyboard.press("Escape");

    // The worker answers a byte range of the kept file, whatever signature the page's URL carried.
    const range = await page.evaluate(async (url) => {
      const response = await fetch(`${url}?exp=1&sig=stale`, { headers: { Range: "bytes=100-199" } });
      return {
        status: response.status,
        contentRange: response.headers.get("Content-Range"),
        length: (await response.arrayBuffer()).byteLength,
      };
    }, media);
    expect(range).toMatchObject({ status: 206, length: 100 });
    expect(range.contentRange).toMatch(/^bytes 100-199\/\d+$/);

    // Seek, play: the time moves on from the seek, with the network off.
    const played = await page.evaluate(async () => {
      const video = document.querySelector("video")!;
      video.muted = true;
      if (video.readyState < 1)
        await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
      const target = Math.min(3, video.duration / 2);
      video.currentTime = target;
      await new Promise((resolve) => video.addEventListener("seeked", resolve, { once: true }));
      await video.play();
      return { target, error: video.error?.code ?? null };
    });
    expect(played.error).toBeNull();
    await expect
      .poll(() => page.evaluate(() => document.querySelector("video")!.currentTime))
      .toBeGreaterThan(played.target + 0.3);

    // With the screen off, the system's controls show the lesson (Media Session), its poster from the download.
    const session = await page.evaluate(async () => {
      const metadata = navigator.mediaSession.metadata;
      const artwork = metadata?.artwork[0]?.src;
      return { title: metadata?.title, artwork: artwork ? (await fetch(artwork)).status : null };
    });
    expect(session.title).toBe(FREE_LESSON);
    expect(session.artwork).toBe(200);

    // A page that was not downloaded: the offline page.
    await page.goto("/progress");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // Delete takes it off the device.
  await page.goto("/downloads");
  await page.getByRole("button", { name: `Delete ${FREE_LESSON}` }).click();
  await expect(page.getByText("No lessons downloaded yet.")).toBeVisible();
});

async function asAdmin(request: APIRequestContext) {
  const login = await request.post("/api/auth/login", { data: DEMO.admin });
  expect(login.ok()).toBe(true);
}

async function userIdOf(request: APIRequestContext, email: string) {
  const users = await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  const found = ((await users.json()) as { data: { users: Array<{ id: number; email: string }> } }).data.users.find(
    (user) => user.email === email,
  );
  expect(found).toBeTruthy();
  return found!.id;
}

test("a lapsed subscription stops a premium download at once", async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const account = await signUpDirect(page, { prefix: "offline" });
  await asAdmin(request);
  const userId = await userIdOf(request, account.email);
  const comp = await request.post(`/api/admin/users/${userId}/subscription/comp`, {
    data: { plan: "annual", days: 30, reason: "e2e: offline.spec.ts downloads a premium lesson" },
  });
  expect(comp.status(), await comp.text()).toBe(201);

  const path = await lessonPath(page, PREMIUM_LESSON);
  await download(page, path);
  const media = await mediaPath(page);

  const ended = await request.post(`/api/admin/users/${userId}/subscription/cancel`, {
    data: { when: "now", reason: "e2e: offline.spec.ts ends the subscription" },
  });
  expect(ended.status(), await ended.text()).toBe(200);

  // Online, the Downloads page asks the server again: the answer stops the premium download.
  await page.goto("/downloads");
  const row = page.getByRole("listitem").filter({ hasText: PREMIUM_LESSON });
  await expect(row.getByTestId("download-stopped")).toContainText("subscription ended");
  await expect(row.getByRole("link", { name: /Watch/ })).toHaveCount(0);

  await context.setOffline(true);
  try {
    const status = await page.evaluate(async (url) => (await fetch(url)).status, media);
    expect(status).toBe(403);
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // Signing out takes the member's downloads and records off the device, and their shadowing recordings
  // (docs/speaking.md; one is put in IndexedDB here as the panel saves it).
  await page.goto("/downloads");
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("ahla-speaking", 1);
        request.onupgradeneeded = () => request.result.createObjectStore("recordings", { keyPath: "id" });
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction("recordings", "readwrite");
          transaction.objectStore("recordings").put({ id: "e2e", ownerId: 1, audio: new Blob(["voice"]) });
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
        };
      }),
  );
  await page
    .getByRole("banner")
    .locator("summary")
    .filter({ hasText: /Account menu for/ })
    .click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect.poll(() => memberCaches(page)).not.toContain("ahla-downloads-v1");
  expect(await memberCaches(page)).not.toContain("ahla-offline-meta-v1");
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
  await expect.poll(databases).not.toContain("ahla-speaking");
});

/** The caches that are the member's (not the app's precache). */
const memberCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => !name.startsWith("ahla-precache-")));
/** The outbox databases on the device (`ahla-outbox-u<member id>`, app/lib/outbox.ts). */
const outboxes = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases()).map((db) => db.name).filter((name) => name?.startsWith("ahla-outbox-u")),
  );

test("any sign-out takes the member's downloads and outbox off the device: here the admin area's forced one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpDirect(page, { prefix: "forced-out" });
  await download(page, await lessonPath(page, FREE_LESSON));
  expect(await memberCaches(page)).toContain("ahla-downloads-v1");
  await expect.poll(() => outboxes(page)).toHaveLength(1);

  // Not an administrator: opening /admin signs the member out on the server, with no sign-out form for the worker
  // to see; the signed-out page clears the device (app/lib/device-member.ts).
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\/(login|logout\?reason=admin)/);
  if (page.url().includes("reason=admin")) {
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
  }
  await expect.poll(() => memberCaches(page)).not.toContain("ahla-downloads-v1");
  expect(await memberCaches(page)).not.toContain("ahla-offline-meta-v1");
  await expect.poll(() => outboxes(page)).toEqual([]);
});

/**
 * Chromium's install offer, made by hand: Playwright's browsers never fire `beforeinstallprompt`. The document's boot
 * script keeps it (app/root.tsx); `prompt()` counts its calls in `window.__prompts`.
 */
async function browserOffersInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    const counter = window as unknown as { __prompts?: number };
    counter.__prompts ??= 0;
    Object.assign(event, {
      prompt: async () => {
        counter.__prompts! += 1;
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(event);
  });
}

const promptCalls = (page: Page) => page.evaluate(() => (window as unknown as { __prompts?: number }).__prompts ?? 0);

/** Plays the lesson's last tenth: the page counts it finished (the "Completed" badge). */
async function finishLesson(page: Page) {
  const badge = page.getByText("Completed", { exact: true });
  await expect(badge).toHaveCount(0);
  await page.evaluate(async () => {
    const video = document.querySelector("video")!;
    video.muted = true;
    if (video.readyState < 1)
      await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
    await video.play();
    video.currentTime = video.duration * 0.95;
    await new Promise((resolve) => video.addEventListener("seeked", resolve, { once: true }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    video.pause();
  });
  await expect(badge).toBeVisible();
}

async function openLesson(page: Page, title: string) {
  await page.goto(await lessonPath(page, title));
  await waitForHydration(page);
}

test("the install offer comes once, after a finished lesson: Install calls the browser's prompt, Not now is final", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpDirect(page, { prefix: "install" });
  const offer = page.getByTestId("install-prompt");

  await openLesson(page, FREE_LESSON);
  await browserOffersInstall(page);
  // Not while the lesson plays: only once it is finished.
  await expect(offer).toHaveCount(0);
  await finishLesson(page);
  await expect(offer).toBeVisible();
  await offer.getByRole("button", { name: "Not now" }).click();
  await expect(offer).toHaveCount(0);
  expect(await promptCalls(page)).toBe(0);

  // The browser offers again; another lesson finished: the answer stands.
  await openLesson(page, "Ordering Coffee in Beirut");
  await browserOffersInstall(page);
  await finishLesson(page);
  await expect(offer).toHaveCount(0);

  // On a device that never answered, "Install" hands over to the browser's own prompt, once, and is remembered.
  await page.evaluate(() => localStorage.removeItem("ahla:install-answered"));
  await openLesson(page, "At the Vegetable Market");
  await browserOffersInstall(page);
  await finishLesson(page);
  await offer.getByRole("button", { name: "Install" }).click();
  await expect(offer).toHaveCount(0);
  expect(await promptCalls(page)).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem("ahla:install-answered"))).toMatch(/^accepted:/);
});

test("Background Sync: with no Ahla page left open, the worker sends what was answered offline", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpDirect(page, { prefix: "background-sync" });
  await page.goto("/flashcards");
  await workerControls(page);
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "In the Kitchen" }) })
    .getByRole("link")
    .click();
  await expect(page.getByTestId("card-front")).toBeVisible();
  await waitForHydration(page);

  await goOffline(context, page);
  await answerOffline(page, "3", 1);

  // DevTools' ServiceWorker domain fires the sync event as the browser would when the network is back.
  const blank = await context.newPage();
  const devtools = await context.newCDPSession(blank);
  const origin = new URL(baseURL!).origin;
  const registration = new Promise<string>((resolve) => {
    devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((entry) => entry.scopeURL.startsWith(origin) && !entry.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await devtools.send("ServiceWorker.enable");
  const registrationId = await registration;
  // The tab is closed while offline: it could not send, and no page is left to do it.
  await page.close();
  await context.setOffline(false);
  await devtools.send("ServiceWorker.dispatchSyncEvent", {
    origin,
    registrationId,
    tag: "ahla-outbox",
    lastChance: false,
  });

  // The page's HTML only (no scripts run here, so no page sends anything).
  await expect
    .poll(async () => (await blank.request.get("/progress")).text(), { timeout: 30_000 })
    .toContain("1 card reviewed");
});
