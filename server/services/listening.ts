import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import {
  listeningActivities,
  listeningActivityGroups,
  listeningAttempts,
  listeningQuestions,
  type Level,
} from "#drizzle/schema";
import { checkListeningAnswer } from "#core/exercise-checkers";
import { slugify } from "#core/slug";
import type { AppContext } from "../context";
import {
  assertCanOpenListeningActivity,
  canOpenListeningActivity,
  requireSignedIn,
  SIGN_IN_TO_LISTEN_MESSAGE,
} from "../access/policy";
import type { Member, Viewer } from "../access/viewer";
import { AppError, notFound } from "../lib/errors";
import { firstListeningActivityQuery } from "./free-tier";
import { isMediaKey, signMediaUrl } from "./media";

// Listening activities: groups of clips with multiple-choice and dictation questions, scored here, with
// every attempt kept per learner and the best score shown on the list. The first activity of each group is
// free; the others need a subscription (docs/product-rules.md#free-and-paid).

export const MAX_LISTENING_ANSWER_LENGTH = 500;

/** A second identical submission within this window is the same attempt (a double click, a resent form). */
export const DUPLICATE_SUBMIT_WINDOW_MS = 60_000;

export interface ListeningScore {
  score: number;
  total: number;
}

export interface ListeningActivityCard {
  id: number;
  title: string;
  description: string;
  level: Level;
  mediaType: "audio" | "video";
  href: string;
  questionCount: number;
  /** The learner's best attempt (null for visitors and before the first attempt). */
  best: ListeningScore | null;
  attempts: number;
  /** The first activity of its group: open to every member. */
  isFree: boolean;
  /** A member who needs a subscription to open it (false for visitors: they are asked to sign in first). */
  locked: boolean;
}

export interface ListeningGroupView {
  id: number;
  title: string;
  description: string;
  activities: ListeningActivityCard[];
}

export interface ListeningQuestionView {
  id: number;
  kind: "choice" | "dictation";
  prompt: string;
  options: string[];
  /** A dictation that also takes Arabizi / transliteration. */
  acceptArabizi: boolean;
}

export interface ListeningActivityView {
  id: number;
  title: string;
  description: string;
  level: Level;
  href: string;
  group: { id: number; title: string };
  media: { type: "audio" | "video"; url: string | null };
  questions: ListeningQuestionView[];
  best: ListeningScore | null;
  attempts: number;
}

export interface ListeningReviewItem {
  questionId: number;
  kind: "choice" | "dictation";
  prompt: string;
  given: string;
  expected: string;
  correct: boolean;
}

export interface ListeningAttemptResult extends ListeningScore {
  attemptId: number;
  /** The activity's page. */
  href: string;
  createdAt: Date;
  review: ListeningReviewItem[];
  /** Shown once the learner has answered. */
  transcript: string;
  best: ListeningScore;
}

export function listeningActivityPath(activity: { id: number; slug: string; title: string }) {
  return `/listening-activity/${activity.id}/${activity.slug || slugify(activity.title)}`;
}

/** Better score first; equal scores rank by the share of questions right. */
const isBetter = (a: ListeningScore, b: ListeningScore | null) =>
  !b || a.score * Math.max(b.total, 1) > b.score * Math.max(a.total, 1);

