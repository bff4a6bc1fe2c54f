import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { DocumentWithContents, PageIntro, type DocumentSection } from "../components/content-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { CONTACT_EMAIL, LEGAL_LAST_UPDATED } from "../legal";
import { pageTitle, rootAppName } from "~/lib/meta";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

const SECTIONS: DocumentSection[] = [
  {
    id: "agreement",
    title: "Agreement",
    body: (
      <p>
        These terms govern your use of Ahla, the website and app for learning Levantine Arabic from video. By creating
        an account or using the service you agree to them. If you use Ahla for a school or company, you confirm you may
        accept them on its behalf.
      </p>
    ),
  },
  {
    id: "account",
    title: "Your account",
    body: (
      <>
        <p>
          You need an account to save progress, words and lists. Give us a real email address, keep your password to
          yourself and tell us at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> if you think someone else has
          used your account. An account is for one person; sharing it with others is not allowed.
        </p>
        <p>
          Ahla is meant for learners aged 16 and over, or younger learners using it under a parent’s or school’s
          supervision.
        </p>
      </>
    ),
  },
  {
    id: "free-and-paid",
    title: "Free lessons and subscriptions",
    body: (
      <>
        <p>
          A free account gives you the lessons marked <strong>Free</strong> and the learning tools around them. A
          subscription unlocks the whole library for as long as it is active. Plans, prices and any free trial are shown
          on the <Link to="/checkout">pricing page</Link> before you pay; prices include the taxes we are required to
          charge.
        </p>
        <ul>
          <li>
            <strong>Renewal.</strong> Subscriptions renew automatically at the end of each monthly or yearly period at
            the price then in force. We tell you in advance by email if a price changes.
          </li>
          <li>
            <strong>Free trials.</strong> If your plan has a trial, you won’t be charged until it ends. Cancel before
            the last day and you pay nothing.
          </li>
          <li>
            <strong>Cancelling.</strong> You can cancel any time from{" "}
            <Link to="/manage-subscription">Manage subscription</Link>. You keep access until the end of the period you
            paid for; nothing renews after that.
          </li>
          <li>
            <strong>Failed payments.</strong> If a renewal payment fails we will try again and ask you to update your
            payment method. If it still fails, your subscription ends and premium lessons lock again — your progress and
            saved words stay.
          </li>
          <li>
            <strong>Refunds.</strong> If something went wrong — you were charged twice, or forgot to cancel and have not
            used the service since the renewal — write to us within 14 days and we will refund you. Your statutory
            rights as a consumer are not affected.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "content",
    title: "Our content",
    body: (
      <p>
        The videos, transcripts, translations, exercises and vocabulary are made by Ahla and its teachers and are
        protected by copyright. Your subscription gives you a personal, non-transferable right to watch and study them
        for your own, non-commercial learning. Attachments offered for download are for your own study too. Please don’t
        copy, re-publish, download videos with other tools, or use the content to train or feed other products without
        our written permission. Teachers and schools interested in group use can write to us.
      </p>
    ),
  },
  {
    id: "your-content",
    title: "What you post",
    body: (
      <>
        <p>
          Comments, community threads and messages stay yours. By posting them you allow us to show them to other
          members within Ahla and to keep them as part of the conversation, including after your account ends
          (anonymised).
        </p>
        <p>Please keep the community a good place to learn. You must not post:</p>
        <ul>
          <li>insults, harassment, hate speech or threats — towards anyone, in any language or dialect;</li>
          <li>spam, advertising or links you are paid to share;</li>
          <li>content you have no right to share, or anyone’s personal information without their consent;</li>
          <li>anything illegal or sexually explicit.</li>
        </ul>
        <p>Moderators may edit or remove posts that break these rules and suspend accounts that keep doing so.</p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Fair use of the service",
    body: (
      <p>
        Don’t try to get around the subscription (for example by sharing signed video links), probe or overload our
        systems, scrape the catalogue, or use automated tools against the site. Reporting a security problem to us in
        good faith is welcome and never a breach of these terms.
      </p>
    ),
  },
  {
    id: "ai",
    title: "AI features",
    body: (
      <p>
        Some lessons offer an AI tutor and some transcripts are first drafted by speech recognition. AI answers can be
        wrong, especially about dialect; treat them as a study aid, not as the teacher’s word. Don’t share sensitive
        personal information with the tutor.
      </p>
    ),
  },
  {
    id: "availability",
    title: "Availability and changes",
    body: (
      <p>
        We work to keep Ahla available and improve it continually, which means features and lessons may change. We may
        retire a lesson, but we won’t remove a substantial part of what you pay for during a paid period without
        offering a pro-rata refund.
      </p>
    ),
  },
  {
    id: "ending",
    title: "Ending your account",
    body: (
      <p>
        You can stop using Ahla and delete your account at any time. We may suspend or close an account that seriously
        or repeatedly breaks these terms; unless the breach is serious we will warn you first, and we will refund any
        unused, prepaid period when we close an account through no fault of yours.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Liability",
    body: (
      <p>
        Ahla is a learning tool; we do our best to make the lessons accurate but can’t promise the service will be
        uninterrupted or free of mistakes. To the extent the law allows, our total liability to you is limited to what
        you paid us in the twelve months before the claim. Nothing in these terms limits liability that cannot be
        limited by law.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        If we change these terms in a way that affects you, we will tell you by email or in the app at least 30 days
        before the change applies. If you don’t agree, you can cancel before then; continuing to use Ahla after the date
        means you accept the new terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. How we handle personal
        data is explained in our <Link to="/privacy-policy">privacy policy</Link>.
      </p>
    ),
  },
];

export default function TermsOfUsePage() {
  return (
    <main>
      <PageIntro
        eyebrow="Legal"
        title="Terms of use"
        lead="The agreement between you and Ahla: what a subscription includes, how billing and cancelling work, and the few rules that keep the community friendly."
      />
      <DocumentWithContents sections={SECTIONS} updated={LEGAL_LAST_UPDATED} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(rootAppName(matches), "Terms of use") }];
