import { z } from "zod";

/**
 * A toast is `{ id (random), text, status }` and disappears after 7000 ms by default
 * (docs/product-rules.md#errors-and-toasts).
 */
export const TOAST_TIMEOUT_MS = 7000;

export const toastSchema = z.object({
  id: z.string().min(1).max(64),
  text: z.string().min(1).max(500),
  status: z.enum(["success", "warning", "error"]),
});

export type Toast = z.infer<typeof toastSchema>;

export function createToast(text: string, status: Toast["status"] = "success"): Toast {
  return { id: crypto.randomUUID(), text, status };
}

export const GENERIC_ERROR_MESSAGE = "Error occurred. We're working on fixing it.";
