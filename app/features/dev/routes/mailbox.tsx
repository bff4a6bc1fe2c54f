import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { inputClasses } from "~/components/ui/field";
import { titleMeta } from "~/lib/route-meta";
import { hasDevelopmentTools } from "#server/lib/config";
import { listOutbox } from "#server/services/mail";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

// A development tool: absent in production, where server/app.ts answers 404 before Remix.
export const audience: Audience = "public";

/** The local outbox of every email the app "sent": never reachable in production. */
export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  if (!hasDevelopmentTools(context.app.config)) throw new Response("Not found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim().slice(0, 254) ?? "";
  const messages = await listOutbox(context.app, { to: to || undefined, limit: 100 });
  // Links in the mail point at APP_URL; when this server runs elsewhere (another port), follow it here.
  const appOrigin = new URL(context.app.config.appUrl).origin;
  const here = new URL(request.url).origin;
  return {
    to,
    rewrite: appOrigin !== here ? { from: appOrigin, to: here } : null,
    messages: messages.map((message) => ({
      id: message.id,
      to: message.to,
      subject: message.subject,
      template: message.template,
      status: message.status,
      provider: message.provider,
      text: message.text,
      headers: message.headers ?? {},
      createdAt: message.createdAt.toISOString(),
    })),
  };
});

export default function DevMailboxPage() {
  const { to, messages, rewrite } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-700">Development only</p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight">Mailbox</h1>
          <p className="mt-2 text-muted">Emails the app sent through the local outbox, newest first.</p>
        </div>
        <Form method="get" className="flex gap-2" role="search">
          <label htmlFor="mailbox-to" className="sr-only">
            Filter by recipient
          </label>
          <input
            id="mailbox-to"
            type="email"
            name="to"
            defaultValue={to}
            placeholder="someone@example.com"
            className={`${inputClasses} sm:w-64`}
          />
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </Form>
      </header>
      {to ? (
        <p className="mt-4 text-sm text-muted">
          Showing mail to <strong className="text-ink">{to}</strong>.{" "}
          <Link to="/dev/mailbox" className="font-medium text-primary-700 hover:underline">
            Show all
          </Link>
        </p>
      ) : null}

      {messages.length === 0 ? (
        <Card className="mt-8 p-10 text-center text-muted">No emails yet{to ? " for this address" : ""}.</Card>
      ) : (
        <ol className="mt-8 space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <Card className="overflow-hidden">
                <article aria-labelledby={`mail-${message.id}`}>
                  <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-line bg-canvas/60 px-5 py-4">
                    <div className="min-w-0">
                      <h2 id={`mail-${message.id}`} className="font-semibold">
                        {message.subject}
                      </h2>
                      <p className="mt-0.5 wrap-anywhere text-sm text-muted">To {message.to}</p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2 text-xs">
                      <span className="rounded-full bg-primary-100 px-2 py-0.5 font-medium text-primary-800">
                        {message.template}
                      </span>
                      {message.status !== "sent" ? (
                        <span className="rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-800">
                          {message.status}
                        </span>
                      ) : null}
                      <time dateTime={message.createdAt} className="text-muted">
                        {message.createdAt.replace("T", " ").slice(0, 19)} UTC
                      </time>
                    </div>
                  </header>
                  {Object.keys(message.headers).length > 0 ? (
                    <dl className="border-b border-line px-5 py-3 font-mono text-xs text-muted">
                      {Object.entries(message.headers).map(([name, value]) => (
                        <div key={name} className="wrap-anywhere">
                          <dt className="inline font-semibold text-ink">{name}:</dt> <dd className="inline">{value}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                  <pre className="overflow-x-auto whitespace-pre-wrap break-words px-5 py-4 font-sans text-sm leading-relaxed">
                    <Linkified text={message.text} rewrite={rewrite} />
                  </pre>
                </article>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

function Linkified({ text, rewrite }: { text: string; rewrite: { from: string; to: string } | null }) {
  const hrefOf = (url: string) =>
    rewrite && url.startsWith(`${rewrite.from}/`) ? rewrite.to + url.slice(rewrite.from.length) : url;
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={hrefOf(part)} className="wrap-anywhere font-medium text-primary-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Dev mailbox");
