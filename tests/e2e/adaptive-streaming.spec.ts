// Adaptive streaming (docs/video.md): a packaged demo lesson plays through hls.js in Chromium, the rendition
// follows the network (CDP network emulation), and packaging does not move the pictures against the cues.
// The rules (signatures, refusals, Range, playlist shape) are in tests/integration/hls.test.ts.
import type { CDPSession, Page, Request } from "@playwright/test";
import { DEMO_LESSONS } from "../../seed/demo-content";
import { DEMO, openLessonAsNewMember, renderedLessonMp4, signIn, signUpDirect } from "./fixtures";
import { expect, test, waitForHydration } from "./test";

const LESSON = DEMO_LESSONS.find((lesson) => lesson.slug === "greetings-in-damascus")!;
const video = (page: Page) => page.locator("#player video");

/** Segment requests (byte ranges past the init section) per rendition file, in order. */
function watchSegments(page: Page) {
  const seen: string[] = [];
  page.on("request", (request: Request) => {
    const match = /\/media\/hls\/\d+\/[a-z0-9]+\/\d+\/[0-9a-f]{64}\/([^/?]+)$/.exec(new URL(request.url()).pathname);
    if (!match) return;
    const range = request.headers()["range"] ?? "";
    seen.push(`${match[1]}${range && !/^bytes=0-/.test(range) ? " segment" : ""}`);
  });
  return seen;
}

async function throttle(cdp: CDPSession, kbits: number, latency: number) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency,
    downloadThroughput: (kbits * 1000) / 8,
    uploadThroughput: (kbits * 1000) / 8,
  });
}

/** Whether the page has fetched hls.js's file (prefetched when idle, or imported). */
const hlsFetched = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType("resource").some((entry) => /\/assets\/hls\.min[.-]/.test(entry.name)),
  );

async function openLesson(page: Page) {
  // A member of our own (the lesson is free): the demo learner may have stopped in it in another spec, and the
  // library's link would then open it at that moment, playing.
  await openLessonAsNewMember(page, LESSON.title, "stream");
  await waitForHydration(page);
  // The learner's pointer arrives: hls.js runs and takes the video.
  await video(page).hover();
  await expect(video(page)).toHaveAttribute("data-stream", "hls.js");
}

