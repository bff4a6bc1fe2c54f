import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true once React runs in the browser. The one hook for "can a
 * script-only control work yet" (app/components/ui/script-button.tsx builds on it).
 */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
