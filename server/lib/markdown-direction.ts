import type MarkdownItModule from "markdown-it";

type MarkdownIt = InstanceType<typeof MarkdownItModule>;
type Token = ReturnType<MarkdownIt["parse"]>[number];

// Arabic script letters and marks (Arabic, Supplement, Extended-A, presentation forms).
const ARABIC_CHAR = "\\u0600-\\u06ff\\u0750-\\u077f\\u08a0-\\u08ff\\ufb50-\\ufdff\\ufe70-\\ufeff";
const ARABIC_LETTER = /[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/gu;
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f\u1e00-\u1eff]/g;
/** A run of Arabic words, with the spaces (and zero-width joiners) between them. */
const ARABIC_RUN = new RegExp(`[${ARABIC_CHAR}]+(?:[\\s\\u200c\\u200d]+[${ARABIC_CHAR}]+)*`, "gu");

/** True when most letters of the text are Arabic script. */
export function isMostlyArabic(text: string): boolean {
  const arabic = text.match(ARABIC_LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  return arabic > 0 && arabic > latin;
}

const BLOCK_OPENERS = new Set([
  "paragraph_open",
  "heading_open",
  "list_item_open",
  "blockquote_open",
  "td_open",
  "th_open",
]);

/** The text of every inline token between an opener and its matching closer. */
function blockText(tokens: Token[], start: number): { text: string; end: number } {
  const opener = tokens[start]!;
  const closeType = opener.type.replace(/_open$/, "_close");
  let depth = 0;
  let text = "";
  for (let index = start; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === opener.type) depth += 1;
    else if (token.type === closeType) {
      depth -= 1;
      if (depth === 0) return { text, end: index };
    } else if (token.type === "inline") text += ` ${token.content}`;
  }
  return { text, end: tokens.length - 1 };
}

/**
 * Marks editorial markdown for bidirectional text, on the token stream (never on HTML strings):
 * a block whose letters are mostly Arabic (paragraph, heading, list item, quote, table cell) gets
 * `lang="ar" dir="rtl"`; inside other blocks each run of Arabic words is wrapped in
 * `<span lang="ar" dir="rtl">` so punctuation and word order around it come out right.
 */
export function markdownDirection(markdown: MarkdownIt) {
  markdown.core.ruler.push("arabic_direction", (state) => {
    const tokens = state.tokens;
    let rtlUntil = -1;
    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index]!;
      if (index > rtlUntil && BLOCK_OPENERS.has(token.type)) {
        const { text, end } = blockText(tokens, index);
        if (isMostlyArabic(text)) {
          token.attrSet("lang", "ar");
          token.attrSet("dir", "rtl");
          rtlUntil = end;
        }
      }
      if (token.type === "inline" && index > rtlUntil) {
        for (const child of token.children ?? []) {
          if (child.type === "text") child.meta = { ...(child.meta as object | null), wrapArabic: true };
        }
      }
    }
  });

  const escapeHtml = markdown.utils.escapeHtml;
  markdown.renderer.rules.text = (tokens, index) => {
    const token = tokens[index]!;
    const escaped = escapeHtml(token.content);
    if (!(token.meta as { wrapArabic?: boolean } | null)?.wrapArabic) return escaped;
    return escaped.replace(ARABIC_RUN, (run: string) => `<span lang="ar" dir="rtl">${run}</span>`);
  };
}
