import type { MetaFunction } from "@remix-run/cloudflare";
import { DocumentWithContents, PageIntro, type DocumentSection } from "../components/content-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { CONTACT_EMAIL, LEGAL_LAST_UPDATED, PRIVACY_EMAIL } from "../legal";
import { pageTitle, rootAppName } from "~/lib/meta";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

const SECTIONS: DocumentSection[] = [
  {
    id: "summary",
    title: "The short version",
    body: (
      <>
        <p>
          We keep what Ahla needs to give you an account, remember your progress and bill your subscription. We don’t
          show ads, we don’t sell or rent personal data, and we don’t use advertising or cross-site tracking cookies.
          Error reporting and behaviour analytics run only when we have switched them on, and you can block both without
          losing any feature.
        </p>
      </>
    ),
  },
  {
    id: "account",
    title: "Your account",
    body: (
      <>
        <p>When you sign up we store:</p>
        <ul>
          <li>your name and email address;</li>
          <li>
            your password as a salted PBKDF2-SHA256 hash — never the password itself, which we cannot read; if you sign
            in with Google we store your Google account identifier instead of a password;
          </li>
          <li>
            what you choose to add to your profile: an avatar picture, your level, your birthday and whether you prefer
            the romanized or the Arabizi transliteration;
          </li>
          <li>the permissions of your account (for example, whether you are a moderator or an administrator).</li>
        </ul>
        <p>
          For security we also keep a record of each sign-in session: when it started and expires, the browser’s
          user-agent string and the IP address it came from. Sessions last 30 days unless you log out or change your
          password, which ends them at once. Failed sign-in attempts are counted per email address and per IP address
          for 15 minutes to slow down password guessing. Password-reset links are stored only as a hash and expire after
          one hour.
        </p>
      </>
    ),
  },
  {
    id: "learning",
    title: "Your learning data",
    body: (
      <>
        <p>To make the app remember where you are, we store:</p>
        <ul>
          <li>how far you have watched each lesson and which lessons you have completed;</li>
          <li>the words you save and the vocabulary lists and playlists you create;</li>
          <li>
            your flashcard reviews and their spaced-repetition schedule, your listening scores and exercise answers;
          </li>
          <li>
            what you write for others to read — lesson and blog comments, community threads and messages — and, if you
            use the lesson AI tutor, your conversation with it.
          </li>
        </ul>
        <p>
          Comments and community posts are visible to other members. Everything else on this list is visible only to you
          and, when they need it to help you or to keep the service running, to our administrators.
        </p>
      </>
    ),
  },
  {
    id: "payments",
    title: "Payments",
    body: (
      <>
        <p>
          Payments are processed by our payment provider, Stripe. You type your card details on Stripe’s own checkout
          page, so they go straight to Stripe and never reach our servers — we could not read them if we wanted to. From
          the provider we keep your customer and subscription identifiers, your plan, the subscription status and
          billing dates, the amounts and dates of your invoices, and a short description of your payment method such as
          “Visa ending 4242”, so you can recognise it on your account page.
        </p>
        <p>
          If you cancel, we store the reason you pick and any comment you leave, to learn what we should improve.
          Invoice records are kept for as long as tax and accounting law requires, even after an account is deleted.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <>
        <p>Ahla itself sets two cookies, both strictly necessary, neither readable by scripts on the page:</p>
        <ul>
          <li>
            <code>token</code> — your sign-in session. HttpOnly, Secure and SameSite=Lax, it lasts until you log out or
            for at most 30 days. Without it you could not stay signed in.
          </li>
          <li>
            <code>toast</code> — a one-time message (such as “Your settings were saved”) carried across a page redirect.
            HttpOnly, it expires after 60 seconds and is deleted as soon as the message is shown.
          </li>
        </ul>
        <p>
          We don’t use advertising cookies. The analytics tool described below, when it is switched on, may set its own
          cookies; blocking it removes them.
        </p>
      </>
    ),
  },
  {
    id: "error-reporting",
    title: "Error reporting and analytics",
    body: (
      <>
        <h3>Error reporting (Sentry)</h3>
        <p>
          When error reporting is configured, crashes and failed requests in the app and on our servers are sent to
          Sentry so we can fix them. A report includes the page address, your browser and operating system, your IP
          address and, if you are signed in, your account id and email address. To understand performance we record
          timing for page loads. Sentry also keeps a replay — a reconstruction of the page, not a video — of about one
          in ten sessions and of every session in which an error happens; text and form fields are masked in replays, so
          what you type is not recorded.
        </p>
        <h3>Behaviour analytics</h3>
        <p>
          When an analytics id is configured we load a behaviour-analytics script (Microsoft Clarity) that records how
          pages are used — clicks, scrolling and page views, in aggregate — so we can see where the interface confuses
          people.
        </p>
        <h3>How to opt out</h3>
        <p>
          Both tools are switched off unless we configure them, and in your browser they load from their own domains (
          <code>sentry.io</code> and <code>clarity.ms</code>). Blocking those domains with your browser’s tracking
          protection or a content blocker switches them off for you completely, and every part of Ahla keeps working.
          Errors on our servers, when error reporting is configured, go to Sentry too, with the page address, your IP
          address and your account id; that part happens on our side and cannot be blocked in the browser. You can also
          write to <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> and we will delete the reports and recordings
          linked to your account.
        </p>
      </>
    ),
  },
  {
    id: "email",
    title: "Emails",
    body: (
      <>
        <p>
          We send you the emails the service needs — password resets, notices about your email address or payments — and
          keep a log of what was sent to which address.
        </p>
        <h3>The newsletter</h3>
        <p>
          The newsletter goes only to people who asked for it, ticked the consent box and then confirmed by clicking the
          link we emailed (double opt-in). For each subscriber we store the email address, the first name if you gave
          one, which signup form you used, when you gave consent, when you confirmed and, if you leave, when you
          unsubscribed. The confirmation link is stored only as a hash and works once, for 7 days; an address that is
          never confirmed gets nothing after that one email.
        </p>
        <p>
          Every newsletter email carries a one-click unsubscribe link. After you unsubscribe we keep the address marked
          as unsubscribed so that it is never mailed again by mistake; write to us if you want it erased completely. The
          newsletter list is separate from your account: deleting your account does not unsubscribe you, and
          unsubscribing does not touch your account.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who else handles your data",
    body: (
      <>
        <p>We use a small number of processors, each only for its job:</p>
        <ul>
          <li>Cloudflare — hosting, database and video storage;</li>
          <li>Stripe — payments;</li>
          <li>Resend — delivering the emails above, when we send them through it;</li>
          <li>Sentry and Microsoft Clarity — only when switched on, as described above;</li>
          <li>Google — only if you choose to sign in with Google.</li>
        </ul>
        <p>We share data with authorities only when the law requires it.</p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <>
        <p>
          We keep your account and learning data while your account exists. You can delete your account yourself in{" "}
          <a href="/settings">Settings</a>. When you do, we immediately remove what identifies you — your email address,
          name, password, Google link, avatar and birthday — end every session and withdraw any permissions. What you
          wrote for others (comments, community posts) stays in the conversation under the name “Deleted member”; your
          learning history (progress, saved words, reviews) stays attached to that anonymous account and is no longer
          linked to you. Ask us if you want any of it erased as well.
        </p>
        <p>
          Sign-in session records (with their IP address and browser) are kept for the life of the account; failed
          sign-in counters stop counting after 15 minutes and are deleted within a day. Copies in our hosting provider’s
          database backups expire within 30 days. Invoice records stay as long as tax and accounting law requires.
        </p>
      </>
    ),
  },
  {
    id: "rights",
    title: "Your rights",
    body: (
      <>
        <p>
          You can see and correct most of your data in your profile and settings. You can also ask us for a copy of
          everything we hold about you, ask us to correct or delete it, or object to how we use it, by writing to{" "}
          <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>. We answer within 30 days. If you are unhappy with our
          answer you may complain to your data-protection authority.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        Ahla is meant for learners aged 16 and over. Younger learners may use it through a parent’s or school’s account
        with their supervision.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Changes and contact",
    body: (
      <p>
        If we change this policy in a way that matters, we will tell you by email or in the app before the change takes
        effect. Questions about privacy go to <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>; anything else to{" "}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <main>
      <PageIntro
        eyebrow="Legal"
        title="Privacy policy"
        lead="What Ahla stores about you, why, for how long, and how to get it changed or deleted."
      />
      <DocumentWithContents sections={SECTIONS} updated={LEGAL_LAST_UPDATED} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(rootAppName(matches), "Privacy policy") }];
