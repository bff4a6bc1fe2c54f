import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as lessonRoute from "../../app/features/lessons/routes/lesson";
import * as lessonInPlaylistRoute from "../../app/features/lessons/routes/lesson-in-playlist";
import { plans } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { bumpPageCache } from "../../server/services/page-cache";
import { createCollection, createLesson, createSubscription, type CueInput } from "../fixtures/lessons";
import { createUser, loginToken, testApp, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// ADR 038: a lesson's page at its public addresses is open to visitors. A free lesson plays for them (video,
// transcript, word meanings); a premium one shows its preview, plans and the way to start, and never its
// media, the rest of its transcript or its exercises. The playlist address and the API's writes stay as they were.

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load (tests/integration/remix-pages.ts).
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

const origin = "https://ahla.test";
const ctx = createAppContext(testEnv);
const api = testApp();
const pages = remixPages({
  "lesson-in-course": { path: "course/:courseId/:courseSlug/:videoId/:videoSlug", module: lessonRoute },
  "lesson-in-playlist": {
    path: "playlist/:playlistId/:playlistSlug/:videoId/:videoSlug",
    module: lessonInPlaylistRoute,
  },
  "lesson-in-series": { path: "series/:seriesId/:seriesSlug/:videoId/:videoSlug", module: lessonRoute },
  lesson: { path: "video/:videoId/:videoSlug", module: lessonRoute },
});

const LINES: CueInput[] = [
  { arabic: "السطر الأول", transliteration: "is-saṭr il-awwal", english: "Line one", startMs: 0, endMs: 2000 },
  { arabic: "السطر التاني", transliteration: "is-saṭr it-tāni", english: "Line two", startMs: 2000, endMs: 4000 },
  { arabic: "السطر التالت", transliteration: "is-saṭr it-tālet", english: "Line three", startMs: 4000, endMs: 6000 },
  {
    arabic: "السطر الرابع",
    transliteration: "is-saṭr ir-rābeʕ",
    english: "Line four secret",
    startMs: 6000,
    endMs: 8000,
  },
  {
    arabic: "السطر الخامس",
    transliteration: "is-saṭr il-khāmes",
    english: "Line five secret",
    startMs: 8000,
    endMs: 9000,
  },
];

let free: Awaited<ReturnType<typeof createLesson>>["video"];
let premium: Awaited<ReturnType<typeof createLesson>>["video"];
let freePath = "";
let premiumPath = "";
let memberToken = "";
let subscriberToken = "";
let ownerToken = "";
let playlistPath = "";
let planTitle = "";

async function get(path: string, headers: Record<string, string> = {}) {
  const executionCtx = createExecutionContext();
  const response = await pages.request(`${origin}${path}`, { headers, redirect: "manual" }, testEnv, executionCtx);
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { response, body };
}

const asMember = (token: string) => ({ Cookie: `token=${token}` });

async function apiCall(method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { Origin: origin };
  if (token) headers.Cookie = `token=${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return api.request(
    `${origin}${path}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    testEnv,
  );
}

beforeAll(async () => {
  ({ video: free } = await createLesson(ctx, {
    title: "Visitor Free Lesson",
    isFree: true,
    videoKey: "videos/visitor-free.mp4",
    thumbnailKey: "thumbnails/visitor-free.jpg",
    cues: LINES,
    exercises: true,
  }));
  ({ video: premium } = await createLesson(ctx, {
    title: "Visitor Premium Lesson",
    isFree: false,
    videoKey: "videos/visitor-premium.mp4",
    thumbnailKey: "thumbnails/visitor-premium.jpg",
    attachmentKey: "attachments/visitor-premium.txt",
    cues: LINES,
    exercises: true,
  }));
  freePath = `/video/${free.id}/${free.slug}`;
  premiumPath = `/video/${premium.id}/${premium.slug}`;
  planTitle = `Visitor plan ${crypto.randomUUID().slice(0, 6)}`;
  await ctx.db.insert(plans).values({
    name: `visitor-${crypto.randomUUID().slice(0, 8)}`,
    title: planTitle,
    priceCents: 1500,
    interval: "month",
  });

  const member = await createUser({ name: "Free Fatima" });
  memberToken = await loginToken(api, member.email, member.password);
  const subscriber = await createUser({ name: "Paying Petra" });
  await createSubscription(ctx, subscriber.id);
  subscriberToken = await loginToken(api, subscriber.email, subscriber.password);
  const owner = await createUser({ name: "Owner Omar" });
  ownerToken = await loginToken(api, owner.email, owner.password);
  const playlist = await createCollection(ctx, "playlist", [free.id], { ownerId: owner.id });
  playlistPath = `/playlist/${playlist.id}/${playlist.slug}/${free.id}/${free.slug}`;
  await bumpPageCache(ctx); // nothing another file stored is read here
});

