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
  userSearchSchema,
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
  /** What a success answers when it is not `{ data }` JSON. */
  produces?: { contentType: string; description: string };
  /** 201 instead of 200. */
  creates?: boolean;
}

/** A member's write sent again with the same key is done once (server/api/idempotency.ts, ADR 026). */
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Send the same key again to retry this write safely: it is done once, and the retry gets the first answer (Idempotent-Replayed: true). 1–255 visible ASCII characters; kept a day.",
  schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,255}$" },
};

const page: QueryParameter = { name: "page", description: "Page number, from 1.", schema: { type: "integer" } };

export const API_DOCS: { readonly [Route in ApiRoute]: RouteDoc } = {
  "GET /me": { summary: "The signed-in member, their permissions and subscription status." },
  "GET /openapi.json": { summary: "This description of the API, as OpenAPI 3.1." },

  "POST /auth/login": {
    summary: "Sign in with email and password; answers a token (also set as a cookie).",
    body: loginSchema,
  },
  "POST /auth/register": { summary: "Create an account and sign in.", body: registerSchema, creates: true },
  "POST /auth/reset-password": {
    summary: "Mail a password reset link (the same answer whether or not the email is known).",
    body: resetPasswordSchema,
  },
  "POST /auth/set-new-password": {
    summary: "Set a new password with a reset link's token; ends every session.",
    body: setNewPasswordSchema,
  },
  "POST /auth/email-link": {
    summary:
      "Mail a one-time sign-in link (works once, for 15 minutes, on any device); answers 202 whether or not the email is known.",
    body: signInLinkRequestSchema,
  },
  "POST /auth/email-link/verify": {
    summary:
      "Sign in with the token from a sign-in link, once; answers a token (also set as a cookie), or 401 for a link that is unknown, expired or used.",
    body: signInLinkTokenSchema,
  },
  "POST /auth/verify-email": {
    summary: "Confirm an email address with the token from its link.",
    body: verifyEmailSchema,
  },
  "POST /auth/logout": { summary: "End this session (nothing to do without one)." },
  "GET /auth/email": { summary: "The account's email, whether it is confirmed, and a pending change." },
  "POST /auth/resend-verification": { summary: "Mail the confirmation link again." },
  "POST /auth/change-email": {
    summary: "Start changing the email: a link goes to the new address.",
    body: changeEmailSchema,
  },
  "POST /auth/change-email/resend": { summary: "Mail the pending change's link again." },
  "POST /auth/change-email/cancel": { summary: "Cancel a pending email change." },

  "GET /billing/plans": { summary: "The plans on sale, with prices." },
  "GET /billing/cancel-reasons": { summary: "The reasons a member may give when cancelling." },
  "GET /billing/entitlement": { summary: "What the member may watch, and why." },
  "GET /billing/subscription": { summary: "The member's subscription, plan and renewal." },
  "GET /billing/invoices": { summary: "The member's invoices, newest first." },
  "POST /billing/checkout": { summary: "Start a checkout for a plan; answers where to pay.", body: checkoutSchema },
  "POST /billing/checkout/confirm": {
    summary: "Confirm a finished checkout; answers the new entitlement.",
    body: confirmCheckoutSchema,
  },
  "POST /billing/subscription/cancel": {
    summary: "Cancel at the end of the period, with a reason.",
    body: cancelSubscriptionSchema,
  },
  "POST /billing/subscription/resume": {
    summary: "Undo a cancellation before the period ends.",
    body: subscriptionReferenceSchema,
  },
  "POST /billing/subscription/switch": { summary: "Switch to another plan.", body: switchPlanSchema },
  "POST /billing/subscription/payment-method": {
    summary: "Start updating the card; answers where to do it.",
    body: subscriptionReferenceSchema,
  },
  "POST /billing/portal": { summary: "Open the payment provider's billing portal; answers its address." },
  "POST /billing/dev/simulate-failed-renewal": {
    summary: "Local development only (404 in production): fail the next renewal.",
    body: subscriptionReferenceSchema,
  },
  "POST /billing/webhooks/stripe": {
    summary: "Stripe's events, authenticated by the Stripe-Signature header.",
    rawBody: { contentType: "application/json", description: "The event exactly as Stripe signed it." },
  },

  "GET /community/groups": { summary: "The community's groups." },
  "GET /community/groups/:id{[0-9]{1,12}}": { summary: "A group and a page of its threads.", query: [page] },
  "GET /community/threads/:id{[0-9]{1,12}}": { summary: "A thread and a page of its messages.", query: [page] },
  "GET /community/threads/:id{[0-9]{1,12}}/activity": {
    summary: "A thread's latest message and count, for live updates.",
  },
  "POST /community/groups/:id{[0-9]{1,12}}/threads": {
    summary: "Start a thread.",
    body: createThreadSchema,
    creates: true,
  },
  "POST /community/threads/:id{[0-9]{1,12}}/messages": {
    summary: "Reply in a thread, optionally quoting a message.",
    body: createMessageSchema,
    creates: true,
  },
  "POST /community/threads/:id{[0-9]{1,12}}/moderation": {
    summary: "Pin, lock or hide a thread (its author or a moderator).",
    body: moderateThreadSchema,
  },
  "DELETE /community/threads/:id{[0-9]{1,12}}": { summary: "Delete a thread and its messages (moderators)." },
  "PATCH /community/messages/:id{[0-9]{1,12}}": { summary: "Edit one's own message.", body: updateMessageSchema },
  "DELETE /community/messages/:id{[0-9]{1,12}}": { summary: "Delete a message (its author or a moderator)." },

  "GET /exercises/:kind{sentence-orders|sentence-gaps}/:id{[0-9]{1,12}}/attempts": {
    summary: "The member's attempts at an exercise.",
  },
  "POST /exercises/:kind{sentence-orders|sentence-gaps}/:id{[0-9]{1,12}}/attempts": {
    summary: "Answer an exercise: `{ answer }`, checked by the exercise's own rules.",
    body: exerciseAttemptBody,
    creates: true,
  },
  "GET /listening": { summary: "The listening practice groups, with a member's best scores." },
  "GET /listening/activities/:id{[0-9]{1,12}}": { summary: "One listening activity to play." },
  "POST /listening/activities/:id{[0-9]{1,12}}/attempts": {
    summary: "Answer a listening activity: its answers, checked by the activity's own rules.",
    body: listeningAttemptBody,
    creates: true,
  },
  "GET /listening/activities/:id{[0-9]{1,12}}/attempts/:attemptId{[0-9]{1,12}}": {
    summary: "One of the member's attempts, with corrections.",
  },

  "GET /flashcards": { summary: "The flashcard decks, with a member's due counts." },
  "GET /flashcards/:id{[0-9]{1,12}}": { summary: "One deck and its cards." },
  "GET /flashcards/:id{[0-9]{1,12}}/session": { summary: "A review session of one deck." },
  "GET /flashcards/due/session": { summary: "A review session of every card due." },
  "POST /flashcards/reviews": {
    summary: "Rate a card (spaced repetition): answers when it is due next.",
    body: reviewSchema,
  },
  "GET /flashcards/my-words/session": {
    summary: "A review session of the member's saved words.",
    query: [{ name: "list", description: "Only this word list of theirs.", schema: { type: "integer" } }],
  },
  "POST /flashcards/my-words/reviews": { summary: "Rate one of the member's saved words.", body: reviewSchema },

  "GET /lessons/:id": {
    summary: "A lesson for the player: video, transcript, exercises (premium lessons need a subscription: 402).",
  },
  "PUT /lessons/:id/progress": { summary: "Save where the member is in the lesson.", body: progressSchema },
  "POST /lessons/:id/progress": { summary: "The same as PUT (for navigator.sendBeacon).", body: progressSchema },
  "GET /lessons/:id/words": {
    summary: "Look a word of the lesson up: meanings and where else it is said.",
    query: [{ name: "w", description: "The word, in Arabic script.", required: true, schema: { type: "string" } }],
  },
  "POST /lessons/:id/words": {
    summary: "Save a word from the lesson to the member's words.",
    body: saveWordSchema,
    creates: true,
  },
  "GET /lessons/:id/comments": {
    summary: "The lesson's comments, newest first.",
    query: [{ name: "before", description: "Comments older than this comment id.", schema: { type: "integer" } }],
  },
  "POST /lessons/:id/comments": { summary: "Comment on the lesson.", body: commentSchema, creates: true },
  "PATCH /lessons/:id/comments/:commentId": { summary: "Edit one's own comment.", body: commentSchema },
  "DELETE /lessons/:id/comments/:commentId": { summary: "Delete a comment (its author or a moderator)." },
  "GET /lessons/:id/captions.vtt": {
    summary: "The lesson's captions as WebVTT.",
    query: captionsQuerySchema,
    produces: { contentType: "text/vtt", description: "WebVTT captions." },
  },
  "GET /lesson-chat/:videoId": { summary: "The member's conversation with the lesson's assistant." },
  "POST /lesson-chat/:videoId": {
    summary: "Ask the lesson's assistant (Workers AI).",
    body: chatMessageSchema,
    creates: true,
  },
  "DELETE /lesson-chat/:videoId": { summary: "Clear the conversation." },

  "GET /library": {
    summary: "The lesson library: filters, search, sort and pages, as on /video-library.",
    query: [
      { name: "q", description: "Search words (Arabic, transliteration or English).", schema: { type: "string" } },
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
  },
  "GET /library/search": {
    summary: "Lessons whose title, description or transcript match, with the matching line.",
    query: [
      { name: "q", description: "Search words.", required: true, schema: { type: "string" } },
      { name: "limit", description: "At most this many results.", schema: { type: "integer" } },
    ],
  },
  "POST /newsletter": { summary: "Sign up to the newsletter (double opt-in by mail).", body: newsletterSignupSchema },

  "GET /playlists": {
    summary: "The member's playlists.",
    query: [{ name: "videoId", description: "Say which playlists hold this lesson.", schema: { type: "integer" } }],
  },
  "POST /playlists": { summary: "Create a playlist.", body: createPlaylistSchema, creates: true },
  "GET /playlists/:id{[0-9]{1,12}}": { summary: "One of the member's playlists and its lessons." },
  "PATCH /playlists/:id{[0-9]{1,12}}": { summary: "Rename a playlist.", body: renamePlaylistSchema },
  "DELETE /playlists/:id{[0-9]{1,12}}": { summary: "Delete a playlist." },
  "POST /playlists/:id{[0-9]{1,12}}/videos": {
    summary: "Add a lesson to a playlist.",
    body: addPlaylistVideoSchema,
    creates: true,
  },
  "PUT /playlists/:id{[0-9]{1,12}}/videos": { summary: "Reorder a playlist's lessons.", body: reorderPlaylistSchema },
  "DELETE /playlists/:id{[0-9]{1,12}}/videos/:videoId{[0-9]{1,12}}": { summary: "Remove a lesson from a playlist." },
  "GET /vocabulary/lists": { summary: "The member's word lists." },
  "POST /vocabulary/lists": { summary: "Create a word list.", body: listTitleSchema, creates: true },
  "GET /vocabulary/lists/:id{[0-9]{1,12}}": {
    summary: "One word list and its words.",
    query: [{ name: "q", description: "Only words matching this text.", schema: { type: "string" } }],
  },
  "PATCH /vocabulary/lists/:id{[0-9]{1,12}}": { summary: "Rename a word list.", body: listTitleSchema },
  "DELETE /vocabulary/lists/:id{[0-9]{1,12}}": { summary: "Delete a word list and its words." },
  "POST /vocabulary/lists/:id{[0-9]{1,12}}/items": {
    summary: "Add a word to a list.",
    body: listItemSchema,
    creates: true,
  },
  "PATCH /vocabulary/items/:id{[0-9]{1,12}}": { summary: "Edit a word.", body: listItemSchema },
  "POST /vocabulary/items/:id{[0-9]{1,12}}/move": {
    summary: "Move a word to another of the member's lists.",
    body: moveItemSchema,
  },
  "DELETE /vocabulary/items/:id{[0-9]{1,12}}": { summary: "Delete a word." },
  "POST /vocabulary/lists/:id{[0-9]{1,12}}/quiz-results": {
    summary: "Record a quiz on a word list.",
    body: quizResultSchema,
  },
  "GET /vocabulary/themes": { summary: "The vocabulary themes." },
  "GET /vocabulary/themes/:id{[0-9]{1,12}}": { summary: "One theme and its decks." },
  "GET /vocabulary/decks/:id{[0-9]{1,12}}": {
    summary: "One deck of a theme and its words.",
    query: [{ name: "q", description: "Only words matching this text.", schema: { type: "string" } }],
  },
  "POST /vocabulary/decks/:id{[0-9]{1,12}}/quiz-results": {
    summary: "Record a quiz on a deck.",
    body: quizResultSchema,
  },
  "POST /vocabulary/saved-words": {
    summary: "Save a word from the dictionary to a list.",
    body: saveGlobalWordSchema,
    creates: true,
  },

  "GET /admin/imports/:kind/template": {
    summary: "A CSV template for an import.",
    produces: { contentType: "text/csv", description: "The template, with an example row." },
  },
  "POST /admin/imports/:kind/preview": {
    summary: "Upload a CSV: answers a draft with every row checked, nothing written yet.",
    rawBody: { contentType: "multipart/form-data", description: "`file`: the CSV." },
    creates: true,
  },
  "GET /admin/imports/:kind/drafts/:draftId": { summary: "A draft import's checked rows." },
  "POST /admin/imports/:kind/apply": { summary: "Write a draft import's rows, all or nothing.", body: applySchema },
  "POST /admin/uploads": {
    summary: "Start a multipart upload of a media file to R2.",
    body: createUploadSchema,
    creates: true,
  },
  "PUT /admin/uploads/part": {
    summary: "Upload one part.",
    rawBody: { contentType: "application/octet-stream", description: "The part's bytes." },
    query: [
      { name: "key", description: "The upload's object key.", required: true, schema: { type: "string" } },
      { name: "uploadId", description: "The upload's id.", required: true, schema: { type: "string" } },
      { name: "partNumber", description: "From 1.", required: true, schema: { type: "integer" } },
    ],
  },
  "POST /admin/uploads/complete": { summary: "Finish a multipart upload and attach the file.", body: completeSchema },
  "POST /admin/uploads/abort": { summary: "Abandon a multipart upload.", body: uploadRef },
  "GET /admin/lessons/:id/cues": { summary: "A lesson's transcript lines, for the editor." },
  "PUT /admin/lessons/:id/cues": {
    summary: "Save a lesson's transcript lines (`{ cues: [...] }`), all or nothing.",
    body: OBJECT_BODY,
  },
  "GET /admin/users": { summary: "Search members.", query: userSearchSchema },
  "GET /admin/users/permissions": { summary: "Who holds which permission." },
  "POST /admin/users/permissions": { summary: "Grant a permission by email.", body: grantByEmailSchema, creates: true },
  "GET /admin/users/:id{[0-9]{1,12}}": { summary: "One member: account, subscription, sessions." },
  "POST /admin/users/:id{[0-9]{1,12}}/permissions": {
    summary: "Grant a permission.",
    body: permissionChangeSchema,
    creates: true,
  },
  "DELETE /admin/users/:id{[0-9]{1,12}}/permissions/:code": { summary: "Revoke a permission." },
  "POST /admin/users/:id{[0-9]{1,12}}/disable": { summary: "Disable an account: every session ends." },
  "POST /admin/users/:id{[0-9]{1,12}}/enable": { summary: "Enable a disabled account." },
  "DELETE /admin/users/:id{[0-9]{1,12}}/sessions": { summary: "End every session of a member." },
  "POST /admin/users/:id{[0-9]{1,12}}/password-reset": { summary: "Mail a member a password reset link." },
  "POST /admin/users": {
    summary: "Create a member with no password (optionally mailing a seven-day link to choose one).",
    body: memberCreateSchema,
    creates: true,
  },
  "PATCH /admin/users/:id{[0-9]{1,12}}": {
    summary: "Edit a member's name, level and email (a new email waits for the member to confirm it).",
    body: memberEditSchema,
  },
  "DELETE /admin/users/:id{[0-9]{1,12}}": {
    summary: "Delete a member's account as self-deletion does (personal data erased, billing kept).",
    body: memberApiDeleteSchema,
  },
  "GET /admin/users/:id{[0-9]{1,12}}/export": { summary: "A member's data as JSON (a data-access request)." },
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/comp": {
    summary: "Give a member with no running subscription a plan for some days, without charge.",
    body: compSchema,
    creates: true,
  },
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/extend": {
    summary: "Push the running subscription's end (and next charge) back by some days.",
    body: extendSchema,
  },
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/cancel": {
    summary: "Cancel the running subscription at its period end or now.",
    body: adminCancelSchema,
  },
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/resume": {
    summary: "Resume a subscription set to end.",
    body: adminResumeSchema,
  },
  "POST /admin/users/:id{[0-9]{1,12}}/subscription/switch-plan": {
    summary: "Move the running subscription to another plan at once.",
    body: adminSwitchPlanSchema,
  },
  "POST /admin/users/:id{[0-9]{1,12}}/refunds": {
    summary: "Refund one paid invoice of the member in full.",
    body: refundSchema,
    creates: true,
  },
  "GET /admin/:resource": {
    summary: "A page of a catalogue resource (lessons, teachers, posts…): search, filter, sort.",
    query: [
      { name: "q", description: "Search text.", schema: { type: "string" } },
      page,
      { name: "sort", description: "A sortable field, `-` first for descending.", schema: { type: "string" } },
    ],
  },
  "POST /admin/:resource": { summary: "Create a resource: the fields of its form.", body: OBJECT_BODY, creates: true },
  "POST /admin/:resource/bulk-delete": { summary: "Delete several (`{ ids: [...] }`).", body: OBJECT_BODY },
  "POST /admin/:resource/upload": {
    summary: "Upload a file to a resource's file field.",
    rawBody: { contentType: "multipart/form-data", description: "`file`, and `field` in the query." },
    query: [{ name: "field", description: "The file field.", required: true, schema: { type: "string" } }],
  },
  "GET /admin/:resource/:id": { summary: "One resource, as its form shows it." },
  "GET /admin/:resource/:id/delete-impact": { summary: "What deleting it would remove with it." },
  "PATCH /admin/:resource/:id": { summary: "Change some fields.", body: OBJECT_BODY },
  "PUT /admin/:resource/:id": { summary: "Replace every field.", body: OBJECT_BODY },
  "DELETE /admin/:resource/:id": { summary: "Delete it (and what its delete impact lists)." },
};

