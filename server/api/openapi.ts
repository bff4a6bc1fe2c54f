import { z } from "zod";
import { API_ACCESS, type ApiAudience, type ApiRoute } from "../access/api-routes";
import {
  changeEmailSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  setNewPasswordSchema,
  verifyEmailSchema,
} from "#core/schemas/auth";
import { signInLinkRequestSchema, signInLinkTokenSchema } from "#core/schemas/sign-in-link";
import {
  adminCancelSchema,
  adminResumeSchema,
  adminSwitchPlanSchema,
  compSchema,
  extendSchema,
  grantByEmailSchema,
  memberApiDeleteSchema,
  memberCreateSchema,
  memberEditSchema,
  permissionChangeSchema,
  refundSchema,
  userSearchQuerySchema,
} from "#core/schemas/admin-users";
import { chatMessageSchema } from "#core/schemas/admin-lesson";
import {
  cancelSubscriptionSchema,
  checkoutSchema,
  confirmCheckoutSchema,
  subscriptionReferenceSchema,
  switchPlanSchema,
} from "#core/schemas/billing";
import {
  createMessageSchema,
  createThreadSchema,
  moderateThreadSchema,
  updateMessageSchema,
} from "#core/schemas/community";
import { reviewSchema } from "#core/schemas/flashcards";
import { captionsQuerySchema, commentSchema, progressSchema, saveWordSchema } from "#core/schemas/lessons";
import { newsletterSignupSchema } from "#core/schemas/newsletter";
import { LIBRARY_SEARCH_MAX_LENGTH, SEARCH_MAX_LENGTH } from "#core/search-limits";
import {
  addPlaylistVideoSchema,
  createPlaylistSchema,
  renamePlaylistSchema,
  reorderPlaylistSchema,
} from "#core/schemas/playlists";
import {
  listItemSchema,
  listTitleSchema,
  moveItemSchema,
  quizResultSchema,
  saveGlobalWordSchema,
} from "#core/schemas/vocabulary";
import { createUploadSchema } from "../services/uploads";
import { applySchema } from "./admin/imports";
import { completeSchema, uploadRef } from "./admin/uploads";
import { exerciseAttemptBody } from "./exercises";
import { listeningAttemptBody } from "./listening";

/**
 * The JSON API described as OpenAPI 3.1, served at GET /api/openapi.json (ADR 025).
 *
 * Each route of API_ACCESS has a line here (the type makes a missing or extra one a compile error), and
 * the request bodies are the very zod schemas the handlers pass to `readJson` (server/api/helpers.ts),
 * turned into JSON Schema by zod. tests/integration/openapi.test.ts calls every route that reads a body
 * and checks that the schema it read is the one documented here, and that the document lists exactly
 * the routes the Hono app registers.
 */

/** A body the handler reads as any JSON object and validates itself (per resource, per exercise). */
export const OBJECT_BODY = "object" as const;

interface QueryParameter {
  name: string;
  description: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}

export interface RouteDoc {
  summary: string;
  /** The JSON body's schema, as the handler reads it. */
  body?: z.ZodType | typeof OBJECT_BODY;
  /** A body that is not JSON. */
  rawBody?: { contentType: string; description: string };
  query?: QueryParameter[] | z.ZodObject;
  /**
   * What the route itself answers, keyed by status, as @hono/zod-openapi's `createRoute` takes `responses`: its
   * successes with their bodies, and the refusals its handler and services can give. The refusals every route of
   * its kind shares (sign-in, cross-site, body checks, idempotency, 500) are added by `routeResponses`.
   */
  responses: ResponsesDoc;
}

/** One response, as `createRoute` declares it. */
export interface ResponseDoc {
  description: string;
  content?: Record<string, { schema: z.ZodType }>;
}
export type ResponsesDoc = Record<number, ResponseDoc>;

/** Every refusal's body (the admin's also name the fields). */
export const errorsBody = z.object({
  errors: z.array(z.string()).min(1),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

const json = (schema: z.ZodType) => ({ "application/json": { schema } });
const success =
  (status: 200 | 201 | 202, fallback: string) =>
  (data: z.ZodType = z.looseObject({}), description = fallback): ResponsesDoc => ({
    [status]: { description, content: json(z.object({ data })) },
  });
/** `{ data }` with 200, 201 or 202; `data` is an object of any fields unless its shape is given. */
const ok = success(200, "Done.");
const created = success(201, "Created.");
const accepted = success(202, "Accepted: it happens by mail.");
const noContent = (description: string): ResponsesDoc => ({ 204: { description } });
const file = (contentType: string, description: string): ResponsesDoc => ({
  200: { description, content: { [contentType]: { schema: z.string() } } },
});

/** What each refusal means when the route does not say more. */
const REFUSED: Record<number, string> = {
  400: "The request cannot be read as it is: `errors` says why.",
  401: "No open session: sign in.",
  402: "Needs a subscription (or the free tier's allowance is spent).",
  403: "Not allowed for this member.",
  404: "Not found (or not theirs).",
  409: "Conflicts with the current state (already done, in use, or a retry still running).",
  410: "The link has expired.",
  413: "The request body is too large.",
  415: "The body must be application/json.",
  422: "A field is invalid: `errors` (and, from the admin, `fieldErrors`) say which.",
  429: "Too many requests: wait as long as Retry-After says.",
  500: "Something failed on our side; it is reported.",
  502: "A service we depend on answered badly.",
  503: "Not available here (not set up, or switched off).",
};
const refusal = (status: number, description = REFUSED[status]!): ResponsesDoc => ({
  [status]: { description, content: json(errorsBody) },
});
const refused = (...statuses: number[]): ResponsesDoc =>
  Object.assign({}, ...statuses.map((status) => refusal(status)));

const list = z.array(z.unknown());
const idOnly = z.object({ id: z.number() });
const messageData = z.object({ message: z.string() });
const tokenData = z.object({ token: z.string() });
const redirectData = z.object({ redirectUrl: z.string() });
const redirectWithMessage = z.object({ redirectUrl: z.string(), message: z.string().nullable() });
const plan = z.looseObject({
  name: z.string(),
  title: z.string(),
  priceCents: z.number(),
  currency: z.string(),
  interval: z.string(),
});
const entitlement = z.object({
  hasAccess: z.boolean(),
  status: z.string().nullable(),
  planName: z.string().nullable(),
  planTitle: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  subscriptionId: z.number().nullable(),
  provider: z.string().nullable(),
});
const openApiObject = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({}),
  paths: z.record(z.string(), z.looseObject({})),
});
/** The billing actions: no such subscription, not in a state for it, a plan that is not on sale, Stripe unset. */
const BILLING_REFUSALS = refused(404, 409, 422, 503);

