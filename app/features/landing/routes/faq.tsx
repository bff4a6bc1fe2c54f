import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageIntro } from "../components/content-page";
import { FaqList } from "../components/faq-list";
import { ChatIcon, MailIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle, rootAppName } from "~/lib/meta";
import { listFaqs } from "#server/services/catalog/faqs";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  return { faqs: await listFaqs(context.app) };
});

export default function FaqPage() {
  const { faqs } = useLoaderData<typeof loader>();
  return (
    <main>
      <PageIntro
        eyebrow="Help"
        title="Frequently asked questions"
        lead="Lessons, dialects, subscriptions and your account — the answers learners ask for most."
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_20rem] lg:py-16">
        {faqs.length > 0 ? (
          <FaqList faqs={faqs} />
        ) : (
          <p className="rounded-xl border border-dashed border-line bg-surface p-8 text-center text-muted">
            No questions have been published yet. Write to us and we’ll answer you directly.
          </p>
        )}
        <aside aria-labelledby="faq-contact-heading" className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-xl border border-line bg-surface p-6 shadow-sm">
            <h2 id="faq-contact-heading" className="text-lg font-semibold text-ink">
              Still wondering?
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-muted">
              A real person reads every message, usually within one working day.
            </p>
            <a
              href="mailto:hello@ahla.dev"
              className="mt-4 flex items-center gap-3 rounded-lg bg-primary-50 px-3 py-2.5 text-sm font-semibold text-primary-800 hover:bg-primary-100"
            >
              <MailIcon className="size-5" /> hello@ahla.dev
            </a>
            <Link
              to="/community"
              className="mt-2 flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-semibold text-ink hover:bg-primary-50"
            >
              <ChatIcon className="size-5 text-muted" /> Ask the community
            </Link>
          </div>
          <p className="px-2 text-lg text-primary-800">
            <span lang="ar" dir="rtl">
              اسأل ولا تستحي
            </span>
          </p>
          <p className="-mt-3 px-2 text-sm text-muted">“Ask, don’t be shy.”</p>
        </aside>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(rootAppName(matches), "FAQ") }];
