/**
 * Who may call each route of the JSON API (mounted at /api), declared in one table. The routers enforce it
 * with their guards (`requireUser`, `requireAdmin`, the admin router's own check, the services' permission
 * checks); tests/integration/api-access-matrix.test.ts lists every route the Hono app registers, fails on
 * one missing here or one listed here that no longer exists, and calls each route as every kind of caller
 * to prove the guards answer what this table says. A new route needs a line here before its tests pass.
 *
 * - `public`: anyone, signed in or not (a bad token is treated as no token).
 * - `member`: a signed-in member with an open session and an enabled account; anyone else gets 401.
 *   Which objects they may touch (their own, published ones) and whether a lesson needs a subscription
 *   are decided per object by the services and the policy (server/access/policy.ts).
 * - `moderator`: a member who may moderate the community (its own permission, or the administrator's); 401
 *   without a session, 403 for any other member.
 * - `admin`: a member with the administrator's permission (or, on a generic resource, the resource's own
 *   permission code); 401 without a session, 403 for any other member.
 * - `provider`: a call from the payment provider, authenticated by its signature, never by a session.
 */
export type ApiAudience = "public" | "member" | "moderator" | "admin" | "provider";

/** Keys are "METHOD path" exactly as Hono registers them under /api (parameter patterns included). */
export const API_ACCESS = {
  "GET /me": "member",
  "GET /openapi.json": "public",

  // Sign-in and the account's email
  "POST /auth/login": "public",
  "POST /auth/register": "public",
  "POST /auth/reset-password": "public",
  "POST /auth/set-new-password": "public",
  "POST /auth/email-link": "public",
  "POST /auth/email-link/verify": "public",
  "POST /auth/verify-email": "public",
  "POST /auth/logout": "public",
  "GET /auth/email": "member",
  "POST /auth/resend-verification": "member",
  "POST /auth/change-email": "member",
  "POST /auth/change-email/resend": "member",
  "POST /auth/change-email/cancel": "member",

  // Billing
  "GET /billing/plans": "public",
  "GET /billing/cancel-reasons": "public",
  "GET /billing/entitlement": "member",
  "GET /billing/subscription": "member",
  "GET /billing/invoices": "member",
  "POST /billing/checkout": "member",
  "POST /billing/checkout/confirm": "member",
  "POST /billing/subscription/cancel": "member",
  "POST /billing/subscription/resume": "member",
  "POST /billing/subscription/switch": "member",
  "POST /billing/subscription/payment-method": "member",
  "POST /billing/portal": "member",
  "POST /billing/dev/simulate-failed-renewal": "member",
  "POST /billing/webhooks/stripe": "provider",

  // Community: reading is open, writing is for members; a member moderates their own messages, and only a
  // moderator deletes a whole thread
  "GET /community/groups": "public",
  "GET /community/groups/:id{[0-9]{1,12}}": "public",
  "GET /community/threads/:id{[0-9]{1,12}}": "public",
  "GET /community/threads/:id{[0-9]{1,12}}/activity": "public",
  "POST /community/groups/:id{[0-9]{1,12}}/threads": "member",
  "POST /community/threads/:id{[0-9]{1,12}}/messages": "member",
  "POST /community/threads/:id{[0-9]{1,12}}/moderation": "member",
  "DELETE /community/threads/:id{[0-9]{1,12}}": "moderator",
  "PATCH /community/messages/:id{[0-9]{1,12}}": "member",
  "DELETE /community/messages/:id{[0-9]{1,12}}": "member",

  // Exercises and listening practice
  "GET /exercises/:kind{sentence-orders|sentence-gaps}/:id{[0-9]{1,12}}/attempts": "member",
  "POST /exercises/:kind{sentence-orders|sentence-gaps}/:id{[0-9]{1,12}}/attempts": "member",
  "GET /listening": "public",
  "GET /listening/activities/:id{[0-9]{1,12}}": "member",
  "POST /listening/activities/:id{[0-9]{1,12}}/attempts": "member",
  "GET /listening/activities/:id{[0-9]{1,12}}/attempts/:attemptId{[0-9]{1,12}}": "member",

  // Flashcards: the decks are open to browse; sessions and reviews are a member's
  "GET /flashcards": "public",
  "GET /flashcards/:id{[0-9]{1,12}}": "public",
  "GET /flashcards/:id{[0-9]{1,12}}/session": "member",
  "GET /flashcards/due/session": "member",
  "POST /flashcards/reviews": "member",
  "GET /flashcards/my-words/session": "member",
  "POST /flashcards/my-words/reviews": "member",

  // Lessons (the player's API; premium lessons also need a subscription, decided per lesson)
  "GET /lessons/:id": "member",
  "PUT /lessons/:id/progress": "member",
  "POST /lessons/:id/progress": "member",
  "GET /lessons/:id/words": "member",
  "POST /lessons/:id/words": "member",
  "GET /lessons/:id/comments": "member",
  "POST /lessons/:id/comments": "member",
  "PATCH /lessons/:id/comments/:commentId": "member",
  "DELETE /lessons/:id/comments/:commentId": "member",
  "GET /lessons/:id/captions.vtt": "member",
  "GET /lesson-chat/:videoId": "member",
  "POST /lesson-chat/:videoId": "member",
  "DELETE /lesson-chat/:videoId": "member",

  // The library and the newsletter
  "GET /library": "public",
  "GET /library/search": "public",
  "POST /newsletter": "public",

  // A member's playlists and vocabulary
  "GET /playlists": "member",
  "POST /playlists": "member",
  "GET /playlists/:id{[0-9]{1,12}}": "member",
  "PATCH /playlists/:id{[0-9]{1,12}}": "member",
  "DELETE /playlists/:id{[0-9]{1,12}}": "member",
  "POST /playlists/:id{[0-9]{1,12}}/videos": "member",
  "PUT /playlists/:id{[0-9]{1,12}}/videos": "member",
  "DELETE /playlists/:id{[0-9]{1,12}}/videos/:videoId{[0-9]{1,12}}": "member",
  "GET /vocabulary/lists": "member",
  "POST /vocabulary/lists": "member",
  "GET /vocabulary/lists/:id{[0-9]{1,12}}": "member",
  "PATCH /vocabulary/lists/:id{[0-9]{1,12}}": "member",
  "DELETE /vocabulary/lists/:id{[0-9]{1,12}}": "member",
  "POST /vocabulary/lists/:id{[0-9]{1,12}}/items": "member",
  "PATCH /vocabulary/items/:id{[0-9]{1,12}}": "member",
  "POST /vocabulary/items/:id{[0-9]{1,12}}/move": "member",
  "DELETE /vocabulary/items/:id{[0-9]{1,12}}": "member",
  "POST /vocabulary/lists/:id{[0-9]{1,12}}/quiz-results": "member",
  "GET /vocabulary/themes": "member",
  "GET /vocabulary/themes/:id{[0-9]{1,12}}": "member",
  "GET /vocabulary/decks/:id{[0-9]{1,12}}": "member",
  "POST /vocabulary/decks/:id{[0-9]{1,12}}/quiz-results": "member",
  "POST /vocabulary/saved-words": "member",

  // The admin area: bespoke tools, then the generic routes of every registered resource
  "GET /admin/imports/:kind/template": "admin",
  "POST /admin/imports/:kind/preview": "admin",
  "GET /admin/imports/:kind/drafts/:draftId": "admin",
  "POST /admin/imports/:kind/apply": "admin",
  "POST /admin/uploads": "admin",
  "PUT /admin/uploads/part": "admin",
  "POST /admin/uploads/complete": "admin",
  "POST /admin/uploads/abort": "admin",
  "GET /admin/lessons/:id/cues": "admin",
  "PUT /admin/lessons/:id/cues": "admin",
  "GET /admin/users": "admin",
  "GET /admin/users/permissions": "admin",
  "POST /admin/users/permissions": "admin",
  "GET /admin/users/:id{[0-9]{1,12}}": "admin",
  "POST /admin/users/:id{[0-9]{1,12}}/permissions": "admin",
  "DELETE /admin/users/:id{[0-9]{1,12}}/permissions/:code": "admin",
  "POST /admin/users/:id{[0-9]{1,12}}/disable": "admin",
  "POST /admin/users/:id{[0-9]{1,12}}/enable": "admin",
  "DELETE /admin/users/:id{[0-9]{1,12}}/sessions": "admin",
  "POST /admin/users/:id{[0-9]{1,12}}/password-reset": "admin",
  "POST /admin/users": "admin",
  "PATCH /admin/users/:id{[0-9]{1,12}}": "admin",
  "DELETE /admin/users/:id{[0-9]{1,12}}": "admin",
  "GET /admin/users/:id{[0-9]{1,12}}/export": "admin",
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/comp": "admin",
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/extend": "admin",
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/cancel": "admin",
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/resume": "admin",
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/switch-plan": "admin",
  "POST /admin/users/:id{[0-9]{1,12}}/refunds": "admin",
  "GET /admin/:resource": "admin",
  "POST /admin/:resource": "admin",
  "POST /admin/:resource/bulk-delete": "admin",
  "POST /admin/:resource/upload": "admin",
  "GET /admin/:resource/:id": "admin",
  "GET /admin/:resource/:id/delete-impact": "admin",
  "PATCH /admin/:resource/:id": "admin",
  "PUT /admin/:resource/:id": "admin",
  "DELETE /admin/:resource/:id": "admin",
} as const satisfies Readonly<Record<string, ApiAudience>>;

/** A route of the JSON API, "METHOD path" under /api. */
export type ApiRoute = keyof typeof API_ACCESS;
