import { useEffect, useRef, useSyncExternalStore } from "react";
import { TOAST_TIMEOUT_MS, type Toast } from "~/lib/toast";
import { CheckIcon, CloseIcon, WarningIcon } from "./icons";

// The toasts (docs/product-rules.md#errors-and-toasts): top centre, above everything (z-index 2000), one
// line each with a close button, gone after TOAST_TIMEOUT_MS unless the pointer rests on them. A small
// store of our own rather than a toast library: this module is in every page's bundle.

interface ShownToast extends Toast {
  timeoutMs: number;
}

let shown: readonly ShownToast[] = [];
const listeners = new Set<() => void>();
const MAX_SHOWN = 3;

function publish(next: readonly ShownToast[]) {
  shown = next;
  for (const listener of listeners) listener();
}

export function showToast(toast: Toast, timeoutMs = TOAST_TIMEOUT_MS) {
  // The same id shows once (a toast from the server survives a re-render of the page that carries it).
  const rest = shown.filter((item) => item.id !== toast.id);
  publish([...rest, { ...toast, timeoutMs }].slice(-MAX_SHOWN));
}

function dismiss(id: string) {
  publish(shown.filter((item) => item.id !== id));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const NONE: readonly ShownToast[] = [];

export function useToastFromServer(toast: Toast | null) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}

const TONES: Record<Toast["status"], string> = {
  success: "border-primary-200 bg-primary-50 text-primary-900",
  warning: "border-accent-300 bg-accent-50 text-accent-700",
  error: "border-red-200 bg-red-50 text-red-800",
};

function ToastItem({ toast }: { toast: ShownToast }) {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dismiss(toast.id), toast.timeoutMs);
  };
  const pause = () => clearTimeout(timer.current);
  useEffect(() => {
    start();
    return pause;
    // The timer starts once per toast; pausing and resuming are driven by the pointer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [toast.id]);
  const Icon = toast.status === "success" ? CheckIcon : WarningIcon;
  return (
    <li
      data-toast
      data-status={toast.status}
      onPointerEnter={pause}
      onPointerLeave={start}
      onFocus={pause}
      onBlur={start}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-lg motion-safe:animate-[toast-in_160ms_ease-out] ${TONES[toast.status]}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">{toast.text}</p>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        aria-label="Close notification"
        className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
      >
        <CloseIcon className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

export function ToastViewport() {
  const toasts = useSyncExternalStore(
    subscribe,
    () => shown,
    () => NONE,
  );
  return (
    // One polite live region announces each toast as it arrives (the items carry no role of their own, so a
    // page's own status messages stay the only "status" in it).
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-4 z-[2000] px-4"
    >
      <ol className="mx-auto flex max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
