/** A lemma's page (app/routes.ts: `word/:lemmaId/:lemmaKey`): its id, then its key for people to read. */
export function lemmaHref(lemma: { id: number; key: string }): string {
  return `/word/${lemma.id}/${encodeURIComponent(lemma.key)}`;
}