function bestOf(rows: Array<{ score: number; total: number }>): ListeningScore | null {
  let best: ListeningScore | null = null;
  for (const row of rows) if (isBetter(row, best)) best = { score: row.score, total: row.total };
  return best;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/**
 * Every group with its published activities, question counts, which one is free and (for a learner) best
 * scores and locks. A learner's best scores stay on the list whether or not the activity is open to them.
 */
export async function listListeningGroups(
  ctx: AppContext,
  { viewer }: { viewer: Viewer },
): Promise<ListeningGroupView[]> {
  const groupsQuery = ctx.db
    .select({
      id: listeningActivityGroups.id,
      title: listeningActivityGroups.title,
      description: listeningActivityGroups.description,
    })
    .from(listeningActivityGroups)
    .orderBy(asc(listeningActivityGroups.position), asc(listeningActivityGroups.id));
  const activitiesQuery = ctx.db
    .select({
      id: listeningActivities.id,
      groupId: listeningActivities.groupId,
      title: listeningActivities.title,
      slug: listeningActivities.slug,
      description: listeningActivities.description,
      level: listeningActivities.level,
      mediaType: listeningActivities.mediaType,
    })
    .from(listeningActivities)
    .where(eq(listeningActivities.isPublished, true))
    .orderBy(asc(listeningActivities.position), asc(listeningActivities.id));
  const countsQuery = ctx.db
    .select({ activityId: listeningQuestions.activityId, questions: count() })
    .from(listeningQuestions)
    .groupBy(listeningQuestions.activityId);
  // Best per activity is picked in code: "best" compares score/total pairs, not one column.
  const attemptsQuery = ctx.db
    .select({
      activityId: listeningAttempts.activityId,
      score: listeningAttempts.score,
      total: listeningAttempts.total,
    })
    .from(listeningAttempts)
    .where(eq(listeningAttempts.userId, viewer.userId ?? 0));

  const [[groups, activities, counts, attempts], access] = await Promise.all([
    ctx.db.batch([groupsQuery, activitiesQuery, countsQuery, attemptsQuery]),
    viewer.lessonAccess(),
  ]);
  const questionCount = new Map(counts.map((row) => [row.activityId, row.questions]));
  const attemptsByActivity = new Map<number, ListeningScore[]>();
  for (const row of viewer.signedIn ? attempts : []) {
    attemptsByActivity.set(row.activityId, [...(attemptsByActivity.get(row.activityId) ?? []), row]);
  }

  return groups
    .map((group) => ({
      ...group,
      activities: activities
        .filter((activity) => activity.groupId === group.id)
        // Published and in the group's order: the first is the free one (as `firstListeningActivityQuery`).
        .map(({ groupId: _groupId, slug, ...activity }, index) => {
          const mine = attemptsByActivity.get(activity.id) ?? [];
          const isFree = index === 0;
          return {
            ...activity,
            href: listeningActivityPath({ ...activity, slug }),
            questionCount: questionCount.get(activity.id) ?? 0,
            best: bestOf(mine),
            attempts: mine.length,
            isFree,
            locked: access.signedIn && !canOpenListeningActivity(access, { isFirstOfGroup: isFree }),
          };
        }),
    }))
    .filter((group) => group.activities.length > 0);
}

async function findActivity(ctx: AppContext, activityId: number) {
  const [activity] = await ctx.db
    .select({
      id: listeningActivities.id,
      title: listeningActivities.title,
      slug: listeningActivities.slug,
      description: listeningActivities.description,
      level: listeningActivities.level,
      mediaKey: listeningActivities.mediaKey,
      mediaType: listeningActivities.mediaType,
      transcript: listeningActivities.transcript,
      groupId: listeningActivityGroups.id,
      groupTitle: listeningActivityGroups.title,
    })
    .from(listeningActivities)
    .innerJoin(listeningActivityGroups, eq(listeningActivityGroups.id, listeningActivities.groupId))
    .where(and(eq(listeningActivities.id, activityId), eq(listeningActivities.isPublished, true)))
    .limit(1);
  if (!activity) throw notFound("We couldn't find that listening activity.");
  return activity;
}

/**
 * The activity, if this member may open it: 401 for visitors, 404 for unknown or unpublished activities,
 * 402 for any but the first of its group without a subscription (admins open every one).
 */
async function openActivity(ctx: AppContext, viewer: Viewer, activityId: number) {
  const member = requireSignedIn(viewer, SIGN_IN_TO_LISTEN_MESSAGE);
  const [activity, access] = await Promise.all([findActivity(ctx, activityId), member.lessonAccess()]);
  if (!access.hasSubscription) {
    const [first] = await firstListeningActivityQuery(ctx, { groupId: activity.groupId });
    assertCanOpenListeningActivity(access, { isFirstOfGroup: first?.id === activity.id });
  }
  return { member, activity };
}

function questionsQuery(ctx: AppContext, activityId: number) {
  return ctx.db
    .select({
      id: listeningQuestions.id,
      kind: listeningQuestions.kind,
      prompt: listeningQuestions.prompt,
      options: listeningQuestions.options,
      answer: listeningQuestions.answer,
      acceptedVariants: listeningQuestions.acceptedVariants,
      acceptArabizi: listeningQuestions.acceptArabizi,
    })
    .from(listeningQuestions)
    .where(eq(listeningQuestions.activityId, activityId))
    .orderBy(asc(listeningQuestions.position), asc(listeningQuestions.id));
}

function myScoresQuery(ctx: AppContext, userId: number, activityId: number) {
  return ctx.db
    .select({ score: listeningAttempts.score, total: listeningAttempts.total })
    .from(listeningAttempts)
    .where(and(eq(listeningAttempts.userId, userId), eq(listeningAttempts.activityId, activityId)));
}

/**
 * One activity to play: a signed media URL, the questions without their answers, and the learner's
 * best score. 401 for visitors; 404 for unknown or unpublished activities; 402 past the free tier.
 */
export async function getListeningActivity(
  ctx: AppContext,
  { viewer, activityId }: { viewer: Viewer; activityId: number },
): Promise<ListeningActivityView> {
  const { member, activity } = await openActivity(ctx, viewer, activityId);
  const [questions, scores] = await ctx.db.batch([
    questionsQuery(ctx, activityId),
    myScoresQuery(ctx, member.userId, activityId),
  ]);
  const url =
    activity.mediaKey && isMediaKey(activity.mediaKey) ? await signMediaUrl(ctx, { key: activity.mediaKey }) : null;
  return {
    id: activity.id,
    title: activity.title,
    description: activity.description,
    level: activity.level,
    href: listeningActivityPath(activity),
    group: { id: activity.groupId, title: activity.groupTitle },
    media: { type: activity.mediaType, url },
    questions: questions.map(({ id, kind, prompt, options, acceptArabizi }) => ({
      id,
      kind,
      prompt,
      options: kind === "choice" ? options : [],
      acceptArabizi: kind === "dictation" && acceptArabizi,
    })),
    best: bestOf(scores),
    attempts: scores.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Answering
// ---------------------------------------------------------------------------------------------

/** `{ answers: { "<questionId>": "<answer>" } }`; a question left out counts as unanswered. */
export const listeningAnswersSchema = z.object({
  answers: z
    .record(
      z.string().regex(/^\d{1,12}$/, "Answers are keyed by question id."),
      z.string().max(MAX_LISTENING_ANSWER_LENGTH, "That answer is too long."),
    )
    .refine((answers) => Object.keys(answers).length <= 100, "Too many answers."),
});
export type ListeningAnswersInput = z.infer<typeof listeningAnswersSchema>;

function parseAnswers(input: unknown): ListeningAnswersInput {
  const result = listeningAnswersSchema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => issue.message);
  throw new AppError(400, messages, { answers: messages });
}

type QuestionRow = Awaited<ReturnType<typeof questionsQuery>>[number];

function reviewOf(questions: QuestionRow[], answers: Record<string, string>): ListeningReviewItem[] {
  return questions.map((question) => {
    const given = (answers[String(question.id)] ?? "").trim();
    return {
      questionId: question.id,
      kind: question.kind,
      prompt: question.prompt,
      given,
      expected: question.answer,
      correct: checkListeningAnswer(question, given),
    };
  });
}

/**
 * Scores the learner's answers and keeps the attempt. Answers to questions of another activity are a
 * 400. The same answers sent again within a minute return the attempt already stored (a double submit
 * records one attempt, even when both requests race); the best score is the best over all attempts.
 * 402 past the free tier, as opening it.
 */
export async function submitListeningAttempt(
  ctx: AppContext,
  { viewer, activityId, input }: { viewer: Viewer } & { activityId: number; input: unknown },
): Promise<ListeningAttemptResult> {
  const { member, activity } = await openActivity(ctx, viewer, activityId);
  const userId = member.userId;
  const { answers: raw } = parseAnswers(input);
  const questions = await questionsQuery(ctx, activityId);
  const known = new Set(questions.map((question) => String(question.id)));
  const stray = Object.keys(raw).filter((key) => !known.has(key));
  if (stray.length) throw new AppError(400, ["Those answers are not for this activity's questions."]);
  const answers = Object.fromEntries(questions.map((question) => [question.id, (raw[question.id] ?? "").trim()]));

  const review = reviewOf(questions, answers);
  const now = ctx.now().getTime();
  const since = now - DUPLICATE_SUBMIT_WINDOW_MS;
  const answersJson = JSON.stringify(answers);
  // One statement, so two identical submissions racing each other still store one attempt.
  await ctx.db.run(sql`
    insert into listening_attempts (user_id, activity_id, score, total, answers, created_at)
    select ${userId}, ${activityId}, ${review.filter((item) => item.correct).length}, ${questions.length},
      ${answersJson}, ${now}
    where not exists (
      select 1 from listening_attempts
      where user_id = ${userId} and activity_id = ${activityId} and answers = ${answersJson} and created_at > ${since}
    )`);
  const [stored] = await ctx.db
    .select({ id: listeningAttempts.id, createdAt: listeningAttempts.createdAt })
    .from(listeningAttempts)
    .where(
      and(
        eq(listeningAttempts.userId, userId),
        eq(listeningAttempts.activityId, activityId),
        eq(sql`${listeningAttempts.answers}`, answersJson),
        gt(listeningAttempts.createdAt, new Date(since)),
      ),
    )
    .orderBy(asc(listeningAttempts.id))
    .limit(1);
  const attemptId = stored!.id;
  const createdAt = stored!.createdAt;
  return resultOf(ctx, member, { activity, questions, attemptId, answers, createdAt });
}

async function resultOf(
  ctx: AppContext,
  member: Member,
  {
    activity,
    questions,
    attemptId,
    answers,
    createdAt,
  }: {
    activity: { id: number; slug: string; title: string; transcript: string };
    questions: QuestionRow[];
    attemptId: number;
    answers: Record<string, string>;
    createdAt: Date;
  },
): Promise<ListeningAttemptResult> {
  // Scored again from the questions as they are now, so a corrected answer key corrects the review.
  const review = reviewOf(questions, answers);
  const score = review.filter((item) => item.correct).length;
  const scores = await myScoresQuery(ctx, member.userId, activity.id);
  const best = bestOf([...scores, { score, total: questions.length }])!;
  return {
    attemptId,
    href: listeningActivityPath(activity),
    createdAt,
    score,
    total: questions.length,
    review,
    transcript: activity.transcript,
    best,
  };
}

/**
 * One of the learner's own attempts with its review; anyone else's (or an unknown id) is a 404. The review
 * carries the activity's transcript and answers, so it is behind the same gate as the activity (the best
 * score stays on the list).
 */
export async function getListeningAttempt(
  ctx: AppContext,
  { viewer, activityId, attemptId }: { viewer: Viewer } & { activityId: number; attemptId: number },
): Promise<ListeningAttemptResult> {
  const { member, activity } = await openActivity(ctx, viewer, activityId);
  const [[attempt], questions] = await ctx.db.batch([
    ctx.db
      .select({ id: listeningAttempts.id, answers: listeningAttempts.answers, createdAt: listeningAttempts.createdAt })
      .from(listeningAttempts)
      .where(
        and(
          eq(listeningAttempts.id, attemptId),
          eq(listeningAttempts.userId, member.userId),
          eq(listeningAttempts.activityId, activityId),
        ),
      )
      .limit(1),
    questionsQuery(ctx, activityId),
  ]);
  if (!attempt) throw notFound("We couldn't find that attempt.");
  return resultOf(ctx, member, {
    activity,
    questions,
    attemptId: attempt.id,
    answers: attempt.answers,
    createdAt: attempt.createdAt,
  });
}

/** The learner's best score on one activity (null before any attempt). */
export async function getBestListeningScore(
  ctx: AppContext,
  { viewer, activityId }: { viewer: Pick<Member, "userId">; activityId: number },
): Promise<ListeningScore | null> {
  return bestOf(await myScoresQuery(ctx, viewer.userId, activityId));
}
