import { useEffect } from "react";
import { DOWNLOADS_CACHE, META_CACHE, PAGES_CACHE } from "~/sw/protocol";
import { deleteOutbox } from "./outbox";

// The member whose things this browser keeps (docs/offline.md "How to clear"). Downloads and the outbox belong to
// the member who made them; they leave the device when that member is signed out, whichever way: the sign-out
// button (the service worker also sees that POST go by), the admin area's forced sign-out (/auth/logout?reason=admin
// or straight from /admin), a session revoked elsewhere, an account deleted or disabled. All of these end on a page
// rendered without that member (signed out, or someone else), which is what this notices.

/** localStorage: the id of the member the device's downloads and outbox belong to. */
export const DEVICE_MEMBER_KEY = "ahla:device-member";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Deletes a member's downloads, their records and kept pages, and their outbox. The precache (the app) stays. */
export async function forgetMemberData(userId: number): Promise<void> {
  const jobs: Array<Promise<unknown>> = [deleteOutbox(userId)];
  if (typeof caches !== "undefined")
    jobs.push(...[DOWNLOADS_CACHE, META_CACHE, PAGES_CACHE].map((name) => caches.delete(name)));
  await Promise.allSettled(jobs);
}

/**
 * Called with the member this page was rendered for (null: signed out). When the device holds another member's
 * things (the previous one was signed out), they are deleted first. Returns the deletion (tests wait for it).
 */
export async function settleDeviceMember(current: number | null): Promise<void> {
  const store = storage();
  if (!store) return;
  const stored = Number(store.getItem(DEVICE_MEMBER_KEY));
  const previous = Number.isSafeInteger(stored) && stored > 0 ? stored : null;
  if (previous !== null && previous !== current) await forgetMemberData(previous);
  if (current === null) store.removeItem(DEVICE_MEMBER_KEY);
  else store.setItem(DEVICE_MEMBER_KEY, String(current));
}

/**
 * The root's hook: `userId` is the root loader's member (null signed out), undefined when the root has no data (an
 * error page), which decides nothing.
 */
export function useDeviceMember(userId: number | null | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    void settleDeviceMember(userId);
  }, [userId]);
}
