import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { NewsletterForm, type NewsletterActionData } from "../components/newsletter-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requestMeta } from "~/lib/auth.server";
import { invalidSubmission } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { newsletterSignupFormSchema } from "#core/schemas/newsletter";
import { AppError } from "#server/lib/errors";
import { subscribeToNewsletter } from "#server/services/newsletter";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

/** The signup forms on the landing page and the blog post here; without JavaScript this page shows the answer. */
export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: newsletterSignupFormSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  try {
    const { message } = await subscribeToNewsletter(context.app, { ...submission.value, meta: requestMeta(request) });
    return data<NewsletterActionData>({ result: submission.reply({ resetForm: true }), message });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<NewsletterActionData>(
      { result: submission.reply({ formErrors: error.messages }) },
      { status: error.status },
    );
  }
});

export default function NewsletterPage() {
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-2xl px-4 py-12 sm:px-6 md:py-20">
      <NewsletterForm
        source="newsletter-page"
        headingLevel="h1"
        heading="The Ahla newsletter"
        lastResult={actionData?.result}
        message={
          actionData && "message" in actionData && typeof actionData.message === "string" ? actionData.message : null
        }
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Newsletter");
