import { BOOKMARK_COOKIE, parseCookies, serializeBookmarkCookie } from "./cookies";

/**
 * D1 read replication for one request, through the Sessions API (docs/decisions/021-d1-read-replication.md).
 *
 * Which session serves the request:
 * - A request that may write (POST, PUT, PATCH, DELETE) runs on one "first-primary" session: its first
 *   query goes to the primary, and later ones to a replica only if it has caught up with that (D1 sends
 *   writes to the primary in any case). `reads` and `primary` are then the same handle.
 * - A request that cannot write (GET, HEAD, OPTIONS) reads through `DB.withSession(bookmark)`, where the
 *   bookmark is the `d1b` cookie: the newest write this browser made, so whichever replica answers is at
 *   least that new (read-your-writes). Without the cookie (or with one that is not a bookmark) it reads
 *   "first-unconstrained": any replica. Its `primary` is a second, "first-primary" session for what must
 *   not be stale: the sign-in (session token) lookup and entitlement checks.
 * - A write while serving a GET (an email confirmation link, the return from a hosted checkout, the
 *   Google sign-in) goes to that primary session whichever handle it came through (`isWriteStatement`
 *   looks at the SQL), and from then on every statement of the request does, so the rest of the request
 *   reads what it wrote. Services that write from a GET still ask for `ctx.primary` (`onPrimary`), so
 *   their reads before the write are fresh too.
 *
 * After the response (`finish`), the `d1b` cookie is set to the session's newest bookmark when it differs
 * from the cookie, and only when the request may have written: any write method, or a GET that wrote.
 * A GET that only read sets nothing, so an anonymous page stays cacheable, and a member's reads do not
 * re-send the cookie every time a replica has moved on. The cookie lives an hour: replicas catch up
 * within seconds, and after that the bookmark constrains nothing.
 *
 * Development only (`measure`): every response gets
 *
 *     Server-Timing: d1;dur=<ms>;desc="rows_read=<N> rows_written=<M> queries=<Q>"
 *
 * summing D1's own `meta` (rows_read, rows_written, duration) over every statement this request ran on
 * either session (a batch counts each statement). Drizzle reads with `stmt.raw()`, which drops `meta`, so
 * the figure is taken one level down: workerd's D1 session object (cloudflare-internal:d1-api) sends every
 * statement through its `_sendOrThrow` (HTTP binding) or `_queryOrThrow` (JSRPC binding) method, which
 * returns the results with their `meta`; those two methods are wrapped on this request's session objects
 * only, and hand back what they received, so no result changes. Both are workerd internals: if a
 * future workerd renames them, or the binding is not workerd's own (wrangler's platform proxy, which
 * serves `npm run dev`'s /api from Node), the header says `desc="unmeasured"` rather than guess. Queries still
 * running when the response is returned (a streamed body) are not in the figure. In production none of
 * this is installed.
 */
export interface D1RequestSession {
  /** This request's reads: a replica when the bookmark allows it. */
  readonly reads: D1Database;
  /** Sign-in, entitlement and writes. The same handle as `reads` on a request that may write. */
  readonly primary: D1Database;
  /** Sets the bookmark cookie and (when measuring) Server-Timing on the response's (mutable) headers. */
  finish(headers: Headers): void;
}

export const READ_ONLY_METHODS: readonly string[] = ["GET", "HEAD", "OPTIONS"];

const FIRST_PRIMARY = "first-primary";
const FIRST_UNCONSTRAINED = "first-unconstrained";

/**
 * A D1 bookmark as D1 (and miniflare) hand them out: dash-separated hex fields, e.g.
 * `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683`. Anything else in the cookie is ignored,
 * so a tampered cookie can never reach D1 as a constraint.
 */
const BOOKMARK_PATTERN = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i;

export function parseBookmark(value: string | null | undefined): string | null {
  const bookmark = value?.trim();
  return bookmark && bookmark.length <= 200 && BOOKMARK_PATTERN.test(bookmark) ? bookmark : null;
}

/**
 * The session's bookmark, if it is one. Under wrangler's platform proxy (`npm run dev`'s /api) a session
 * is a remote stub whose `getBookmark()` answers a promise: no bookmark, so no cookie, there.
 */
function bookmarkOf(session: D1DatabaseSession): string | null {
  const value: unknown = session.getBookmark();
  return typeof value === "string" ? parseBookmark(value) : null;
}

/** Bookmarks sort lexicographically, oldest first (D1's glossary; workerd compares them with localeCompare). */
function newest(...bookmarks: (string | null)[]): string | null {
  return bookmarks.reduce<string | null>(
    (best, next) => (next !== null && (best === null || best.localeCompare(next) < 0) ? next : best),
    null,
  );
}

/** True unless the statement is plainly a read; when unsure, a write (the cost is one cookie). */
export function isWriteStatement(sql: string): boolean {
  const head = sql.trimStart().slice(0, 8).toLowerCase();
  if (head.startsWith("select") || head.startsWith("pragma") || head.startsWith("explain")) return false;
  if (head.startsWith("with")) return /\b(insert|update|delete|replace)\b/i.test(sql);
  return true;
}

