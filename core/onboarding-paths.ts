// The onboarding page's address, for links on hot pages (library, lesson): kept apart from the onboarding
// schemas so those pages' scripts do not carry zod.

/** The onboarding page, returning to `next` (a path of ours) when done or skipped. */
export function onboardingHref(next?: string | null): string {
  return next ? `/onboarding?next=${encodeURIComponent(next)}` : "/onboarding";
}
