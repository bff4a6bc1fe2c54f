import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, PASSWORD_ITERATIONS, verifyPassword } from "../../server/lib/password";

describe("password hashing", () => {
  it("uses PBKDF2-SHA256 at 100,000 iterations, the production Workers maximum", async () => {
    expect(PASSWORD_ITERATIONS).toBe(100_000);
    const stored = await hashPassword("ahla wa sahla");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });

  it("verifies the right password only, with a per-user salt", async () => {
    const a = await hashPassword("same password", 1000);
    const b = await hashPassword("same password", 1000);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", a)).toBe(true);
    expect(await verifyPassword("Same password", a)).toBe(false);
  });

  it("refuses stored hashes with more iterations than the cap, and malformed ones", async () => {
    const tooStrong = (await hashPassword("pw-pw-pw-pw", 1000)).replace("$1000$", "$100000000$");
    expect(await verifyPassword("pw-pw-pw-pw", tooStrong)).toBe(false);
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
    expect(await verifyPassword("x", null)).toBe(false);
  });

  it("refuses passwords longer than 128 characters before hashing", async () => {
    await expect(hashPassword("x".repeat(129))).rejects.toThrow();
    const stored = await hashPassword("x".repeat(128), 1000);
    expect(await verifyPassword("x".repeat(129), stored)).toBe(false);
  });

  it("has a well-formed dummy hash at full strength for logins without an account", async () => {
    const [scheme, iterations, salt, hash] = DUMMY_PASSWORD_HASH.split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(PASSWORD_ITERATIONS);
    expect(atob(salt!)).toHaveLength(16);
    expect(atob(hash!)).toHaveLength(32);
    expect(await verifyPassword("password", DUMMY_PASSWORD_HASH)).toBe(false);
  });
});
