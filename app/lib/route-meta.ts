import type { MetaDescriptor } from "@remix-run/cloudflare";
import { pageTitle } from "./meta";

interface MatchWithData {
  id: string;
  data?: unknown;
}

/** The configurable product name, read from the root loader's data. */
export function appNameFrom(matches: MatchWithData[]): string | undefined {
  const root = matches.find((match) => match.id === "root")?.data as { appName?: string } | undefined;
  return root?.appName;
}

/** `meta` for a page whose tab should read "<product> - <title>" (SPEC §3). */
export function titleMeta(matches: MatchWithData[], title: string): MetaDescriptor[] {
  return [{ title: pageTitle(appNameFrom(matches), title) }];
}
