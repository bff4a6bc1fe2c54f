import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import { mailOutbox, userPermissions, users } from "../../drizzle/schema";
import { hashPassword } from "../../server/lib/password";

export const testEnv = env;

export function testApp(options: { now?: () => Date } = {}) {
  return createApp(options);
}

let sequence = 0;
/** A member with a known password; `permissions` grants codes like "admin". */
export async function createUser(
  options: { email?: string; password?: string; name?: string; permissions?: string[] } = {},
) {
  const ctx = createAppContext(env);
  sequence += 1;
  const email = options.email ?? `member${sequence}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? "correct horse battery";
  const [user] = await ctx.db
    .insert(users)
    .values({ email, name: options.name ?? "Test Member", passwordHash: await hashPassword(password, 1000) })
    .returning();
  if (options.permissions?.length) {
    const { permissions } = await import("../../drizzle/schema");
    for (const code of options.permissions) {
      await ctx.db.insert(permissions).values({ code, description: code }).onConflictDoNothing();
      await ctx.db.insert(userPermissions).values({ userId: user!.id, code });
    }
  }
  return { ...user!, password };
}

export async function postJson(
  app: ReturnType<typeof testApp>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    env,
  );
}

export async function loginToken(app: ReturnType<typeof testApp>, email: string, password: string) {
  const response = await postJson(app, "/api/auth/login", { email, password });
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

export async function outboxFor(email: string) {
  const ctx = createAppContext(env);
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}
