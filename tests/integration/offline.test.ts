import { describe, expect, it } from "vitest";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { downloadVerdict, OFFLINE_GRACE_DAYS, OFFLINE_GRACE_MS } from "../../core/offline";
import { answerWithRange, parseByteRange } from "../../app/sw/range";
import { createAppContext } from "../../server/context";
import { createSubscription } from "../fixtures/lessons";
import { call, json, member, testEnv } from "./helpers";

// Downloads and the membership they belong to (docs/offline.md): the API the device asks, and the rule the
// service worker and the Downloads page apply to what it answered.

type Access = { data: { userId: number; premium: boolean; checkedAt: string; graceDays: number } };

describe("GET /api/offline/access", () => {
  it("answers a visitor 401 and never lets a cache keep the answer", async () => {
    const response = await call("/api/offline/access");
    expect(response.status).toBe(401);
    expect(((await response.json()) as { errors: string[] }).errors.length).toBeGreaterThan(0);
  });

  it("says a subscriber may watch premium lessons, for them alone", async () => {
    const subscriber = await member({ subscribed: true });
    const other = await member();
    const response = await call("/api/offline/access", { token: subscriber.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await json<Access>(response);
    expect(body.data).toMatchObject({ userId: subscriber.id, premium: true, graceDays: OFFLINE_GRACE_DAYS });
    expect(Number.isNaN(Date.parse(body.data.checkedAt))).toBe(false);

    // Another member on the same API hears about themselves only: their id, their (free) access.
    const theirs = await json<Access>(await call("/api/offline/access", { token: other.token }));
    expect(theirs.data).toMatchObject({ userId: other.id, premium: false });
  });

  it("says a member whose subscription lapsed may not (premium downloads stop at once)", async () => {
    const lapsed = await member();
    const ctx = createAppContext(testEnv);
    await createSubscription(ctx, lapsed.id, { status: "expired", endsInDays: -3 });
    const body = await json<Access>(await call("/api/offline/access", { token: lapsed.token }));
    expect(body.data).toMatchObject({ userId: lapsed.id, premium: false });
  });

  it("counts an admin as entitled, as the lesson page does", async () => {
    const admin = await member({ permissions: [ADMIN_PERMISSION] });
    const body = await json<Access>(await call("/api/offline/access", { token: admin.token }));
    expect(body.data.premium).toBe(true);
  });

  it("takes no writes: a POST is a JSON 405 naming GET", async () => {
    const subscriber = await member();
    const response = await call("/api/offline/access", { token: subscriber.token, method: "POST", json: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toContain("GET");
    expect(((await response.json()) as { errors: string[] }).errors.length).toBeGreaterThan(0);
  });
});

describe("downloadVerdict: when a download plays", () => {
  const now = Date.parse("2031-03-10T12:00:00Z");
  const free = { userId: 7, isFree: true };
  const premium = { userId: 7, isFree: false };
  const confirmed = (premiumAccess: boolean, agoMs: number) => ({
    userId: 7,
    premium: premiumAccess,
    confirmedAt: now - agoMs,
  });

  it("plays a free lesson whatever the subscription says", () => {
    expect(downloadVerdict(free, confirmed(false, 0), now)).toEqual({ playable: true });
    expect(downloadVerdict(free, null, now)).toEqual({ playable: true });
  });

  it("plays a premium lesson for the grace period after the last confirmation, not a moment longer", () => {
    expect(downloadVerdict(premium, confirmed(true, OFFLINE_GRACE_MS - 1), now)).toEqual({ playable: true });
    expect(downloadVerdict(premium, confirmed(true, OFFLINE_GRACE_MS + 1), now)).toEqual({
      playable: false,
      reason: "unconfirmed",
    });
    expect(downloadVerdict(premium, null, now)).toMatchObject({ playable: false, reason: "unconfirmed" });
  });

  it("stops a premium lesson at once when the server said the access ended", () => {
    expect(downloadVerdict(premium, confirmed(false, 0), now)).toEqual({ playable: false, reason: "ended" });
  });

  it("does not let a clock set back before the confirmation stretch the grace period", () => {
    expect(downloadVerdict(premium, confirmed(true, -60_000), now)).toMatchObject({ playable: false });
  });

  it("plays nothing for another member signed in on the same device", () => {
    expect(downloadVerdict(free, { userId: 8, premium: true, confirmedAt: now }, now)).toEqual({
      playable: false,
      reason: "other-member",
    });
  });
});

describe("the service worker's Range answers for a downloaded video", () => {
  it("reads one range as a video element asks for it", () => {
    expect(parseByteRange("bytes=0-", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange("bytes=100-199", 1000)).toEqual({ start: 100, end: 199 });
    expect(parseByteRange("bytes=900-5000", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    for (const header of ["bytes=1000-", "bytes=5-4", "bytes=-0", "bytes=-", "items=0-1", "bytes=0-1,5-6"]) {
      expect(parseByteRange(header, 1000), header).toBeNull();
    }
  });

  it("answers 206 with Content-Range, the whole file 200, and an impossible range 416", async () => {
    const bytes = new Uint8Array(1000).map((_, index) => index % 251);
    const kept = () => new Response(bytes, { headers: { "Content-Type": "video/mp4" } });
    const ask = (range?: string) =>
      answerWithRange(new Request("https://ahla.test/media/v.mp4", { headers: range ? { Range: range } : {} }), kept());

    const part = await ask("bytes=100-199");
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 100-199/1000");
    expect(part.headers.get("Content-Type")).toBe("video/mp4");
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...bytes.slice(100, 200)]);

    const whole = await ask();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect((await whole.arrayBuffer()).byteLength).toBe(1000);

    const beyond = await ask("bytes=2000-");
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toBe("bytes */1000");
  });
});
