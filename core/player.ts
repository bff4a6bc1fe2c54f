// The lesson player's settings and limits, shared by the player (which must not ship zod for them) and
// the zod schemas that validate the same values at the API (core/schemas/lessons.ts, admin-lesson.ts).
// The player's stored preferences and its loop schedule are plain functions here so they are unit tested
// (tests/unit/lesson-player.test.ts) without a browser.
import type { TransliterationScheme } from "./transliteration";

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5] as const;
export const CAPTION_LANGUAGES = ["ar", "en", "tr"] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];

/** The longest question a learner may ask the lesson assistant. */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;

/** Caption text sizes on the video (small, medium, large). */
export const CAPTION_SIZES = ["s", "m", "l"] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number];

/**
 * How a loop of one line runs: "rising" plays it once at each of RISING_RATES; a number plays it that many
 * times at the learner's speed; "forever" until stopped.
 */
export const LOOP_MODES = ["rising", 2, 3, 5, "forever"] as const;
export type LoopMode = (typeof LOOP_MODES)[number];
export const RISING_RATES = [0.75, 1, 1.25] as const;
/** What happens when a loop has played all its passes. */
export const LOOP_ENDS = ["continue", "stop"] as const;
export type LoopEnd = (typeof LOOP_ENDS)[number];

export interface PlayerPreferences {
  showArabic: boolean;
  showTransliteration: boolean;
  showEnglish: boolean;
  tashkeel: boolean;
  /** Null: the scheme from the learner's profile. */
  scheme: TransliterationScheme | null;
  autoPause: boolean;
  rate: number;
  /** Caption lines drawn over the video, each on or off (useful on a phone in landscape and in full screen). */
  captionArabic: boolean;
  captionTransliteration: boolean;
  captionEnglish: boolean;
  captionSize: CaptionSize;
  /** "Hide until tapped": the line is blurred, in the transcript and on the video, until the learner reveals it. */
  blurTransliteration: boolean;
  blurEnglish: boolean;
  loopMode: LoopMode;
  loopEnd: LoopEnd;
  followActiveLine: boolean;
  /** Colour each transcript word by the member's status for it (docs/words.md "The popup"). */
  tintWords: boolean;
  /** Listening mode: a packaged lesson plays its sound alone (the audio rendition), the picture neither shown nor fetched. */
  soundOnly: boolean;
}

export const DEFAULT_PREFERENCES: PlayerPreferences = {
  showArabic: true,
  showTransliteration: true,
  showEnglish: true,
  tashkeel: true,
  scheme: null,
  autoPause: false,
  rate: 1,
  captionArabic: false,
  captionTransliteration: false,
  captionEnglish: false,
  captionSize: "m",
  blurTransliteration: false,
  blurEnglish: false,
  loopMode: "rising",
  loopEnd: "continue",
  followActiveLine: true,
  tintWords: false,
  soundOnly: false,
};

const BOOLEAN_PREFERENCES = [
  "showArabic",
  "showTransliteration",
  "showEnglish",
  "tashkeel",
  "autoPause",
  "captionArabic",
  "captionTransliteration",
  "captionEnglish",
  "blurTransliteration",
  "blurEnglish",
  "followActiveLine",
  "tintWords",
  "soundOnly",
] as const;

/** The one caption language of the first player (`captions`: "ar" | "en" | "tr" | "off") as the three switches. */
const CAPTIONS_V1: Record<
  string,
  Pick<PlayerPreferences, "captionArabic" | "captionTransliteration" | "captionEnglish">
> = {
  off: { captionArabic: false, captionTransliteration: false, captionEnglish: false },
  ar: { captionArabic: true, captionTransliteration: false, captionEnglish: false },
  tr: { captionArabic: false, captionTransliteration: true, captionEnglish: false },
  en: { captionArabic: false, captionTransliteration: false, captionEnglish: true },
};

const includes = <T>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value);

/**
 * Reads stored choices, keeping only values that are still valid (an old or hand-edited entry never breaks the
 * player). The first player's single `captions` language becomes the matching caption switch; a switch stored
 * by the new player wins over it.
 */
export function parseStoredPreferences(raw: string | null): Partial<PlayerPreferences> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const stored = value as Record<string, unknown>;
  const result: Partial<PlayerPreferences> = {};
  if (typeof stored.captions === "string" && Object.hasOwn(CAPTIONS_V1, stored.captions))
    Object.assign(result, CAPTIONS_V1[stored.captions]);
  for (const key of BOOLEAN_PREFERENCES) {
    if (typeof stored[key] === "boolean") result[key] = stored[key];
  }
  if (stored.scheme === "romanized" || stored.scheme === "arabizi" || stored.scheme === null)
    result.scheme = stored.scheme;
  if (typeof stored.rate === "number" && includes(PLAYBACK_RATES, stored.rate)) result.rate = stored.rate;
  if (includes(CAPTION_SIZES, stored.captionSize)) result.captionSize = stored.captionSize;
  if (includes(LOOP_MODES, stored.loopMode)) result.loopMode = stored.loopMode;
  if (includes(LOOP_ENDS, stored.loopEnd)) result.loopEnd = stored.loopEnd;
  return result;
}

/** One pass of a line loop: which pass (from 1), of how many (null: until stopped), at which speed. */
export interface LoopPass {
  pass: number;
  total: number | null;
  rate: number;
}

/** The loop's pass number `pass` (from 1), or null once the loop has played all its passes. */
export function loopPass(mode: LoopMode, pass: number, baseRate: number): LoopPass | null {
  if (!Number.isInteger(pass) || pass < 1) return null;
  if (mode === "rising") {
    const rate = RISING_RATES[pass - 1];
    return rate === undefined ? null : { pass, total: RISING_RATES.length, rate };
  }
  if (mode === "forever") return { pass, total: null, rate: baseRate };
  return pass <= mode ? { pass, total: mode, rate: baseRate } : null;
}

/** How the loop's progress reads on the video and for a screen reader ("2/3 · 1×", "4 · 1×" when endless). */
export function describeLoopPass({ pass, total, rate }: LoopPass): string {
  return `${total === null ? pass : `${pass}/${total}`} · ${rate}×`;
}

/** A loop mode's name in the settings ("0.75× → 1× → 1.25×", "3 times", "Until stopped"). */
export function loopModeLabel(mode: LoopMode): string {
  if (mode === "rising") return RISING_RATES.map((rate) => `${rate}×`).join(" → ");
  if (mode === "forever") return "Until stopped";
  return `${mode} times`;
}