test("a learner's lesson plays through HLS, the rendition following the network", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const seen = watchSegments(page);

  await openLessonAsNewMember(page, LESSON.title, "stream");
  await waitForHydration(page);
  // Loading, the page fetches hls.js (when idle) and runs none of it, and the start of the stream as an MP4's
  // `preload="metadata"` would: the playlists of the rendition it starts on and of the sound, and each one's init
  // section with its first segment (one range from the file's first byte); no stream until the learner shows up.
  await expect.poll(() => hlsFetched(page)).toBe(true);
  await expect
    .poll(() => [...seen].sort())
    .toEqual(["360p.m3u8", "360p.mp4", "audio.m3u8", "audio.mp4", "master.m3u8"]);
  await expect(video(page)).not.toHaveAttribute("data-stream", "hls.js");
  await video(page).hover();
  await expect(video(page)).toHaveAttribute("data-stream", "hls.js");
  expect(seen).toContain("master.m3u8");
  // Until the learner plays, one segment ahead, as `preload="metadata"` costs an MP4 (hls.js left alone fills 60 MB
  // of buffer: the whole lesson). Read once the first is in and no request has followed for a second.
  const bufferedAhead = () =>
    video(page).evaluate((element: HTMLVideoElement) =>
      element.buffered.length ? element.buffered.end(element.buffered.length - 1) : 0,
    );
  await expect.poll(bufferedAhead).toBeGreaterThan(1);
  await expect
    .poll(async () => {
      const requests = seen.length;
      await page.waitForTimeout(1000);
      return seen.length === requests;
    })
    .toBe(true);
  expect(await bufferedAhead()).toBeLessThanOrEqual(4);

  // A slow network (below the higher rendition's rate; the page's own scripts are cached by now): segments
  // come from the lowest rendition. From here the learner's first act is Play, as a tap on a phone: no pointer
  // moving or pressing reaches the page before it (the browser replays the cursor's position after a reload, which
  // would run hls.js beforehand). The play waits for the stream, which plays it; meanwhile the player says it is
  // starting (both read in one look: the first segments may already be in the browser's cache, the wait short).
  await page.addInitScript(() => {
    for (const type of ["pointermove", "pointerdown"])
      window.addEventListener(type, (event) => event.stopImmediatePropagation(), { capture: true });
  });
  await throttle(cdp, 70, 150);
  seen.length = 0;
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect
    .poll(() =>
      page.evaluate(() => ({
        spinner: document.querySelector('[data-testid="video-starting"]') !== null,
        said: document.querySelector('#player [role="status"]')?.textContent ?? "",
      })),
    )
    .toEqual({ spinner: true, said: "Starting the video…" });
  await expect(video(page)).toHaveAttribute("data-stream", "hls.js");
  await expect
    .poll(() => seen.filter((entry) => entry === "240p.mp4 segment").length, { timeout: 90_000 })
    .toBeGreaterThanOrEqual(2);
  expect(seen).toContain("audio.mp4 segment");

  // A fast one: hls.js climbs to the higher rendition and the video advances. (The browser's cache is emptied
  // first: the reload cut the slow step's downloads short, and what is measured here is the network's rate.)
  await throttle(cdp, 10_000, 20);
  await cdp.send("Network.clearBrowserCache");
  seen.length = 0;
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(video(page)).toHaveAttribute("data-stream", "hls.js");
  await expect.poll(() => seen.filter((entry) => entry === "360p.mp4 segment").length).toBeGreaterThanOrEqual(1);
  // (A generous wait: on a busy 2-core machine the software decoder and the local Worker share the CPU.)
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(1);
  await expect(page.getByTestId("video-starting")).toHaveCount(0);
});

