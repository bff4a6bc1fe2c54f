import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import type { Audience } from "~/lib/audience";
import { forAudience, requireUser } from "~/lib/auth.server";
import { listGroups } from "#server/services/community";
import { titleMeta } from "~/lib/route-meta";
import { formatDuration } from "#core/format";
import type { Recording } from "../recordings-store";
import { ShareForm } from "../components/share-form";

// The recordings live in this browser only (IndexedDB); the page only says who is asking, so each member of a
// shared device sees their own.
export const audience: Audience = "member";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  // The groups an attempt can be shared to for feedback.
  const groups = await listGroups(context.app);
  return { userId: user.id, groups: groups.map(({ id, title }) => ({ id, title })) };
});

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Your recordings");

type Listing = { kind: "loading" } | { kind: "unsupported" } | { kind: "ready"; recordings: Recording[] };

async function loadListing(userId: number): Promise<Listing> {
  const store = await import("../recordings-store");
  try {
    return { kind: "ready", recordings: await store.listRecordings(userId) };
  } catch {
    return { kind: "unsupported" };
  }
}

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/** /speaking: the learner's shadowing attempts on this device, to play again and delete (docs/speaking.md). */
export default function RecordingsRoute() {
  const { userId, groups } = useLoaderData<typeof loader>();
  const [listing, setListing] = useState<Listing>({ kind: "loading" });
  const [notice, setNotice] = useState("");

  const refresh = useCallback(async () => setListing(await loadListing(userId)), [userId]);

  useEffect(() => {
    void loadListing(userId).then(setListing);
  }, [userId]);

  const remove = async (recording: Recording) => {
    const store = await import("../recordings-store");
    await store.deleteRecording(recording.id);
    setNotice(`Deleted your recording of line ${recording.lineNumber} of “${recording.lessonTitle}”.`);
    await refresh();
  };

  const shared = async (recording: Recording, href: string) => {
    const store = await import("../recordings-store");
    await store.saveRecording({ ...recording, sharedHref: href }).catch(() => undefined);
    setNotice(`Shared line ${recording.lineNumber} of “${recording.lessonTitle}” to the community for feedback.`);
    await refresh();
  };

  return (
    <main className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Your recordings</h1>
      <p className="mt-2 text-muted">
        Your shadowing attempts stay on this device: nothing is uploaded unless you share one for feedback. Shadow any
        line from a lesson&apos;s transcript with its microphone button.
      </p>
      <p role="status" className="mt-3 text-sm font-medium text-primary-800">
        {notice}
      </p>
      {listing.kind === "loading" ? <p className="mt-6 text-muted">Reading this device…</p> : null}
      {listing.kind === "unsupported" ? (
        <p className="mt-6 text-muted">This browser keeps no recordings (private browsing may turn storage off).</p>
      ) : null}
      {listing.kind === "ready" && listing.recordings.length === 0 ? (
        <p className="mt-6 text-muted">
          No recordings yet. Open a lesson from the{" "}
          <Link to="/video-library" className="text-primary-800 underline">
            library
          </Link>{" "}
          and press the microphone beside a line.
        </p>
      ) : null}
      {listing.kind === "ready" && listing.recordings.length > 0 ? (
        <ul aria-label="Recordings" className="mt-6 space-y-3">
          {listing.recordings.map((recording) => (
            <RecordingRow
              key={recording.id}
              recording={recording}
              groups={groups}
              onDelete={() => void remove(recording)}
              onShared={(href) => void shared(recording, href)}
            />
          ))}
        </ul>
      ) : null}
    </main>
  );
}

function RecordingRow({
  recording,
  groups,
  onDelete,
  onShared,
}: {
  recording: Recording;
  groups: Array<{ id: number; title: string }>;
  onDelete: () => void;
  onShared: (href: string) => void;
}) {
  const [sharing, setSharing] = useState(false);
  // Rendered only in the browser (the list is read there), so an object URL is safe to make while rendering.
  const url = useMemo(() => URL.createObjectURL(recording.audio), [recording.audio]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const label = `Line ${recording.lineNumber} of ${recording.lessonTitle}`;
  return (
    <li aria-label={label} className="rounded-xl border border-line bg-white p-4 shadow-sm">
      <p lang="ar" dir="rtl" className="text-lg leading-relaxed text-ink">
        {recording.arabic}
      </p>
      {recording.english ? <p className="text-sm text-muted">{recording.english}</p> : null}
      <p className="mt-1 text-sm text-muted">
        <Link
          to={`${recording.lessonPath}?t=${Math.floor(recording.startMs / 1000)}`}
          className="font-medium text-primary-800 underline"
        >
          {recording.lessonTitle}
        </Link>
        , line {recording.lineNumber} at {formatDuration(recording.startMs / 1000)} ·{" "}
        <time dateTime={new Date(recording.createdAt).toISOString()}>{dateFormat.format(recording.createdAt)}</time>
        {recording.match !== null ? ` · rhythm and melody ${recording.match}%` : ""}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the learner's own voice; the line's text is above */}
        <audio src={url} controls aria-label={`Play: ${label}`} className="min-w-0 flex-1" />
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete: ${label}`}
          className="min-h-11 rounded-lg border border-line px-4 text-sm font-medium text-red-800 hover:border-red-300 hover:bg-red-50"
        >
          Delete
        </button>
      </div>
      {recording.sharedHref ? (
        <p className="mt-2 text-sm">
          Shared for feedback:{" "}
          <Link to={recording.sharedHref} className="font-medium text-primary-800 underline">
            see the thread
          </Link>
        </p>
      ) : groups.length > 0 ? (
        sharing ? (
          <ShareForm
            recording={recording}
            groups={groups}
            onCancel={() => setSharing(false)}
            onShared={(href) => {
              setSharing(false);
              onShared(href);
            }}
          />
        ) : (
          <button
            type="button"
            onClick={() => setSharing(true)}
            aria-label={`Share for feedback: ${label}`}
            className="mt-2 min-h-11 rounded-lg border border-line px-4 text-sm font-medium text-primary-800 hover:border-primary-300"
          >
            Share for feedback
          </button>
        )
      ) : null}
    </li>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
