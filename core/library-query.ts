/**
 * The query-string contract of /video-library, shared by the page (links, chips, "Load more") and the
 * server (server/services/catalog/library-params.ts parses it with zod). Browser-safe, no dependencies.
 *
 *   q         search text (Arabic, romanisation, Arabizi or English)
 *   level     repeatable: beginner | intermediate | advanced
 *   category  category slug            teacher  teacher slug
 *   country   country code (sy, lb, ps, jo), lower case
 *   duration  under-1 | 1-3 | 3-10 | 10-plus (minutes)
 *   free      1 = free lessons only
 *   status    unwatched | in-progress | completed (signed-in learners)
 *   fit       1 = "right for me": lessons where the member knows 80–95 % of the words (signed-in learners)
 *   sort      relevance (default with q) | newest (default) | popular | shortest | known (most words known
 *             first; signed-in learners, newest for visitors)
 *   page      1..n: the server renders pages 1 to n, so the URL is shareable and Back works
 */
import type { LevelName } from "./format";

export const LIBRARY_PATH = "/video-library";
export const LIBRARY_PAGE_SIZE = 24;
/** Pages rendered at most for one URL (24 × 20 = 480 lessons); past that, filters narrow faster. */
export const LIBRARY_MAX_PAGES = 20;

export const LIBRARY_LEVELS = ["beginner", "intermediate", "advanced"] as const satisfies readonly LevelName[];

export const LIBRARY_SORTS = ["relevance", "newest", "popular", "shortest", "known"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export const SORT_LABELS: Record<LibrarySort, string> = {
  relevance: "Best match",
  newest: "Newest",
  popular: "Most watched",
  shortest: "Shortest",
  known: "Most words known",
};
/** The sorts that need a signed-in member (what they know); a visitor's list is the newest instead. */
export const MEMBER_SORTS: ReadonlySet<LibrarySort> = new Set(["known"]);

/** Buckets for clips (under a minute), short scenes, full lessons and long-form conversations. */
export const DURATION_BUCKETS = {
  "under-1": { label: "Under 1 min", minSeconds: 0, maxSeconds: 60 },
  "1-3": { label: "1–3 min", minSeconds: 60, maxSeconds: 180 },
  "3-10": { label: "3–10 min", minSeconds: 180, maxSeconds: 600 },
  "10-plus": { label: "10 min +", minSeconds: 600, maxSeconds: null },
} as const satisfies Record<string, { label: string; minSeconds: number; maxSeconds: number | null }>;
export type DurationBucket = keyof typeof DURATION_BUCKETS;
export const DURATION_BUCKET_NAMES = Object.keys(DURATION_BUCKETS) as DurationBucket[];

export const PROGRESS_STATUSES = ["unwatched", "in-progress", "completed"] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];
export const STATUS_LABELS: Record<ProgressStatus, string> = {
  unwatched: "Not started",
  "in-progress": "In progress",
  completed: "Completed",
};

export interface LibraryQuery {
  q: string;
  levels: LevelName[];
  category: string | null;
  teacher: string | null;
  country: string | null;
  duration: DurationBucket | null;
  freeOnly: boolean;
  status: ProgressStatus | null;
  /** "Right for me": 80–95 % of the words known (core/words/knowledge.ts). Members only; absent when off. */
  fit?: boolean;
  /** As asked; `effectiveSort` says what is applied. */
  sort: LibrarySort | null;
  page: number;
}

export const EMPTY_LIBRARY_QUERY: LibraryQuery = {
  q: "",
  levels: [],
  category: null,
  teacher: null,
  country: null,
  duration: null,
  freeOnly: false,
  status: null,
  sort: null,
  page: 1,
};

/** Relevance needs a search; without one the default is newest. */
export function effectiveSort(query: Pick<LibraryQuery, "q" | "sort">): LibrarySort {
  if (query.q.trim() === "") return query.sort && query.sort !== "relevance" ? query.sort : "newest";
  return query.sort ?? "relevance";
}

/** Canonical query string (no "?"), defaults left out, in a stable order. */
export function libraryQueryString(query: Partial<LibraryQuery>): string {
  const full = { ...EMPTY_LIBRARY_QUERY, ...query };
  const params = new URLSearchParams();
  if (full.q.trim()) params.set("q", full.q.trim());
  for (const level of LIBRARY_LEVELS) if (full.levels.includes(level)) params.append("level", level);
  if (full.category) params.set("category", full.category);
  if (full.teacher) params.set("teacher", full.teacher);
  if (full.country) params.set("country", full.country);
  if (full.duration) params.set("duration", full.duration);
  if (full.freeOnly) params.set("free", "1");
  if (full.status) params.set("status", full.status);
  if (full.fit) params.set("fit", "1");
  const sort = effectiveSort(full);
  if (sort !== effectiveSort({ q: full.q, sort: null })) params.set("sort", sort);
  if (full.page > 1) params.set("page", String(full.page));
  return params.toString();
}

export function libraryHref(query: Partial<LibraryQuery>): string {
  const search = libraryQueryString(query);
  return search ? `${LIBRARY_PATH}?${search}` : LIBRARY_PATH;
}

/** A piece of a displayed line; `match` marks words that matched the search (rendered as <mark>). */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

/** Where a search result matched: a transcript cue (with its time), the description, or the title. */
export type LibraryMatch =
  | {
      kind: "cue";
      /** Whole seconds where the matching cue starts: the player's `?t=`. */
      startSeconds: number;
      arabic: HighlightSegment[];
      transliteration: HighlightSegment[];
      english: HighlightSegment[];
    }
  /** A cue of a lesson this viewer may not watch: only where it is said, never the words. */
  | { kind: "locked-cue"; startSeconds: number }
  | { kind: "description"; excerpt: HighlightSegment[] }
  | { kind: "title" };

export interface LessonProgress {
  positionSeconds: number;
  /** 0–100 of the lesson's duration; 100 once completed. */
  percent: number;
  completed: boolean;
}

/** How many filters (not search, sort or page) are set: the badge on the phone's filter button. */
export function activeFilterCount(query: LibraryQuery): number {
  return (
    query.levels.length +
    [query.category, query.teacher, query.country, query.duration, query.status].filter(Boolean).length +
    (query.freeOnly ? 1 : 0) +
    (query.fit ? 1 : 0)
  );
}
