import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Marks a form as sent by a fetcher (JavaScript on): the action answers with data instead of redirecting. */
export function JsMarker() {
  return useHydrated() ? <input type="hidden" name="_js" value="1" /> : null;
}
