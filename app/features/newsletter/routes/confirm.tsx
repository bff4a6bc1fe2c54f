import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { NewsletterNotice } from "../components/newsletter-notice";
import { NewsletterForm } from "../components/newsletter-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { titleMeta } from "~/lib/route-meta";
import { confirmNewsletterSubscription } from "#server/services/newsletter";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmNewsletterSubscription(context.app, { token });
  return { confirmed: result.status === "confirmed", email: result.status === "confirmed" ? result.email : null };
});

export default function NewsletterConfirmPage() {
  const { confirmed, email } = useLoaderData<typeof loader>();
  if (confirmed) {
    return (
      <NewsletterNotice
        arabic="أهلا وسهلا"
        title="You're subscribed"
        tone="success"
        body={
          <>
            Thanks for confirming. The newsletter will reach <strong className="text-ink">{email}</strong> about twice a
            month, and every issue has a one-click unsubscribe link.
          </>
        }
      >
        <Link to="/blog" className={buttonClasses("primary", "md")}>
          Read the blog
        </Link>
        <Link to="/video-library" className={buttonClasses("secondary", "md")}>
          Try a free lesson
        </Link>
      </NewsletterNotice>
    );
  }
  return (
    <NewsletterNotice
      arabic="معلش"
      title="This confirmation link doesn't work"
      tone="warning"
      body="It may have been used already, be older than 7 days, or have been cut short by your email app. Sign up again below and we'll send you a fresh link."
    >
      <div className="w-full text-start">
        <NewsletterForm source="newsletter-page" heading="Send me a new link" lead="Enter your email again." />
      </div>
    </NewsletterNotice>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => [
  ...titleMeta(matches, "Confirm your subscription"),
  { name: "robots", content: "noindex" },
];
