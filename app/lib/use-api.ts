import { useNavigate } from "@remix-run/react";
import { useMemo } from "react";
import { useRootData } from "~/root";
import { createApiClient } from "./api-client";
import { showToast } from "~/components/toaster";

/** The JSON client wired to this page: the session, the router and the toasts. */
export function useApi() {
  const navigate = useNavigate();
  const root = useRootData();
  const loggedIn = Boolean(root?.user);
  return useMemo(
    () =>
      createApiClient({
        isLoggedIn: () => loggedIn,
        logout: async () => {
          await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" }).catch(() => undefined);
          const here = `${window.location.pathname}${window.location.search}`;
          window.location.assign(`/auth/login?redirect=${encodeURIComponent(here)}`);
        },
        navigate: (to) => navigate(to),
        notify: (toast) => showToast(toast),
        here: () => `${window.location.pathname}${window.location.search}`,
      }),
    [loggedIn, navigate],
  );
}
