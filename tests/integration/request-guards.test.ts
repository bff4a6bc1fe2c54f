import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { checkPageRequest, MAX_PATH_LENGTH, malformedRequestProblem } from "../../server/lib/request-guards";
import { createUser, loginToken, testEnv } from "./helpers";

const ORIGIN = "http://localhost";

// A stand-in for the Remix handler: whatever reaches it answers "a page", so a 403 can only come from the guard.
const pages = createApp({ remix: async () => new Response("a page", { status: 200 }) });
const send = (path: string, init: RequestInit = {}) =>
  pages.request(`${ORIGIN}${path}`, init, testEnv, createExecutionContext());

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe("state-changing requests from another site answer 403", () => {
  it.each([
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["Origin null (a sandboxed frame)", { Origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site" }],
    [
      "a foreign Origin with a same-origin Sec-Fetch-Site",
      { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
    ],
  ])("refuses login, signup and logout through the API from %s", async (_label, headers) => {
    const user = await createUser();
    const token = await loginToken(pages, user.email, user.password);
    for (const [path, body] of [
      ["/api/auth/login", { email: user.email, password: user.password }],
      [
        "/api/auth/register",
        { name: "Mallory", email: `m-${crypto.randomUUID()}@example.com`, password: "long enough password" },
      ],
      ["/api/auth/logout", {}],
    ] as const) {
      const response = await send(path, json(body, { ...headers, Cookie: `token=${token}` }));
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ errors: ["Requests from other sites cannot change anything here."] });
    }
    // The session survived the forged logout.
    const me = await send("/api/me", { headers: { Cookie: `token=${token}` } });
    expect(me.status).toBe(200);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("refuses a cross-site %s to a page action (Remix)", async (method) => {
    for (const path of ["/auth/login", "/auth/signup", "/auth/logout", "/settings", "/admin/videos/new"]) {
      const response = await send(path, { method, headers: { Origin: "https://evil.example" } });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.text()).toBe("Requests from other sites cannot change anything here.");
    }
  });

  it("lets same-origin requests, the member's own typed navigations and non-browser clients through", async () => {
    const same = await send("/auth/login", {
      method: "POST",
      headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    });
    expect(await same.text()).toBe("a page");
    const typed = await send("/auth/logout", { method: "POST", headers: { "Sec-Fetch-Site": "none" } });
    expect(await typed.text()).toBe("a page");
    const curl = await send("/api/auth/login", json({ email: "nobody@example.com", password: "whatever it is" }));
    expect(curl.status).toBe(401);
  });

  it("never blocks reading: a cross-site GET reaches the page", async () => {
    const response = await send("/video-library", {
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
    });
    expect(await response.text()).toBe("a page");
  });

  it("exempts the signed Stripe webhook, which proves itself by its signature", async () => {
    const response = await send("/api/billing/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site", "Stripe-Signature": "t=1,v1=bad" },
      body: "{}",
    });
    expect(response.status).not.toBe(403);
    expect(response.status).toBeLessThan(500);
  });
});

describe("the JSON API accepts only application/json bodies", () => {
  const credentials = { email: "nobody@example.com", password: "whatever it is" };

  it.each([
    ["text/plain", "text/plain;charset=UTF-8", JSON.stringify(credentials)],
    ["a form", "application/x-www-form-urlencoded", "email=nobody%40example.com&password=x"],
    [
      "multipart",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--',
    ],
    ["JSON-looking text/json", "text/json", JSON.stringify(credentials)],
  ])("answers 415 to %s, as a plain HTML form would send", async (_label, type, body) => {
    const response = await send("/api/auth/login", { method: "POST", headers: { "Content-Type": type }, body });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ errors: ["The API accepts only application/json bodies."] });
  });

  it("answers 415 to a body without a Content-Type", async () => {
    const response = await send("/api/auth/login", { method: "POST", body: new Blob([JSON.stringify(credentials)]) });
    expect(response.status).toBe(415);
  });

  it("accepts application/json with a charset, and body-less POSTs", async () => {
    const response = await send("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify(credentials),
    });
    expect(response.status).toBe(401);
    expect((await send("/api/auth/logout", { method: "POST" })).status).toBe(200);
  });

  it("leaves the admin's raw uploads to their own checks (same-origin only)", async () => {
    const form = new FormData();
    form.set("file", new File(["a,b"], "words.csv", { type: "text/csv" }));
    const upload = await send("/api/admin/imports/vocabulary/preview", { method: "POST", body: form });
    expect(upload.status).toBe(401);
    const crossSite = await send("/api/admin/imports/vocabulary/preview", {
      method: "POST",
      body: form,
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("malformed requests (outside attack)", () => {
  const at = (path: string, init: RequestInit = {}) => new Request(`https://ahla.test${path}`, init);

  it("refuses a GET or HEAD that says it carries a body, and addresses no route can mean", () => {
    expect(malformedRequestProblem(at("/faq", { headers: { "Content-Length": "3" } }))?.status).toBe(400);
    expect(
      malformedRequestProblem(at("/faq", { method: "HEAD", headers: { "Transfer-Encoding": "chunked" } }))?.status,
    ).toBe(400);
    expect(malformedRequestProblem(at("/faq", { headers: { "Content-Length": "0" } }))).toBeNull();
    for (const path of ["/%5C", "/faq/%5c", "/a%00b", "//evil.example/x", "/%E0%A4%A", "/%"]) {
      expect(malformedRequestProblem(at(path))?.status, path).toBe(400);
    }
    expect(malformedRequestProblem(at(`/${"a".repeat(MAX_PATH_LENGTH)}`))?.status).toBe(414);
    expect(malformedRequestProblem(at("/video/1/%D8%A3%D9%87%D9%84%D8%A7?q=%"))).toBeNull();
  });

  it("lets pages take GET and form POSTs only; a bodiless POST goes on as an empty form", async () => {
    const put = await checkPageRequest(at("/auth/login", { method: "PUT" }));
    expect(put).toEqual({ refusal: expect.objectContaining({ status: 405, allow: "GET, HEAD, POST" }) });
    const text = await checkPageRequest(
      at("/auth/login", { method: "POST", body: "abc", headers: { "Content-Type": "text/plain" } }),
    );
    expect(text).toEqual({ refusal: expect.objectContaining({ status: 415 }) });
    const broken = await checkPageRequest(
      at("/auth/login", {
        method: "POST",
        body: "--x\r\nbroken",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
      }),
    );
    expect(broken).toEqual({ refusal: expect.objectContaining({ status: 400 }) });
    const empty = await checkPageRequest(at("/dev/cron?now=2030-01-01", { method: "POST" }));
    expect("request" in empty && (await empty.request.formData()).keys().next().done).toBe(true);
    const form = at("/auth/login", {
      method: "POST",
      body: "a=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await checkPageRequest(form)).toEqual({ request: form });
  });
});
