/** The three levels every lesson, course, deck and learner profile is tagged with (docs/product-rules.md). */
export const LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type Level = (typeof LEVELS)[number];
