/**
 * Downloaded lessons and the membership they belong to (docs/offline.md): the rule the service worker
 * (app/sw/) and the Downloads page both apply, and the shape of what `GET /api/offline/access` answers.
 */

/** How long a premium download keeps playing after the last time the server confirmed the member's access. */
export const OFFLINE_GRACE_DAYS = 14;
export const OFFLINE_GRACE_MS = OFFLINE_GRACE_DAYS * 24 * 60 * 60 * 1000;

/** What the server last said about the member on this device, with when the device heard it. */
export interface OfflineAccessRecord {
  userId: number;
  /** May watch premium lessons (a running subscription, or an admin). */
  premium: boolean;
  /** When the device got this answer (epoch ms, the device's clock). */
  confirmedAt: number;
}

/** The facts about a download the rule reads. */
export interface DownloadFacts {
  userId: number;
  isFree: boolean;
}

export type DownloadVerdict =
  { playable: true } | { playable: false; reason: "ended" | "unconfirmed" | "other-member" | "signed-out" };

/**
 * May this download play now? Free lessons always do for the member who downloaded them. A premium one plays
 * while the last answer said "premium" and is less than OFFLINE_GRACE_DAYS old; at once not when the server
 * said the access ended. A clock set back before the last confirmation counts as unconfirmed.
 */
export function downloadVerdict(
  download: DownloadFacts,
  access: OfflineAccessRecord | null,
  now: number,
): DownloadVerdict {
  if (!access) return download.isFree ? { playable: true } : { playable: false, reason: "unconfirmed" };
  if (access.userId !== download.userId) return { playable: false, reason: "other-member" };
  if (download.isFree) return { playable: true };
  if (!access.premium) return { playable: false, reason: "ended" };
  const age = now - access.confirmedAt;
  if (age < 0 || age > OFFLINE_GRACE_MS) return { playable: false, reason: "unconfirmed" };
  return { playable: true };
}

/** Why a download does not play, in the learner's words. */
export const VERDICT_MESSAGES: Record<Exclude<DownloadVerdict, { playable: true }>["reason"], string> = {
  ended: "Your subscription ended, so this premium download no longer plays. Subscribe again to watch it.",
  unconfirmed: `Go online to keep watching: we could not confirm your subscription for ${OFFLINE_GRACE_DAYS} days.`,
  "other-member": "This download belongs to another account on this device.",
  "signed-out": "Sign in to watch your downloads.",
};
