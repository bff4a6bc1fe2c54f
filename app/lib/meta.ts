/** Every tab reads "<product> - <title>" (docs/product-rules.md#tab-titles). */
export function pageTitle(appName: string | undefined, title: string): string {
  return `${appName || "Ahla"} - ${title}`;
}

interface MetaMatchLike {
  id: string;
  data?: unknown;
}

/** The product name from the root loader, read inside a route's `meta` (undefined while it errors). */
export function rootAppName(matches: ReadonlyArray<MetaMatchLike | undefined>): string | undefined {
  const root = matches.find((match) => match?.id === "root");
  const data = root?.data as { appName?: unknown } | undefined;
  return typeof data?.appName === "string" ? data.appName : undefined;
}
