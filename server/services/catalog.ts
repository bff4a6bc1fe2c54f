import { and, asc, count, countDistinct, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { countries, faqs, teachers, videos, videoTeachers, type Level } from "../../drizzle/schema";
import type { AppContext } from "../context";
import type { SessionUser } from "./auth";
import { getSubscriptionSummary, hasActiveAccess } from "./subscriptions";

/** What a viewer may watch: visitors see every lesson locked (SPEC §3), members see premium locked until they subscribe. */
export interface ViewerAccess {
  signedIn: boolean;
  hasSubscription: boolean;
}

export const VISITOR_ACCESS: ViewerAccess = { signedIn: false, hasSubscription: false };

export async function getViewerAccess(ctx: AppContext, user: Pick<SessionUser, "id"> | null): Promise<ViewerAccess> {
  if (!user) return VISITOR_ACCESS;
  const summary = await getSubscriptionSummary(ctx, user.id);
  return { signedIn: true, hasSubscription: hasActiveAccess(summary, ctx.now()) };
}

export function isLessonLocked(lesson: { isFree: boolean }, viewer: ViewerAccess): boolean {
  if (!viewer.signedIn) return true;
  return !lesson.isFree && !viewer.hasSubscription;
}

export interface LessonSummary {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  publishedAt: Date | null;
  thumbnailKey: string | null;
  country: { name: string; code: string; dialect: string } | null;
  teachers: Array<{ id: number; name: string; nameAr: string | null }>;
  locked: boolean;
}

function publishedWhere({ level, freeOnly = false }: { level?: Level; freeOnly?: boolean } = {}): SQL | undefined {
  return and(
    eq(videos.isPublished, true),
    level ? eq(videos.level, level) : undefined,
    freeOnly ? eq(videos.isFree, true) : undefined,
  );
}

/** Published lessons, newest first, with their teachers and country and a lock computed for the viewer. */
export async function listPublishedVideos(
  ctx: AppContext,
  {
    limit,
    offset = 0,
    level,
    viewer = VISITOR_ACCESS,
    sort = "newest",
  }: {
    limit: number;
    offset?: number;
    level?: Level;
    viewer?: ViewerAccess;
    /** "starter": free lessons first, then by level from beginner, for newcomers. */
    sort?: "newest" | "starter";
  },
): Promise<LessonSummary[]> {
  const rows = await ctx.db
    .select({
      id: videos.id,
      title: videos.title,
      titleAr: videos.titleAr,
      slug: videos.slug,
      level: videos.level,
      durationSeconds: videos.durationSeconds,
      isFree: videos.isFree,
      publishedAt: videos.publishedAt,
      thumbnailKey: videos.thumbnailKey,
      countryName: countries.name,
      countryCode: countries.code,
      countryDialect: countries.dialect,
    })
    .from(videos)
    .leftJoin(countries, eq(countries.id, videos.countryId))
    .where(publishedWhere({ level }))
    .orderBy(
      ...(sort === "starter"
        ? [desc(videos.isFree), sql`case ${videos.level} when 'beginner' then 0 when 'intermediate' then 1 else 2 end`]
        : []),
      desc(videos.publishedAt),
      desc(videos.id),
    )
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return [];

  const teacherRows = await ctx.db
    .select({ videoId: videoTeachers.videoId, id: teachers.id, name: teachers.name, nameAr: teachers.nameAr })
    .from(videoTeachers)
    .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
    .where(
      inArray(
        videoTeachers.videoId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(teachers.name));
  const teachersByVideo = new Map<number, LessonSummary["teachers"]>();
  for (const { videoId, ...teacher } of teacherRows) {
    const list = teachersByVideo.get(videoId) ?? [];
    list.push(teacher);
    teachersByVideo.set(videoId, list);
  }

  return rows.map(({ countryName, countryCode, countryDialect, ...row }) => ({
    ...row,
    country:
      countryName && countryCode ? { name: countryName, code: countryCode, dialect: countryDialect ?? "" } : null,
    teachers: teachersByVideo.get(row.id) ?? [],
    locked: isLessonLocked(row, viewer),
  }));
}

export async function countPublishedVideos(
  ctx: AppContext,
  filter: { level?: Level; freeOnly?: boolean } = {},
): Promise<number> {
  const [row] = await ctx.db.select({ total: count() }).from(videos).where(publishedWhere(filter));
  return row?.total ?? 0;
}

/** Published lesson counts per level, for filter chips. */
export async function countPublishedVideosByLevel(ctx: AppContext): Promise<Record<Level, number>> {
  const rows = await ctx.db
    .select({ level: videos.level, total: count() })
    .from(videos)
    .where(eq(videos.isPublished, true))
    .groupBy(videos.level);
  const totals: Record<Level, number> = { beginner: 0, intermediate: 0, advanced: 0 };
  for (const row of rows) totals[row.level] = row.total;
  return totals;
}

/** Figures for the public pages: how much there is to watch, and from how many voices. */
export async function getCatalogStats(ctx: AppContext) {
  const [lessons, voices, places] = await ctx.db.batch([
    ctx.db.select({ total: count() }).from(videos).where(eq(videos.isPublished, true)),
    ctx.db
      .select({ total: countDistinct(videoTeachers.teacherId) })
      .from(videoTeachers)
      .innerJoin(videos, and(eq(videos.id, videoTeachers.videoId), eq(videos.isPublished, true))),
    ctx.db
      .select({ total: countDistinct(videos.countryId) })
      .from(videos)
      .where(and(eq(videos.isPublished, true), isNotNull(videos.countryId))),
  ]);
  return { lessons: lessons[0]?.total ?? 0, teachers: voices[0]?.total ?? 0, countries: places[0]?.total ?? 0 };
}

export async function listFaqs(
  ctx: AppContext,
  { featuredOnly = false, limit }: { featuredOnly?: boolean; limit?: number } = {},
) {
  const query = ctx.db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(featuredOnly ? eq(faqs.isFeatured, true) : undefined)
    .orderBy(asc(faqs.position), asc(faqs.id));
  return limit ? query.limit(limit) : query;
}