export function openD1Session(db: D1Database, request: Request, options: { measure?: boolean } = {}): D1RequestSession {
  const readOnly = READ_ONLY_METHODS.includes(request.method.toUpperCase());
  const cookie = parseBookmark(parseCookies(request.headers.get("Cookie"))[BOOKMARK_COOKIE]);
  const totals = options.measure ? new D1Totals() : null;
  const open = (constraintOrBookmark: string) => {
    const session = db.withSession(constraintOrBookmark);
    totals?.watch(session);
    return session;
  };

  /** The newest bookmark when it moved past the cookie's, and the cost figure when measuring. */
  const finishWith = (bookmark: string | null, headers: Headers) => {
    if (bookmark && bookmark !== cookie) headers.append("Set-Cookie", serializeBookmarkCookie(bookmark, request.url));
    if (totals) headers.append("Server-Timing", totals.serverTiming());
  };

  const main = open(FIRST_PRIMARY);
  if (!readOnly) {
    return {
      reads: asDrizzleClient(main),
      primary: asDrizzleClient(main),
      finish: (headers) => finishWith(bookmarkOf(main), headers),
    };
  }

  // A read request: replica reads until the first write, which goes to the primary (whichever handle
  // it came through), and from then on every statement does, so the rest of the request reads that write.
  const replica = open(cookie ?? FIRST_UNCONSTRAINED);
  let wrote = false;
  const noteWrite = (sql: string) => {
    if (!wrote && isWriteStatement(sql)) wrote = true;
  };
  const reads: D1Client = {
    prepare(sql) {
      noteWrite(sql);
      return (wrote ? main : replica).prepare(sql);
    },
    batch: (statements) => (wrote ? main : replica).batch(statements),
  };
  const primary: D1Client = {
    prepare(sql) {
      noteWrite(sql);
      return main.prepare(sql);
    },
    batch: (statements) => main.batch(statements),
  };
  return {
    reads: asDrizzleClient(reads),
    primary: asDrizzleClient(primary),
    finish: (headers) => finishWith(wrote ? newest(bookmarkOf(main), bookmarkOf(replica)) : null, headers),
  };
}

/** What drizzle's d1 driver calls on its client. */
type D1Client = Pick<D1DatabaseSession, "prepare" | "batch">;

/**
 * Drizzle's `drizzle()` is typed for a D1Database, but its d1 driver only ever calls `prepare(sql)` and
 * `batch(statements)` on the client (node_modules/drizzle-orm/d1/session.js: `SQLiteD1Session`), both of
 * which a D1DatabaseSession (and the routing wrappers above) have with the same signatures. `exec`,
 * `dump`, `withSession` and `query` are never called (drizzle's `$client` would expose them; nothing
 * here uses it).
 */
function asDrizzleClient(session: D1Client): D1Database {
  return session as unknown as D1Database;
}

interface D1Meta {
  rows_read?: number;
  rows_written?: number;
  duration?: number;
}

/** The wrapped workerd internals: each resolves to one result, or one per statement, each with its `meta`. */
const SENDING_METHODS = ["_sendOrThrow", "_queryOrThrow"] as const;

class D1Totals {
  rowsRead = 0;
  rowsWritten = 0;
  queries = 0;
  durationMs = 0;
  measurable = true;

  watch(session: D1DatabaseSession) {
    const internals = session as unknown as Record<string, unknown>;
    // The methods of workerd's D1DatabaseSession class, looked up on its prototype: a stand-in (wrangler's
    // platform proxy answers a function for any name) has no such prototype and stays unmeasured.
    const known = Object.getPrototypeOf(session) as Record<string, unknown> | null;
    let wrapped = 0;
    for (const name of SENDING_METHODS) {
      const original = internals[name];
      if (typeof original !== "function" || typeof known?.[name] !== "function") continue;
      const add = (answer: unknown) => this.add(answer);
      internals[name] = async function (this: unknown, ...args: unknown[]) {
        const answer: unknown = await (original as (...args: unknown[]) => Promise<unknown>).apply(this, args);
        add(answer);
        return answer;
      };
      wrapped += 1;
    }
    if (wrapped === 0) this.measurable = false;
  }

  add(answer: unknown) {
    for (const result of Array.isArray(answer) ? answer : [answer]) {
      const meta = (result as { meta?: D1Meta } | null)?.meta;
      this.queries += 1;
      this.rowsRead += meta?.rows_read ?? 0;
      this.rowsWritten += meta?.rows_written ?? 0;
      this.durationMs += meta?.duration ?? 0;
    }
  }

  serverTiming(): string {
    if (!this.measurable) return 'd1;desc="unmeasured"';
    const desc = `rows_read=${this.rowsRead} rows_written=${this.rowsWritten} queries=${this.queries}`;
    return `d1;dur=${Math.round(this.durationMs * 1000) / 1000};desc="${desc}"`;
  }
}
