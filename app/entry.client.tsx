import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { initErrorReporting } from "./lib/error-reporting.client";

void initErrorReporting();

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// The server's HTML is the first screen: let the browser paint it before hydration takes the main thread
// (on a slow phone hydration is the longest task of the load). A frame callback runs just before the next
// paint; the timeout after it runs once that frame is out. Pages work without JavaScript until then.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
