/**
 * Text typed before hydration survives it. The page is usable before its scripts arrive (they load after
 * the first paint, ADR 023), but React 18 puts every server-rendered <textarea> back to its server text when
 * it hydrates it (inputs keep what was typed). `entry.client.tsx` notes what was typed just before it
 * hydrates; the root route puts it back once the hydrated tree is committed.
 */
let typed: Array<[HTMLTextAreaElement, string]> = [];

export function rememberTypedText() {
  typed = Array.from(document.querySelectorAll("textarea"))
    .filter((textarea) => textarea.value !== textarea.defaultValue)
    .map((textarea) => [textarea, textarea.value]);
}

export function restoreTypedText() {
  for (const [textarea, value] of typed) {
    if (textarea.isConnected && textarea.value === textarea.defaultValue) textarea.value = value;
  }
  typed = [];
}
