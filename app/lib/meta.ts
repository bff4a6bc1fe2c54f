/** SPEC §3: every tab reads "<product> - <title>". */
export function pageTitle(appName: string | undefined, title: string): string {
  return `${appName || "Ahla"} - ${title}`;
}
