import { describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient } from "../../app/lib/api-client";
import type { Toast } from "../../app/lib/toast";

function client(response: Response | Error, loggedIn = true, here?: string) {
  const calls = { logout: 0, navigate: [] as string[], toasts: [] as Toast[] };
  const api = createApiClient({
    fetch: vi.fn(async () => {
      if (response instanceof Error) throw response;
      return response;
    }),
    isLoggedIn: () => loggedIn,
    logout: () => {
      calls.logout += 1;
    },
    navigate: (to) => calls.navigate.push(to),
    notify: (toast) => calls.toasts.push(toast),
    ...(here === undefined ? {} : { here: () => here }),
  });
  return { api, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("JSON client error rules (docs/product-rules.md#errors-and-toasts)", () => {
  it("returns data with ISO strings turned into dates", async () => {
    const { api } = client(json(200, { data: { at: "2026-01-02T03:04:05Z", name: "x" } }));
    const data = await api.get<{ at: Date; name: string }>("/api/x");
    expect(data.at).toBeInstanceOf(Date);
    expect(data.name).toBe("x");
  });

  it.each([401, 403])("logs out on %i while logged in, passes the error on, shows no toast", async (status) => {
    const { api, calls } = client(json(status, { errors: ["Nope"] }));
    await expect(api.get("/api/x")).rejects.toBeInstanceOf(ApiError);
    expect(calls.logout).toBe(1);
    expect(calls.toasts).toHaveLength(0);
  });

  it("goes to /checkout on 402 while logged in", async () => {
    const { api, calls } = client(json(402, { errors: ["Subscribe"] }));
    await expect(api.get("/api/x")).rejects.toMatchObject({ status: 402 });
    expect(calls.navigate).toEqual(["/checkout"]);
    expect(calls.toasts).toHaveLength(0);
  });

  it("goes to /checkout on 402 with the page as its return path (docs/product-rules.md#a-paywall-with-context)", async () => {
    const { api, calls } = client(
      json(402, { errors: ["Subscribe"] }),
      true,
      "/video/12/wedding-traditions-in-jordan?t=5",
    );
    await expect(api.post("/api/x", {})).rejects.toMatchObject({ status: 402 });
    expect(calls.navigate).toEqual(["/checkout?redirect=%2Fvideo%2F12%2Fwedding-traditions-in-jordan%3Ft%3D5"]);
    expect(calls.toasts).toHaveLength(0);
  });

  it.each(["/checkout", "/checkout/annual?redirect=%2Fvideo%2F1%2Fa", "/checkout-success/annual", ""])(
    "goes to plain /checkout on 402 from %j (no checkout coming back to itself)",
    async (here) => {
      const { api, calls } = client(json(402, { errors: ["Subscribe"] }), true, here);
      await expect(api.get("/api/x")).rejects.toMatchObject({ status: 402 });
      expect(calls.navigate).toEqual(["/checkout"]);
    },
  );

  it("does not navigate on 402 when logged out: the list rule applies", async () => {
    const { api, calls } = client(json(402, { errors: ["Subscribe"] }), false, "/video/12/x");
    await expect(api.get("/api/x")).rejects.toMatchObject({ status: 402 });
    expect(calls.navigate).toEqual([]);
    expect(calls.toasts.map((t) => t.text)).toEqual(["Subscribe"]);
  });

  it("shows one error toast per message of an errors list", async () => {
    const { api, calls } = client(json(422, { errors: ["Name is required.", "Email is required."] }));
    await expect(api.post("/api/x", {})).rejects.toMatchObject({
      status: 422,
      errors: ["Name is required.", "Email is required."],
    });
    expect(calls.toasts.map((t) => [t.text, t.status])).toEqual([
      ["Name is required.", "error"],
      ["Email is required.", "error"],
    ]);
    expect(new Set(calls.toasts.map((t) => t.id)).size).toBe(2);
  });

  it("shows the generic toast for an error without a list", async () => {
    const { api, calls } = client(new Response("oops", { status: 500 }));
    await expect(api.get("/api/x")).rejects.toBeInstanceOf(ApiError);
    expect(calls.toasts.map((t) => t.text)).toEqual(["Error occurred. We're working on fixing it."]);
  });

  it("applies the list rule to 401 when logged out (no logout to do)", async () => {
    const { api, calls } = client(json(401, { errors: ["Please sign in to continue."] }), false);
    await expect(api.get("/api/x")).rejects.toBeInstanceOf(ApiError);
    expect(calls.logout).toBe(0);
    expect(calls.toasts.map((t) => t.text)).toEqual(["Please sign in to continue."]);
  });
});
