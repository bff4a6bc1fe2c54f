import { useNavigate } from "@remix-run/react";
import { useCallback, useSyncExternalStore } from "react";
import { LIBRARY_PATH } from "#core/library-query";

/**
 * With JavaScript, library forms navigate to a clean URL (empty fields left out) instead of the
 * browser's `?q=&category=&…`; without it they are ordinary GET forms and the server ignores blanks.
 */
export function useLibraryFormNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (form: HTMLFormElement, { replace = false }: { replace?: boolean } = {}) => {
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form)) {
        if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
      }
      const search = params.toString();
      navigate(search ? `${LIBRARY_PATH}?${search}` : LIBRARY_PATH, { preventScrollReset: true, replace });
    },
    [navigate],
  );
}

/**
 * Puts a form's checkboxes, radios and selects back in line with the applied query after a
 * navigation (a chip removed, Back pressed). Inputs stay uncontrolled so focus never jumps.
 */
export function syncFormControls(form: HTMLFormElement | null, params: URLSearchParams) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
      const values = params.getAll(element.name);
      element.checked = element.value === "" ? values.length === 0 : values.includes(element.value);
    } else if (element instanceof HTMLSelectElement) {
      element.value = params.get(element.name) ?? "";
    }
  }
}

const subscribeToNothing = () => () => {};

/** False on the server and during hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
