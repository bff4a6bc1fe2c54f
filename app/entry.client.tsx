import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { initErrorReporting } from "./lib/error-reporting.client";
import { registerServiceWorker } from "./lib/service-worker";
import { rememberTypedText } from "./lib/typed-before-hydration";

void initErrorReporting();

// In a build this module runs after the first contentful paint: the document loads its scripts after it
// (app/lib/deferred-scripts.server.ts), so hydration starts at once from here.
rememberTypedText();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
// Offline lessons and the install offer (docs/offline.md); after hydration has started, off its path.
registerServiceWorker();