/** A member's write sent again with the same key is done once (server/api/idempotency.ts, ADR 026). */
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Send the same key again to retry this write safely: it is done once, and the retry gets the first answer (Idempotent-Replayed: true). 1–255 visible ASCII characters; kept a day.",
  schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,255}$" },
};

/** A learner's word filter (a list's, a deck's): longer is a 422. */
const WORD_SEARCH = { type: "string", maxLength: SEARCH_MAX_LENGTH };
const page: QueryParameter = { name: "page", description: "Page number, from 1.", schema: { type: "integer" } };

export const API_DOCS: { readonly [Route in ApiRoute]: RouteDoc } = {
  "GET /me": {
    summary: "The signed-in member, their permissions and subscription status.",
    responses: {
      ...ok(
        z.object({
          id: z.number(),
          email: z.string(),
          name: z.string().nullable(),
          permissions: z.array(z.string()),
          subscription: z.unknown(),
        }),
      ),
    },
  },
  "GET /openapi.json": {
    summary: "This description of the API, as OpenAPI 3.1.",
    responses: {
      200: { description: "The OpenAPI 3.1 document (not wrapped in `data`).", content: json(openApiObject) },
    },
  },

  "POST /auth/login": {
    summary: "Sign in with email and password; answers a token (also set as a cookie).",
    body: loginSchema,
    responses: { ...ok(tokenData, "Signed in."), ...refused(401, 403, 429) },
  },
  "POST /auth/register": {
    summary: "Create an account and sign in.",
    body: registerSchema,
    responses: { ...created(tokenData, "Signed up and in."), ...refused(409, 429) },
  },
  "POST /auth/reset-password": {
    summary: "Mail a password reset link (the same answer whether or not the email is known).",
    body: resetPasswordSchema,
    responses: { ...ok(messageData), ...refused(429) },
  },
  "POST /auth/set-new-password": {
    summary: "Set a new password with a reset link's token; ends every session.",
    body: setNewPasswordSchema,
    responses: { ...ok(messageData), ...refused(400, 429) },
  },
  "POST /auth/email-link": {
    summary:
      "Mail a one-time sign-in link (works once, for 15 minutes, on any device); answers 202 whether or not the email is known.",
    body: signInLinkRequestSchema,
    responses: { ...accepted(z.object({ sent: z.literal(true) })), ...refused(429) },
  },
  "POST /auth/email-link/verify": {
    summary:
      "Sign in with the token from a sign-in link, once; answers a token (also set as a cookie), or 401 for a link that is unknown, expired or used.",
    body: signInLinkTokenSchema,
    responses: {
      ...ok(tokenData, "Signed in."),
      ...refusal(401, "The link is unknown, expired or used."),
      ...refused(429),
    },
  },
  "POST /auth/verify-email": {
    summary: "Confirm an email address with the token from its link.",
    body: verifyEmailSchema,
    responses: { ...ok(z.object({ email: z.string(), purpose: z.string() })), ...refused(400, 404, 409, 410) },
  },
  "POST /auth/logout": {
    summary: "End this session (nothing to do without one).",
    responses: { ...ok(z.object({ ok: z.literal(true) }), "Signed out.") },
  },
  "GET /auth/email": {
    summary: "The account's email, whether it is confirmed, and a pending change.",
    responses: {
      ...ok(
        z.object({
          email: z.string(),
          verified: z.boolean(),
          pendingEmail: z.string().nullable(),
          pendingEmailExpired: z.boolean(),
        }),
      ),
      ...refused(404),
    },
  },
  "POST /auth/resend-verification": {
    summary: "Mail the confirmation link again.",
    responses: { ...ok(messageData), ...refused(400, 404, 409, 429) },
  },
  "POST /auth/change-email": {
    summary: "Start changing the email: a link goes to the new address.",
    body: changeEmailSchema,
    responses: { ...accepted(messageData), ...refused(400, 409, 429) },
  },
  "POST /auth/change-email/resend": {
    summary: "Mail the pending change's link again.",
    responses: { ...ok(messageData), ...refused(400, 404, 409, 429) },
  },
  "POST /auth/change-email/cancel": {
    summary: "Cancel a pending email change.",
    responses: { ...ok(messageData), ...refused(404) },
  },

  "GET /billing/plans": { summary: "The plans on sale, with prices.", responses: { ...ok(z.array(plan)) } },
  "GET /billing/cancel-reasons": {
    summary: "The reasons a member may give when cancelling.",
    responses: { ...ok(list) },
  },
  "GET /billing/entitlement": { summary: "What the member may watch, and why.", responses: { ...ok(entitlement) } },
  "GET /billing/subscription": {
    summary: "The member's subscription, plan and renewal.",
    responses: { ...ok(z.looseObject({ plans: z.array(plan) })) },
  },
  "GET /billing/invoices": { summary: "The member's invoices, newest first.", responses: { ...ok(list) } },
  "POST /billing/checkout": {
    summary: "Start a checkout for a plan; answers where to pay.",
    body: checkoutSchema,
    responses: { ...created(redirectData, "A checkout started: go to redirectUrl to pay."), ...BILLING_REFUSALS },
  },
  "POST /billing/checkout/confirm": {
    summary: "Confirm a finished checkout; answers the new entitlement.",
    body: confirmCheckoutSchema,
    responses: { ...ok(entitlement), ...BILLING_REFUSALS },
  },
  "POST /billing/subscription/cancel": {
    summary: "Cancel at the end of the period, with a reason.",
    body: cancelSubscriptionSchema,
    responses: { ...ok(entitlement), ...BILLING_REFUSALS },
  },
  "POST /billing/subscription/resume": {
    summary: "Undo a cancellation before the period ends.",
    body: subscriptionReferenceSchema,
    responses: { ...ok(entitlement), ...BILLING_REFUSALS },
  },
  "POST /billing/subscription/switch": {
    summary: "Switch to another plan.",
    body: switchPlanSchema,
    responses: { ...ok(redirectWithMessage), ...BILLING_REFUSALS },
  },
  "POST /billing/subscription/payment-method": {
    summary: "Start updating the card; answers where to do it.",
    body: subscriptionReferenceSchema,
    responses: { ...ok(redirectWithMessage), ...BILLING_REFUSALS },
  },
  "POST /billing/portal": {
    summary: "Open the payment provider's billing portal; answers its address.",
    responses: { ...ok(redirectData), ...BILLING_REFUSALS },
  },
  "POST /billing/dev/simulate-failed-renewal": {
    summary: "Local development only (404 in production): fail the next renewal.",
    body: subscriptionReferenceSchema,
    responses: { ...ok(entitlement), ...BILLING_REFUSALS },
  },
  "POST /billing/webhooks/stripe": {
    summary: "Stripe's events, authenticated by the Stripe-Signature header.",
    rawBody: { contentType: "application/json", description: "The event exactly as Stripe signed it." },
    responses: { ...ok(z.object({ received: z.literal(true), duplicate: z.boolean() })), ...refused(404, 409, 503) },
  },

  "GET /community/groups": { summary: "The community's groups.", responses: { ...ok(list) } },
  "GET /community/groups/:id{[0-9]{1,12}}": {
    summary: "A group and a page of its threads.",
    query: [page],
    responses: { ...ok(z.object({ group: z.looseObject({}), threads: z.unknown() })), ...refused(422) },
  },
  "GET /community/threads/:id{[0-9]{1,12}}": {
    summary: "A thread and a page of its messages.",
    query: [page],
    responses: { ...ok(z.object({ thread: z.looseObject({}), messages: z.unknown() })), ...refused(422) },
  },
  "GET /community/threads/:id{[0-9]{1,12}}/activity": {
    summary: "A thread's latest message and count, for live updates.",
    responses: { ...ok() },
  },
  "POST /community/groups/:id{[0-9]{1,12}}/threads": {
    summary: "Start a thread.",
    body: createThreadSchema,
    responses: { ...created(), ...refused(403, 409, 422, 429) },
  },
  "POST /community/threads/:id{[0-9]{1,12}}/messages": {
    summary: "Reply in a thread, optionally quoting a message.",
    body: createMessageSchema,
    responses: { ...created(), ...refused(403, 409, 422, 429) },
  },
  "POST /community/threads/:id{[0-9]{1,12}}/moderation": {
    summary: "Pin, lock or hide a thread (its author or a moderator).",
    body: moderateThreadSchema,
    responses: { ...ok(), ...refused(403, 409, 422) },
  },
  "DELETE /community/threads/:id{[0-9]{1,12}}": {
    summary: "Delete a thread and its messages (moderators).",
    responses: { ...ok(z.object({ id: z.number(), deleted: z.literal(true) })) },
  },
  "PATCH /community/messages/:id{[0-9]{1,12}}": {
    summary: "Edit one's own message.",
    body: updateMessageSchema,
    responses: { ...ok(), ...refused(403, 409, 429) },
  },
  "DELETE /community/messages/:id{[0-9]{1,12}}": {
    summary: "Delete a message (its author or a moderator).",
    responses: { ...ok(), ...refused(403) },
  },

  "GET /exercises/:kind{sentence-orders|sentence-gaps}/:id{[0-9]{1,12}}/attempts": {
    summary: "The member's attempts at an exercise.",
    responses: { ...ok(list), ...refused(402) },
  },
  "POST /exercises/:kind{sentence-orders|sentence-gaps}/:id{[0-9]{1,12}}/attempts": {
    summary: "Answer an exercise: `{ answer }`, checked by the exercise's own rules.",
    body: exerciseAttemptBody,
    responses: { ...created(undefined, "The answer, checked."), ...refused(400, 402) },
  },
  "GET /listening": {
    summary: "The listening practice groups, with a member's best scores.",
    responses: { ...ok(list) },
  },
  "GET /listening/activities/:id{[0-9]{1,12}}": {
    summary: "One listening activity to play.",
    responses: { ...ok(), ...refused(402) },
  },
  "POST /listening/activities/:id{[0-9]{1,12}}/attempts": {
    summary: "Answer a listening activity: its answers, checked by the activity's own rules.",
    body: listeningAttemptBody,
    responses: { ...created(undefined, "The answers, scored."), ...refused(400, 402) },
  },
  "GET /listening/activities/:id{[0-9]{1,12}}/attempts/:attemptId{[0-9]{1,12}}": {
    summary: "One of the member's attempts, with corrections.",
    responses: { ...ok() },
  },

  "GET /flashcards": { summary: "The flashcard decks, with a member's due counts.", responses: { ...ok() } },
  "GET /flashcards/:id{[0-9]{1,12}}": { summary: "One deck and its cards.", responses: { ...ok() } },
  "GET /flashcards/:id{[0-9]{1,12}}/session": {
    summary: "A review session of one deck.",
    responses: { ...ok(), ...refused(402) },
  },
  "GET /flashcards/due/session": {
    summary: "A review session of every card due.",
    responses: { ...ok(), ...refused(402) },
  },
  "POST /flashcards/reviews": {
    summary: "Rate a card (spaced repetition): answers when it is due next.",
    body: reviewSchema,
    responses: {
      ...ok(),
      ...refusal(400, "The review is not `{ cardId, rating, requestId }`: `errors` says why."),
      ...refused(402, 404, 409),
    },
  },
  "GET /flashcards/my-words/session": {
    summary: "A review session of the member's saved words.",
    query: [{ name: "list", description: "Only this word list of theirs.", schema: { type: "integer" } }],
    responses: { ...ok(), ...refused(400, 404) },
  },
  "POST /flashcards/my-words/reviews": {
    summary: "Rate one of the member's saved words.",
    body: reviewSchema,
    responses: {
      ...ok(),
      ...refusal(400, "The review is not `{ cardId, rating, requestId }`: `errors` says why."),
      ...refused(404, 409),
    },
  },

  "GET /lessons/:id": {
    summary: "A lesson for the player: video, transcript, exercises (premium lessons need a subscription: 402).",
    responses: { ...ok(), ...refused(402) },
  },
  "PUT /lessons/:id/progress": {
    summary: "Save where the member is in the lesson.",
    body: progressSchema,
    responses: { ...ok(), ...refused(402) },
  },
  "POST /lessons/:id/progress": {
    summary: "The same as PUT (for navigator.sendBeacon).",
    body: progressSchema,
    responses: { ...ok(), ...refused(402) },
  },
  "GET /lessons/:id/words": {
    summary: "Look a word of the lesson up: meanings and where else it is said.",
    query: [{ name: "w", description: "The word, in Arabic script.", required: true, schema: { type: "string" } }],
    responses: { ...ok(), ...refused(402, 422) },
  },
  "POST /lessons/:id/words": {
    summary: "Save a word from the lesson to the member's words.",
    body: saveWordSchema,
    responses: {
      ...created(undefined, "Saved to the member's words."),
      ...ok(undefined, "Already saved."),
      ...refused(402, 409, 422),
    },
  },
  "GET /lessons/:id/comments": {
    summary: "The lesson's comments, newest first.",
    query: [{ name: "before", description: "Comments older than this comment id.", schema: { type: "integer" } }],
    responses: { ...ok(), ...refused(402, 422) },
  },
  "POST /lessons/:id/comments": {
    summary: "Comment on the lesson.",
    body: commentSchema,
    responses: { ...created(), ...refused(402, 429) },
  },
  "PATCH /lessons/:id/comments/:commentId": {
    summary: "Edit one's own comment.",
    body: commentSchema,
    responses: { ...ok(), ...refused(402, 403, 429) },
  },
  "DELETE /lessons/:id/comments/:commentId": {
    summary: "Delete a comment (its author or a moderator).",
    responses: { ...ok(z.object({ deleted: z.literal(true) })), ...refused(402, 403) },
  },
  "GET /lessons/:id/captions.vtt": {
    summary: "The lesson's captions as WebVTT.",
    query: captionsQuerySchema,
    responses: { ...file("text/vtt", "WebVTT captions."), ...refused(402, 422) },
  },
  "GET /lesson-chat/:videoId": {
    summary: "The member's conversation with the lesson's assistant.",
    responses: { ...ok(), ...refused(402) },
  },
  "POST /lesson-chat/:videoId": {
    summary: "Ask the lesson's assistant (Workers AI).",
    body: chatMessageSchema,
    responses: {
      ...created(undefined, "The assistant's answer."),
      ...refused(402, 429, 502),
      ...refusal(503, "The assistant is off for this lesson, or not set up."),
    },
  },
  "DELETE /lesson-chat/:videoId": {
    summary: "Clear the conversation.",
    responses: { ...ok(z.object({ cleared: z.literal(true) })), ...refused(402) },
  },

  "GET /library": {
    summary: "The lesson library: filters, search, sort and pages, as on /video-library.",
    query: [
      {
        name: "q",
        description: "Search words (Arabic, transliteration or English); longer is a 422.",
        schema: { type: "string", maxLength: LIBRARY_SEARCH_MAX_LENGTH },
      },
      { name: "level", description: "beginner, intermediate or advanced; repeatable.", schema: { type: "string" } },
      { name: "category", description: "A topic's slug.", schema: { type: "string" } },
      { name: "teacher", description: "A teacher's slug.", schema: { type: "string" } },
      { name: "country", description: "A two-letter country code.", schema: { type: "string" } },
      { name: "duration", description: "A length bucket, e.g. 1-3.", schema: { type: "string" } },
      { name: "free", description: "1 for free lessons only.", schema: { type: "string" } },
      { name: "status", description: "Members: completed, in-progress or unwatched.", schema: { type: "string" } },
      { name: "sort", description: "relevance, newest, popular or shortest.", schema: { type: "string" } },
      page,
    ],
    responses: { ...ok(), ...refused(422) },
  },
  "GET /library/search": {
    summary: "Lessons whose title, description or transcript match, with the matching line.",
    query: [
      {
        name: "q",
        description: "Search words; longer is a 422.",
        required: true,
        schema: { type: "string", maxLength: LIBRARY_SEARCH_MAX_LENGTH },
      },
      { name: "limit", description: "At most this many results.", schema: { type: "integer" } },
    ],
    responses: { ...ok(list), ...refused(422) },
  },
  "POST /newsletter": {
    summary: "Sign up to the newsletter (double opt-in by mail).",
    body: newsletterSignupSchema,
    responses: {
      ...accepted(
        messageData,
        "The same answer whether the address is new, pending or confirmed: a confirmation goes by mail.",
      ),
      ...refused(429),
    },
  },

  "GET /playlists": {
    summary: "The member's playlists.",
    query: [{ name: "videoId", description: "Say which playlists hold this lesson.", schema: { type: "integer" } }],
    responses: { ...ok(), ...refused(422) },
  },
  "POST /playlists": {
    summary: "Create a playlist.",
    body: createPlaylistSchema,
    responses: { ...created(), ...refused(404, 409, 422) },
  },
  "GET /playlists/:id{[0-9]{1,12}}": {
    summary: "One of the member's playlists and its lessons.",
    responses: { ...ok() },
  },
  "PATCH /playlists/:id{[0-9]{1,12}}": {
    summary: "Rename a playlist.",
    body: renamePlaylistSchema,
    responses: { ...ok(), ...refused(403) },
  },
  "DELETE /playlists/:id{[0-9]{1,12}}": {
    summary: "Delete a playlist.",
    responses: { ...ok(idOnly), ...refused(403) },
  },
  "POST /playlists/:id{[0-9]{1,12}}/videos": {
    summary: "Add a lesson to a playlist.",
    body: addPlaylistVideoSchema,
    responses: { ...ok(), ...refused(403, 409, 422) },
  },
  "PUT /playlists/:id{[0-9]{1,12}}/videos": {
    summary: "Reorder a playlist's lessons.",
    body: reorderPlaylistSchema,
    responses: { ...ok(), ...refused(403, 409, 422) },
  },
  "DELETE /playlists/:id{[0-9]{1,12}}/videos/:videoId{[0-9]{1,12}}": {
    summary: "Remove a lesson from a playlist.",
    responses: { ...ok(), ...refused(403) },
  },
  "GET /vocabulary/lists": { summary: "The member's word lists.", responses: { ...ok(list) } },
  "POST /vocabulary/lists": {
    summary: "Create a word list.",
    body: listTitleSchema,
    responses: { ...created(), ...refused(409, 422) },
  },
  "GET /vocabulary/lists/:id{[0-9]{1,12}}": {
    summary: "One word list and its words.",
    query: [{ name: "q", description: "Only words containing this text.", schema: WORD_SEARCH }],
    responses: { ...ok(), ...refused(422) },
  },
  "PATCH /vocabulary/lists/:id{[0-9]{1,12}}": {
    summary: "Rename a word list.",
    body: listTitleSchema,
    responses: { ...ok(), ...refused(409) },
  },
  "DELETE /vocabulary/lists/:id{[0-9]{1,12}}": {
    summary: "Delete a word list and its words.",
    responses: { ...ok(idOnly), ...refused(409) },
  },
  "POST /vocabulary/lists/:id{[0-9]{1,12}}/items": {
    summary: "Add a word to a list.",
    body: listItemSchema,
    responses: { ...created(), ...refused(409, 422) },
  },
  "PATCH /vocabulary/items/:id{[0-9]{1,12}}": {
    summary: "Edit a word.",
    body: listItemSchema,
    responses: { ...ok(), ...refused(409, 422) },
  },
  "POST /vocabulary/items/:id{[0-9]{1,12}}/move": {
    summary: "Move a word to another of the member's lists.",
    body: moveItemSchema,
    responses: { ...ok(), ...refused(409, 422) },
  },
  "DELETE /vocabulary/items/:id{[0-9]{1,12}}": { summary: "Delete a word.", responses: { ...ok() } },
  "POST /vocabulary/lists/:id{[0-9]{1,12}}/quiz-results": {
    summary: "Record a quiz on a word list.",
    body: quizResultSchema,
    responses: {
      ...created(undefined, "Recorded."),
      ...ok(undefined, "Already recorded (the same run sent again)."),
      ...refused(409, 422),
    },
  },
  "GET /vocabulary/themes": { summary: "The vocabulary themes.", responses: { ...ok(list) } },
  "GET /vocabulary/themes/:id{[0-9]{1,12}}": { summary: "One theme and its decks.", responses: { ...ok() } },
  "GET /vocabulary/decks/:id{[0-9]{1,12}}": {
    summary: "One deck of a theme and its words.",
    query: [{ name: "q", description: "Only words containing this text.", schema: WORD_SEARCH }],
    responses: { ...ok(), ...refused(422) },
  },
  "POST /vocabulary/decks/:id{[0-9]{1,12}}/quiz-results": {
    summary: "Record a quiz on a deck.",
    body: quizResultSchema,
    responses: {
      ...created(undefined, "Recorded."),
      ...ok(undefined, "Already recorded (the same run sent again)."),
      ...refused(402, 409, 422),
    },
  },
  "POST /vocabulary/saved-words": {
    summary: "Save a word from the dictionary to a list.",
    body: saveGlobalWordSchema,
    responses: { ...created(), ...refused(404, 409, 422) },
  },

  "GET /admin/imports/:kind/template": {
    summary: "A CSV template for an import.",
    responses: { ...file("text/csv", "The template, with an example row.") },
  },
  "POST /admin/imports/:kind/preview": {
    summary: "Upload a CSV: answers a draft with every row checked, nothing written yet.",
    rawBody: { contentType: "multipart/form-data", description: "`file`: the CSV." },
    responses: { ...created(undefined, "A draft, every row checked, nothing written."), ...refused(400, 413, 422) },
  },
  "GET /admin/imports/:kind/drafts/:draftId": { summary: "A draft import's checked rows.", responses: { ...ok() } },
  "POST /admin/imports/:kind/apply": {
    summary: "Write a draft import's rows, all or nothing.",
    body: applySchema,
    responses: { ...ok(), ...refused(409, 422) },
  },
  "POST /admin/uploads": {
    summary: "Start a multipart upload of a media file to R2.",
    body: createUploadSchema,
    responses: { ...created(), ...refused(413, 422) },
  },
  "PUT /admin/uploads/part": {
    summary: "Upload one part.",
    rawBody: { contentType: "application/octet-stream", description: "The part's bytes." },
    query: [
      { name: "key", description: "The upload's object key.", required: true, schema: { type: "string" } },
      { name: "uploadId", description: "The upload's id.", required: true, schema: { type: "string" } },
      { name: "partNumber", description: "From 1.", required: true, schema: { type: "integer" } },
    ],
    responses: { ...ok(), ...refused(400, 413, 422) },
  },
  "POST /admin/uploads/complete": {
    summary: "Finish a multipart upload and attach the file.",
    body: completeSchema,
    responses: { ...ok(), ...refused(409, 422) },
  },
  "POST /admin/uploads/abort": { summary: "Abandon a multipart upload.", body: uploadRef, responses: { ...ok() } },
  "GET /admin/lessons/:id/cues": {
    summary: "A lesson's transcript lines, for the editor.",
    responses: { ...ok(list) },
  },
  "PUT /admin/lessons/:id/cues": {
    summary: "Save a lesson's transcript lines (`{ cues: [...] }`), all or nothing.",
    body: OBJECT_BODY,
    responses: { ...ok(), ...refused(400, 422) },
  },
  "GET /admin/users": {
    summary: "Search members.",
    query: userSearchQuerySchema,
    responses: { ...ok(), ...refused(422) },
  },
  "GET /admin/users/permissions": { summary: "Who holds which permission.", responses: { ...ok(list) } },
  "POST /admin/users/permissions": {
    summary: "Grant a permission by email.",
    body: grantByEmailSchema,
    responses: { ...created(z.object({ userId: z.number(), code: z.string() })), ...refused(404, 409) },
  },
  "GET /admin/users/:id{[0-9]{1,12}}": {
    summary: "One member: account, subscription, sessions.",
    responses: { ...ok() },
  },
  "POST /admin/users/:id{[0-9]{1,12}}/permissions": {
    summary: "Grant a permission.",
    body: permissionChangeSchema,
    responses: { ...created(), ...refused(409) },
  },
  "DELETE /admin/users/:id{[0-9]{1,12}}/permissions/:code": {
    summary: "Revoke a permission.",
    responses: { ...ok(), ...refused(409, 422) },
  },
  "POST /admin/users/:id{[0-9]{1,12}}/disable": {
    summary: "Disable an account: every session ends.",
    responses: { ...ok(), ...refused(409) },
  },
  "POST /admin/users/:id{[0-9]{1,12}}/enable": {
    summary: "Enable a disabled account.",
    responses: { ...ok(), ...refused(409) },
  },
  "DELETE /admin/users/:id{[0-9]{1,12}}/sessions": {
    summary: "End every session of a member.",
    responses: { ...ok(z.object({ ended: z.number() })) },
  },
  "POST /admin/users/:id{[0-9]{1,12}}/password-reset": {
    summary: "Mail a member a password reset link.",
    responses: {
      ...accepted(z.object({ sentTo: z.string() }), "The link is on its way to sentTo."),
      ...refused(409, 429),
    },
  },
  "POST /admin/users": {
    summary: "Create a member with no password (optionally mailing a seven-day link to choose one).",
    body: memberCreateSchema,
    responses: { ...created(), ...refused(409) },
  },
  "PATCH /admin/users/:id{[0-9]{1,12}}": {
    summary: "Edit a member's name, level and email (a new email waits for the member to confirm it).",
    body: memberEditSchema,
    responses: { ...ok(z.looseObject({ emailPending: z.unknown() })), ...refused(409) },
  },
  "DELETE /admin/users/:id{[0-9]{1,12}}": {
    summary: "Delete a member's account as self-deletion does (personal data erased, billing kept).",
    body: memberApiDeleteSchema,
    responses: { ...noContent("Deleted."), ...refused(409) },
  },
  "GET /admin/users/:id{[0-9]{1,12}}/export": {
    summary: "A member's data as JSON (a data-access request).",
    responses: { ...ok() },
  },
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/comp": {
    summary: "Give a member with no running subscription a plan for some days, without charge.",
    body: compSchema,
    responses: { ...created(), ...BILLING_REFUSALS },
  },
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/extend": {
    summary: "Push the running subscription's end (and next charge) back by some days.",
    body: extendSchema,
    responses: { ...ok(), ...BILLING_REFUSALS },
  },
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/cancel": {
    summary: "Cancel the running subscription at its period end or now.",
    body: adminCancelSchema,
    responses: { ...ok(), ...BILLING_REFUSALS },
  },
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/resume": {
    summary: "Resume a subscription set to end.",
    body: adminResumeSchema,
    responses: { ...ok(), ...BILLING_REFUSALS },
  },
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/switch-plan": {
    summary: "Move the running subscription to another plan at once.",
    body: adminSwitchPlanSchema,
    responses: { ...ok(), ...BILLING_REFUSALS },
  },
  "POST /admin/users/:id{[0-9]{1,12}}/refunds": {
    summary: "Refund one paid invoice of the member in full.",
    body: refundSchema,
    responses: { ...created(z.object({ invoiceId: z.number(), refundedCents: z.number() })), ...BILLING_REFUSALS },
  },
  "GET /admin/:resource": {
    summary: "A page of a catalogue resource (lessons, teachers, posts…): search, filter, sort.",
    query: [
      {
        name: "q",
        description: "Text contained in a search field; longer is a 422.",
        schema: { type: "string", maxLength: SEARCH_MAX_LENGTH },
      },
      page,
      { name: "sort", description: "A sortable field; any other gives the default sort.", schema: { type: "string" } },
      { name: "dir", description: "asc or desc (otherwise the sort's default).", schema: { type: "string" } },
      { name: "pageSize", description: "Rows per page, at most 100.", schema: { type: "integer" } },
    ],
    responses: { ...ok(), ...refused(422) },
  },
  "POST /admin/:resource": {
    summary: "Create a resource: the fields of its form.",
    body: OBJECT_BODY,
    responses: { ...created(), ...refused(409, 422) },
  },
  "POST /admin/:resource/bulk-delete": {
    summary: "Delete several (`{ ids: [...] }`).",
    body: OBJECT_BODY,
    responses: { ...ok(), ...refused(409, 422) },
  },
  "POST /admin/:resource/upload": {
    summary: "Upload a file to a resource's file field.",
    rawBody: { contentType: "multipart/form-data", description: "`file`, and `field` in the query." },
    query: [{ name: "field", description: "The file field.", required: true, schema: { type: "string" } }],
    responses: { ...created(), ...refused(400, 413, 422) },
  },
  "GET /admin/:resource/:id": { summary: "One resource, as its form shows it.", responses: { ...ok() } },
  "GET /admin/:resource/:id/delete-impact": {
    summary: "What deleting it would remove with it.",
    responses: { ...ok() },
  },
  "PATCH /admin/:resource/:id": {
    summary: "Change some fields.",
    body: OBJECT_BODY,
    responses: { ...ok(), ...refused(409, 422) },
  },
  "PUT /admin/:resource/:id": {
    summary: "Replace every field.",
    body: OBJECT_BODY,
    responses: { ...ok(), ...refused(409, 422) },
  },
  "DELETE /admin/:resource/:id": {
    summary: "Delete it (and what its delete impact lists).",
    responses: { ...ok(), ...refused(409) },
  },
};

