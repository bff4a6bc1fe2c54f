import { LEVELS } from "#core/levels";
import { slugify } from "#core/slug";
import type { AdminHooks, AdminOption, BadgeTone } from "../types";

export const LEVEL_OPTIONS: readonly AdminOption[] = LEVELS.map((level) => ({
  value: level,
  label: level.charAt(0).toUpperCase() + level.slice(1),
}));

export const LEVEL_TONES: Record<string, BadgeTone> = {
  beginner: "success",
  intermediate: "info",
  advanced: "warning",
};

/** Keeps `slug` in step with `title` (or another text field) on create and on rename. */
export function slugHooks(source = "title"): Pick<AdminHooks, "beforeCreate" | "beforeUpdate"> {
  return {
    beforeCreate: (_ctx, values) => ({ ...values, slug: slugify(String(values[source] ?? "")) }),
    beforeUpdate: (_ctx, values) =>
      typeof values[source] === "string" ? { ...values, slug: slugify(values[source]) } : values,
  };
}
