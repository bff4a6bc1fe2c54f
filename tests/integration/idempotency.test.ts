import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { apiIdempotencyKeys, mailingList, playlists } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { runScheduledJobs } from "../../server/services/scheduled";
import { createUser, testApp, testEnv } from "./helpers";

// A member's write sent again with the same Idempotency-Key (a retry after a lost answer) happens once,
// and the retry gets the first answer back.

const ORIGIN = "https://ahla.test";
const ctx = createAppContext(testEnv);
const HOUR = 60 * 60 * 1000;

let member: { id: number; token: string };
let other: { id: number; token: string };

beforeEach(async () => {
  const a = await createUser();
  const b = await createUser();
  member = { id: a.id, token: (await createSession(ctx, { userId: a.id })).token };
  other = { id: b.id, token: (await createSession(ctx, { userId: b.id })).token };
});

// Not the shared `call`: each request names its Idempotency-Key (and clock), at the site's own origin.
function send(
  path: string,
  body: unknown,
  options: { token?: string; key?: string; method?: string; now?: () => Date } = {},
) {
  return testApp({ now: options.now }).request(
    `${ORIGIN}/api${path}`,
    {
      method: options.method ?? "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: ORIGIN,
        ...(options.token ? { Authorization: options.token } : {}),
        ...(options.key !== undefined ? { "Idempotency-Key": options.key } : {}),
      },
      body: JSON.stringify(body),
    },
    testEnv,
  );
}

const playlistsOf = (userId: number) => ctx.db.select().from(playlists).where(eq(playlists.ownerId, userId));

describe("Idempotency-Key on a member's writes", () => {
  it("does the write once and answers a retry with the first answer", async () => {
    const first = await send("/playlists", { title: "Coffee words" }, { token: member.token, key: "retry-1" });
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const retry = await send("/playlists", { title: "Coffee words" }, { token: member.token, key: "retry-1" });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.text()).toBe(firstBody);
    expect(await playlistsOf(member.id)).toHaveLength(1);
    // Without a key, or with another, it is a new request.
    expect((await send("/playlists", { title: "Coffee words" }, { token: member.token, key: "retry-2" })).status).toBe(
      201,
    );
    expect(await playlistsOf(member.id)).toHaveLength(2);
  });

  it("lets one of several racing copies write, and none of the others", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send("/playlists", { title: "Race" }, { token: member.token, key: "race" })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    // The others were replayed (201) or told to retry (409); never a second playlist.
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(await playlistsOf(member.id)).toHaveLength(1);
    const busy = answers.find((answer) => answer.status === 409);
    if (busy) expect(busy.headers.get("Retry-After")).toBe("1");
  });

  it("keeps a refusal too, and refuses a key reused for another body or route", async () => {
    const refused = await send("/playlists", { title: "" }, { token: member.token, key: "bad-title" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const again = await send("/playlists", { title: "" }, { token: member.token, key: "bad-title" });
    expect(again.status).toBe(refused.status);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await refused.clone().json());

    expect((await send("/playlists", { title: "One" }, { token: member.token, key: "k" })).status).toBe(201);
    const otherBody = await send("/playlists", { title: "Two" }, { token: member.token, key: "k" });
    expect(otherBody.status).toBe(422);
    expect((await otherBody.json()) as { errors: string[] }).toEqual({
      errors: ["This Idempotency-Key was used for a different request."],
    });
    expect((await send("/vocabulary/lists", { title: "One" }, { token: member.token, key: "k" })).status).toBe(422);
    expect(await playlistsOf(member.id)).toHaveLength(1);
  });

  it("refuses a malformed key before doing anything", async () => {
    for (const key of ["", "x".repeat(256), "has space", "tab\tin it"]) {
      const response = await send("/playlists", { title: "Nope" }, { token: member.token, key });
      expect(response.status, key).toBe(400);
      expect(((await response.json()) as { errors: string[] }).errors[0]).toMatch(/Idempotency-Key/);
    }
    expect(await playlistsOf(member.id)).toHaveLength(0);
  });

  it("is per member: another member's key is theirs alone", async () => {
    await send("/playlists", { title: "Mine" }, { token: member.token, key: "shared" });
    const theirs = await send("/playlists", { title: "Mine" }, { token: other.token, key: "shared" });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await playlistsOf(other.id)).toHaveLength(1);
  });

  it("is ignored for visitors (a public answer is not replayed to whoever has the key)", async () => {
    const email = `idem-${Date.now()}@example.com`;
    await send("/newsletter", { email, consent: true }, { key: "visitor-key" });
    const second = await send("/newsletter", { email, consent: true }, { key: "visitor-key" });
    expect(second.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await ctx.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.key, "visitor-key"))).toEqual([]);
    expect(await ctx.db.select().from(mailingList).where(eq(mailingList.email, email))).toHaveLength(1);
  });

  it("answers retries for a day; then the key is free again and the cron removes it", async () => {
    const start = Date.now();
    const at = (hours: number) => () => new Date(start + hours * HOUR);
    await send("/playlists", { title: "Day one" }, { token: member.token, key: "daily", now: at(0) });
    const sameDay = await send("/playlists", { title: "Day one" }, { token: member.token, key: "daily", now: at(23) });
    expect(sameDay.headers.get("Idempotent-Replayed")).toBe("true");
    const nextDay = await send("/playlists", { title: "Day one" }, { token: member.token, key: "daily", now: at(25) });
    expect(nextDay.status).toBe(201);
    expect(nextDay.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await playlistsOf(member.id)).toHaveLength(2);

    const keyRow = and(eq(apiIdempotencyKeys.userId, member.id), eq(apiIdempotencyKeys.key, "daily"));
    await runScheduledJobs(testEnv, new Date(start + 30 * HOUR));
    expect(await ctx.db.select().from(apiIdempotencyKeys).where(keyRow)).toHaveLength(1);
    await runScheduledJobs(testEnv, new Date(start + 50 * HOUR));
    expect(await ctx.db.select().from(apiIdempotencyKeys).where(keyRow)).toHaveLength(0);
  });
});