/** Raw uploads: their bodies are files, read by the handler (no JSON type check, no JSON body). */
const RAW_UPLOADS = new Set<ApiRoute>([
  "POST /admin/imports/:kind/preview",
  "PUT /admin/uploads/part",
  "POST /admin/:resource/upload",
]);

/**
 * Everything a route may answer: its own `responses`, and what every route of its kind shares, from the
 * access table (401, 403), the method (a write from another site is a 403; a body that is not JSON a 415; an
 * Idempotency-Key that is malformed, reused or still running a 400, 422 or 409), the JSON body (400 unreadable,
 * 413 too large, 422 invalid), a path parameter (404) and the 500 anything may end in. Route-specific
 * descriptions win.
 */
export function routeResponses(route: ApiRoute): ResponsesDoc {
  const [method, honoPath] = route.split(" ") as [string, string];
  const doc: RouteDoc = API_DOCS[route];
  const audience: ApiAudience = API_ACCESS[route];
  const shared: ResponsesDoc = {};
  const add = (status: number, description?: string) => Object.assign(shared, refusal(status, description));
  if (audience === "member" || audience === "moderator" || audience === "admin") add(401);
  if (audience === "moderator") add(403, "Only a moderator may.");
  if (audience === "admin") add(403, "Only an administrator (or the resource's own permission) may.");
  if (audience === "provider") add(400, "The signature does not match the body.");
  if (method !== "GET" && audience !== "provider") {
    add(403, REFUSED[403]);
    if (!RAW_UPLOADS.has(route)) add(415);
    add(400, "Unreadable: malformed JSON, or an Idempotency-Key that is not 1–255 visible characters.");
    add(409, "A request with this Idempotency-Key is still running: retry shortly.");
    add(422, "A field is invalid, or this Idempotency-Key was used for another request.");
  }
  if (doc.body !== undefined) {
    add(400, "The body is not a JSON object.");
    add(413);
    add(422);
  }
  if (openApiPath(honoPath).parameters.length > 0 || honoPath.startsWith("/billing/dev/")) add(404);
  add(500);
  return { ...shared, ...doc.responses };
}

