import { LEVELS } from "#core/levels";

export const LEVEL_OPTIONS = LEVELS.map((level) => ({ value: level, label: level[0]!.toUpperCase() + level.slice(1) }));
export const LEVEL_TONES = { beginner: "success", intermediate: "info", advanced: "warning" } as const;
