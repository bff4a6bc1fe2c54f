import { z } from "zod";
import { LEVEL_LABELS } from "../format";
import { LEARNING_GOALS, LEVELS, type LearningGoal, type Level } from "../levels";
import { profileSchema } from "./profile";

// Onboarding (/onboarding) and the same preferences on /profile: level, why they learn, minutes a day,
// the dialect region they want most and their time zone (docs/recommendations.md).

export { LEARNING_GOALS, LEVELS };

/** The daily goals offered, in minutes of video a day. */
export const DAILY_MINUTES = [5, 10, 15, 20, 30] as const;
export type DailyMinutes = (typeof DAILY_MINUTES)[number];

/** The radio value of "No preference" for the dialect region (stored as null). */
export const NO_REGION = "none";

export const GOAL_LABELS: Record<LearningGoal, { title: string; description: string }> = {
  travel: { title: "Travel", description: "Get around Beirut, Amman, Damascus or Jerusalem." },
  family: { title: "Family", description: "Talk with family, in-laws and friends." },
  work: { title: "Work", description: "Colleagues, clients and life on the job." },
  heritage: { title: "Heritage", description: "Reconnect with the language of your roots." },
};

export const LEVEL_DESCRIPTIONS: Record<Level, string> = {
  beginner: "You know a few words and phrases, or none yet.",
  intermediate: "You get by in simple conversations.",
  advanced: "You follow most everyday speech.",
};

/**
 * How the four Levantine regions are named on a suggestion ("At your level (Beginner) · Lebanese"), by
 * country code; any other country is named by its dialect, then its name.
 */
const REGION_ADJECTIVES: Record<string, string> = {
  SY: "Syrian",
  LB: "Lebanese",
  PS: "Palestinian",
  JO: "Jordanian",
};

/** The four Levantine regions' names in Arabic, shown beside the English one on the region choice. */
const REGION_NAMES_AR: Record<string, string> = {
  SY: "سوريا",
  LB: "لبنان",
  PS: "فلسطين",
  JO: "الأردن",
};

export function regionAdjective(country: { code: string; name: string; dialect?: string | null }): string {
  return REGION_ADJECTIVES[country.code.toUpperCase()] ?? (country.dialect?.trim() || country.name);
}

export function regionNameAr(code: string): string | null {
  return REGION_NAMES_AR[code.toUpperCase()] ?? null;
}

/** True for a time zone this runtime's Intl knows ("Asia/Beirut", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const levelField = z.enum(LEVELS, { error: "Choose your level, or try the three clips to find it." });
const goalField = z.enum(LEARNING_GOALS, { error: "Choose why you are learning." });
const minutesField = z
  .number({ error: "Choose how many minutes a day." })
  .int("Choose how many minutes a day.")
  .refine((value) => (DAILY_MINUTES as readonly number[]).includes(value), {
    message: `Choose ${DAILY_MINUTES.slice(0, -1).join(", ")} or ${DAILY_MINUTES.at(-1)} minutes.`,
  });
/** A country code from the regions offered, or "none"; whether the country exists is the service's check. */
const regionField = z
  .string()
  .trim()
  .max(32, "Choose one of the regions.")
  .regex(/^[A-Za-z0-9-]+$/, "Choose one of the regions.")
  .transform((value) => (value.toLowerCase() === NO_REGION ? null : value));
const timeZoneField = z.string().trim().refine(isTimeZone, "Choose a time zone from the list.");

/** The onboarding form: level, goal and minutes are required; no region means "No preference". */
export const onboardingSchema = z.object({
  level: levelField,
  goal: goalField,
  dailyGoalMinutes: minutesField,
  dialectRegion: regionField.optional().transform((value) => value ?? null),
  // A hidden field the browser fills in: a value this runtime does not know is dropped, not an error.
  timeZone: timeZoneField.optional().catch(undefined),
});
export type OnboardingInput = z.infer<typeof onboardingSchema>;

/**
 * The most minutes a day a goal may be (the same bound as the goal set on /progress); the profile keeps any
 * whole number up to it, so a goal set there is never refused here.
 */
export const DAILY_MINUTES_MAX = 600;
const anyMinutesField = z
  .number({ error: "Choose how many minutes a day." })
  .int("Choose a whole number of minutes.")
  .min(1, "Choose how many minutes a day.")
  .max(DAILY_MINUTES_MAX, `Choose at most ${DAILY_MINUTES_MAX} minutes.`);