function responseObject(response: ResponseDoc) {
  if (!response.content) return { description: response.description };
  const content: Record<string, { schema: object }> = {};
  for (const [type, { schema }] of Object.entries(response.content)) {
    content[type] = {
      schema: schema === errorsBody ? { $ref: "#/components/schemas/Errors" } : responseSchema(schema),
    };
  }
  return { description: response.description, content };
}

const SECURITY: Record<ApiAudience, Array<Record<string, string[]>>> = {
  public: [],
  member: [{ bearer: [] }, { cookie: [] }],
  moderator: [{ bearer: [] }, { cookie: [] }],
  admin: [{ bearer: [] }, { cookie: [] }],
  provider: [{ stripeSignature: [] }],
};

/** Hono's "/lessons/:id{[0-9]{1,12}}" → OpenAPI's "/lessons/{id}", with each parameter's pattern. */
export function openApiPath(honoPath: string) {
  const parameters: Array<{ name: string; pattern: string | null }> = [];
  const path = honoPath.replace(/:([A-Za-z]+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, (_all, name: string, pattern?: string) => {
    parameters.push({ name, pattern: pattern ? pattern.slice(1, -1) : null });
    return `{${name}}`;
  });
  return { path, parameters };
}

function jsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

/** A response body as JSON Schema: what the server sends (zod's output side). */
function responseSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  return rest;
}

