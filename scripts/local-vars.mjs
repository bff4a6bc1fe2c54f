// wrangler.toml's top level is production. Local servers (npm start, npm run dev, the e2e server) opt
// into development, the in-app test checkout and the outbox here: the shell wins, then .dev.vars (which
// wrangler reads itself), then these defaults.
import { existsSync, readFileSync } from "node:fs";

const LOCAL_DEFAULTS = {
  ENVIRONMENT: "development",
  PAYMENTS_PROVIDER: "local",
  MAIL_PROVIDER: "outbox",
};

function devVarsDefine(name) {
  if (!existsSync(".dev.vars")) return false;
  return new RegExp(`^\\s*${name}\\s*=\\s*\\S`, "m").test(readFileSync(".dev.vars", "utf8"));
}

/** The name = value pairs of .dev.vars (surrounding quotes dropped), or none when there is no such file. */
export function readDevVars() {
  if (!existsSync(".dev.vars")) return {};
  const vars = {};
  for (const line of readFileSync(".dev.vars", "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2].replace(/^["']|["']$/g, "");
  }
  return vars;
}

/** The variables to lay over wrangler.toml's [vars] for a local server. */
export function localVarOverrides() {
  const overrides = {};
  for (const [name, value] of Object.entries(LOCAL_DEFAULTS)) {
    if (process.env[name]) overrides[name] = process.env[name];
    else if (!devVarsDefine(name)) overrides[name] = value;
  }
  return overrides;
}