/** The same preferences on /profile, beside the profile's own fields (its level included). */
export const preferencesShape = {
  goal: goalField.optional(),
  dailyGoalMinutes: anyMinutesField.optional(),
  dialectRegion: regionField.optional().transform((value) => value ?? null),
  timeZone: timeZoneField.optional(),
};
export const profileWithPreferencesSchema = profileSchema.extend(preferencesShape);
export type PreferencesInput = {
  goal?: LearningGoal;
  dailyGoalMinutes?: number;
  dialectRegion: string | null;
  timeZone?: string;
};

// ----- The self-check: three short clips, one per level ------------------------------------------

export const SELF_CHECK_ANSWERS = ["little", "some", "most"] as const;
export type SelfCheckAnswer = (typeof SELF_CHECK_ANSWERS)[number];

export const SELF_CHECK_LABELS: Record<SelfCheckAnswer, string> = {
  little: "Hardly any",
  some: "Some of it",
  most: "Most of it",
};

const CLIP_COUNTS = ["", "a short clip", "two short clips", "three short clips"] as const;

/**
 * "Check yourself with two short clips": the self-check's invitation, worded the same on the onboarding page and
 * the profile, with the number of clips this member will really get (one per level whose lesson they may watch:
 * server/services/onboarding.ts). Null when there is none.
 */
export function selfCheckInvitation(clips: number): string | null {
  const words = CLIP_COUNTS[Math.min(Math.max(0, Math.trunc(clips)), CLIP_COUNTS.length - 1)];
  return words ? `Check yourself with ${words}` : null;
}

/** The form field of each level's clip rating. */
export const SELF_CHECK_FIELDS = {
  beginner: "checkBeginner",
  intermediate: "checkIntermediate",
  advanced: "checkAdvanced",
} as const satisfies Record<Level, string>;

/** The self-check's one form-level error: "Suggest my level" with no clip rated. */
export const NOTHING_RATED = "Watch at least one clip and say how much of it you followed.";

const answerField = z.enum(SELF_CHECK_ANSWERS, { error: "Choose how much you followed." }).optional();

export const selfCheckSchema = z
  .object({
    checkBeginner: answerField,
    checkIntermediate: answerField,
    checkAdvanced: answerField,
  })
  .refine((answers) => Object.values(answers).some(Boolean), { message: NOTHING_RATED });
export type SelfCheckInput = z.infer<typeof selfCheckSchema>;

const ANSWER_WORDS: Record<SelfCheckAnswer, string> = { little: "little", some: "some", most: "most" };

/**
 * The level the three clips suggest, with the reason in words. Levels are read from Beginner up; the first
 * clip not followed "most" decides: "some" → that level (a stretch you can follow), "hardly any" → the
 * level below it. When every clip rated was followed mostly: the level above the highest of them.
 * A clip not rated says nothing.
 */
export function suggestLevel(input: SelfCheckInput): { level: Level; reason: string } {
  const rated = LEVELS.flatMap((level) => {
    const answer = input[SELF_CHECK_FIELDS[level]];
    return answer ? [{ level, answer }] : [];
  });
  const said = (items: typeof rated) =>
    items
      .map(({ level, answer }) => `${ANSWER_WORDS[answer]} of the ${LEVEL_LABELS[level]} clip`)
      .join(items.length > 2 ? ", " : " and ");
  const first = rated.findIndex((item) => item.answer !== "most");
  if (first === -1) {
    const highest = rated.at(-1)?.level ?? "beginner";
    const level = LEVELS[Math.min(LEVELS.indexOf(highest) + 1, LEVELS.length - 1)]!;
    const reason =
      level === highest
        ? `You followed ${said(rated)}: Advanced lessons are for you.`
        : `You followed ${said(rated)}: ${LEVEL_LABELS[level]} lessons will stretch you without losing you.`;
    return { level, reason };
  }
  const { level: at, answer } = rated[first]!;
  const facts = said(rated.slice(0, first + 1));
  if (answer === "some") {
    return { level: at, reason: `You followed ${facts}: ${LEVEL_LABELS[at]} lessons are the right stretch.` };
  }
  const below = LEVELS[Math.max(LEVELS.indexOf(at) - 1, 0)]!;
  return {
    level: below,
    reason:
      below === at
        ? `You followed ${facts}: start with ${LEVEL_LABELS[below]} lessons, every line has a translation.`
        : `You followed ${facts}: ${LEVEL_LABELS[below]} lessons are a better start.`,
  };
}

export { onboardingHref } from "../onboarding-paths";
