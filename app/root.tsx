import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import stylesheet from "~/styles/app.css?url";
import latinFont from "~/fonts/inter-latin.woff2?url";
import arabicFont from "~/fonts/noto-naskh-arabic.woff2?url";
import { getToastFromRequest } from "./lib/toast.server";
import { ToastViewport, useToastFromServer } from "./components/toaster";
import { pageTitle } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import { restoreTypedText } from "./lib/typed-before-hydration";
import { useDeviceMember } from "./lib/device-member";
import { NotFoundPage, ErrorPage } from "./components/error-pages";
import type { Audience } from "./lib/audience";
import { forAudience } from "./lib/auth.server";

export const audience: Audience = "public";

export const links: LinksFunction = () => [
  // The first screen of every page sets Latin text, and Arabic (the logo, the hero transcript, lesson cards):
  // fetch both files with the stylesheet instead of after it. The transliteration file waits until used.
  { rel: "preload", href: latinFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: arabicFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (docs/offline.md): the web app manifest and the home-screen icon iOS reads instead.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.getViewer();
  const { user } = viewer;
  const { toast, setCookie } = getToastFromRequest(request);
  const config = context.app.config;
  const subscription = user ? await viewer.subscription() : null;
  const payload = {
    appName: config.appName,
    user: user
      ? {
          id: user.id,
          name: user.name,
          email: user.email,
          avatarKey: user.avatarKey,
          isAdmin: viewer.isAdmin,
          subscriptionStatus: subscription?.status ?? null,
          hasSubscriptionAccess: subscription?.hasAccess ?? false,
        }
      : null,
    toast,
    publicConfig: {
      sentryDsn: config.sentryBrowserDsn,
      release: config.release,
      environment: config.environment,
    },
    analyticsId: config.analyticsId ?? null,
  };
  return data(payload, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.appName, "Learn Levantine Arabic") },
];

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // A member signed out any way (even by the server) leaves nothing of theirs on the device.
  useDeviceMember(data ? (data.user?.id ?? null) : undefined);
  useEffect(() => {
    restoreTypedText();
    // Says the page is live, error pages included (tests wait for it; nothing styles on it).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#13836d" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-canvas font-sans text-ink">
        {children}
        <ToastViewport />
        <ScrollRestoration nonce={nonce} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: bootScript(data?.publicConfig) }} />
        {data?.analyticsId ? <AnalyticsScript id={data.analyticsId} nonce={nonce} /> : null}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// zod compiles parsers with `new Function` and probes for it once, at the first z.object(); our
// Content-Security-Policy has no 'unsafe-eval', so the probe would be a reported violation on every page.
// zod reads its settings from this global, and this classic script runs before any module builds a schema.
const ZOD_WITHOUT_EVAL =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
// The browser offers installing once the manifest and the service worker are there, possibly before the
// scripts load (ADR 023): kept for the app's own prompt after a finished lesson (app/lib/install-prompt.ts).
const KEEP_INSTALL_PROMPT =
  "addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__ahlaInstallPrompt=e});";

/** The document's one inline script of its own; the browser error reporter reads its public settings from it. */
function bootScript(publicConfig: { sentryDsn?: string; release: string; environment: string } | undefined) {
  if (!publicConfig) return ZOD_WITHOUT_EVAL + KEEP_INSTALL_PROMPT;
  return `${ZOD_WITHOUT_EVAL}${KEEP_INSTALL_PROMPT}window.__AHLA_CONFIG__=${JSON.stringify(publicConfig).replace(/</g, "\\u003c")}`;
}

/** The behaviour-analytics script (Microsoft Clarity style tag), loaded only when its id is configured. */
function AnalyticsScript({ id, nonce }: { id: string; nonce: string }) {
  const safeId = id.replace(/[^a-zA-Z0-9_-]/g, "");
  return <script async nonce={nonce} src={`https://www.clarity.ms/tag/${safeId}`} />;
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useToastFromServer(toast);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage error={error} />;
}
