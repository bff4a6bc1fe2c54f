import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { parseCookies } from "#server/lib/cookies";
import { toLocation } from "./location";
import { createToast, TOAST_STATUSES, type Toast } from "./toast";

const toastSchema = z.object({
  id: z.string().min(1).max(64),
  text: z.string().min(1).max(500),
  status: z.enum(TOAST_STATUSES),
}) satisfies z.ZodType<Toast>;

const TOAST_COOKIE = "toast";

function encode(toast: Toast) {
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(toast))));
}

function decode(value: string): Toast | null {
  try {
    const json = new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
    const parsed = toastSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function toastCookie(toast: Toast) {
  return `${TOAST_COOKIE}=${encode(toast)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

/** A one-shot toast carried across a redirect, read (and cleared) by the root loader. */
export function getToastFromRequest(request: Request): { toast: Toast | null; setCookie: string | null } {
  const raw = parseCookies(request.headers.get("Cookie"))[TOAST_COOKIE];
  if (!raw) return { toast: null, setCookie: null };
  return { toast: decode(raw), setCookie: `${TOAST_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` };
}

export function redirectWithToast(
  url: string,
  toast: { text: string; status?: Toast["status"] },
  init: { headers?: HeadersInit; status?: number } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(createToast(toast.text, toast.status)));
  return redirect(toLocation(url), { status: init.status ?? 302, headers });
}
