import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { NewsletterNotice } from "../components/newsletter-notice";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { titleMeta } from "~/lib/route-meta";
import {
  isValidUnsubscribeLink,
  undoNewsletterUnsubscribe,
  unsubscribeFromNewsletter,
} from "#server/services/newsletter";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

function readLink(params: URLSearchParams) {
  const idText = params.get("id") ?? "";
  return { id: /^\d{1,12}$/.test(idText) ? Number(idText) : 0, signature: params.get("sig") ?? "" };
}

function linkHref(link: { id: number; signature: string }, extra = "") {
  return `/newsletter/unsubscribe?id=${link.id}&sig=${encodeURIComponent(link.signature)}${extra}`;
}

// One click from the email unsubscribes at once; the page confirms it and offers an undo. After an undo
// (`kept=1`) the page only shows the state, so reloading it never unsubscribes again.
export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const link = readLink(params);
  if (params.get("kept") === "1") {
    const valid = await isValidUnsubscribeLink(context.app, link);
    return { status: valid ? ("resubscribed" as const) : ("invalid" as const), link: null };
  }
  const result = await unsubscribeFromNewsletter(context.app, link);
  return { status: result.status, link: result.status === "invalid" ? null : link };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const link = readLink(new URL(request.url).searchParams);
  const formData = await request.formData();
  // RFC 8058 one-click unsubscribe (mail clients POST "List-Unsubscribe=One-Click") or the undo button.
  if (formData.get("intent") === "undo") {
    await undoNewsletterUnsubscribe(context.app, link);
    return redirect(linkHref(link, "&kept=1"), 303);
  }
  await unsubscribeFromNewsletter(context.app, link);
  return redirect(linkHref(link), 303);
});

export default function NewsletterUnsubscribePage() {
  const { status: current, link } = useLoaderData<typeof loader>();

  if (current === "invalid") {
    return (
      <NewsletterNotice
        arabic="معلش"
        title="This unsubscribe link doesn't work"
        tone="warning"
        body={
          <>
            It may have been cut short by your email app. Open the link from the email again, or write to{" "}
            <a href="mailto:hello@ahla.dev" className="font-medium text-primary-800 underline">
              hello@ahla.dev
            </a>{" "}
            and we'll take you off the list by hand.
          </>
        }
      />
    );
  }
  if (current === "resubscribed") {
    return (
      <NewsletterNotice
        arabic="أهلين من جديد"
        title="You're back on the list"
        tone="success"
        body="Welcome back. The next newsletter will reach you as before."
      >
        <Link to="/blog" className={buttonClasses("primary", "md")}>
          Read the blog
        </Link>
      </NewsletterNotice>
    );
  }
  return (
    <NewsletterNotice
      arabic="مع السلامة"
      title="You're unsubscribed"
      tone="success"
      body="We won't send you the newsletter any more. Emails about your account, if you have one, are not affected."
    >
      {link ? (
        <Form method="post" action={linkHref(link)}>
          <input type="hidden" name="intent" value="undo" />
          <button type="submit" className={buttonClasses("secondary", "md")}>
            That was a mistake, keep me subscribed
          </button>
        </Form>
      ) : null}
      <Link to="/" className={buttonClasses("ghost", "md")}>
        Go to the home page
      </Link>
    </NewsletterNotice>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => [
  ...titleMeta(matches, "Unsubscribe"),
  { name: "robots", content: "noindex" },
];
