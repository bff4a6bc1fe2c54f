import { describe, expect, it } from "vitest";
import { hasAnyPermission, isAdmin } from "../../app/lib/permissions";

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const token = (payload: unknown) => `${b64({ alg: "HS256", typ: "JWT" })}.${b64(payload)}.signature`;

describe("isAdmin (docs/product-rules.md#sign-in-and-permissions)", () => {
  it("is true only when the decoded permissions contain the admin code", () => {
    expect(isAdmin(token({ permissions: ["admin"] }))).toBe(true);
    expect(isAdmin(token({ permissions: ["community:moderate"] }))).toBe(false);
  });
  it("is false without a token, for a token without permissions, and on a decode failure", () => {
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
    expect(isAdmin("")).toBe(false);
    expect(isAdmin(token({ sub: "1" }))).toBe(false);
    expect(isAdmin("a.%%%.c")).toBe(false);
    expect(isAdmin("only-one-part")).toBe(false);
  });
});

describe("hasAnyPermission (docs/product-rules.md#sign-in-and-permissions)", () => {
  it("allows when the required list is missing or empty, even without a token", () => {
    expect(hasAnyPermission(null, undefined)).toBe(true);
    expect(hasAnyPermission(null, [])).toBe(true);
  });
  it("denies without a token and for a token without a permissions list", () => {
    expect(hasAnyPermission(null, ["admin"])).toBe(false);
    expect(hasAnyPermission(token({ sub: "1" }), ["admin"])).toBe(false);
  });
  it("allows when any of the codes match, denies otherwise", () => {
    const t = token({ permissions: ["community:moderate"] });
    expect(hasAnyPermission(t, ["admin", "community:moderate"])).toBe(true);
    expect(hasAnyPermission(t, ["admin"])).toBe(false);
  });
});
