/** The learning area's sections, in top-bar order, with the paths that count as "inside" each one. */
export const LEARNING_SECTIONS = [
  { to: "/video-library", label: "Library", icon: "grid", matches: ["/video-library", "/video/"] },
  { to: "/courses", label: "Courses", icon: "book", matches: ["/courses", "/course/"] },
  { to: "/series", label: "Series", icon: "play", matches: ["/series"] },
  { to: "/playlists", label: "Playlists", icon: "list", matches: ["/playlists", "/playlist/"] },
  {
    to: "/vocabulary-list",
    label: "Vocabulary",
    icon: "bookmark",
    matches: ["/vocabulary-list", "/global-vocabulary"],
  },
  { to: "/flashcards", label: "Flashcards", icon: "cards", matches: ["/flashcards", "/flashcard/"] },
  { to: "/listening-activity", label: "Listening", icon: "headphones", matches: ["/listening-activity"] },
  { to: "/community", label: "Community", icon: "chat", matches: ["/community"] },
] as const;

export type LearningSection = (typeof LEARNING_SECTIONS)[number];

export function isInSection(section: LearningSection, pathname: string): boolean {
  return section.matches.some(
    (prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`),
  );
}
