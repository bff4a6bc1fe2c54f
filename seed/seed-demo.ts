/**
 * Idempotent demo seed for local development: writes the catalogue of `demo-content.ts` and the
 * three demo accounts. Runs only when the admin demo account does not exist yet.
 *
 * Every insert goes through `db.batch` in chunks sized so that no statement binds more than 99
 * parameters (D1 allows 100). Drizzle binds one parameter per column per row (defaults included),
 * so the chunk size is floor(99 / number of columns of the table).
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { SelectedFieldsFlat, SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../drizzle/schema";
import {
  DEMO_ACCOUNTS,
  DEMO_BLOG_POSTS,
  DEMO_CANCEL_REASONS,
  DEMO_CATEGORIES,
  DEMO_COMMUNITY_GROUPS,
  DEMO_COUNTRIES,
  DEMO_DECK_CATEGORIES,
  DEMO_DECKS,
  DEMO_FAQS,
  DEMO_TESTIMONIALS,
  DEMO_FLASHCOLLECTIONS,
  DEMO_LESSONS,
  DEMO_LISTENING_GROUPS,
  DEMO_PERMISSIONS,
  DEMO_PLANS,
  DEMO_PLAYLISTS,
  DEMO_SERIES,
  DEMO_STUDY_TRACKS,
  DEMO_TEACHERS,
  DEMO_VOCABULARY_THEMES,
  type DemoAccountKey,
} from "./demo-content";
import { DEMO_GLOSSES } from "./glosses";
import { DEMO_LEXICON } from "./lexicon";
import type { DemoMediaManifest } from "./media-manifest";
import { DEMO_VOCABULARY_LEMMAS } from "./vocabulary-lemmas";
import { normalizeArabic, splitArabicWords } from "../core/arabic";
import { toArabizi } from "../core/transliteration";
import { lemmaForms } from "../core/words/lexicon";
import { KNOWN_STABILITY_DAYS } from "../core/words/knowledge";

type Db = DrizzleD1Database<typeof schema>;

export interface SeedDemoOptions {
  now?: Date;
  passwordHash: (password: string) => Promise<string>;
  /** R2 keys of the generated demo clips (seed/media/manifest.json); without it lessons have no media. */
  media?: DemoMediaManifest;
}

const MAX_BOUND_PARAMETERS = 99;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The demo learner's saved words as FSRS left them (one each, in the order saved); 21 days or more is known. */
const DEMO_REVIEWS = [
  { stability: 46.3, difficulty: 4.1, reps: 7, lapses: 0, elapsedDays: 30, scheduledDays: 44, lastDaysAgo: 1 },
  { stability: 3.2, difficulty: 6.8, reps: 3, lapses: 1, elapsedDays: 2, scheduledDays: 3, lastDaysAgo: 2 },
  { stability: 27.9, difficulty: 5.0, reps: 6, lapses: 1, elapsedDays: 18, scheduledDays: 28, lastDaysAgo: 9 },
  { stability: 11.4, difficulty: 5.6, reps: 4, lapses: 0, elapsedDays: 6, scheduledDays: 11, lastDaysAgo: 4 },
  { stability: 22.5, difficulty: 4.7, reps: 5, lapses: 0, elapsedDays: 14, scheduledDays: 22, lastDaysAgo: 0 },
  { stability: 1.8, difficulty: 7.4, reps: 2, lapses: 1, elapsedDays: 1, scheduledDays: 2, lastDaysAgo: 1 },
  { stability: 34.0, difficulty: 4.4, reps: 6, lapses: 0, elapsedDays: 21, scheduledDays: 34, lastDaysAgo: 16 },
  { stability: 7.6, difficulty: 6.1, reps: 3, lapses: 0, elapsedDays: 4, scheduledDays: 8, lastDaysAgo: 3 },
] as const;

/**
 * The lessons the demo learner worked through: every lemma of the lesson is known except every
 * `leaveNewEvery`-th (left new) and every `learningEvery`-th (still learning), by lemma id.
 */
const DEMO_LEARNER_LESSONS = [
  { slug: "greetings-in-damascus", leaveNewEvery: 12, learningEvery: 9 },
  { slug: "ordering-coffee-in-beirut", leaveNewEvery: 3, learningEvery: 7 },
] as const;

// ---------------------------------------------------------------------------------------------
// Batching helpers
// ---------------------------------------------------------------------------------------------

type Query = BatchItem<"sqlite">;

