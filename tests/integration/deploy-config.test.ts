import { createExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbox } from "../../drizzle/schema";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import type { Env } from "../../server/env";
import { ConfigError, getConfig, LOCAL_DEVELOPMENT_SECRET, OUTBOX_RETENTION_DAYS } from "../../server/lib/config";
import { sendMail } from "../../server/services/mail";
import { runScheduledJobs } from "../../server/services/scheduled";
import { testEnv } from "./helpers";

/** Exactly the [vars] `wrangler deploy` ships: wrangler.toml's top level, read by wrangler (vitest.config.ts). */
const deployVars = JSON.parse(testEnv.DEPLOY_VARS) as Record<string, string>;

/** The Worker as a plain `wrangler deploy` runs it: the deploy vars and the bindings, nothing else set. */
const deployedEnv = (extra: Partial<Env> = {}): Env => ({
  DB: testEnv.DB,
  MEDIA: testEnv.MEDIA,
  ...deployVars,
  ...extra,
});

/** What an operator sets with `wrangler secret put` for a real production deploy. */
const productionSecrets: Partial<Env> = {
  APP_URL: "https://ahla.example",
  JWT_SECRET: "prod-jwt-4b1f0c2e9d8a7b6c5d4e3f2a1b0c9d8e",
  MEDIA_SIGNING_SECRET: "prod-media-8e7d6c5b4a39281706f5e4d3c2b1a0f9",
  STRIPE_SECRET_KEY: "sk_live_recordedShapeOnly000000000000",
  STRIPE_WEBHOOK_SECRET: "whsec_recordedShapeOnly00000000000000",
  RESEND_API_KEY: "re_recordedShapeOnly0000000000",
};

