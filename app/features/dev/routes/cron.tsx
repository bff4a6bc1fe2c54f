import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hasDevelopmentTools } from "#server/lib/config";
import { runScheduledJobs } from "#server/services/scheduled";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

// A development tool: absent in production, where server/app.ts answers 404 before Remix.
export const audience: Audience = "public";

/**
 * Development only: runs the Worker's cron jobs now, or at `?now=<ISO date>` (a clock in the future
 * plays renewals and expiries), e.g. `curl -X POST "http://127.0.0.1:8787/dev/cron?now=2030-01-01T00:00:00Z"`.
 * `npm run dev` (Vite) has no scheduled handler; under `wrangler dev` the built-in
 * `/cdn-cgi/local/scheduled?time=<ms>` reaches the real one too.
 */
export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  if (!hasDevelopmentTools(context.app.config)) throw new Response("Not found", { status: 404 });
  if (request.method !== "POST") throw new Response("Use POST.", { status: 405 });
  const given = new URL(request.url).searchParams.get("now");
  const now = given ? new Date(given) : context.app.now();
  if (Number.isNaN(now.getTime())) {
    return Response.json({ errors: ["now must be an ISO date, e.g. 2030-01-01T00:00:00Z."] }, { status: 400 });
  }
  const report = await runScheduledJobs(context.env, now);
  return Response.json({ data: { ranAt: now.toISOString(), ...report } });
});

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  if (!hasDevelopmentTools(context.app.config)) throw new Response("Not found", { status: 404 });
  return Response.json(
    { errors: ['POST to run the cron jobs: curl -X POST "/dev/cron?now=2030-01-01T00:00:00Z"'] },
    { status: 405, headers: { Allow: "POST" } },
  );
});