const errorsSchema = {
  type: "object",
  properties: { errors: { type: "array", items: { type: "string" } } },
  required: ["errors"],
};
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Errors" } } },
});

/** What each audience may be refused with, beyond the route's own 400/404/409/413/415/429. */
const REFUSALS: Record<ApiAudience, Record<string, string>> = {
  public: {},
  member: { "401": "No open session: sign in." },
  moderator: { "401": "No open session: sign in.", "403": "Only a moderator may." },
  admin: { "401": "No open session: sign in.", "403": "Only an administrator may." },
  provider: { "400": "The signature does not match the body." },
};

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
    const success = doc.produces
      ? {
          description: doc.produces.description,
          content: { [doc.produces.contentType]: { schema: { type: "string" } } },
        }
      : {
          description: "Done.",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Data" } } },
        };
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
    const responses: Record<string, object> = {
      [doc.creates ? "201" : "200"]: success,
      "4XX": errorResponse("Refused: `errors` says why (a field's problem, not found, too many requests…)."),
    };
    for (const [status, description] of Object.entries(REFUSALS[audience]))
      responses[status] = errorResponse(description);
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
        "The JSON API behind Ahla's pages. Answers are `{ data }`; refusals are a 4xx with `{ errors: [...] }`. " +
        "Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`; the site itself uses the `token` cookie.",
    },
    paths,
    components: {
      schemas: {
        Data: { type: "object", properties: { data: {} }, required: ["data"] },
        Errors: errorsSchema,
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