const problemsOf = (env: Env): string[] => {
  try {
    getConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

// A stand-in for the Remix handler, so a 404 here can only come from the /dev guard, not from an unmatched route.
const pages = createApp({ remix: async () => new Response("a page", { status: 200 }) });
const appWithPages = () => ({
  request: (path: string, init: RequestInit, env: Env) => pages.request(path, init, env, createExecutionContext()),
});

afterEach(() => vi.restoreAllMocks());

describe("wrangler deploy with nothing else set is production and fails closed", () => {
  it("ships ENVIRONMENT=production, Stripe and a real mail provider at the top level of wrangler.toml", () => {
    expect(deployVars.ENVIRONMENT ?? "production").toBe("production");
    expect(deployVars.PAYMENTS_PROVIDER ?? "stripe").toBe("stripe");
    expect(deployVars.MAIL_PROVIDER ?? "resend").toBe("resend");
    expect(Object.keys(deployVars)).not.toContain("ALLOW_TEST_PAYMENTS");
    expect(Object.keys(deployVars)).not.toContain("ALLOW_OUTBOX_MAIL");
    expect(Object.keys(deployVars)).not.toContain("JWT_SECRET");
  });

  it("takes APP_URL only from the operator: no local address is shipped or defaulted", () => {
    // Local servers default APP_URL to their own port (scripts/local-vars.mjs, tests/unit/local-vars.test.ts);
    // a deploy ships none, so production keeps the address its operator set, and refuses to serve without one.
    expect(Object.keys(deployVars)).not.toContain("APP_URL");
    expect(getConfig(deployedEnv(productionSecrets)).appUrl).toBe("https://ahla.example");
    expect(problemsOf(deployedEnv({ ...productionSecrets, APP_URL: undefined }))).toContain(
      "APP_URL must be set to the public https address.",
    );
  });

  it("reads no ENVIRONMENT as production", () => {
    expect(getConfig({ ...deployedEnv(productionSecrets), ENVIRONMENT: undefined }).environment).toBe("production");
  });

  it("refuses every request, naming what to set and never a value, until the secrets are set", async () => {
    const env = deployedEnv();
    const problems = problemsOf(env).join("\n");
    for (const name of [
      "JWT_SECRET",
      "MEDIA_SIGNING_SECRET",
      "APP_URL",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "RESEND_API_KEY",
    ]) {
      expect(problems).toContain(name);
    }
    for (const path of ["/", "/auth/login", "/api/me", "/dev/mailbox", "/media/videos/x.mp4"]) {
      const response = await appWithPages().request(path, {}, env);
      expect(response.status, path).toBe(503);
      const body = await response.text();
      expect(body).toContain("JWT_SECRET must be set");
      expect(body).not.toContain(LOCAL_DEVELOPMENT_SECRET);
    }
  });

  it("refuses secrets published in the repository, short ones and a shared one", () => {
    const published = problemsOf(deployedEnv({ ...productionSecrets, JWT_SECRET: LOCAL_DEVELOPMENT_SECRET }));
    expect(published).toContain("JWT_SECRET is a value published in the repository.");
    const testValue = problemsOf(
      deployedEnv({ ...productionSecrets, MEDIA_SIGNING_SECRET: testEnv.MEDIA_SIGNING_SECRET }),
    );
    expect(testValue).toContain("MEDIA_SIGNING_SECRET is a value published in the repository.");
    expect(problemsOf(deployedEnv({ ...productionSecrets, JWT_SECRET: "short" }))).toContain(
      "JWT_SECRET must be at least 32 characters.",
    );
    const same = productionSecrets.JWT_SECRET!;
    expect(problemsOf(deployedEnv({ ...productionSecrets, MEDIA_SIGNING_SECRET: same }))).toContain(
      "JWT_SECRET and MEDIA_SIGNING_SECRET must differ.",
    );
    expect(problemsOf(deployedEnv({ ...productionSecrets, APP_URL: "http://ahla.example" }))).toContain(
      "APP_URL must be an https address.",
    );
  });

  it("serves once the operator has set everything", async () => {
    const env = deployedEnv(productionSecrets);
    expect(problemsOf(env)).toEqual([]);
    expect(getConfig(env)).toMatchObject({
      environment: "production",
      paymentsProvider: "stripe",
      mailProvider: "resend",
    });
    expect((await appWithPages().request("/about", {}, env)).status).toBe(200);
  });

  it("refuses the test checkout, a Stripe test key and the outbox unless a staging deploy allows them", () => {
    const local = deployedEnv({ ...productionSecrets, PAYMENTS_PROVIDER: "local" });
    expect(problemsOf(local).join(" ")).toContain("PAYMENTS_PROVIDER=local");
    expect(problemsOf({ ...local, ALLOW_TEST_PAYMENTS: "true" })).toEqual([]);
    const testKey = deployedEnv({ ...productionSecrets, STRIPE_SECRET_KEY: "sk_test_recordedShapeOnly" });
    expect(problemsOf(testKey).join(" ")).toContain("test-mode key");
    expect(problemsOf({ ...testKey, ALLOW_TEST_PAYMENTS: "true" })).toEqual([]);
    const outbox = deployedEnv({ ...productionSecrets, MAIL_PROVIDER: "outbox" });
    expect(problemsOf(outbox).join(" ")).toContain("MAIL_PROVIDER=outbox");
    expect(problemsOf({ ...outbox, ALLOW_OUTBOX_MAIL: "true" })).toEqual([]);
    expect(problemsOf(deployedEnv({ ...productionSecrets, ENVIRONMENT: "staging" }))[0]).toContain(
      "ENVIRONMENT must be one of",
    );
  });

  it("answers 404 on every /dev tool in production, even for a staging deploy, and serves them in development", async () => {
    const production = deployedEnv({ ...productionSecrets, ALLOW_TEST_PAYMENTS: "true", ALLOW_OUTBOX_MAIL: "true" });
    const development = { ...testEnv, ENVIRONMENT: "development" };
    const requests: Array<[string, RequestInit]> = [
      ["/dev/mailbox", {}],
      ["/dev/mailbox?to=admin%40ahla.dev", {}],
      ["/dev/cron?now=2030-01-01T00:00:00Z", { method: "POST" }],
      ["/dev", {}],
      [
        "/api/billing/dev/simulate-failed-renewal",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"subscriptionId":1}' },
      ],
    ];
    for (const [path, init] of requests) {
      expect((await appWithPages().request(path, init, production)).status, path).toBe(404);
    }
    expect(await (await appWithPages().request("/dev/mailbox", {}, development)).text()).toBe("a page");
    // The API's dev switch exists outside production (401 here: it needs a member).
    expect((await appWithPages().request(...requests[4]!, development)).status).toBe(401);
  });

  it("keeps no copy of mail sent through a real provider, and purges outbox copies after a few days", async () => {
    const sent: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      sent.push(`${String(input)} ${String(init?.body)}`);
      return Response.json({ id: "email_recorded_shape" });
    });
    const production = createAppContext(deployedEnv(productionSecrets));
    const to = `reset-${crypto.randomUUID()}@example.com`;
    await sendMail(production, {
      to,
      subject: "Reset",
      text: "https://ahla.example/auth/resetpassword?token=secret-once",
      template: "password-reset",
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("secret-once");
    const ctx = createAppContext(testEnv);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).toEqual([]);

    const now = new Date("2031-03-10T12:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    const old = `old-${crypto.randomUUID()}@example.com`;
    const recent = `recent-${crypto.randomUUID()}@example.com`;
    const local = createAppContext(testEnv, { now: () => new Date(now.getTime() - (OUTBOX_RETENTION_DAYS + 1) * day) });
    await sendMail(local, { to: old, subject: "Old", text: "old link", template: "password-reset" });
    const fresh = createAppContext(testEnv, { now: () => new Date(now.getTime() - day) });
    await sendMail(fresh, { to: recent, subject: "Recent", text: "recent link", template: "password-reset" });
    await runScheduledJobs(testEnv, now);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, old))).toEqual([]);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, recent))).toHaveLength(1);
  });
});

describe("reading the configuration", () => {
  it("reads it once for envs with the same values, and again as soon as one differs", () => {
    const first = getConfig({ ...testEnv, APP_NAME: "Ahla one" } as Env);
    const same = getConfig({ ...testEnv, APP_NAME: "Ahla one" } as Env);
    expect(same).toBe(first);
    const other = getConfig({ ...testEnv, APP_NAME: "Ahla two" } as Env);
    expect(other).not.toBe(first);
    expect(other.appName).toBe("Ahla two");
    expect(getConfig({ ...testEnv, APP_NAME: "Ahla one" } as Env).appName).toBe("Ahla one");
  });
});
