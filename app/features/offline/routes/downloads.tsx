import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, buttonClasses } from "~/components/ui/button";
import type { Audience } from "~/lib/audience";
import { forAudience, requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/route-meta";
import { OFFLINE_GRACE_DAYS, VERDICT_MESSAGES, type DownloadVerdict, type OfflineAccessRecord } from "#core/offline";
import type { DownloadRecord } from "~/sw/protocol";
import type { StorageSummary as Storage } from "../downloads";
import { formatBytes } from "../format-bytes";

// A member's own device: the list is read from this browser's storage, the page only says who is asking.
export const audience: Audience = "member";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  return { userId: user.id };
});

type Listing =
  | { kind: "loading" }
  | { kind: "unsupported" }
  | { kind: "ready"; downloads: DownloadRecord[]; access: OfflineAccessRecord | null; storage: Storage };

/** What this device holds. Online, the server is asked again first: a subscription that ended stops premium downloads at once. */
async function loadListing(confirm: boolean): Promise<Listing> {
  const offline = await import("../downloads");
  if (!offline.offlineSupported()) return { kind: "unsupported" };
  const access = confirm ? await offline.confirmAccess() : await offline.readAccess();
  const [downloads, storage] = await Promise.all([offline.listDownloads(), offline.storageSummary()]);
  return { kind: "ready", downloads, access, storage };
}

/**
 * /downloads: the lessons kept on this device, their size, the space used and left, persistent storage, and
 * Delete (docs/offline.md). The service worker keeps a copy of this page, so it opens offline too.
 */
export default function DownloadsRoute() {
  const { userId } = useLoaderData<typeof loader>();
  const [listing, setListing] = useState<Listing>({ kind: "loading" });
  const [notice, setNotice] = useState("");

  const refresh = useCallback(async (confirm: boolean) => setListing(await loadListing(confirm)), []);

  useEffect(() => {
    void loadListing(navigator.onLine).then(setListing);
  }, []);

  const remove = async (record: DownloadRecord) => {
    const offline = await import("../downloads");
    await offline.deleteDownload(record);
    setNotice(`Deleted “${record.title}” from this device.`);
    await refresh(false);
  };

  const persist = async () => {
    const offline = await import("../downloads");
    const granted = await offline.requestPersistence();
    setNotice(
      granted
        ? "Your downloads are kept until you delete them."
        : "The browser did not allow it yet (installing the app usually does). Downloads may be removed if the device runs out of space.",
    );
    await refresh(false);
  };

  return (
    <main className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Downloads</h1>
      <p className="mt-2 text-muted">
        Lessons kept on this device play without a connection, with their transcript and word meanings. Premium lessons
        keep playing while your subscription runs: go online at least every {OFFLINE_GRACE_DAYS} days.
      </p>
      <p role="status" className="mt-3 text-sm font-medium text-primary-800">
        {notice}
      </p>

      {listing.kind === "loading" ? (
        <p className="mt-6 text-muted">Reading this device’s downloads…</p>
      ) : listing.kind === "unsupported" ? (
        <p className="mt-6 text-muted">This browser cannot keep lessons for offline use.</p>
      ) : (
        <>
          <StorageCard storage={listing.storage} onPersist={() => void persist()} />
          {listing.downloads.length === 0 ? (
            <div className="mt-6 rounded-xl border border-line bg-surface p-6 text-center">
              <p className="font-medium">No lessons downloaded yet.</p>
              <p className="mt-1 text-sm text-muted">Open a lesson and choose Download to watch it offline.</p>
              <a href="/video-library" className={buttonClasses("primary", "md", "mt-4 min-h-11")}>
                Browse the library
              </a>
            </div>
          ) : (
            <ul className="mt-6 space-y-3" aria-label="Downloaded lessons">
              {listing.downloads.map((record) => (
                <DownloadRow
                  key={record.lessonId}
                  record={record}
                  access={listing.access}
                  userId={userId}
                  onDelete={() => void remove(record)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}

function StorageCard({ storage, onPersist }: { storage: Storage; onPersist: () => void }) {
  const { usage, quota, persisted } = storage;
  const share = usage !== null && quota ? Math.min(100, (usage / quota) * 100) : null;
  return (
    <section aria-labelledby="storage-heading" className="mt-6 rounded-xl border border-line bg-surface p-5">
      <h2 id="storage-heading" className="font-semibold">
        Space on this device
      </h2>
      {usage !== null && quota !== null ? (
        <>
          <p className="mt-1 text-sm text-muted" data-testid="storage-used">
            {formatBytes(usage)} used · {formatBytes(Math.max(0, quota - usage))} available
          </p>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-line"
            role="meter"
            aria-label="Space used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share ?? 0)}
          >
            <div className="h-full bg-primary-600" style={{ width: `${Math.max(share ?? 0, 1)}%` }} />
          </div>
        </>
      ) : (
        <p className="mt-1 text-sm text-muted">This browser does not say how much space is left.</p>
      )}
      {persisted ? (
        <p className="mt-3 text-sm text-primary-800">Downloads are kept until you delete them.</p>
      ) : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">The browser may remove downloads if the device runs out of space.</p>
          <Button variant="secondary" className="min-h-11 shrink-0" onClick={onPersist}>
            Keep my downloads
          </Button>
        </div>
      )}
    </section>
  );
}

function DownloadRow({
  record,
  access,
  userId,
  onDelete,
}: {
  record: DownloadRecord;
  access: OfflineAccessRecord | null;
  userId: number;
  onDelete: () => void;
}) {
  const [verdict, setVerdict] = useState<DownloadVerdict | null>(null);
  useEffect(() => {
    void import("../downloads").then((offline) =>
      setVerdict(
        record.userId === userId ? offline.verdictOf(record, access) : { playable: false, reason: "other-member" },
      ),
    );
  }, [record, access, userId]);
  const stopped = verdict && !verdict.playable ? VERDICT_MESSAGES[verdict.reason] : null;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold">{record.title}</p>
        {record.titleAr ? (
          <p className="text-primary-800">
            <span lang="ar" dir="rtl">
              {record.titleAr}
            </span>
          </p>
        ) : null}
        <p className="mt-1 text-sm text-muted">
          {formatBytes(record.bytes)} · {record.isFree ? "Free lesson" : "Premium"} · downloaded{" "}
          {new Date(record.downloadedAt).toLocaleDateString()}
        </p>
        {stopped ? (
          <p className="mt-1 text-sm font-medium text-red-800" data-testid="download-stopped">
            {stopped}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        {stopped ? null : (
          // A document load (not a client navigation): offline, the service worker answers it from the download.
          <a
            href={record.path}
            aria-label={`Watch ${record.title}`}
            className={buttonClasses("primary", "md", "min-h-11")}
          >
            Watch
          </a>
        )}
        <Button variant="secondary" className="min-h-11" aria-label={`Delete ${record.title}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Downloads");