/** Rows returned by `.returning()`: always the id plus the natural key columns asked for. */
type ReturnedRow = { id: number } & Record<string, unknown>;

interface Step {
  queries: Query[];
  /** Receives every row returned by this step's queries (only for steps built with `returning`). */
  collect?: (rows: ReturnedRow[]) => void;
}

export function rowsPerStatement(table: SQLiteTable): number {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columns));
}

function chunk<T>(rows: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/** Plain multi-row inserts, chunked under the bound-parameter limit. */
function insertStep<T extends SQLiteTable>(db: Db, table: T, rows: SQLiteInsertValue<T>[]): Step {
  return { queries: chunk(rows, rowsPerStatement(table)).map((part) => db.insert(table).values(part)) };
}

/**
 * Chunked inserts that return the new ids with a natural key, so foreign keys can be wired by key
 * rather than by the (unspecified) order of RETURNING rows.
 */
function insertReturningStep<T extends SQLiteTable>(
  db: Db,
  table: T,
  rows: SQLiteInsertValue<T>[],
  fields: SelectedFieldsFlat,
  collect: (rows: ReturnedRow[]) => void,
): Step {
  return {
    queries: chunk(rows, rowsPerStatement(table)).map((part) => db.insert(table).values(part).returning(fields)),
    collect,
  };
}

/** Runs all queries of the steps in one D1 batch (one transaction) and hands results back. */
async function runBatch(db: Db, steps: Step[]): Promise<void> {
  const queries = steps.flatMap((step) => step.queries);
  if (queries.length === 0) return;
  const results = (await db.batch(queries as [Query, ...Query[]])) as unknown[];
  let index = 0;
  for (const step of steps) {
    const own = results.slice(index, index + step.queries.length);
    index += step.queries.length;
    step.collect?.(own.flatMap((result) => (Array.isArray(result) ? (result as ReturnedRow[]) : [])));
  }
}

/** A map from natural key to id that fails loudly on a missing key. */
class IdMap {
  private readonly ids = new Map<string, number>();
  constructor(private readonly what: string) {}
  collect(key: (row: ReturnedRow) => string) {
    return (rows: ReturnedRow[]) => {
      for (const row of rows) this.ids.set(key(row), row.id);
    };
  }
  get(key: string): number {
    const id = this.ids.get(key);
    if (id === undefined) throw new Error(`seedDemo: no ${this.what} "${key}"`);
    return id;
  }
}

/** The lesson's duration: its video's when the seed has its media, else the demo data's (typed). */
function lessonDuration(
  lesson: { durationSeconds: number },
  media: DemoMediaManifest["videos"][string] | undefined,
): { durationSeconds: number; durationSource: "media" | "typed" } {
  return media
    ? { durationSeconds: Math.max(1, Math.round(media.durationMs / 1000)), durationSource: "media" }
    : { durationSeconds: lesson.durationSeconds, durationSource: "typed" };
}

const byField = (field: string) => (row: ReturnedRow) => String(row[field]);

// ---------------------------------------------------------------------------------------------
// Seed
// ---------------------------------------------------------------------------------------------

export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<{ created: boolean }> {
  const adminAccount = DEMO_ACCOUNTS.find((account) => account.key === "admin");
  if (!adminAccount) throw new Error("seedDemo: demo content has no admin account");

  const existing = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, adminAccount.email))
    .limit(1);
  if (existing.length > 0) return { created: false };

  const now = options.now ?? new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const stamps = (at: Date) => ({ createdAt: at, updatedAt: at });
  const accountCreatedAt = daysAgo(150);

  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map((account) => options.passwordHash(account.password)));

  const users = new IdMap("user");
  const countries = new IdMap("country");
  const categories = new IdMap("category");
  const plans = new IdMap("plan");
  const flashcollections = new IdMap("flashcollection");
  const themes = new IdMap("vocabulary theme");
  const deckCategories = new IdMap("deck category");
  const listeningGroups = new IdMap("listening group");
  const communityGroups = new IdMap("community group");
  const teachers = new IdMap("teacher");
  const videos = new IdMap("video");
  const series = new IdMap("series");
  const studyTracks = new IdMap("study track");
  const playlists = new IdMap("playlist");
  const decks = new IdMap("deck");
  const listeningActivities = new IdMap("listening activity");
  const subscriptions = new IdMap("subscription");
  const blogs = new IdMap("blog");
  const threads = new IdMap("community thread");
  const cues = new IdMap("transcript cue");
  const lemmaIds = new IdMap("lemma");

  const userId = (key: DemoAccountKey) => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key);
    if (!account) throw new Error(`seedDemo: no demo account "${key}"`);
    return users.get(account.email);
  };
  const cueKey = (lessonId: number, position: number) => `${lessonId}:${position}`;
  const demoLemma = (key: string) => {
    const lemma = DEMO_VOCABULARY_LEMMAS[key];
    return lemma ? lemmaIds.get(lemma) : null;
  };
  const monthlyPlan = DEMO_PLANS.find((plan) => plan.name === "monthly");
  if (!monthlyPlan) throw new Error("seedDemo: demo content has no monthly plan");

  // --- Batch 1: accounts and tables without foreign keys ---------------------------------------
  await runBatch(db, [
    insertReturningStep(
      db,
      schema.users,
      DEMO_ACCOUNTS.map((account, index) => ({
        email: account.email,
        name: account.name,
        passwordHash: passwordHashes[index],
        level: account.level,
        emailVerifiedAt: accountCreatedAt,
        ...stamps(accountCreatedAt),
      })),
      { id: schema.users.id, email: schema.users.email },
      users.collect(byField("email")),
    ),
    insertStep(db, schema.permissions, DEMO_PERMISSIONS),
    insertReturningStep(
      db,
      schema.lemmas,
      DEMO_LEXICON.map((entry) => ({
        key: entry.key,
        arabic: entry.arabic,
        arabicPlain: normalizeArabic(entry.arabic),
        transliteration: entry.transliteration,
        arabizi: toArabizi(entry.transliteration),
        meanings: JSON.stringify(entry.meanings),
        partOfSpeech: entry.pos,
        root: entry.root ?? "",
        gender: entry.gender ?? null,
        plural: entry.plural ?? "",
        verbForms: entry.verb ? JSON.stringify(entry.verb) : null,
        forms: JSON.stringify(entry.forms ?? []),
        regions: JSON.stringify(entry.regions ?? {}),
        notes: entry.notes ?? "",
        ...stamps(now),
      })),
      { id: schema.lemmas.id, key: schema.lemmas.key },
      lemmaIds.collect(byField("key")),
    ),
    insertReturningStep(
      db,
      schema.countries,
      DEMO_COUNTRIES.map((country) => ({ ...country, ...stamps(now) })),
      { id: schema.countries.id, code: schema.countries.code },
      countries.collect(byField("code")),
    ),
    insertReturningStep(
      db,
      schema.categories,
      DEMO_CATEGORIES.map((category) => ({ ...category, ...stamps(now) })),
      { id: schema.categories.id, slug: schema.categories.slug },
      categories.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.plans,
      DEMO_PLANS.map((plan) => ({ ...plan, isActive: true, ...stamps(now) })),
      { id: schema.plans.id, name: schema.plans.name },
      plans.collect(byField("name")),
    ),
    insertStep(
      db,
      schema.subscriptionCancelReasons,
      DEMO_CANCEL_REASONS.map((label, position) => ({ label, position, isActive: true, ...stamps(now) })),
    ),
    insertStep(
      db,
      schema.faqs,
      DEMO_FAQS.map((faq, position) => ({ ...faq, position, ...stamps(now) })),
    ),
    insertStep(
      db,
      schema.testimonials,
      DEMO_TESTIMONIALS.map(({ phrase, ...testimonial }, position) => ({
        ...testimonial,
        phraseArabic: phrase?.arabic ?? null,
        phraseMeaning: phrase?.meaning ?? null,
        isSample: true,
        isPublished: false,
        position,
        ...stamps(now),
      })),
    ),
    insertReturningStep(
      db,
      schema.flashcollections,
      DEMO_FLASHCOLLECTIONS.map(({ cards: _cards, ...collection }, position) => ({
        ...collection,
        isPublished: true,
        position,
        ...stamps(now),
      })),
      { id: schema.flashcollections.id, slug: schema.flashcollections.slug },
      flashcollections.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.globalVocabularyThemes,
      DEMO_VOCABULARY_THEMES.map((theme, position) => ({ ...theme, position, ...stamps(now) })),
      { id: schema.globalVocabularyThemes.id, slug: schema.globalVocabularyThemes.slug },
      themes.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.globalVocabularyDeckCategories,
      DEMO_DECK_CATEGORIES.map((title, position) => ({ title, position, ...stamps(now) })),
      { id: schema.globalVocabularyDeckCategories.id, title: schema.globalVocabularyDeckCategories.title },
      deckCategories.collect(byField("title")),
    ),
    insertReturningStep(
      db,
      schema.listeningActivityGroups,
      DEMO_LISTENING_GROUPS.map(({ activities: _activities, ...group }, position) => ({
        ...group,
        position,
        ...stamps(now),
      })),
      { id: schema.listeningActivityGroups.id, slug: schema.listeningActivityGroups.slug },
      listeningGroups.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.communityGroups,
      DEMO_COMMUNITY_GROUPS.map(({ threads: _threads, ...group }, position) => ({
        ...group,
        position,
        ...stamps(now),
      })),
      { id: schema.communityGroups.id, slug: schema.communityGroups.slug },
      communityGroups.collect(byField("slug")),
    ),
  ]);

  // --- Batch 2: rows that point at batch 1 ------------------------------------------------------
  const periodStart = now;
  const periodEnd = new Date(now.getTime() + 30 * DAY_MS);
  const lessonDate = (days: number | null) => (days === null ? now : daysAgo(days));

  await runBatch(db, [
    insertStep(
      db,
      schema.lemmaForms,
      DEMO_LEXICON.flatMap((entry) =>
        lemmaForms({
          arabic: entry.arabic,
          forms: entry.forms ?? [],
          verbForms: entry.verb ?? null,
          partOfSpeech: entry.pos,
        }).map((form) => ({ ...form, lemmaId: lemmaIds.get(entry.key) })),
      ),
    ),
    insertStep(
      db,
      schema.userPermissions,
      DEMO_ACCOUNTS.flatMap((account) =>
        account.permissions.map((code) => ({ userId: users.get(account.email), code, createdAt: accountCreatedAt })),
      ),
    ),
    insertReturningStep(
      db,
      schema.teachers,
      DEMO_TEACHERS.map(({ countryCode, ...teacher }) => ({
        ...teacher,
        countryId: countries.get(countryCode),
        ...stamps(now),
      })),
      { id: schema.teachers.id, slug: schema.teachers.slug },
      teachers.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.videos,
      DEMO_LESSONS.map((lesson) => ({
        title: lesson.title,
        titleAr: lesson.titleAr,
        slug: lesson.slug,
        description: lesson.description,
        level: lesson.level,
        // With its media, a lesson's duration is the video's (measured when seed/media was made, and checked
        // against the files' MP4 headers by tests/integration/publish-checklist.test.ts).
        ...lessonDuration(lesson, options.media?.videos[lesson.slug]),
        isFree: lesson.isFree,
        isPublished: lesson.isPublished,
        publishedAt: lesson.isPublished ? lessonDate(lesson.publishedDaysAgo) : null,
        countryId: countries.get(lesson.countryCode),
        viewsCount: lesson.viewsCount,
        videoKey: options.media?.videos[lesson.slug]?.key ?? null,
        thumbnailKey: options.media?.videos[lesson.slug]?.thumbnailKey ?? null,
        ...stamps(lessonDate(lesson.publishedDaysAgo)),
      })),
      { id: schema.videos.id, slug: schema.videos.slug },
      videos.collect(byField("slug")),
    ),
    insertStep(
      db,
      schema.flashcards,
      DEMO_FLASHCOLLECTIONS.flatMap((collection) =>
        collection.cards.map((card, position) => ({
          ...card,
          collectionId: flashcollections.get(collection.slug),
          position,
          ...stamps(now),
        })),
      ),
    ),
    insertReturningStep(
      db,
      schema.globalVocabularyDecks,
      DEMO_DECKS.map(({ themeSlug, categoryTitle, words: _words, ...deck }, position) => ({
        ...deck,
        themeId: themes.get(themeSlug),
        categoryId: deckCategories.get(categoryTitle),
        position,
        ...stamps(now),
      })),
      { id: schema.globalVocabularyDecks.id, slug: schema.globalVocabularyDecks.slug },
      decks.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.listeningActivities,
      DEMO_LISTENING_GROUPS.flatMap((group) =>
        group.activities.map(({ questions: _questions, ...activity }, position) => ({
          ...activity,
          groupId: listeningGroups.get(group.slug),
          mediaType: "audio" as const,
          mediaKey: options.media?.audio[activity.slug]?.key ?? null,
          isPublished: true,
          position,
          ...stamps(now),
        })),
      ),
      { id: schema.listeningActivities.id, slug: schema.listeningActivities.slug },
      listeningActivities.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.subscriptions,
      [
        {
          userId: userId("learner"),
          planId: plans.get(monthlyPlan.name),
          status: "active" as const,
          provider: "local" as const,
          providerSubscriptionId: "local_sub_demo_learner",
          providerCustomerId: "local_cus_demo_learner",
          currentPeriodStart: periodStart,
          currentPeriodEnd: periodEnd,
          cancelAtPeriodEnd: false,
          paymentMethodSummary: "Test card •••• 4242",
          providerUpdatedAt: now,
          ...stamps(now),
        },
      ],
      { id: schema.subscriptions.id, providerSubscriptionId: schema.subscriptions.providerSubscriptionId },
      subscriptions.collect(byField("providerSubscriptionId")),
    ),
    insertReturningStep(
      db,
      schema.series,
      DEMO_SERIES.map(({ lessonSlugs: _lessons, ...item }) => ({ ...item, isPublished: true, ...stamps(now) })),
      { id: schema.series.id, slug: schema.series.slug },
      series.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.studyTracks,
      DEMO_STUDY_TRACKS.map(({ lessonSlugs: _lessons, teacherSlugs: _teachers, ...track }) => ({
        ...track,
        isPublished: true,
        ...stamps(now),
      })),
      { id: schema.studyTracks.id, slug: schema.studyTracks.slug },
      studyTracks.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.playlists,
      DEMO_PLAYLISTS.map(({ lessonSlugs: _lessons, ...playlist }) => ({
        ...playlist,
        ownerId: null,
        isPublished: true,
        ...stamps(now),
      })),
      { id: schema.playlists.id, slug: schema.playlists.slug },
      playlists.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.blogs,
      DEMO_BLOG_POSTS.map(({ publishedDaysAgo, ...post }) => {
        const at = publishedDaysAgo === null ? now : daysAgo(publishedDaysAgo);
        return {
          ...post,
          authorId: userId("admin"),
          publishedAt: post.status === "published" ? at : null,
          ...stamps(at),
        };
      }),
      { id: schema.blogs.id, slug: schema.blogs.slug },
      blogs.collect(byField("slug")),
    ),
    insertReturningStep(
      db,
      schema.communityThreads,
      DEMO_COMMUNITY_GROUPS.flatMap((group) =>
        group.threads.map((thread) => {
          const first = thread.messages[0];
          const last = thread.messages[thread.messages.length - 1];
          if (!first || !last) throw new Error(`seedDemo: thread "${thread.slug}" has no messages`);
          return {
            groupId: communityGroups.get(group.slug),
            userId: userId(first.author),
            title: thread.title,
            slug: thread.slug,
            pinnedAt: thread.pinned ? hoursAgo(first.hoursAgo) : null,
            lastActivityAt: hoursAgo(last.hoursAgo),
            messagesCount: thread.messages.length,
            createdAt: hoursAgo(first.hoursAgo),
            updatedAt: hoursAgo(last.hoursAgo),
          };
        }),
      ),
      { id: schema.communityThreads.id, slug: schema.communityThreads.slug },
      threads.collect(byField("slug")),
    ),
  ]);

  // --- Batch 3: join tables, cues and children ---------------------------------------------------
  const publishedBlogSlugs = DEMO_BLOG_POSTS.filter((post) => post.status === "published").map((post) => post.slug);
  const learnerSubscriptionId = subscriptions.get("local_sub_demo_learner");

  const attachments = options.media ? options.media.attachments : {};
  await runBatch(db, [
    insertStep(
      db,
      schema.videoAttachments,
      DEMO_LESSONS.filter((lesson) => attachments[lesson.slug]).map((lesson) => {
        const attachment = attachments[lesson.slug]!;
        return {
          videoId: videos.get(lesson.slug),
          title: attachment.title,
          fileKey: attachment.key,
          contentType: attachment.contentType,
          sizeBytes: attachment.bytes,
          ...stamps(now),
        };
      }),
    ),
    insertStep(
      db,
      schema.videoCategories,
      DEMO_LESSONS.flatMap((lesson) =>
        lesson.categorySlugs.map((slug) => ({ videoId: videos.get(lesson.slug), categoryId: categories.get(slug) })),
      ),
    ),
    insertStep(
      db,
      schema.videoTeachers,
      DEMO_LESSONS.flatMap((lesson) =>
        lesson.teacherSlugs.map((slug) => ({ videoId: videos.get(lesson.slug), teacherId: teachers.get(slug) })),
      ),
    ),
    insertReturningStep(
      db,
      schema.transcriptCues,
      DEMO_LESSONS.flatMap((lesson) =>
        lesson.cues.map((cue) => ({ ...cue, lessonId: videos.get(lesson.slug), ...stamps(now) })),
      ),
      {
        id: schema.transcriptCues.id,
        lessonId: schema.transcriptCues.lessonId,
        position: schema.transcriptCues.position,
      },
      cues.collect((row) => cueKey(Number(row.lessonId), Number(row.position))),
    ),
    insertStep(
      db,
      schema.videoVocabulary,
      DEMO_LESSONS.flatMap((lesson) =>
        lesson.vocabulary.map(({ cueIndex: _cueIndex, ...word }, index) => ({
          ...word,
          videoId: videos.get(lesson.slug),
          lemmaId: demoLemma(`${lesson.slug}:${index}`),
          ...stamps(now),
        })),
      ),
    ),
    insertStep(
      db,
      schema.seriesVideos,
      DEMO_SERIES.flatMap((item) =>
        item.lessonSlugs.map((slug, position) => ({
          seriesId: series.get(item.slug),
          lessonId: videos.get(slug),
          position,
        })),
      ),
    ),
    insertStep(
      db,
      schema.studyTrackVideos,
      DEMO_STUDY_TRACKS.flatMap((track) =>
        track.lessonSlugs.map((slug, position) => ({
          studyTrackId: studyTracks.get(track.slug),
          videoId: videos.get(slug),
          position,
        })),
      ),
    ),
    insertStep(
      db,
      schema.studyTrackTeachers,
      DEMO_STUDY_TRACKS.flatMap((track) =>
        track.teacherSlugs.map((slug) => ({
          studyTrackId: studyTracks.get(track.slug),
          teacherId: teachers.get(slug),
        })),
      ),
    ),
    insertStep(
      db,
      schema.playlistVideos,
      DEMO_PLAYLISTS.flatMap((playlist) =>
        playlist.lessonSlugs.map((slug, position) => ({
          playlistId: playlists.get(playlist.slug),
          lessonId: videos.get(slug),
          position,
        })),
      ),
    ),
    insertStep(
      db,
      schema.globalVocabularyWords,
      DEMO_DECKS.flatMap((deck) =>
        deck.words.map((word, position) => ({
          ...word,
          deckId: decks.get(deck.slug),
          position,
          lemmaId: demoLemma(`deck:${deck.slug}:${position}`),
          ...stamps(now),
        })),
      ),
    ),
    insertStep(
      db,
      schema.listeningQuestions,
      DEMO_LISTENING_GROUPS.flatMap((group) =>
        group.activities.flatMap((activity) =>
          activity.questions.map((question, position) => ({
            ...question,
            activityId: listeningActivities.get(activity.slug),
            position,
            ...stamps(now),
          })),
        ),
      ),
    ),
    insertStep(db, schema.invoices, [
      {
        subscriptionId: learnerSubscriptionId,
        userId: userId("learner"),
        amountCents: monthlyPlan.priceCents,
        currency: monthlyPlan.currency,
        status: "paid" as const,
        providerInvoiceId: "local_inv_demo_learner_1",
        periodStart,
        periodEnd,
        paidAt: now,
        ...stamps(now),
      },
    ]),
    insertStep(
      db,
      schema.communityMessages,
      DEMO_COMMUNITY_GROUPS.flatMap((group) =>
        group.threads.flatMap((thread) =>
          thread.messages.map((message) => ({
            threadId: threads.get(thread.slug),
            userId: userId(message.author),
            body: message.body,
            ...stamps(hoursAgo(message.hoursAgo)),
          })),
        ),
      ),
    ),
    insertStep(
      db,
      schema.suggestedBlogs,
      publishedBlogSlugs.flatMap((slug) =>
        publishedBlogSlugs
          .filter((other) => other !== slug)
          .map((other, position) => ({ blogId: blogs.get(slug), suggestedBlogId: blogs.get(other), position })),
      ),
    ),
  ]);

  // --- Batch 4: exercises that point at cues, and every word of every line glossed ---------------
  const tokenRows = DEMO_LESSONS.flatMap((lesson) => {
    const glosses = DEMO_GLOSSES[lesson.slug];
    if (!glosses) return [];
    const lessonId = videos.get(lesson.slug);
    return lesson.cues.flatMap((cue, cueIndex) => {
      const words = splitArabicWords(cue.arabic).filter((token) => token.isWord);
      return words.map((word, position) => {
        const gloss = glosses[cueIndex]?.[position];
        if (!gloss || gloss.surface !== word.text)
          throw new Error(`seedDemo: ${lesson.slug} line ${cueIndex} word ${position} (${word.text}) has no gloss`);
        return {
          cueId: cues.get(cueKey(lessonId, cueIndex)),
          lessonId,
          position,
          surface: word.text,
          lemmaId: lemmaIds.get(gloss.lemma),
          gloss: gloss.gloss,
          prefixes: JSON.stringify(gloss.prefixes ?? []),
          stem: gloss.stem,
          suffixes: JSON.stringify(gloss.suffixes ?? []),
          source: "seed",
          ...stamps(now),
        };
      });
    });
  });
  const lessonLemmaCounts = new Map<string, { lessonId: number; lemmaId: number; occurrences: number }>();
  const names = new Set(DEMO_LEXICON.filter((entry) => entry.pos === "name").map((entry) => lemmaIds.get(entry.key)));
  for (const token of tokenRows) {
    if (names.has(token.lemmaId)) continue;
    const key = `${token.lessonId}:${token.lemmaId}`;
    const row = lessonLemmaCounts.get(key) ?? { lessonId: token.lessonId, lemmaId: token.lemmaId, occurrences: 0 };
    row.occurrences += 1;
    lessonLemmaCounts.set(key, row);
  }
  await runBatch(db, [
    insertStep(db, schema.cueTokens, tokenRows),
    insertStep(db, schema.lessonLemmas, [...lessonLemmaCounts.values()]),
    {
      // Each lemma's example line: where it is first heard in a published lesson.
      queries: [
        db.run(sql`UPDATE lemmas SET example_cue_id = (
          SELECT t.cue_id FROM cue_tokens t JOIN transcript_cues c ON c.id = t.cue_id JOIN videos v ON v.id = t.video_id
          WHERE t.lemma_id = lemmas.id AND v.is_published = 1 ORDER BY v.id, c.position LIMIT 1)`),
      ],
    },
    insertStep(
      db,
      schema.videoSentenceOrders,
      DEMO_LESSONS.flatMap((lesson) =>
        lesson.sentenceOrders.map(({ cueIndex, ...exercise }) => {
          const lessonId = videos.get(lesson.slug);
          return { ...exercise, videoId: lessonId, cueId: cues.get(cueKey(lessonId, cueIndex)), ...stamps(now) };
        }),
      ),
    ),
    insertStep(
      db,
      schema.videoSentenceGaps,
      DEMO_LESSONS.flatMap((lesson) =>
        lesson.sentenceGaps.map(({ cueIndex, ...exercise }) => {
          const lessonId = videos.get(lesson.slug);
          return { ...exercise, videoId: lessonId, cueId: cues.get(cueKey(lessonId, cueIndex)), ...stamps(now) };
        }),
      ),
    ),
  ]);

  // --- Batch 5: the subscribed learner's saved words, so lists, quizzes and reviews have something --
  const savedWords = DEMO_LESSONS.filter((lesson) => lesson.isPublished)
    .flatMap((lesson) => lesson.vocabulary.slice(0, 2).map((word, index) => ({ lesson, word, index })))
    // The catalogue e2e saves مرحبا itself and expects a fresh save.
    .filter(({ word }) => word.arabic !== "مرحبا")
    .slice(0, 8);
  const [myWords] = await db
    .insert(schema.vocabularyLists)
    .values({ userId: userId("learner"), title: "My words", isDefault: true, ...stamps(daysAgo(20)) })
    .returning({ id: schema.vocabularyLists.id });
  await runBatch(db, [
    insertStep(
      db,
      schema.vocabularyListItems,
      savedWords.map(({ lesson, word }, index) => {
        const lessonId = videos.get(lesson.slug);
        return {
          listId: myWords!.id,
          arabic: word.arabic,
          transliteration: word.transliteration,
          english: word.english,
          videoId: lessonId,
          cueId: cues.get(cueKey(lessonId, word.cueIndex)),
          startMs: word.startMs,
          ...stamps(daysAgo(20 - index)),
        };
      }),
    ),
  ]);

  // --- Batch 6: what the learner knows, so "% known", "Right for you" and /progress show real numbers --
  // Their saved words have been reviewed for weeks (FSRS states and the answers that led there): a stability of
  // 21 days or more is "known" from its last answer, the rest "learning" (docs/words.md "The rules"). Besides,
  // they worked through two lessons: most of the first's words are known, about two thirds of the second's, the
  // dates spread over the last ten weeks with a few this week; the names they met are ignored.
  const learner = userId("learner");
  const savedItems = await db
    .select({ id: schema.vocabularyListItems.id })
    .from(schema.vocabularyListItems)
    .where(eq(schema.vocabularyListItems.listId, myWords!.id))
    .orderBy(schema.vocabularyListItems.id);
  const reviewStates: SQLiteInsertValue<typeof schema.vocabularyReviewStates>[] = [];
  const reviewLogs: SQLiteInsertValue<typeof schema.vocabularyReviewLogs>[] = [];
  const statuses = new Map<number, SQLiteInsertValue<typeof schema.memberLemmas>>();
  savedWords.forEach(({ lesson, index }, position) => {
    const item = savedItems[position];
    const review = DEMO_REVIEWS[position % DEMO_REVIEWS.length]!;
    if (!item) return;
    const lastReview = hoursAgo(review.lastDaysAgo * 24 + 3);
    reviewStates.push({
      userId: learner,
      itemId: item.id,
      due: new Date(lastReview.getTime() + review.scheduledDays * DAY_MS),
      stability: review.stability,
      difficulty: review.difficulty,
      elapsedDays: review.elapsedDays,
      scheduledDays: review.scheduledDays,
      learningSteps: 0,
      reps: review.reps,
      lapses: review.lapses,
      state: review.stability >= KNOWN_STABILITY_DAYS ? 2 : 1,
      lastReview,
      ...stamps(lastReview),
    });
    // The answers, oldest first, each a few days after the one before; a lapse is an "Again".
    for (let rep = 0; rep < review.reps; rep += 1) {
      const daysBefore = (review.reps - 1 - rep) * (review.elapsedDays / Math.max(1, review.reps - 1) + 1);
      reviewLogs.push({
        userId: learner,
        itemId: item.id,
        rating: rep > 0 && rep <= review.lapses ? 1 : 3,
        reviewedAt: new Date(lastReview.getTime() - Math.round(daysBefore * DAY_MS)),
        requestId: `seed-review-${item.id}-${rep}`,
        previousState: null,
      });
    }
    const lemmaId = demoLemma(`${lesson.slug}:${index}`);
    if (lemmaId === null) return;
    const known = review.stability >= KNOWN_STABILITY_DAYS;
    statuses.set(lemmaId, {
      userId: learner,
      lemmaId,
      status: known ? "known" : "learning",
      knownAt: known ? lastReview : null,
      ...stamps(daysAgo(20)),
    });
  });
  let counted = 0;
  for (const { slug, leaveNewEvery, learningEvery } of DEMO_LEARNER_LESSONS) {
    const videoId = videos.get(slug);
    const lessonLemmaIds = [...lessonLemmaCounts.values()]
      .filter((row) => row.lessonId === videoId)
      .map((row) => row.lemmaId)
      .sort((a, b) => a - b);
    lessonLemmaIds.forEach((lemmaId, index) => {
      if (statuses.has(lemmaId) || index % leaveNewEvery === leaveNewEvery - 1) return;
      counted += 1;
      if (index % learningEvery === learningEvery - 1) {
        statuses.set(lemmaId, { userId: learner, lemmaId, status: "learning", ...stamps(daysAgo(10)) });
        return;
      }
      // Spread over ten weeks, newest first for the last words: three in ten this week.
      const at = hoursAgo(((counted * 37) % 70) * 24 + (counted % 12));
      statuses.set(lemmaId, { userId: learner, lemmaId, status: "known", knownAt: at, ...stamps(at) });
    });
    const lessonTokens = tokenRows.filter((token) => token.lessonId === videoId && names.has(token.lemmaId));
    for (const { lemmaId } of lessonTokens) {
      if (!statuses.has(lemmaId)) {
        statuses.set(lemmaId, { userId: learner, lemmaId, status: "ignored", ...stamps(daysAgo(30)) });
      }
    }
  }
  await runBatch(db, [
    insertStep(db, schema.vocabularyReviewStates, reviewStates),
    insertStep(db, schema.vocabularyReviewLogs, reviewLogs),
    insertStep(db, schema.memberLemmas, [...statuses.values()]),
  ]);

  return { created: true };
}
