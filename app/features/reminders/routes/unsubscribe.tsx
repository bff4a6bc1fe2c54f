import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ReminderNotice } from "../components/reminder-notice";
import { useIsPending } from "~/components/form-fields";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, buttonClasses } from "~/components/ui/button";
import { titleMeta } from "~/lib/route-meta";
import {
  readReminderLink,
  reminderLinkState,
  unsubscribeFromReminders,
} from "#server/services/reminders/unsubscribe-link";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

// The unsubscribe link of every reminder email: `/reminders/unsubscribe?u=<member id>&sig=<HMAC>`
// (docs/reminders.md). Opening it only asks; the POST turns reminders off. The POST comes either from the
// page's button or straight from the mail client (RFC 8058 one-click: `List-Unsubscribe=One-Click`, no
// cookie, no Origin), so the signature is the whole grant and no session is needed. A browser post from
// another site is still refused at the front door (server/lib/request-guards.ts).

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const link = readReminderLink(new URL(request.url).searchParams);
  const state = await reminderLinkState(context.app, link);
  if (state === "invalid" || !link) return data({ state: "invalid" as const, formAction: null }, { status: 400 });
  return { state, formAction: `/reminders/unsubscribe?u=${link.userId}&sig=${link.signature}` };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  // The body is "List-Unsubscribe=One-Click" from a mail client, or the button's; neither changes anything.
  await request.formData().catch(() => null);
  const result = await unsubscribeFromReminders(context.app, readReminderLink(new URL(request.url).searchParams));
  return result === "invalid" ? data({ result }, { status: 400 }) : { result };
});

export default function ReminderUnsubscribePage() {
  const { state, formAction } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = useIsPending();

  if (state === "invalid" || answer?.result === "invalid") {
    return (
      <ReminderNotice
        arabic="معلش"
        title="This unsubscribe link doesn't work"
        tone="warning"
        body={
          <p>
            It may have been cut short by your email app. Open the link from the email again, or turn reminders off in
            your{" "}
            <Link to="/settings" className="font-medium text-primary-800 underline">
              settings
            </Link>
            .
          </p>
        }
      />
    );
  }
  if (answer?.result === "off") {
    return (
      <ReminderNotice
        arabic="تمام"
        title="Reminder emails are off"
        tone="success"
        body={
          <p>
            We won't send you reminders any more. Emails about your account and subscription are not affected. Changed
            your mind? Turn them back on in your settings.
          </p>
        }
      >
        <Link to="/settings" className={buttonClasses("secondary", "md")}>
          Open settings
        </Link>
        <Link to="/video-library" className={buttonClasses("ghost", "md")}>
          Go to the lessons
        </Link>
      </ReminderNotice>
    );
  }
  if (state === "off") {
    return (
      <ReminderNotice
        arabic="تمام"
        title="Reminder emails are already off"
        tone="success"
        body={<p>You won't get reminders from us. You can turn them back on in your settings whenever you like.</p>}
      >
        <Link to="/settings" className={buttonClasses("secondary", "md")}>
          Open settings
        </Link>
      </ReminderNotice>
    );
  }
  return (
    <ReminderNotice
      arabic="أكيد؟"
      title="Stop reminder emails?"
      tone="question"
      body={
        <p>
          You will no longer get the emails about your reviews, your streak and new lessons at your level. Emails about
          your account and subscription are not affected.
        </p>
      }
    >
      <Form method="post" action={formAction ?? undefined}>
        <Button type="submit" size="md" disabled={pending}>
          {pending ? "Stopping…" : "Stop reminder emails"}
        </Button>
      </Form>
      <Link to="/video-library" className={buttonClasses("ghost", "md")}>
        Keep them
      </Link>
    </ReminderNotice>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => [
  ...titleMeta(matches, "Reminder emails"),
  { name: "robots", content: "noindex" },
];
