import { describe, expect, it } from "vitest";
import {
  clearGoogleStateCookie,
  GOOGLE_STATE_COOKIE,
  readGoogleStateCookie,
  serializeGoogleStateCookie,
} from "../../server/lib/cookies";

describe("Google sign-in state cookie", () => {
  it("is HttpOnly, SameSite=Lax, lives 10 minutes on the two Google routes, and is Secure on https", () => {
    const cookie = serializeGoogleStateCookie("state-123", "https://ahla.test/auth/google");
    const attributes = cookie.split("; ");
    expect(attributes[0]).toBe(`${GOOGLE_STATE_COOKIE}=state-123`);
    expect(attributes).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Max-Age=600", "Path=/auth/google", "Secure"]),
    );
    expect(serializeGoogleStateCookie("s", "http://localhost:8787/auth/google")).not.toContain("Secure");
  });

  it("is read back from the callback request and cleared with Max-Age=0", () => {
    const request = new Request("https://ahla.test/auth/google/callback?state=state-123", {
      headers: { Cookie: `token=abc; ${GOOGLE_STATE_COOKIE}=state-123` },
    });
    expect(readGoogleStateCookie(request)).toBe("state-123");
    expect(readGoogleStateCookie(new Request("https://ahla.test/"))).toBeNull();
    const cleared = clearGoogleStateCookie("https://ahla.test/auth/google/callback");
    expect(cleared).toMatch(new RegExp(`^${GOOGLE_STATE_COOKIE}=;`));
    expect(cleared).toContain("Max-Age=0");
    expect(cleared).toContain("Path=/auth/google");
  });
});
