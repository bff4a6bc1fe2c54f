import { z } from "zod";
import { isValidTimeZone } from "#core/local-day";
import { GOAL_LIMITS } from "#server/services/study-progress";

const target = (unit: "minutes" | "cards") => {
  const { min, max } = GOAL_LIMITS[unit];
  return z
    .number({ error: `Enter a number of ${unit}.` })
    .int("Use a whole number.")
    .min(min, `Choose at least ${min}.`)
    .max(max, `Choose at most ${max}.`);
};

/** The daily-goal form of /progress: minutes or cards (or none), the number, and the time zone. */
export const goalFormSchema = z
  .object({
    kind: z.enum(["minutes", "cards", "none"], { error: "Choose a kind of goal." }),
    minutes: target("minutes").optional(),
    cards: target("cards").optional(),
    timeZone: z
      .string()
      .trim()
      .max(64, "That is not a time zone we know.")
      .refine(isValidTimeZone, "Use a time zone name such as Asia/Beirut or Europe/London.")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "minutes" && value.minutes === undefined) {
      ctx.addIssue({ code: "custom", path: ["minutes"], message: "Enter how many minutes a day." });
    }
    if (value.kind === "cards" && value.cards === undefined) {
      ctx.addIssue({ code: "custom", path: ["cards"], message: "Enter how many cards a day." });
    }
  });

export type GoalFormInput = z.infer<typeof goalFormSchema>;
