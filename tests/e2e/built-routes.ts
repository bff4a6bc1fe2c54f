import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { isAudience, stricter, type Audience } from "../../app/lib/audience";

// The built app's routes, as the specs that visit every page read them: the route manifest the browser gets
// (ids, parents, paths, which routes have an action) and the audience each route module declares.

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
}

export function routeManifest(): Record<string, ManifestRoute> {
  const dir = "build/client/assets";
  const file = readdirSync(dir).find((name) => name.startsWith("manifest-"));
  if (!file) throw new Error("No route manifest in build/client: build the app first.");
  const text = readFileSync(`${dir}/${file}`, "utf8");
  return (
    JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as {
      routes: Record<string, ManifestRoute>;
    }
  ).routes;
}

/**
 * `export const audience` of every route module in the server build (build/server/index.js exports its
 * routes with their modules), by route id; whatever a module exports there, undefined included. The build
 * is made for workerd: Node loads it only under the `worker` export condition (react-dom/server's
 * web-streams renderer), which a running process cannot switch on, so a child Node imports it.
 */
export function builtAudiences(): Record<string, unknown> {
  const build = pathToFileURL(resolve("build/server/index.js")).href;
  const script = `
    const { routes } = await import(${JSON.stringify(build)});
    const audiences = Object.fromEntries(
      Object.entries(routes).map(([id, route]) => [id, route.module.audience ?? null]),
    );
    process.stdout.write("\\n" + JSON.stringify(audiences));`;
  const output = execFileSync(process.execPath, ["--conditions=worker", "--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  return JSON.parse(output.trim().split("\n").at(-1)!) as Record<string, unknown>;
}

/** The root and the pathless layouts render no page of their own: nobody opens them. */
export function isLayout(route: ManifestRoute): boolean {
  return route.id === "root" || (!route.path && !route.index);
}

/** Who may open a page: the strictest audience along it and the layouts above it (all declared). */
export function pageAudience(routes: Record<string, ManifestRoute>, declared: Record<string, unknown>, id: string) {
  let audience: Audience = "public";
  for (
    let route: ManifestRoute | undefined = routes[id];
    route;
    route = route.parentId ? routes[route.parentId] : undefined
  ) {
    const own = declared[route.id];
    if (!isAudience(own)) throw new Error(`${route.id} declares no audience`);
    audience = stricter(audience, own);
  }
  return audience;
}
