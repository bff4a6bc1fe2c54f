import MarkdownIt from "markdown-it";
import { markdownDirection } from "./markdown-direction";

// Raw HTML is escaped (html: false) and markdown-it's validateLink refuses javascript:, vbscript:, file: and
// data: URLs, so the output is safe to inject.
function createRenderer(kind: "member" | "editorial") {
  const markdown = new MarkdownIt({ html: false, linkify: true, breaks: kind === "member", typographer: false });
  // Members' posts: no images (tracking pixels) and no headings (shouting).
  if (kind === "member") markdown.disable(["image", "heading", "lheading", "table", "hr"]);
  const external = kind === "member" ? "nofollow ugc noopener" : "noopener";
  markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    const href = String(token.attrGet("href") ?? "");
    if (kind === "member" || /^https?:\/\//i.test(href)) token.attrSet("rel", external);
    return self.renderToken(tokens, index, options);
  };
  return markdown;
}

const memberMarkdown = createRenderer("member");
// Blog posts quote Arabic inside English prose: mark its direction (server/lib/markdown-direction.ts).
const editorialMarkdown = createRenderer("editorial").use(markdownDirection);

/** Markdown written by members (comments, community messages) to HTML that is safe to put in the page. */
export function renderMemberMarkdown(body: string): string {
  return memberMarkdown.render(body);
}

/** Markdown written by editors (blog posts): headings, images and tables allowed; still no raw HTML. */
export function renderEditorialMarkdown(body: string): string {
  return editorialMarkdown.render(body);
}

/**
 * A lesson's description (written in the admin's Markdown field) for its page: the blog's renderer, so the
 * same safety holds (no raw HTML, no javascript:/data: links).
 */
export function renderLessonDescription(body: string): string {
  return editorialMarkdown.render(body);
}

/**
 * Markdown as plain text, for where a description is shown or sent as text (library excerpts, the search
 * index, meta descriptions): the words without `**`, `#`, link targets or HTML, whitespace collapsed.
 */
export function markdownToText(body: string): string {
  const parts: string[] = [];
  for (const token of editorialMarkdown.parse(body, {})) {
    if (token.type === "inline") {
      for (const child of token.children ?? []) {
        if (child.type === "text" || child.type === "code_inline") parts.push(child.content);
        else if (child.type === "softbreak" || child.type === "hardbreak") parts.push(" ");
        else if (child.type === "image") parts.push(child.content);
      }
      parts.push(" ");
    } else if (token.type === "code_block" || token.type === "fence") {
      parts.push(token.content, " ");
    }
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}
