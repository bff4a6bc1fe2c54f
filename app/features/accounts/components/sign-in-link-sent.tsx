import { Form } from "@remix-run/react";
import { AuthHeader } from "./auth-parts";
import { useIsPending } from "~/components/form-fields";
import { MailIcon } from "~/components/icons";
import { Button, ButtonLink } from "~/components/ui/button";

/**
 * The login page once a sign-in link was asked for. It says the same whatever happened (no account, a
 * limit reached), so it never tells whether the address has an account. "Send another link" posts the
 * same request again, so it works without JavaScript.
 */
export function SignInLinkSent({
  email,
  redirectTo,
  intent,
  backTo,
  showDevMailbox,
}: {
  email: string;
  redirectTo: string;
  intent: string;
  backTo: string;
  showDevMailbox: boolean;
}) {
  const sending = useIsPending(intent);
  return (
    <div>
      <div
        className="mb-5 grid size-12 place-items-center rounded-full bg-primary-100 text-primary-700"
        aria-hidden="true"
      >
        <MailIcon className="size-6" strokeWidth={2} />
      </div>
      <AuthHeader title="Check your inbox" />
      <div role="status" className="space-y-3 text-sm text-ink">
        <p>If an account uses this address, a sign-in link is on its way. It works once, for 15 minutes.</p>
        <p>
          <span className="text-muted">Address: </span>
          <strong className="wrap-anywhere font-semibold">{email}</strong>
        </p>
        <p className="text-muted">
          You can open the link on this device or any other. Nothing there after a few minutes? Look in your spam
          folder, or send another link.
        </p>
      </div>
      {showDevMailbox ? (
        <p className="mt-4 rounded-xl border border-dashed border-accent-300 bg-accent-50 px-4 py-3 text-sm text-accent-700">
          Running locally: emails land in the{" "}
          <a href={`/dev/mailbox?to=${encodeURIComponent(email)}`} className="font-medium underline">
            dev mailbox
          </a>
          .
        </p>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={backTo} size="lg" className="flex-1">
          Back to sign in
        </ButtonLink>
        <Form method="post" className="flex flex-1">
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="redirect" value={redirectTo} />
          <Button
            type="submit"
            name="intent"
            value={intent}
            variant="secondary"
            size="lg"
            className="w-full"
            disabled={sending}
          >
            {sending ? "Sending…" : "Send another link"}
          </Button>
        </Form>
      </div>
    </div>
  );
}
