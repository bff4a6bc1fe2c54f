// The lesson player's settings and limits, shared by the player (which must not ship zod for them) and
// the zod schemas that validate the same values at the API (core/schemas/lessons.ts, admin-lesson.ts).

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5] as const;
export const CAPTION_LANGUAGES = ["ar", "en", "tr"] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];

/** The longest question a learner may ask the lesson assistant. */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
