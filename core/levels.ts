/** The three levels every lesson, course, deck and learner profile is tagged with (docs/product-rules.md). */
export const LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type Level = (typeof LEVELS)[number];

/** Why a learner studies, asked at onboarding: it shapes the reasons shown on suggestions. */
export const LEARNING_GOALS = ["travel", "family", "work", "heritage"] as const;
export type LearningGoal = (typeof LEARNING_GOALS)[number];