test("Play as the learner's first act, once the page has settled, starts from what the page fetched ahead", async ({
  page,
}) => {
  // No pointer reaches the page before the press (as the media keys, or a tap the page hears only as a click):
  // hls.js is first run by the play itself.
  await page.addInitScript(() => {
    for (const type of ["pointermove", "pointerdown"])
      window.addEventListener(type, (event) => event.stopImmediatePropagation(), { capture: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const requested = new Map<string, string>();
  const answered: Array<{ what: string; cached: boolean }> = [];
  cdp.on("Network.requestWillBeSent", (event) => {
    const file = /\/media\/hls\/.+\/([^/?]+)$/.exec(new URL(event.request.url).pathname)?.[1];
    const range = event.request.headers["Range"] ?? event.request.headers["range"];
    if (file) requested.set(event.requestId, range ? `${file} ${range}` : file);
  });
  cdp.on("Network.responseReceived", (event) => {
    const what = requested.get(event.requestId);
    if (what) answered.push({ what, cached: event.response.fromDiskCache === true });
  });

  await openLessonAsNewMember(page, LESSON.title, "stream-first-act");
  await waitForHydration(page);
  await expect.poll(() => hlsFetched(page)).toBe(true);
  // The start fetched ahead: the three playlists, and one range from each file's first byte.
  await expect.poll(() => answered.length).toBe(5);
  const ahead = answered.splice(0).map((entry) => entry.what);
  expect(ahead.filter((what) => / bytes=0-\d+$/.test(what))).toHaveLength(2);

  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(video(page)).toHaveAttribute("data-stream", "hls.js");
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  // hls.js found in the browser's cache what it needed to start: the playlists, then each file's init section and
  // first segment (the two ranges it asks of each file first), none of it fetched twice.
  const firstRanges = ["360p.mp4", "audio.mp4"].flatMap((file) =>
    answered.filter((entry) => entry.what.startsWith(`${file} `)).slice(0, 2),
  );
  const playlists = ["master.m3u8", "360p.m3u8", "audio.m3u8"].map((file) =>
    answered.find((entry) => entry.what === file),
  );
  expect(playlists).not.toContain(undefined);
  expect(firstRanges).toHaveLength(4);
  expect([...playlists, ...firstRanges].filter((entry) => !entry?.cached)).toEqual([]);
});

/** A member of our own who stopped at 0:08 in the lesson, on the library with its "Continue watching" card. */
async function stoppedAtEight(page: Page) {
  await signUpDirect(page, { prefix: "resume-stream" });
  await page.goto("/video-library");
  const href = await page.getByRole("heading").getByRole("link", { name: LESSON.title }).first().getAttribute("href");
  const lessonId = /^\/video\/(\d+)\//.exec(href ?? "")?.[1];
  const saved = await page.request.put(`/api/lessons/${lessonId}/progress`, { data: { positionSeconds: 8 } });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto("/video-library");
}

test("a lesson opened where the learner stopped (?t=) streams too, playing on from there", async ({ page }) => {
  await stoppedAtEight(page);
  // "Continue watching" opens the lesson at its moment, in the page (a client navigation after a tap): it is
  // positioned there, and the stream plays it once attached.
  await page.getByRole("link", { name: `${LESSON.title} (resume at 0:08)` }).click();
  await expect(page).toHaveURL(/\?t=8$/);
  await expect(video(page)).toHaveAttribute("data-stream", "hls.js");
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => (element.paused ? -1 : element.currentTime)), {
      timeout: 60_000,
    })
    .toBeGreaterThan(8.5);
});

test("a learner who taps or types before the stream is ready is not started under", async ({ page }) => {
  await stoppedAtEight(page);
  // hls.js arrives late (a slow connection): the learner does something first, here a key.
  await page.route("**/assets/hls.min-*.mjs", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole("link", { name: `${LESSON.title} (resume at 0:08)` }).click();
  await expect(page).toHaveURL(/\?t=8$/);
  await expect(page.getByRole("heading", { level: 1, name: LESSON.title })).toBeVisible();
  await expect(video(page)).not.toHaveAttribute("data-stream", "hls.js");
  await page.keyboard.press("Shift");
  await expect(video(page)).toHaveAttribute("data-stream", "hls.js");
  // Once the stream can play (its `canplay` is where the arrival's play would start), the lesson waits at 0:08.
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(3);
  const state = await video(page).evaluate(async (element: HTMLVideoElement) => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return { paused: element.paused, time: element.currentTime };
  });
  expect(state.paused).toBe(true);
  expect(state.time).toBeCloseTo(8, 0);
});

test("without hls.js (its file lost on the way), an arrival plays the MP4 from its moment, unless the page moved it", async ({
  page,
}) => {
  await stoppedAtEight(page);
  const href = await page.getByRole("link", { name: `${LESSON.title} (resume at 0:08)` }).getAttribute("href");
  const state = () =>
    video(page).evaluate((element: HTMLVideoElement) => ({ paused: element.paused, time: element.currentTime }));
  for (const moved of [false, true]) {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    let lost = () => {};
    const fileLost = new Promise<void>((resolve) => (lost = resolve));
    await page.route("**/assets/hls.min-*.mjs", async (route) => {
      await arrived;
      await route.abort();
      lost();
    });
    await page.goto(href!);
    await waitForHydration(page);
    await expect.poll(async () => (await state()).time).toBeCloseTo(8, 0);
    // A seek made by the page (not a tap or a key, which take over the arrival): the lesson should wait there.
    if (moved) await video(page).evaluate((element: HTMLVideoElement) => (element.currentTime = 20));
    release();
    if (moved) {
      // A few frames after the file is lost, the fallback has run (a play() would have unpaused it at once).
      await fileLost;
      await page.evaluate(async () => {
        for (let frame = 0; frame < 5; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
      });
      expect(await state()).toMatchObject({ paused: true });
      expect((await state()).time).toBeCloseTo(20, 0);
    } else {
      await expect
        .poll(
          async () => {
            const { paused, time } = await state();
            return paused ? -1 : time;
          },
          { timeout: 60_000 },
        )
        .toBeGreaterThan(8.3);
    }
    await expect(video(page)).not.toHaveAttribute("data-stream", "hls.js");
    await page.unroute("**/assets/hls.min-*.mjs");
  }
});

test("a segment the browser cannot read hands the lesson to the MP4 at that moment, playing on", async ({ page }) => {
  // Past its first segment, every video segment arrives cut short (as from a proxy that dropped the connection):
  // the element's demuxer refuses it, which hls.js does not count as fatal.
  const firstSegments = new Map<string, string>();
  let broken = 0;
  await page.route(/\/media\/hls\/.+\/\d+p\.mp4$/, async (route) => {
    const file = new URL(route.request().url()).pathname.split("/").pop()!;
    const range = route.request().headers()["range"] ?? "";
    if (!/^bytes=0-/.test(range) && !firstSegments.has(file)) firstSegments.set(file, range);
    if (/^bytes=0-/.test(range) || firstSegments.get(file) === range) return route.continue();
    broken += 1;
    const response = await route.fetch();
    const body = (await response.body()).subarray(0, 600);
    await route.fulfill({ response, body, headers: { ...response.headers(), "content-length": String(body.length) } });
  });
  await openLesson(page);
  // Where the video is as it plays, and from what: the stream, or the MP4.
  await video(page).evaluate((element: HTMLVideoElement) => {
    const seen: Array<[number, boolean]> = [];
    Object.assign(window, { seenTimes: seen });
    element.addEventListener("timeupdate", () => seen.push([element.currentTime, Boolean(element.dataset.stream)]));
  });
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(video(page)).not.toHaveAttribute("data-stream", "hls.js");
  const state = () =>
    video(page).evaluate((element: HTMLVideoElement) => ({
      mp4: /\/media\/videos\//.test(element.currentSrc),
      playing: !element.paused && element.error === null,
      time: element.currentTime,
    }));
  // The MP4 plays on past the broken piece…
  await expect.poll(state, { timeout: 30_000 }).toMatchObject({ mp4: true, playing: true });
  await expect.poll(async () => (await state()).time, { timeout: 30_000 }).toBeGreaterThan(4.5);
  expect(broken).toBeGreaterThanOrEqual(1);
  // …from where the stream stopped.
  const seen = await page.evaluate(() => (window as unknown as { seenTimes: Array<[number, boolean]> }).seenTimes);
  const lastStreamed = seen.filter(([, streaming]) => streaming).at(-1)?.[0] ?? 0;
  const firstOnMp4 = seen.find(([time, streaming]) => !streaming && time > 0)?.[0];
  expect(Math.abs((firstOnMp4 ?? Infinity) - lastStreamed)).toBeLessThan(0.6);
});

test("listening mode plays the sound alone from the same moment, and the picture comes back", async ({ page }) => {
  const seen = watchSegments(page);
  await openLesson(page);
  const state = () =>
    video(page).evaluate((element: HTMLVideoElement) => ({
      time: element.currentTime,
      paused: element.paused,
      width: element.videoWidth,
    }));
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await state()).time, { timeout: 60_000 }).toBeGreaterThan(2);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  const before = await state();
  expect(before.width).toBeGreaterThan(0);

  // Sound only: the same moment, no picture, and no video segment fetched from then on.
  await page.getByRole("button", { name: "Player settings" }).click();
  seen.length = 0;
  await page.getByRole("button", { name: "Sound only" }).click();
  await expect(page.getByRole("button", { name: "Sound only" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("sound-only")).toHaveText("Sound only");
  await expect.poll(async () => (await state()).time).toBeCloseTo(before.time, 0);
  expect(await state()).toMatchObject({ paused: true, width: 0 });
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await state()).time, { timeout: 60_000 }).toBeGreaterThan(before.time + 1);
  expect((await state()).width).toBe(0);
  expect(seen.filter((entry) => /^\d+p\.mp4 segment$/.test(entry))).toEqual([]);

  // Undone: the picture comes back where the sound is, playing on.
  await page.getByRole("button", { name: "Player settings" }).click();
  const during = (await state()).time;
  await page.getByRole("button", { name: "Sound only" }).click();
  await expect(page.getByTestId("sound-only")).toHaveCount(0);
  await expect.poll(async () => (await state()).width, { timeout: 60_000 }).toBeGreaterThan(0);
  const after = await state();
  expect(after.time).toBeGreaterThanOrEqual(during - 0.5);
  expect(after.paused).toBe(false);
});

test("packaging does not shift the pictures against the cues", async ({ page }) => {
  // Opened at its start (the library's link may carry where the first test stopped, `?t=`).
  await signIn(page, DEMO.learner);
  const href = await page
    .getByRole("link", { name: new RegExp(LESSON.title) })
    .first()
    .getAttribute("href");
  await page.goto(new URL(href!, page.url()).pathname);
  await waitForHydration(page);
  await video(page).hover();
  await expect(video(page)).toHaveAttribute("data-stream", "hls.js");
  const mp4 = await renderedLessonMp4(page);
  // Each demo slide starts exactly at its cue (seed/media/README.md): a frame just after a cue's start shows that
  // cue's slide, just before it the previous one. The HLS rendition must show the MP4's picture at the same times.
  const cue = LESSON.cues[2]!;
  const times = [cue.startMs / 1000 - 0.15, cue.startMs / 1000 + 0.15];
  const signatures = await video(page).evaluate(
    async (hls: HTMLVideoElement, { mp4, times }) => {
      const canvas = document.createElement("canvas");
      canvas.width = 32;
      canvas.height = 18;
      const context = canvas.getContext("2d", { willReadFrequently: true })!;
      const frameAt = async (element: HTMLVideoElement, seconds: number) => {
        element.pause();
        const seeked = new Promise((resolve) => element.addEventListener("seeked", resolve, { once: true }));
        element.currentTime = seconds;
        await seeked;
        while (element.readyState < 2) await new Promise((resolve) => setTimeout(resolve, 50));
        // `seeked` can come before the new picture is on screen: wait for it to be presented (or 1 s).
        await Promise.race([
          new Promise((resolve) => element.requestVideoFrameCallback(resolve)),
          new Promise((resolve) => setTimeout(resolve, 1000)),
        ]);
        context.drawImage(element, 0, 0, 32, 18);
        return Array.from(context.getImageData(0, 0, 32, 18).data).filter((_, index) => index % 4 !== 3);
      };
      const whole = document.createElement("video");
      whole.muted = true;
      whole.preload = "auto";
      whole.src = mp4;
      await new Promise((resolve) => whole.addEventListener("loadeddata", resolve, { once: true }));
      const result: { hls: number[][]; mp4: number[][] } = { hls: [], mp4: [] };
      for (const seconds of times) {
        result.mp4.push(await frameAt(whole, seconds));
        result.hls.push(await frameAt(hls, seconds));
      }
      return result;
    },
    { mp4, times },
  );
  const distance = (a: number[], b: number[]) =>
    a.reduce((sum, value, index) => sum + Math.abs(value - b[index]!), 0) / a.length;
  // The two slides differ in the MP4 itself (so a shift of more than 0.15 s could not pass unseen)…
  expect(distance(signatures.mp4[0]!, signatures.mp4[1]!)).toBeGreaterThan(1);
  // …and at each time the HLS picture is the MP4's at that time, not the one across the cue's start (the
  // renditions are re-encoded and drawn through Media Source, so "the same" is "closer", not "equal").
  for (const [index, other] of [
    [0, 1],
    [1, 0],
  ] as const) {
    expect(distance(signatures.hls[index]!, signatures.mp4[index]!)).toBeLessThan(
      distance(signatures.hls[index]!, signatures.mp4[other]!),
    );
  }
});
