import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true once the page is interactive. The exercises need
 * JavaScript (the server checks each answer), so their controls stay disabled until then rather than
 * swallowing a tap.
 */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
