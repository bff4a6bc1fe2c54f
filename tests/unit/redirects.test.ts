import { describe, expect, it } from "vitest";
import { loginRedirectFor, redirectAfterRegister, safeRedirectPath } from "../../server/lib/redirects";

describe("return addresses are same-origin paths only", () => {
  it("keeps paths with query and hash", () => {
    expect(safeRedirectPath("/course/1/basics?x=1#top")).toBe("/course/1/basics?x=1#top");
  });
  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\t/evil.example",
    "",
    undefined,
    42,
  ])("falls back for %s", (target) => {
    expect(safeRedirectPath(target)).toBe("/video-library");
  });
});

describe("redirect after register (SPEC §4)", () => {
  it("sends each plan to its checkout", () => {
    expect(redirectAfterRegister("monthly")).toBe("/checkout/monthly");
    expect(redirectAfterRegister("annual")).toBe("/checkout/annual");
    expect(redirectAfterRegister("lifetime")).toBe("/checkout");
    expect(redirectAfterRegister(undefined)).toBe("/checkout");
  });
});

describe("login redirect after logout or a guard", () => {
  it("carries the current path and query, encoded", () => {
    expect(loginRedirectFor("/profile?tab=level")).toBe("/auth/login?redirect=%2Fprofile%3Ftab%3Dlevel");
  });
});
