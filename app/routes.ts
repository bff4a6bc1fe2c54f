import type { RouteConfigEntry } from "@remix-run/route-config";

// Every URL of the app and the module that serves it (Remix's route config: vite.config.ts enables
// `v3_routeConfig`). Route modules live with their feature under app/features/<feature>/routes/; the
// layouts in app/layouts/ (docs/architecture.md). Ids default to the file path; a module mounted at more
// than one URL (the lesson page) gets an id per mount. The type is @remix-run/route-config's; its helpers
// (`route`, `index`, `layout`) are not used because they load @remix-run/dev, which
// tests/integration/admin-pages.test.ts cannot import in workerd when it reads this file.

const route = (path: string, file: string, options: { id?: string } = {}): RouteConfigEntry => ({
  path,
  file,
  ...options,
});
/** An index route; with a path, the index of a pathless layout at that URL (so a form posting to it adds `?index`). */
const index = (file: string, path?: string): RouteConfigEntry => ({ index: true, file, ...(path ? { path } : {}) });
const layout = (file: string, children: RouteConfigEntry[], options: { id?: string } = {}): RouteConfigEntry => ({
  file,
  children,
  ...options,
});

export default [
  // The learner's app: header with the learning sections, sign-in required on most pages.
  layout("layouts/main.tsx", [
    // accounts
    route("profile", "features/accounts/routes/profile.tsx"),
    route("settings", "features/accounts/routes/settings.tsx"),
    // billing
    route("manage-subscription", "features/billing/routes/manage-subscription.tsx"),
    // collections
    index("features/collections/routes/course-by-id.tsx", "course/:courseId"),
    route("course/:courseId/:courseSlug", "features/collections/routes/course.tsx"),
    route("courses", "features/collections/routes/courses.tsx"),
    index("features/collections/routes/playlist-by-id.tsx", "playlist/:playlistId"),
    route("playlist/:playlistId/:playlistSlug", "features/collections/routes/playlist.tsx"),
    route("playlists", "features/collections/routes/playlists.tsx"),
    route("playlists/add/:videoId", "features/collections/routes/playlist-add.tsx"),
    index("features/collections/routes/series-list.tsx", "series"),
    index("features/collections/routes/series-by-id.tsx", "series/:seriesId"),
    route("series/:seriesId/:seriesSlug", "features/collections/routes/series.tsx"),
    // community
    index("features/community/routes/groups.tsx", "community"),
    index("features/community/routes/group-by-id.tsx", "community/:groupId"),
    route("community/:groupId/:groupSlug", "features/community/routes/group.tsx"),
    index("features/community/routes/thread-by-id.tsx", "community/:groupId/:groupSlug/thread/:threadId"),
    route("community/:groupId/:groupSlug/thread/:threadId/:threadSlug", "features/community/routes/thread.tsx"),
    // flashcards
    route("flashcard/:collectionId", "features/flashcards/routes/collection-by-id.tsx"),
    route("flashcard/:collectionId/:slug", "features/flashcards/routes/collection.tsx"),
    index("features/flashcards/routes/flashcards.tsx", "flashcards"),
    route("flashcards/my-words", "features/flashcards/routes/my-words.tsx"),
    route("flashcards/review", "features/flashcards/routes/review.tsx"),
    // lessons
    route("course/:courseId/:courseSlug/:videoId/:videoSlug", "features/lessons/routes/lesson.tsx", {
      id: "lesson-in-course",
    }),
    route("playlist/:playlistId/:playlistSlug/:videoId/:videoSlug", "features/lessons/routes/lesson-in-playlist.tsx", {
      id: "lesson-in-playlist",
    }),
    route("series/:seriesId/:seriesSlug/:videoId/:videoSlug", "features/lessons/routes/lesson.tsx", {
      id: "lesson-in-series",
    }),
    index("features/lessons/routes/lesson-by-id.tsx", "video/:videoId"),
    route("video/:videoId/:videoSlug", "features/lessons/routes/lesson.tsx", { id: "lesson" }),
    // library
    route("video-library", "features/library/routes/library.tsx"),
    // offline
    route("downloads", "features/offline/routes/downloads.tsx"),
    // speaking
    route("speaking", "features/speaking/routes/recordings.tsx"),
    // onboarding and progress
    route("onboarding", "features/onboarding/routes/onboarding.tsx"),
    route("progress", "features/progress/routes/progress.tsx"),
    // listening
    index("features/listening/routes/activities.tsx", "listening-activity"),
    index("features/listening/routes/activity-by-id.tsx", "listening-activity/:activityId"),
    route("listening-activity/:activityId/:activitySlug", "features/listening/routes/activity.tsx"),
    // vocabulary
    index("features/vocabulary/routes/deck-by-id.tsx", "global-vocabulary-deck/:deckId"),
    index("features/vocabulary/routes/deck.tsx", "global-vocabulary-deck/:deckId/:deckSlug"),
    route("global-vocabulary-deck/:deckId/:deckSlug/play", "features/vocabulary/routes/deck-play.tsx"),
    route("global-vocabulary-deck/:deckId/:deckSlug/vocabularies", "features/vocabulary/routes/deck-words.tsx"),
    index("features/vocabulary/routes/theme-by-id.tsx", "global-vocabulary-theme/:themeId"),
    route("global-vocabulary-theme/:themeId/:themeSlug", "features/vocabulary/routes/theme.tsx"),
    index("features/vocabulary/routes/lists.tsx", "vocabulary-list"),
    index("features/vocabulary/routes/list-by-id.tsx", "vocabulary-list/:listId"),
    route("vocabulary-list/:listId/:listSlug", "features/vocabulary/routes/list.tsx"),
    route("vocabulary-list/:listId/:listSlug/play", "features/vocabulary/routes/list-play.tsx"),
    // words
    index("features/words/routes/lemma-by-id.tsx", "word/:lemmaId"),
    route("word/:lemmaId/:lemmaKey", "features/words/routes/lemma.tsx"),
  ]),
  // The public site: marketing header and footer.
  layout("layouts/public.tsx", [
    // billing
    index("features/billing/routes/plans.tsx", "checkout"),
    route("checkout-success/:planName", "features/billing/routes/checkout-success.tsx"),
    route("checkout/:planName", "features/billing/routes/checkout.tsx"),
    route("retain", "features/billing/routes/retain.tsx"),
    route("settings/payment", "features/billing/routes/payment-settings.tsx"),
    // blog
    index("features/blog/routes/blog.tsx", "blog"),
    index("features/blog/routes/post-by-id.tsx", "blog/:blogId"),
    route("blog/:blogId/:blogSlug", "features/blog/routes/post.tsx"),
    // landing
    index("features/landing/routes/home.tsx"),
    route("about", "features/landing/routes/about.tsx"),
    route("faq", "features/landing/routes/faq.tsx"),
    route("privacy-policy", "features/landing/routes/privacy-policy.tsx"),
    route("terms-of-use", "features/landing/routes/terms-of-use.tsx"),
    // newsletter
    route("newsletter", "features/newsletter/routes/newsletter.tsx"),
    route("newsletter/confirm", "features/newsletter/routes/confirm.tsx"),
    route("newsletter/unsubscribe", "features/newsletter/routes/unsubscribe.tsx"),
    // reminders
    route("reminders/unsubscribe", "features/reminders/routes/unsubscribe.tsx"),
  ]),
  // Sign-in pages: a bare card.
  layout("layouts/auth.tsx", [
    // accounts
    route("auth/404", "features/accounts/routes/auth-not-found.tsx"),
    route("auth/email-link", "features/accounts/routes/email-link.tsx"),
    route("auth/forgotpassword", "features/accounts/routes/forgot-password.tsx"),
    route("auth/login", "features/accounts/routes/login.tsx"),
    route("auth/logout", "features/accounts/routes/logout.tsx"),
    route("auth/resetpassword", "features/accounts/routes/reset-password.tsx"),
    route("auth/signup", "features/accounts/routes/signup.tsx"),
    route("auth/verify-email", "features/accounts/routes/verify-email.tsx"),
  ]),
  // The admin area: its own shell and sidebar; every page requires the admin permission.
  {
    path: "admin",
    file: "features/admin/routes/layout.tsx",
    id: "admin",
    children: [
      index("features/admin/routes/dashboard.tsx"),
      route(":page", "features/admin/routes/resource-list.tsx"),
      route(":page/:id", "features/admin/routes/resource-edit.tsx"),
      route(":page/:id/delete", "features/admin/routes/resource-delete.tsx"),
      route(":page/new", "features/admin/routes/resource-new.tsx"),
      route("mailing-list", "features/admin/routes/mailing-list.tsx"),
      route("mailing-list.csv", "features/admin/routes/mailing-list-csv.tsx"),
      route("mass-global-vocabulary-update", "features/admin/routes/mass-global-vocabulary-update.tsx"),
      route("mass-vocabulary-update", "features/admin/routes/mass-vocabulary-update.tsx"),
      route("mass-lemma-update", "features/admin/routes/mass-lemma-update.tsx"),
      route("glossing", "features/admin/routes/glossing.tsx"),
      route("subtitles-generator", "features/admin/routes/subtitles-generator.tsx"),
      route("audit-log", "features/admin/routes/audit-log.tsx"),
      route("revenue", "features/admin/routes/revenue.tsx"),
      route("users", "features/admin/routes/users.tsx"),
      route("users/new", "features/admin/routes/user-new.tsx"),
      route("users/:userId/export", "features/admin/routes/user-export.tsx"),
      route("users-permissions", "features/admin/routes/users-permissions.tsx"),
      route("users/:userId", "features/admin/routes/user.tsx"),
      route("video-ai-chat", "features/admin/routes/video-ai-chat.tsx"),
      route("videos/:videoId/lesson", "features/admin/routes/lesson-workspace.tsx"),
    ],
  },
  // accounts
  route("auth/google", "features/accounts/routes/google.tsx"),
  route("auth/google/callback", "features/accounts/routes/google-callback.tsx"),
  route("avatars/:userId", "features/accounts/routes/avatar.tsx"),
  // blog
  route("blog/rss.xml", "features/blog/routes/rss-xml.tsx"),
  // dev
  route("dev/cron", "features/dev/routes/cron.tsx"),
  route("dev/mailbox", "features/dev/routes/mailbox.tsx"),
  // site
  route("*", "features/site/routes/not-found.tsx"),
  route("robots.txt", "features/site/routes/robots-txt.tsx"),
  route("sitemap.xml", "features/site/routes/sitemap-xml.tsx"),
  route("thumbnail/:kind/:id", "features/site/routes/thumbnail.tsx"),
  // vocabulary
  route("vocabulary-list/:listId/export.csv", "features/vocabulary/routes/list-export-csv.tsx"),
] satisfies RouteConfigEntry[];
