/**
 * What a free account gets and what a subscription adds (docs/product-rules.md#free-and-paid, ADR 029), in
 * the words every page shows: the plan cards on /checkout and the landing page, the locks on the study
 * tools, and the messages of the gates (the API's 402 `errors` and the toast on the way to /checkout). The
 * rules themselves are in the one access policy (server/access/policy.ts); this file is only their wording
 * and the one number they share with the pages.
 */

/**
 * A free member's one session with a curated flashcard collection starts with their first rating of one of
 * its cards and stays open this long (a day's study: the daily new-card limit still applies within it).
 */
export const FREE_COLLECTION_SESSION_HOURS = 24;
export const FREE_COLLECTION_SESSION_MS = FREE_COLLECTION_SESSION_HOURS * 60 * 60 * 1000;

/** The free account, line by line, as the plan cards compare it with a subscription. */
export const FREE_ACCOUNT_INCLUDES = [
  "Free lessons: the player, the transcript, saving words and the lesson’s exercises",
  "Your saved words and vocabulary lists, with their quiz and “My words” flashcards",
  "One session of every vocabulary deck and flashcard collection",
  "The first listening activity of each group",
  "The community: read and post",
] as const;

/** What a subscription adds to the free account. */
export const SUBSCRIPTION_ADDS = [
  "Every lesson in the library, with its transcript and exercises",
  "Every vocabulary deck and flashcard collection, as often as you like",
  "Review all your due flashcards in one session",
  "Every listening activity",
] as const;

/** The comparison's headings, shared by /checkout and the landing page. */
export const FREE_TIER_COMPARISON = {
  title: "Free account or subscription",
  lead: "An account is free and keeps everything you save. A subscription opens the rest.",
  free: { title: "Free account", includes: FREE_ACCOUNT_INCLUDES },
  subscription: {
    title: "With a subscription",
    lead: "Everything in the free account, plus:",
    adds: SUBSCRIPTION_ADDS,
  },
} as const;

/** Short labels beside the study tools. Text, never only an icon. */
export const FREE_TIER_LABELS = {
  free: "Free",
  subscribeToOpen: "Subscribe to open",
  oneSession: "Free: one session",
  sessionUsed: "Free session used",
  subscribeToPlayAgain: "Subscribe to play again",
  subscribeToKeepReviewing: "Subscribe to keep reviewing",
} as const;

/**
 * The answer of each gate: the API's 402 `errors`, and the toast a page shows on /checkout. Each says what
 * the subscription adds and what stays free.
 */
export const FREE_TIER_MESSAGES = {
  listening: "Every listening activity comes with a subscription; the first of each group is free.",
  deck: "Playing a deck again comes with a subscription; your first session of every deck is free.",
  collection:
    "Your free session with this collection is over. A subscription keeps every collection going; the first session of each is free.",
  allDue:
    "Reviewing every due card in one session comes with a subscription. Your free sessions are on each collection’s page.",
  export:
    "Exporting a curated collection or vocabulary deck comes with a subscription. Your own saved words and lists export free.",
} as const;

export type FreeTierGate = keyof typeof FREE_TIER_MESSAGES;
