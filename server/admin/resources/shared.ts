import { LEVELS } from "#core/levels";
import type { AdminOption, BadgeTone } from "../types";

export const LEVEL_OPTIONS: readonly AdminOption[] = LEVELS.map((level) => ({
  value: level,
  label: level.charAt(0).toUpperCase() + level.slice(1),
}));

export const LEVEL_TONES: Record<string, BadgeTone> = {
  beginner: "success",
  intermediate: "info",
  advanced: "warning",
};
