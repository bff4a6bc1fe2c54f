import type { SubmissionResult } from "@conform-to/react";
import { Link, useFetcher } from "@remix-run/react";
import { useId } from "react";
import { CheckIcon, MailIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { NewsletterSource } from "#core/schemas/newsletter";

export type NewsletterActionData = { result: SubmissionResult<string[]>; message?: string };

/**
 * Newsletter signup (email, optional name, explicit consent). Posts to /newsletter: inline through a
 * fetcher with JavaScript, as a normal form post (the /newsletter page answers) without it.
 */
export function NewsletterForm({
  source,
  tone = "light",
  heading = "Get a new Shami phrase in your inbox",
  lead = "About twice a month: new lessons, dialect tips and the latest posts from the blog. No spam, unsubscribe with one click.",
  lastResult,
  message,
  headingLevel = "h2",
}: {
  source: NewsletterSource;
  tone?: "light" | "dark";
  heading?: string;
  lead?: string;
  /** A result rendered by the /newsletter page itself (document posts without JavaScript). */
  lastResult?: SubmissionResult<string[]> | null;
  message?: string | null;
  headingLevel?: "h1" | "h2";
}) {
  const fetcher = useFetcher<NewsletterActionData>({ key: `newsletter-${source}` });
  const headingId = useId();
  const result = fetcher.data?.result ?? lastResult ?? undefined;
  const done = fetcher.data?.message ?? message ?? null;
  // No client-side validation library: this form sits on the landing page and the blog. The server
  // validates with core/schemas/newsletter.ts and its messages come back here, at the fields (with
  // JavaScript through the fetcher, without it on the /newsletter page).
  const idBase = `newsletter-${source}`;
  const errors = (fetcher.state === "idle" ? result?.error : undefined) ?? {};
  const field = (name: "email" | "name" | "consent") => ({
    id: `${idBase}-${name}`,
    name,
    errorId: `${idBase}-${name}-error`,
    errors: errors[name] ?? undefined,
  });
  const fields = { email: field("email"), name: field("name"), consent: field("consent") };
  const formErrors = errors[""] ?? undefined;
  const initial = (fetcher.state === "idle" ? result?.initialValue : undefined) ?? {};
  const initialText = (name: string) => (typeof initial[name] === "string" ? (initial[name] as string) : undefined);
  const dark = tone === "dark";
  const Heading = headingLevel;
  const sending = fetcher.state !== "idle";
  const labelClass = cn("block text-sm font-medium", dark ? "text-white" : "text-ink");
  const errorTone = dark ? "[&_ul]:text-red-100 [&_li]:text-red-100" : "";

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "rounded-xl p-6 sm:p-8",
        dark ? "bg-primary-900 text-white shadow-xl" : "border border-line bg-surface shadow-sm",
      )}
    >
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className={cn(
            "hidden size-11 shrink-0 items-center justify-center rounded-xl sm:inline-flex",
            dark ? "bg-white/10 text-accent-300" : "bg-primary-50 text-primary-700 ring-1 ring-primary-100",
          )}
        >
          <MailIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <Heading
            id={headingId}
            className={cn("text-xl font-bold tracking-tight sm:text-2xl", dark ? "text-white" : "text-ink")}
          >
            {heading}
          </Heading>
          <p className={cn("mt-2 text-[15px] leading-relaxed", dark ? "text-primary-100" : "text-muted")}>{lead}</p>
        </div>
      </div>

      {done ? (
        <div
          role="status"
          className={cn(
            "mt-6 flex items-start gap-3 rounded-xl px-4 py-4 text-[15px]",
            dark ? "bg-white/10 text-white" : "bg-primary-50 text-primary-900",
          )}
        >
          <CheckIcon className="mt-0.5 size-5 shrink-0" />
          <p>{done}</p>
        </div>
      ) : (
        <fetcher.Form
          method="post"
          action="/newsletter"
          id={idBase}
          noValidate
          className={cn("mt-6 space-y-4", errorTone)}
        >
          <input type="hidden" name="source" value={source} />
          <FormErrors errors={formErrors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <label htmlFor={fields.email.id} className={labelClass}>
                Email
              </label>
              <input
                id={fields.email.id}
                name="email"
                type="email"
                defaultValue={initialText("email")}
                autoComplete="email"
                placeholder="you@example.com"
                aria-invalid={fields.email.errors ? true : undefined}
                aria-describedby={fields.email.errors ? fields.email.errorId : undefined}
                className={inputClasses}
              />
              <FieldErrors id={fields.email.errorId} errors={fields.email.errors} />
            </div>
            <div className="space-y-1.5">
              <label htmlFor={fields.name.id} className={labelClass}>
                First name{" "}
                <span className={dark ? "font-normal text-primary-100" : "font-normal text-muted"}>(optional)</span>
              </label>
              <input
                id={fields.name.id}
                name="name"
                type="text"
                defaultValue={initialText("name")}
                autoComplete="given-name"
                aria-invalid={fields.name.errors ? true : undefined}
                aria-describedby={fields.name.errors ? fields.name.errorId : undefined}
                className={inputClasses}
              />
              <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
            </div>
          </div>
          <div className="space-y-1.5">
            <div className="flex items-start gap-3">
              <input
                id={fields.consent.id}
                name="consent"
                type="checkbox"
                value="on"
                defaultChecked={initial.consent === "on"}
                aria-invalid={fields.consent.errors ? true : undefined}
                aria-describedby={fields.consent.errors ? fields.consent.errorId : undefined}
                className="mt-1 size-4.5 shrink-0 rounded border-line accent-primary-700"
              />
              <label
                htmlFor={fields.consent.id}
                className={cn("text-sm leading-relaxed", dark ? "text-primary-50" : "text-ink/85")}
              >
                Yes, email me the Ahla newsletter. I can unsubscribe at any time; see the{" "}
                <Link
                  to="/privacy-policy#email"
                  className={cn("font-medium underline underline-offset-2", dark ? "text-white" : "text-primary-800")}
                >
                  privacy policy
                </Link>
                .
              </label>
            </div>
            <FieldErrors id={fields.consent.errorId} errors={fields.consent.errors} />
          </div>
          <Button type="submit" variant={dark ? "accent" : "primary"} disabled={sending} className="w-full sm:w-auto">
            {sending ? "Subscribing…" : "Subscribe"}
          </Button>
        </fetcher.Form>
      )}
    </section>
  );
}
