/**
 * A lemma's key from its transliteration, the way seed/lexicon.ts writes them by hand: ʕ → 3, ħ → 7, ʔ → 2
 * (dropped at the start of a word), long vowels kept doubled, anything else that is not a letter or a digit
 * becomes a hyphen ("ballash", "3ind", "mnii7", "ustaaz"). Empty when nothing usable is left.
 */
export function lemmaKeyFrom(transliteration: string): string {
  return transliteration
    .normalize("NFC")
    .toLowerCase()
    .replace(/(^|[^\p{L}\p{N}ʔʕħ])[ʔ'’]/gu, "$1")
    .replace(/[ʔɁɂ'’]/g, "2")
    .replace(/ʕ/g, "3")
    .replace(/ħ/g, "7")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
}

/** The first of `base`, `base-2`, `base-3`… that `taken` does not hold. */
export function freeKey(base: string, taken: ReadonlySet<string>): string {
  const root = base || "lemma";
  if (!taken.has(root)) return root;
  for (let index = 2; ; index += 1) {
    const candidate = `${root}-${index}`;
    if (!taken.has(candidate)) return candidate;
  }
}
