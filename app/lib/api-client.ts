import { reviveDates } from "#core/dates";
import { createToast, GENERIC_ERROR_MESSAGE, type Toast } from "./toast";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors[0] ?? `Request failed with ${status}`);
    this.name = "ApiError";
  }
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Whether a session exists right now (the error rules apply only while logged in). */
  isLoggedIn: () => boolean;
  /** Clears the session; the caller's error is still passed on. */
  logout: () => void | Promise<void>;
  navigate: (to: string) => void;
  notify: (toast: Toast) => void;
  /**
   * The page the member is on (path and query): a 402 sends them to `/checkout?redirect=<it>`, so the checkout
   * names the lesson and brings them back after paying. Without it, plain `/checkout`.
   */
  here?: () => string;
}

/**
 * The browser's JSON client, without a request timeout. Answers are `{ data }`; errors follow
 * docs/product-rules.md#errors-and-toasts: 401/403 while logged in → log out, no toast; 402 → /checkout (with the
 * current page as its return path, docs/product-rules.md#a-paywall-with-context);
 * `errors: string[]` → one toast each; anything else → one generic toast. The error is always rethrown.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set("Content-Type", "application/json");
    headers.set("Accept", "application/json");
    let response: Response;
    try {
      response = await doFetch(path, {
        credentials: "same-origin",
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    } catch (error) {
      options.notify(createToast(GENERIC_ERROR_MESSAGE, "error"));
      throw error;
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return reviveDates((body as { data?: T } | null)?.data as T);

    const errors = readErrors(body);
    const loggedIn = options.isLoggedIn();
    if ((response.status === 401 || response.status === 403) && loggedIn) {
      await options.logout();
    } else if (response.status === 402 && loggedIn) {
      options.navigate(checkoutFor(options.here?.()));
    } else if (errors) {
      for (const message of errors) options.notify(createToast(message, "error"));
    } else {
      options.notify(createToast(GENERIC_ERROR_MESSAGE, "error"));
    }
    throw new ApiError(response.status, errors ?? []);
  }

  return {
    request,
    get: <T>(path: string) => request<T>(path),
    post: <T>(path: string, json?: unknown) => request<T>(path, { method: "POST", json }),
    put: <T>(path: string, json?: unknown) => request<T>(path, { method: "PUT", json }),
    patch: <T>(path: string, json?: unknown) => request<T>(path, { method: "PATCH", json }),
    delete: <T>(path: string) => request<T>(path, { method: "DELETE" }),
  };
}

/** `/checkout`, with the page as `redirect` unless there is none or it is a checkout page itself. */
function checkoutFor(here: string | undefined): string {
  if (!here || !here.startsWith("/") || /^\/checkout(?:-success)?(?:[/?#]|$)/.test(here)) return "/checkout";
  return `/checkout?redirect=${encodeURIComponent(here)}`;
}

function readErrors(body: unknown): string[] | null {
  if (!body || typeof body !== "object") return null;
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors) || errors.length === 0 || !errors.every((e) => typeof e === "string")) return null;
  return errors;
}
