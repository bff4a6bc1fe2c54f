import { describe, expect, it } from "vitest";
import { signToken, verifyToken } from "../../server/lib/jwt";

const secret = "unit-secret-unit-secret-unit-secret-00";

describe("token verification", () => {
  it("round-trips the claims", async () => {
    const token = await signToken(
      { userId: 7, sessionId: "s".repeat(20), permissions: ["admin"], expiresAt: new Date(Date.now() + 60_000) },
      secret,
    );
    expect(await verifyToken(token, secret)).toMatchObject({ sub: "7", sid: "s".repeat(20), permissions: ["admin"] });
  });
  it("rejects a tampered payload", async () => {
    const token = await signToken(
      { userId: 7, sessionId: "s".repeat(20), permissions: [], expiresAt: new Date(Date.now() + 60_000) },
      secret,
    );
    const [h, , s] = token.split(".");
    const payload = btoa(
      JSON.stringify({ sub: "7", sid: "s".repeat(20), permissions: ["admin"], exp: 9999999999 }),
    ).replace(/=+$/, "");
    expect(await verifyToken(`${h}.${payload}.${s}`, secret)).toBeNull();
  });
});
