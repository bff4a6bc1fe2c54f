import { blogsResource } from "./resources/blogs";
import { blogCommentsResource } from "./resources/blog-comments";
import { suggestedBlogsResource } from "./resources/suggested-blogs";
import { flashcollectionsResource } from "./resources/flashcollections";
import { flashcardsResource } from "./resources/flashcards";
import { listeningActivitiesGroupsResource } from "./resources/listening-activities-groups";
import { listeningActivitiesResource } from "./resources/listening-activities";
import { listeningQuestionsResource } from "./resources/listening-questions";
import { globalVocabularyThemeResource } from "./resources/global-vocabulary-theme";
import { globalVocabularyDeckCategoryResource } from "./resources/global-vocabulary-deck-category";
import { globalVocabularyDeckResource } from "./resources/global-vocabulary-deck";
import { globalVocabularySingleVocabularyResource } from "./resources/global-vocabulary-single-vocabulary";
import { communityGroupsResource } from "./resources/community-groups";
import { communityThreadsResource } from "./resources/community-threads";
import { communityMessagesResource } from "./resources/community-messages";
import { subscriptionCancelReasonsResource } from "./resources/subscription-cancel-reasons";
import { categoriesResource } from "./resources/categories";
import { collectionResource, seriesResource, studyTrackResource } from "./resources/collections";
import { countriesResource } from "./resources/countries";
import {
  studyTrackTeacherResource,
  studyTrackVideoResource,
  videosCategoriesResource,
  videosTeachersResource,
} from "./resources/join-tables";
import {
  videoSentenceGapResource,
  videoSentenceOrderResource,
  videosCommentsResource,
  videoVocabularyResource,
} from "./resources/lesson-content";
import { faqsResource } from "./resources/faqs";
import { lemmasResource } from "./resources/lemmas";
import { plansResource } from "./resources/plans";
import { teacherResource } from "./resources/teacher";
import { testimonialsResource } from "./resources/testimonials";
import { videoAttachmentsResource } from "./resources/video-attachments";
import { videosResource } from "./resources/videos";
import type { AdminResource } from "./types";

// Every /admin/<page>, declared once, in the order the sidebar shows them (docs/product-rules.md#admin-pages).
// A registry resource is its own page (its slug, label and description); a bespoke page (its own route
// module under app/features/admin/routes/) is declared here with the same three fields. The registry's
// resource list, the sidebar, the dashboard's shortcuts and the page headers all read this list.

export const ADMIN_PAGE_GROUPS = ["Content", "Learning", "Community", "Users & billing", "Tools"] as const;
export type AdminPageGroup = (typeof ADMIN_PAGE_GROUPS)[number];

export interface AdminPage {
  slug: string;
  label: string;
  group: AdminPageGroup;
  /** One line for the dashboard: what an administrator does there. */
  description: string;
}

type SidebarEntry = AdminResource | Omit<AdminPage, "group">;

const SIDEBAR: ReadonlyArray<{ group: AdminPageGroup; pages: readonly SidebarEntry[] }> = [
  {
    group: "Content",
    pages: [
      videosResource,
      videoAttachmentsResource,
      videosCategoriesResource,
      videosTeachersResource,
      { slug: "video-ai-chat", label: "Video AI chat", description: "Per-lesson AI tutor settings and context notes." },
      categoriesResource,
      teacherResource,
      countriesResource,
      seriesResource,
      studyTrackResource,
      studyTrackVideoResource,
      studyTrackTeacherResource,
      collectionResource,
      blogsResource,
      suggestedBlogsResource,
      faqsResource,
      testimonialsResource,
    ],
  },
  {
    group: "Learning",
    pages: [
      lemmasResource,
      {
        slug: "glossing",
        label: "Glossing",
        description: "How much of the catalogue is glossed, and the unglossed words, most frequent first.",
      },
      videoVocabularyResource,
      videoSentenceOrderResource,
      videoSentenceGapResource,
      flashcollectionsResource,
      flashcardsResource,
      listeningActivitiesGroupsResource,
      listeningActivitiesResource,
      listeningQuestionsResource,
      globalVocabularyThemeResource,
      globalVocabularyDeckCategoryResource,
      globalVocabularyDeckResource,
      globalVocabularySingleVocabularyResource,
    ],
  },
  {
    group: "Community",
    pages: [
      communityGroupsResource,
      communityThreadsResource,
      communityMessagesResource,
      videosCommentsResource,
      blogCommentsResource,
    ],
  },
  {
    group: "Users & billing",
    pages: [
      { slug: "users", label: "Users", description: "Member accounts, status and subscriptions." },
      { slug: "users-permissions", label: "User permissions", description: "Who can administer and moderate." },
      { slug: "revenue", label: "Revenue", description: "Recurring revenue, its movement, trials and refunds." },
      { slug: "audit-log", label: "Audit log", description: "Every change made in the admin: who, when, what." },
      plansResource,
      subscriptionCancelReasonsResource,
      { slug: "mailing-list", label: "Mailing list", description: "Newsletter subscribers and their consent." },
    ],
  },
  {
    group: "Tools",
    pages: [
      {
        slug: "subtitles-generator",
        label: "Subtitles generator",
        description: "Generate or upload WebVTT transcripts and edit cues.",
      },
      {
        slug: "mass-vocabulary-update",
        label: "Mass vocabulary update",
        description: "Update lesson vocabulary in bulk.",
      },
      {
        slug: "mass-global-vocabulary-update",
        label: "Mass global vocabulary update",
        description: "Import or update global vocabulary in bulk.",
      },
      {
        slug: "mass-lemma-update",
        label: "Mass lexicon update",
        description: "Import or update lemmas of the lexicon in bulk.",
      },
    ],
  },
];

const isResource = (entry: SidebarEntry): entry is AdminResource => "table" in entry;

/** The resources behind the generic admin pages and /api/admin/<slug>, in sidebar order. */
export const ADMIN_RESOURCES: readonly AdminResource[] = SIDEBAR.flatMap(({ pages }) => pages.filter(isResource));

/** The sidebar: each group with its pages, in order. */
export const ADMIN_SIDEBAR: ReadonlyArray<{ group: AdminPageGroup; pages: AdminPage[] }> = SIDEBAR.map(
  ({ group, pages }) => ({
    group,
    pages: pages.map(({ slug, label, description }) => ({ slug, label, group, description })),
  }),
);

export const ADMIN_PAGES: readonly AdminPage[] = ADMIN_SIDEBAR.flatMap(({ pages }) => pages);

export function getAdminPage(slug: string): AdminPage | undefined {
  return ADMIN_PAGES.find((page) => page.slug === slug);
}
