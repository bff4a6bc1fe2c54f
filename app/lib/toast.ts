/**
 * A toast is `{ id (random), text, status }` and disappears after 7000 ms by default
 * (docs/product-rules.md#errors-and-toasts).
 */
export const TOAST_TIMEOUT_MS = 7000;

export const TOAST_STATUSES = ["success", "warning", "error"] as const;

// A plain type, not a zod schema: this module is in every page's bundle, and only the server parses a
// toast (from its cookie, app/lib/toast.server.ts).
export interface Toast {
  id: string;
  text: string;
  status: (typeof TOAST_STATUSES)[number];
}

export function createToast(text: string, status: Toast["status"] = "success"): Toast {
  return { id: crypto.randomUUID(), text, status };
}

export const GENERIC_ERROR_MESSAGE = "Error occurred. We're working on fixing it.";
