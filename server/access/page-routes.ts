/**
 * Who may open each page (each Remix route module, by its route id), declared in one table as the JSON
 * API's is (./api-routes.ts). The route modules enforce it (`requireMember`, `requireAdmin` in
 * app/lib/auth.server.ts, the admin layout); tests/e2e/page-access.spec.ts reads the built app's route
 * manifest, fails on a route missing here or listed here and gone, and opens every page (and posts to
 * every action) as eight kinds of caller to prove the answers match this table.
 *
 * - `public`: anyone. A signed-in member may see more (their progress, a comment box) but nobody is sent
 *   to sign in. Pages of objects that need more (a premium lesson's video) say so on the page.
 * - `member`: a signed-in member with an open session and an enabled account; anyone else is sent to
 *   /auth/login with the page as the return address.
 * - `admin`: a member with the administrator's permission; anyone not signed in is sent to sign in, and a
 *   member without it is signed out on the way (/auth/logout?reason=admin).
 */
export type PageAudience = "public" | "member" | "admin";

export const PAGE_ACCESS = {
  // The learner's app
  "features/accounts/routes/profile": "member",
  "features/accounts/routes/settings": "member",
  "features/billing/routes/manage-subscription": "member",
  "features/collections/routes/course-by-id": "public",
  "features/collections/routes/course": "public",
  "features/collections/routes/courses": "public",
  "features/collections/routes/playlist-by-id": "member",
  "features/collections/routes/playlist": "member",
  // The curated playlists for everyone; a member's own below them.
  "features/collections/routes/playlists": "public",
  "features/collections/routes/series-list": "public",
  "features/collections/routes/series-by-id": "public",
  "features/collections/routes/series": "public",
  "features/community/routes/groups": "public",
  "features/community/routes/group-by-id": "public",
  "features/community/routes/group": "public",
  "features/community/routes/thread-by-id": "public",
  "features/community/routes/thread": "public",
  "features/flashcards/routes/collection-by-id": "public",
  "features/flashcards/routes/collection": "public",
  "features/flashcards/routes/flashcards": "public",
  "features/flashcards/routes/my-words": "member",
  "features/flashcards/routes/review": "member",
  "lesson-in-course": "member",
  "lesson-in-playlist": "member",
  "lesson-in-series": "member",
  "features/lessons/routes/lesson-by-id": "public",
  lesson: "member",
  "features/library/routes/library": "public",
  "features/onboarding/routes/onboarding": "member",
  "features/progress/routes/progress": "member",
  "features/listening/routes/activities": "public",
  "features/listening/routes/activity-by-id": "member",
  "features/listening/routes/activity": "member",
  "features/vocabulary/routes/deck-by-id": "member",
  "features/vocabulary/routes/deck": "member",
  "features/vocabulary/routes/deck-play": "member",
  "features/vocabulary/routes/deck-words": "member",
  "features/vocabulary/routes/theme-by-id": "member",
  "features/vocabulary/routes/theme": "member",
  "features/vocabulary/routes/lists": "member",
  "features/vocabulary/routes/list-by-id": "member",
  "features/vocabulary/routes/list": "member",
  "features/vocabulary/routes/list-play": "member",
  "features/vocabulary/routes/list-export-csv": "member",

  // Public pages, checkout and the blog
  "features/billing/routes/plans": "member",
  "features/billing/routes/checkout-success": "member",
  "features/billing/routes/checkout": "member",
  // Reached from billing emails: signed out, they say what to do and offer to sign in.
  "features/billing/routes/retain": "public",
  "features/billing/routes/payment-settings": "public",
  "features/blog/routes/blog": "public",
  "features/blog/routes/post-by-id": "public",
  "features/blog/routes/post": "public",
  "features/blog/routes/rss-xml": "public",
  "features/landing/routes/home": "public",
  "features/landing/routes/about": "public",
  "features/landing/routes/faq": "public",
  "features/landing/routes/privacy-policy": "public",
  "features/landing/routes/terms-of-use": "public",
  "features/newsletter/routes/newsletter": "public",
  "features/newsletter/routes/confirm": "public",
  "features/newsletter/routes/unsubscribe": "public",
  "features/reminders/routes/unsubscribe": "public",

  // Signing in and out
  "features/accounts/routes/auth-not-found": "public",
  "features/accounts/routes/forgot-password": "public",
  "features/accounts/routes/login": "public",
  "features/accounts/routes/email-link": "public",
  // Asks a signed-in member to confirm; anyone else has nothing to sign out of and is sent to sign in.
  "features/accounts/routes/logout": "member",
  "features/accounts/routes/reset-password": "public",
  "features/accounts/routes/signup": "public",
  "features/accounts/routes/verify-email": "public",
  "features/accounts/routes/google": "public",
  "features/accounts/routes/google-callback": "public",
  "features/accounts/routes/avatar": "public",

  // The admin area
  admin: "admin",
  "features/admin/routes/dashboard": "admin",
  "features/admin/routes/resource-list": "admin",
  "features/admin/routes/resource-edit": "admin",
  "features/admin/routes/resource-delete": "admin",
  "features/admin/routes/resource-new": "admin",
  "features/admin/routes/mailing-list": "admin",
  "features/admin/routes/mailing-list-csv": "admin",
  "features/admin/routes/mass-global-vocabulary-update": "admin",
  "features/admin/routes/mass-vocabulary-update": "admin",
  "features/admin/routes/subtitles-generator": "admin",
  "features/admin/routes/audit-log": "admin",
  "features/admin/routes/revenue": "admin",
  "features/admin/routes/users": "admin",
  "features/admin/routes/user-new": "admin",
  "features/admin/routes/user-export": "admin",
  "features/admin/routes/users-permissions": "admin",
  "features/admin/routes/user": "admin",
  "features/admin/routes/video-ai-chat": "admin",
  "features/admin/routes/lesson-workspace": "admin",

  // Development tools (absent in production: server/app.ts answers 404 before Remix), files and errors
  "features/dev/routes/cron": "public",
  "features/dev/routes/mailbox": "public",
  "features/site/routes/not-found": "public",
  "features/site/routes/robots-txt": "public",
  "features/site/routes/sitemap-xml": "public",
} as const satisfies Readonly<Record<string, PageAudience>>;

/** Route modules that render no page of their own (the root and the layouts): they decide nothing. */
export const PAGE_LAYOUTS = ["root", "layouts/main", "layouts/public", "layouts/auth"] as const;
