import { describe, expect, it } from "vitest";
import { loginRedirectFor, redirectAfterRegister, safeRedirectPath } from "../../server/lib/redirects";

describe("return addresses are same-origin paths only", () => {
  it.each([
    ["/course/1/basics?x=1#top", "/course/1/basics?x=1#top"],
    ["/video-library", "/video-library"],
    ["/a/../b", "/b"],
    ["/playlist/3/%D8%AF%D8%B1%D9%88%D8%B3", "/playlist/3/%D8%AF%D8%B1%D9%88%D8%B3"],
    ["/video-library?q=%2F%2Fnot-a-host", "/video-library?q=%2F%2Fnot-a-host"],
  ])("keeps the local path %s as %s", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    // absolute and protocol-relative
    "https://evil.example/",
    "http:evil.example",
    "//evil.example/path",
    "///evil.example",
    // backslashes, raw and encoded
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/%5C%5Cevil.example",
    "/%5cevil.example",
    // normalisation that ends in "//": dot segments, encoded dots and slashes
    "/.//evil.example",
    "/./evil.example/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/%2F/evil.example",
    "/%2F%2Fevil.example",
    "/a/%2e%2e//evil.example",
    // schemes
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/javascript:alert(1)//%0a",
    // whitespace and control characters
    " /video-library",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%09/evil.example",
    "/%0d%0a/evil.example",
    "/ /evil.example",
    // not a path at all
    "evil.example",
    "",
    undefined,
    42,
    "/" + "a".repeat(2100),
  ])("falls back for %j", (target) => {
    const result = safeRedirectPath(target);
    expect(result).toBe("/video-library");
  });

  it("never returns something a browser would resolve off-site, whatever the input", () => {
    const pieces = ["/", "\\", ".", "..", "%2e", "%2f", "%5c", "evil.example", "a", "%00", " ", "?", "#", "@", ":"];
    let checked = 0;
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const result = safeRedirectPath(`/${a}${b}${c}`);
          const resolved = new URL(result, "https://ahla.example");
          expect(resolved.origin).toBe("https://ahla.example");
          expect(result.startsWith("//")).toBe(false);
          expect(result.includes("\\")).toBe(false);
          checked += 1;
        }
    expect(checked).toBe(pieces.length ** 3);
  });
});

describe("redirect after register", () => {
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
  it("never carries an off-site address", () => {
    expect(loginRedirectFor("/.//evil.example")).toBe("/auth/login?redirect=%2Fvideo-library");
  });
});
