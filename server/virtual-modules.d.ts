declare module "virtual:remix-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  const build: ServerBuild;
  export = build;
}