function queryParameters(query: RouteDoc["query"]) {
  if (!query) return [];
  if (Array.isArray(query)) {
    return query.map(({ name, description, required, schema }) => ({
      name,
      in: "query",
      description,
      required: required ?? false,
      schema: schema ?? { type: "string" },
    }));
  }
  const described = jsonSchema(query) as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(described.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: described.required?.includes(name) ?? false,
    schema,
  }));
}

let cached: object | null = null;

/** The whole document; built once per isolate (it depends on nothing but the code). */
export function openApiDocument(): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const [route, doc] of Object.entries(API_DOCS) as Array<[ApiRoute, RouteDoc]>) {
    const [method, honoPath] = route.split(" ") as [string, string];
    const audience: ApiAudience = API_ACCESS[route];
    const { path, parameters } = openApiPath(honoPath);
    const body =
      doc.body === OBJECT_BODY
        ? { required: true, content: { "application/json": { schema: { type: "object" } } } }
        : doc.body
          ? { required: true, content: { "application/json": { schema: jsonSchema(doc.body) } } }
          : doc.rawBody
            ? {
                required: true,
                description: doc.rawBody.description,
                content: { [doc.rawBody.contentType]: { schema: { type: "string", format: "binary" } } },
              }
            : undefined;
    const responses: Record<string, object> = {};
    for (const [status, response] of Object.entries(routeResponses(route)))
      responses[status] = responseObject(response);
    paths[`/api${path}`] ??= {};
    paths[`/api${path}`]![method.toLowerCase()] = {
      summary: doc.summary,
      operationId: `${method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? "").toUpperCase())}`,
      tags: [honoPath.split("/")[1]!],
      "x-audience": audience,
      security: SECURITY[audience],
      parameters: [
        ...parameters.map(({ name, pattern }) => ({
          name,
          in: "path",
          required: true,
          schema: pattern ? { type: "string", pattern: `^(?:${pattern})$` } : { type: "string" },
        })),
        ...queryParameters(doc.query),
        ...(audience !== "public" && audience !== "provider" && method !== "GET" ? [IDEMPOTENCY_KEY] : []),
      ],
      ...(body ? { requestBody: body } : {}),
      responses,
    };
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Ahla API",
      version: "1",
      description:
        "The JSON API behind Ahla's pages. Answers are `{ data }`; refusals are a 4xx or 5xx with `{ errors: [...] }`. " +
        "Every status an operation can answer is listed with its body. An unknown path under /api is a 404, a method " +
        "a path does not take a 405 with `Allow`. " +
        "Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`; the site itself uses the `token` cookie.",
    },
    paths,
    components: {
      schemas: {
        Errors: responseSchema(errorsBody),
      },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookie: { type: "apiKey", in: "cookie", name: "token" },
        stripeSignature: { type: "apiKey", in: "header", name: "Stripe-Signature" },
      },
    },
  };
  return cached;
}