describe("a free lesson for a visitor", () => {
  it("plays: 200 with the whole transcript, the signed video URL and a sign-up prompt instead of member tools", async () => {
    const { response, body } = await get(freePath);
    expect(response.status).toBe(200);
    // The transcript's Arabic is one button a word; its English lines are whole.
    for (const line of LINES) expect(body).toContain(line.english);
    expect(body).toContain("/media/videos/visitor-free.mp4?exp=");
    expect(body).toContain("This lesson is free to watch.");
    expect(body).toContain(`/auth/signup?redirect=${encodeURIComponent(freePath)}`);
    expect(body).not.toContain("Add a comment as");
  });

  it("is the same at its course and series addresses", async () => {
    for (const kind of ["course", "series"] as const) {
      const collection = await createCollection(ctx, kind, [free.id]);
      const path = `/${kind}/${collection.id}/${collection.slug}/${free.id}/${free.slug}`;
      const { response, body } = await get(path);
      expect(response.status, path).toBe(200);
      expect(body).toContain(LINES[4]!.english);
    }
  });

  it("is stored by the page cache for visitors only: a member's page is private and never the stored copy", async () => {
    const path = `${freePath}?t=12`;
    const first = await get(path);
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(first.response.headers.get("Cache-Control")).toBe("no-cache");
    const second = await get(path);
    expect(second.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(second.body).toContain(LINES[4]!.english);

    const asFatima = await get(path, asMember(memberToken));
    expect(asFatima.response.status).toBe(200);
    expect(asFatima.response.headers.get("X-Page-Cache")).toBeNull();
    expect(asFatima.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(asFatima.body).toContain("Free Fatima");
    expect(asFatima.body).not.toContain("This lesson is free to watch.");
    // The stored copy still belongs to nobody.
    expect((await get(path)).body).not.toContain("Free Fatima");
  });

  it("answers the word popup's lookup and the captions, and still refuses every write with 401", async () => {
    const word = await apiCall("GET", `/api/lessons/${free.id}/words?w=${encodeURIComponent("السطر")}`);
    expect(word.status).toBe(200);
    expect(((await word.json()) as { data: { saved: boolean } }).data.saved).toBe(false);
    const captions = await apiCall("GET", `/api/lessons/${free.id}/captions.vtt?lang=en`);
    expect(captions.status).toBe(200);
    expect(await captions.text()).toContain("Line four secret");

    expect((await apiCall("GET", `/api/lessons/${free.id}`)).status).toBe(401);
    expect((await apiCall("GET", `/api/lessons/${free.id}/word-statuses`)).status).toBe(401);
    const save = { arabic: "السطر", transliteration: "", english: "line", cueId: null, startMs: null };
    expect((await apiCall("POST", `/api/lessons/${free.id}/words`, undefined, save)).status).toBe(401);
    expect((await apiCall("PUT", `/api/lessons/${free.id}/progress`, undefined, { positionSeconds: 3 })).status).toBe(
      401,
    );
  });

  it("answers an unknown or draft lesson's lookup with 404, the same for both and for everyone", async () => {
    const { video: draft } = await createLesson(ctx, { isFree: true, isPublished: false });
    expect((await apiCall("GET", `/api/lessons/${draft.id}/words?w=x`)).status).toBe(404);
    expect((await apiCall("GET", `/api/lessons/999999999/captions.vtt?lang=en`)).status).toBe(404);
    expect((await apiCall("GET", `/api/lessons/${draft.id}/words?w=x`, memberToken)).status).toBe(404);
  });
});

describe("a premium lesson without access", () => {
  it("shows a visitor its preview, the plans and the checkout link, never its media, later lines or exercises", async () => {
    const { response, body } = await get(premiumPath);
    expect(response.status).toBe(200);
    expect(body).toContain("Visitor Premium Lesson");
    expect(body).toContain("A test lesson.");
    for (const line of LINES.slice(0, 3)) expect(body).toContain(line.arabic);
    expect(body).not.toContain(LINES[3]!.arabic);
    expect(body).not.toContain("Line four secret");
    expect(body).toContain("2 more lines with a plan");
    expect(body).toContain(planTitle);
    expect(body).toContain(`/checkout?redirect=${encodeURIComponent(premiumPath)}`);
    expect(body).not.toContain("/media/videos/");
    expect(body).not.toContain("/media/attachments/");
    expect(body).not.toContain("captions.vtt");
    expect(body).not.toContain("منيح"); // the exercise's gap sentence
    expect(body).toContain("/media/thumbnails/visitor-premium.jpg?exp="); // the locked poster
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("shows a free member the same locked page (private), with the same checkout link", async () => {
    const { response, body } = await get(premiumPath, asMember(memberToken));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(body).toContain(`/checkout?redirect=${encodeURIComponent(premiumPath)}`);
    expect(body).not.toContain("/media/videos/");
    expect(body).not.toContain(LINES[3]!.arabic);
    expect(body).not.toContain("Already subscribed?");
  });

  it("plays for a subscriber", async () => {
    const { response, body } = await get(premiumPath, asMember(subscriberToken));
    expect(response.status).toBe(200);
    expect(body).toContain("/media/videos/visitor-premium.mp4?exp=");
    expect(body).toContain(LINES[4]!.english);
    // The <video> carries the native tracks iOS's own full screen shows (docs/player.md "Captions on the video").
    const tracks = [...body.matchAll(/<track [^>]*>/g)].map(([tag]) => tag);
    const track = (srclang: string) => tracks.find((tag) => tag.includes(`srcLang="${srclang}"`));
    expect(track("ar")).toContain('kind="captions"');
    expect(track("ar")).toContain(`src="/api/lessons/${premium.id}/captions.vtt?lang=ar"`);
    expect(track("en")).toContain(`src="/api/lessons/${premium.id}/captions.vtt?lang=en"`);
  });

  it("keeps the API at 401 for a visitor and 402 for a free member", async () => {
    for (const path of [
      `/api/lessons/${premium.id}`,
      `/api/lessons/${premium.id}/words?w=${encodeURIComponent("السطر")}`,
      `/api/lessons/${premium.id}/captions.vtt?lang=en`,
    ]) {
      expect((await apiCall("GET", path)).status, path).toBe(401);
      expect((await apiCall("GET", path, memberToken)).status, path).toBe(402);
      expect((await apiCall("GET", path, subscriberToken)).status, path).toBe(200);
    }
  });
});

describe("the playlist address stays members' only", () => {
  it("sends a visitor to sign in with the lesson as the return address", async () => {
    const { response } = await get(playlistPath);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/auth/login?redirect=${encodeURIComponent(playlistPath)}`);
    expect(response.headers.get("X-Page-Cache")).toBeNull();
  });

  it("shows the owner their playlist's lesson, and another member a 404", async () => {
    const own = await get(playlistPath, asMember(ownerToken));
    expect(own.response.status).toBe(200);
    expect(own.body).toContain(LINES[4]!.english);
    const other = await get(playlistPath, asMember(memberToken));
    expect(other.response.status).toBe(404);
  });

  it("a comment by a member on the lesson purges the visitor's stored copy", async () => {
    await get(freePath);
    expect((await get(freePath)).response.headers.get("X-Page-Cache")).toBe("hit");
    const posted = await apiCall("POST", `/api/lessons/${free.id}/comments`, memberToken, { body: "Shukran!" });
    expect(posted.status).toBe(201);
    const after = await get(freePath);
    expect(after.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(after.body).toContain("Shukran!");
  });
});
