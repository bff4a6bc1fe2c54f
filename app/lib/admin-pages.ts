/**
 * Every /admin/<page> (docs/product-rules.md#admin-pages), in the order the sidebar shows them. The admin layout and
 * the resource registry both read this list, so a page is named once.
 */
export const ADMIN_PAGE_GROUPS = ["Content", "Learning", "Community", "Users & billing", "Tools"] as const;
export type AdminPageGroup = (typeof ADMIN_PAGE_GROUPS)[number];

export interface AdminPage {
  slug: string;
  label: string;
  group: AdminPageGroup;
  /** One line for headings and the dashboard: what an administrator does there. */
  description: string;
}

export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    slug: "videos",
    label: "Videos",
    group: "Content",
    description: "Lessons: titles, level, publishing, video and thumbnail files.",
  },
  {
    slug: "video-attachments",
    label: "Video attachments",
    group: "Content",
    description: "Worksheets and files learners download beside a lesson.",
  },
  {
    slug: "videos-categories",
    label: "Video categories",
    group: "Content",
    description: "Which categories each lesson belongs to.",
  },
  {
    slug: "videos-teachers",
    label: "Video teachers",
    group: "Content",
    description: "Which teachers appear in each lesson.",
  },
  {
    slug: "video-ai-chat",
    label: "Video AI chat",
    group: "Content",
    description: "Per-lesson AI tutor settings and context notes.",
  },
  { slug: "categories", label: "Categories", group: "Content", description: "Topics used to filter the library." },
  { slug: "teacher", label: "Teachers", group: "Content", description: "Teacher profiles, bios and their country." },
  { slug: "countries", label: "Countries", group: "Content", description: "Countries and the dialect spoken there." },
  { slug: "series", label: "Series", group: "Content", description: "Ordered sets of lessons that tell one story." },
  {
    slug: "study-track",
    label: "Courses",
    group: "Content",
    description: "Structured courses (study tracks) by level.",
  },
  {
    slug: "study-track-video",
    label: "Course lessons",
    group: "Content",
    description: "The lessons of each course and their order.",
  },
  {
    slug: "study-track-teacher",
    label: "Course teachers",
    group: "Content",
    description: "Teachers credited on each course.",
  },
  {
    slug: "collection",
    label: "Collections",
    group: "Content",
    description: "Curated playlists shown to every learner.",
  },
  { slug: "blogs", label: "Blog posts", group: "Content", description: "Articles, drafts and publishing dates." },
  {
    slug: "suggested-blogs",
    label: "Suggested posts",
    group: "Content",
    description: "Posts recommended under each article.",
  },

  {
    slug: "video-vocabulary",
    label: "Lesson vocabulary",
    group: "Learning",
    description: "Words taught in each lesson, with timing.",
  },
  {
    slug: "video-sentence-order",
    label: "Sentence order",
    group: "Learning",
    description: "Put-the-words-in-order exercises per lesson.",
  },
  {
    slug: "video-sentence-gap",
    label: "Sentence gaps",
    group: "Learning",
    description: "Fill-the-gap exercises and accepted answers.",
  },
  {
    slug: "flashcollections",
    label: "Flashcard collections",
    group: "Learning",
    description: "Decks of flashcards grouped by theme and level.",
  },
  {
    slug: "flashcards",
    label: "Flashcards",
    group: "Learning",
    description: "Cards with Arabic, transliteration, English, audio and image.",
  },
  {
    slug: "listening-activities-groups",
    label: "Listening groups",
    group: "Learning",
    description: "Groups that organise listening activities.",
  },
  {
    slug: "listening-activities",
    label: "Listening activities",
    group: "Learning",
    description: "Audio and video clips with their questions.",
  },
  {
    slug: "listening-questions",
    label: "Listening questions",
    group: "Learning",
    description: "Multiple-choice and dictation questions of each activity.",
  },
  {
    slug: "global-vocabulary-theme",
    label: "Vocabulary themes",
    group: "Learning",
    description: "Top-level themes of the global vocabulary.",
  },
  {
    slug: "global-vocabulary-deck-category",
    label: "Deck categories",
    group: "Learning",
    description: "Categories that sort vocabulary decks.",
  },
  {
    slug: "global-vocabulary-deck",
    label: "Vocabulary decks",
    group: "Learning",
    description: "Decks of words inside each theme.",
  },
  {
    slug: "global-vocabulary-single-vocabulary",
    label: "Vocabulary words",
    group: "Learning",
    description: "Single words with examples and audio.",
  },

  {
    slug: "community-groups",
    label: "Community groups",
    group: "Community",
    description: "Discussion groups learners can join.",
  },
  {
    slug: "community-threads",
    label: "Community threads",
    group: "Community",
    description: "Threads: pin, lock, move or remove.",
  },
  {
    slug: "community-messages",
    label: "Community messages",
    group: "Community",
    description: "Messages in threads, for moderation.",
  },
  {
    slug: "videos-comments",
    label: "Lesson comments",
    group: "Community",
    description: "Comments under lessons, for moderation.",
  },
  {
    slug: "blog-comments",
    label: "Blog comments",
    group: "Community",
    description: "Comments under blog posts: hide or remove.",
  },

  {
    slug: "users",
    label: "Users",
    group: "Users & billing",
    description: "Member accounts, status and subscriptions.",
  },
  {
    slug: "users-permissions",
    label: "User permissions",
    group: "Users & billing",
    description: "Who can administer and moderate.",
  },
  {
    slug: "subscription-cancel-reasons",
    label: "Cancel reasons",
    group: "Users & billing",
    description: "Reasons offered when a member cancels.",
  },
  {
    slug: "mailing-list",
    label: "Mailing list",
    group: "Users & billing",
    description: "Newsletter subscribers and their consent.",
  },

  {
    slug: "subtitles-generator",
    label: "Subtitles generator",
    group: "Tools",
    description: "Generate or upload WebVTT transcripts and edit cues.",
  },
  {
    slug: "mass-vocabulary-update",
    label: "Mass vocabulary update",
    group: "Tools",
    description: "Update lesson vocabulary in bulk.",
  },
  {
    slug: "mass-global-vocabulary-update",
    label: "Mass global vocabulary update",
    group: "Tools",
    description: "Import or update global vocabulary in bulk.",
  },
];

export function getAdminPage(slug: string): AdminPage | undefined {
  return ADMIN_PAGES.find((page) => page.slug === slug);
}

export function adminPagesByGroup(): Array<{ group: AdminPageGroup; pages: AdminPage[] }> {
  return ADMIN_PAGE_GROUPS.map((group) => ({ group, pages: ADMIN_PAGES.filter((page) => page.group === group) }));
}
