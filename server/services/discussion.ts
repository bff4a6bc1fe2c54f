import { isMostlyArabic } from "#core/community-paths";
import { renderMemberMarkdown } from "../lib/markdown";
import { avatarUrl } from "./profile";

// How lesson comments, blog comments and community messages present a post and its author, so the three
// read alike (docs/product-rules.md#discussions). Who may edit, delete or moderate stays in each service.

export interface DiscussionAuthor {
  id: number;
  name: string;
  avatarUrl: string | null;
}

export function toDiscussionAuthor(userId: number, name: string, avatarKey: string | null): DiscussionAuthor {
  return { id: userId, name, avatarUrl: avatarUrl(userId, avatarKey) };
}

export interface RenderedPost {
  /** Safe to put in the page as is: markdown without raw HTML (server/lib/markdown.ts). */
  html: string;
  /** Most letters are Arabic: the page marks the body `lang="ar"` (Arabic font and screen reader voice). */
  mostlyArabic: boolean;
}

export function renderPost(body: string): RenderedPost {
  return { html: renderMemberMarkdown(body), mostlyArabic: isMostlyArabic(body) };
}
