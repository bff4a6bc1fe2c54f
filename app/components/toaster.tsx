import { useEffect } from "react";
import { Toaster, toast as sonner } from "sonner";
import { TOAST_TIMEOUT_MS, type Toast } from "~/lib/toast";

export function showToast(toast: Toast, timeoutMs = TOAST_TIMEOUT_MS) {
  const options = { id: toast.id, duration: timeoutMs };
  if (toast.status === "error") sonner.error(toast.text, options);
  else if (toast.status === "warning") sonner.warning(toast.text, options);
  else sonner.success(toast.text, options);
}

export function useToastFromServer(toast: Toast | null) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}

export function ToastViewport() {
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      duration={TOAST_TIMEOUT_MS}
      style={{ zIndex: 2000 }}
      toastOptions={{ className: "font-sans" }}
    />
  );
}
