import jwt from "@tsndr/cloudflare-worker-jwt";
import { z } from "zod";

const payloadSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.string().min(16),
  exp: z.number().int(),
  iat: z.number().int().optional(),
  permissions: z.array(z.string()),
});

export type TokenPayload = z.infer<typeof payloadSchema>;

export async function signToken(
  claims: { userId: number; sessionId: string; permissions: string[]; expiresAt: Date },
  secret: string,
): Promise<string> {
  return jwt.sign(
    {
      sub: String(claims.userId),
      sid: claims.sessionId,
      permissions: claims.permissions,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(claims.expiresAt.getTime() / 1000),
    },
    secret,
    { algorithm: "HS256" },
  );
}

const headerSchema = z.object({ alg: z.literal("HS256"), typ: z.string().optional() });

/**
 * Ours are a few hundred characters (the permission codes are the only part that grows). Anything much longer
 * is refused before it is decoded or hashed.
 */
export const MAX_TOKEN_LENGTH = 4096;

/**
 * Verifies signature, algorithm and expiry. Only HS256 is accepted: the header is checked before the
 * signature so `alg: none` or an asymmetric algorithm never reaches the library. Returns null on any failure.
 */
export async function verifyToken(token: string, secret: string): Promise<TokenPayload | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return null;
  try {
    const header = headerSchema.safeParse(JSON.parse(atob(parts[0]!.replace(/-/g, "+").replace(/_/g, "/"))));
    if (!header.success) return null;
    const verified = await jwt.verify(token, secret, { algorithm: "HS256" });
    if (!verified) return null;
    const payload = payloadSchema.safeParse(verified.payload);
    if (!payload.success) return null;
    if (payload.data.exp * 1000 <= Date.now()) return null;
    return payload.data;
  } catch {
    return null;
  }
}
