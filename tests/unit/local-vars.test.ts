import { describe, expect, it } from "vitest";
import { localVarOverrides } from "../../scripts/local-vars.mjs";

// What `npm start`, `npm run dev` and the e2e server lay over wrangler.toml's production [vars]
// (scripts/local-vars.mjs): APP_URL follows the local server's port unless the shell or .dev.vars names it.

type Overrides = Record<string, string>;
const overrides = (options: { port?: string; env?: Overrides; devVars?: Overrides }): Overrides =>
  localVarOverrides({ env: {}, devVars: {}, ...options });

describe("a local server's APP_URL follows its port", () => {
  it("is http://localhost:<port> for the port the server listens on", () => {
    expect(overrides({ port: "8941" }).APP_URL).toBe("http://localhost:8941");
    expect(overrides({ env: { PORT: "8942" } }).APP_URL).toBe("http://localhost:8942");
  });

  it("is http://localhost:8787 when no port is given (npm start's default)", () => {
    expect(overrides({}).APP_URL).toBe("http://localhost:8787");
  });

  it("keeps the development defaults beside it", () => {
    expect(overrides({ port: "8941" })).toEqual({
      ENVIRONMENT: "development",
      PAYMENTS_PROVIDER: "local",
      MAIL_PROVIDER: "outbox",
      APP_URL: "http://localhost:8941",
    });
  });

  it("yields to an APP_URL from the shell or from .dev.vars", () => {
    expect(overrides({ port: "8941", env: { APP_URL: "https://tunnel.example" } }).APP_URL).toBe(
      "https://tunnel.example",
    );
    // wrangler reads .dev.vars itself: nothing is laid over it.
    expect(overrides({ port: "8941", devVars: { APP_URL: "http://localhost:9000" } })).not.toHaveProperty("APP_URL");
  });

  it("sets no local address when the local server is asked to run as production", () => {
    expect(overrides({ port: "8941", env: { ENVIRONMENT: "production" } })).not.toHaveProperty("APP_URL");
    expect(overrides({ port: "8941", devVars: { ENVIRONMENT: "production" } })).not.toHaveProperty("APP_URL");
  });
});
