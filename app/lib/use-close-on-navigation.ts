import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/**
 * Closes a <details> menu after each client-side navigation, but not when the page first hydrates: a menu
 * opened with a tap before the scripts arrived (ADR 023) must still be open afterwards.
 */
export function useCloseOnNavigation(ref: RefObject<HTMLDetailsElement>) {
  const location = useLocation();
  const renderedKey = useRef(location.key);
  useEffect(() => {
    if (renderedKey.current === location.key) return;
    renderedKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);
}
