/**
 * The publishing checklist of a lesson (docs/admin-resources.md "Publishing checklist", ADR 041): a video file,
 * at least one transcript line, a duration read from the media, and every word glossed (docs/words.md
 * "Glossing"). Each item links to where it is fixed. Publishing a lesson that fails any item needs a
 * confirmation, on every path (the workspace's Publish, the lessons resource's form and JSON API): the refusal
 * names what is missing. Nothing here writes.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { cueTokens, transcriptCues, videos } from "#drizzle/schema";
import { formatDuration } from "#core/format";
import { DURATION_SOURCE_LABELS, isReadFromMedia } from "#core/duration-source";
import type { AppContext } from "../context";
import { notFound } from "../lib/errors";
import { describeMissing, lessonCoverage, missingGlosses, unglossed, type Coverage } from "./words/coverage";

export const CHECKLIST_KEYS = ["video", "transcript", "duration", "glosses"] as const;
export type ChecklistKey = (typeof CHECKLIST_KEYS)[number];

export interface ChecklistItem {
  key: ChecklistKey;
  label: string;
  done: boolean;
  /** What is there, or what is missing, in a sentence. */
  detail: string;
  /** Set when this item cannot be done before another one (the duration needs the video). */
  waitsFor: ChecklistKey | null;
  fix: { label: string; href: string };
}

export interface PublishChecklist {
  items: ChecklistItem[];
  complete: boolean;
  coverage: Coverage;
}

/** The workspace's places: the upload (media tab), the cue editor (transcript tab), a token's glossing panel. */
export function workspaceHref(lessonId: number, place: "media" | "transcript" | { token: number; cueId: number }) {
  const base = `/admin/videos/${lessonId}/lesson`;
  if (place === "media") return `${base}?tab=media#lesson-video`;
  if (place === "transcript") return `${base}#cue-list-heading`;
  // The editor at the word's line with its glossing panel open (as the glossing worklist links).
  return `${base}?token=${place.token}#line-${place.cueId}`;
}

export async function publishChecklist(ctx: AppContext, { lessonId }: { lessonId: number }): Promise<PublishChecklist> {
  const [[video], [lines], [firstMissing]] = await ctx.db.batch([
    ctx.db
      .select({
        videoKey: videos.videoKey,
        durationSeconds: videos.durationSeconds,
        durationSource: videos.durationSource,
      })
      .from(videos)
      .where(eq(videos.id, lessonId))
      .limit(1),
    ctx.db.select({ count: count() }).from(transcriptCues).where(eq(transcriptCues.lessonId, lessonId)),
    // The first unglossed word in transcript order: the glosses item opens its panel.
    ctx.db
      .select({ id: cueTokens.id, cueId: cueTokens.cueId })
      .from(cueTokens)
      .innerJoin(transcriptCues, eq(transcriptCues.id, cueTokens.cueId))
      .where(and(eq(cueTokens.lessonId, lessonId), unglossed()))
      .orderBy(asc(transcriptCues.startMs), asc(transcriptCues.id), asc(cueTokens.position))
      .limit(1),
  ]);
  if (!video) throw notFound("We couldn't find that lesson.");
  const coverage = await lessonCoverage(ctx, { lessonId });
  const lineCount = lines?.count ?? 0;
  const hasVideo = Boolean(video.videoKey);
  const durationRead = hasVideo && isReadFromMedia(video.durationSource, video.durationSeconds);
  const glossed = coverage.glossed >= coverage.total;

  let glossDetail: string;
  if (lineCount === 0) glossDetail = "Nothing to gloss before the transcript has lines.";
  else if (coverage.total === 0) glossDetail = "The transcript has no Arabic words to gloss.";
  else if (glossed) glossDetail = `All ${coverage.total} words are glossed (100 %).`;
  else {
    const missing = await missingGlosses(ctx, { lessonId });
    glossDetail = describeMissing(coverage, missing);
  }

  const items: ChecklistItem[] = [
    {
      key: "video",
      label: "A video file",
      done: hasVideo,
      detail: hasVideo ? "The video is uploaded." : "No video file is uploaded yet.",
      waitsFor: null,
      fix: { label: hasVideo ? "Replace the video" : "Upload the video", href: workspaceHref(lessonId, "media") },
    },
    {
      key: "transcript",
      label: "At least one transcript line",
      done: lineCount > 0,
      detail:
        lineCount > 0
          ? `The transcript has ${lineCount} ${lineCount === 1 ? "line" : "lines"}.`
          : "The transcript has no line yet.",
      waitsFor: null,
      fix: {
        label: lineCount > 0 ? "Open the cue editor" : "Write it in the cue editor",
        href: workspaceHref(lessonId, "transcript"),
      },
    },
    {
      key: "duration",
      label: "A duration read from the video",
      done: durationRead,
      detail: !hasVideo
        ? "Read from the video when it is uploaded."
        : durationRead
          ? `${formatDuration(video.durationSeconds)}, ${DURATION_SOURCE_LABELS[video.durationSource]}.`
          : video.durationSeconds > 0
            ? `The duration (${formatDuration(video.durationSeconds)}) was typed by hand, not read from the video.`
            : "The duration could not be read from the video.",
      waitsFor: hasVideo ? null : "video",
      fix: { label: "Read it from the video", href: `/admin/videos/${lessonId}/lesson?tab=media#lesson-duration` },
    },
    {
      key: "glosses",
      label: "Every word understood: all words glossed",
      done: lineCount > 0 && glossed,
      detail: glossDetail,
      waitsFor: lineCount > 0 ? null : "transcript",
      fix: firstMissing
        ? {
            label: "Gloss the next word",
            href: workspaceHref(lessonId, { token: firstMissing.id, cueId: firstMissing.cueId }),
          }
        : { label: "Open the glossing", href: workspaceHref(lessonId, "transcript") },
    },
  ];
  return { items, complete: items.every((item) => item.done), coverage };
}

/**
 * Why publishing needs a confirmation, in sentences, ending "Publish anyway to confirm." Items waiting for
 * another failing item are left out (uploading the video is the duration's fix too).
 */
export function checklistRefusal(checklist: PublishChecklist): string {
  const sentences = checklist.items.filter((item) => !item.done && item.waitsFor === null).map((item) => item.detail);
  return `${sentences.join(" ")} Publish anyway to confirm.`;
}

/** A lesson created already published has none of the items yet (its video and lines come afterwards). */
export const NEW_LESSON_REFUSAL =
  "A new lesson has no video file, no transcript line and no duration yet. Publish anyway to confirm, or save it as a draft and publish it from its lesson workspace.";
