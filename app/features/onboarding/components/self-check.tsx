import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { PlayIcon, SparkIcon } from "~/components/icons";
import { LevelBadge } from "~/components/video-card";
import { describeDuration, LEVEL_LABELS } from "#core/format";
import {
  LEVELS,
  SELF_CHECK_ANSWERS,
  SELF_CHECK_LABELS,
  selfCheckInvitation,
  type SelfCheckAnswer,
} from "#core/schemas/onboarding";
import type { Level } from "#core/levels";
import type { SelfCheckClip } from "#server/services/onboarding";
import { ChoicePill } from "./choice";

export interface SelfCheckField {
  name: string;
  id: string;
  errorId: string;
  errors?: string[];
  initialValue?: string;
}

/**
 * "Not sure? Check yourself": the opening of one lesson per level, each with "how much of this did you
 * follow?", and a button that asks the server for a level with the reason (works without JavaScript).
 */
export function SelfCheck({
  clips,
  fields,
  clipSeconds,
  suggestion,
  errors,
  pending,
}: {
  clips: Array<SelfCheckClip | null>;
  fields: Record<Level, SelfCheckField>;
  clipSeconds: number;
  suggestion: { level: Level; reason: string } | null;
  /** Form-level errors of the last "Suggest my level" (nothing rated). */
  errors?: string[];
  pending: boolean;
}) {
  const available = clips.filter((clip): clip is SelfCheckClip => clip !== null);
  if (available.length === 0) return null;
  return (
    <section
      aria-labelledby="self-check-heading"
      className="mt-6 rounded-xl border border-primary-100 bg-primary-50/50 p-4 sm:p-5"
    >
      <h2 id="self-check-heading" className="flex items-center gap-2 font-semibold text-ink">
        <SparkIcon className="size-5 text-primary-700" />
        Not sure? {selfCheckInvitation(available.length)}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Play the opening of each (about {clipSeconds} seconds, captions off) and say how much of it you followed. We
        suggest a level and tell you why.
      </p>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {LEVELS.map((level, index) => {
          const clip = clips[index] ?? null;
          return (
            <li key={level} className="min-w-0">
              {clip ? (
                <ClipCard clip={clip} field={fields[level]} clipSeconds={clipSeconds} />
              ) : (
                <NoClip level={level} />
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Button type="submit" name="intent" value="check" variant="secondary" disabled={pending} className="shrink-0">
          {pending ? "Thinking…" : "Suggest my level"}
        </Button>
        <div role="status" aria-live="polite" className="min-w-0 flex-1">
          {suggestion ? (
            <p className="rounded-xl border border-primary-200 bg-white px-4 py-3 text-sm text-ink">
              <strong className="font-semibold">We suggest {LEVEL_LABELS[suggestion.level]}.</strong>{" "}
              {suggestion.reason} It is selected above; change it if you like.
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-2">
        <FormErrors errors={errors} />
      </div>
    </section>
  );
}

function ClipCard({ clip, field, clipSeconds }: { clip: SelfCheckClip; field: SelfCheckField; clipSeconds: number }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-xs">
      {clip.videoUrl ? (
        <video
          controls
          preload="none"
          playsInline
          poster={clip.posterUrl ?? undefined}
          src={clip.videoUrl}
          aria-label={`${clip.title}: the first ${clipSeconds} seconds`}
          className="aspect-video w-full bg-ink object-cover"
        >
          {/* Off unless chosen: the check is about listening, but nobody is left without the words. */}
          <track kind="captions" srcLang="ar" label="العربية (Arabic)" src={clip.captions.ar} />
          <track kind="subtitles" srcLang="en" label="English" src={clip.captions.en} />
        </video>
      ) : (
        <a
          href={clip.href}
          target="_blank"
          rel="noreferrer"
          className="relative grid aspect-video place-items-center bg-gradient-to-br from-primary-700 to-primary-950 text-white"
        >
          {clip.posterUrl ? (
            <img src={clip.posterUrl} alt="" className="absolute inset-0 size-full object-cover opacity-80" />
          ) : null}
          <span className="relative inline-flex items-center gap-2 rounded-full bg-black/60 px-3 py-1.5 text-sm font-medium">
            <PlayIcon className="size-4" /> Open the lesson<span className="sr-only"> (opens in a new tab)</span>
          </span>
        </a>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <LevelBadge level={clip.level} />
          <h3 className="mt-2 leading-snug font-semibold text-ink">{clip.title}</h3>
          {clip.titleAr ? (
            <p lang="ar" dir="rtl" className="text-ink/80">
              {clip.titleAr}
            </p>
          ) : null}
          <p className="mt-0.5 text-xs text-muted">Whole lesson: {describeDuration(clip.durationSeconds)}</p>
        </div>
        <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined} className="mt-auto">
          <legend className="text-sm font-medium text-ink">
            How much of this did you follow?
            <span className="sr-only"> ({LEVEL_LABELS[clip.level]} clip)</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {SELF_CHECK_ANSWERS.map((answer: SelfCheckAnswer) => (
              <ChoicePill
                key={answer}
                name={field.name}
                value={answer}
                id={`${field.id}-${answer}`}
                defaultChecked={field.initialValue === answer}
              >
                {SELF_CHECK_LABELS[answer]}
              </ChoicePill>
            ))}
          </div>
          <div className="mt-1">
            <FieldErrors id={field.errorId} errors={field.errors} />
          </div>
        </fieldset>
      </div>
    </article>
  );
}

function NoClip({ level }: { level: Level }) {
  const below = LEVELS[LEVELS.indexOf(level) - 1];
  return (
    <div className="flex h-full flex-col justify-center rounded-xl border border-dashed border-line bg-surface p-4 text-sm text-muted">
      <LevelBadge level={level} className="self-start" />
      <p className="mt-2">
        No {LEVEL_LABELS[level]} clip is open to you yet.
        {below ? ` If the ${LEVEL_LABELS[below]} one was easy, ${LEVEL_LABELS[level]} may suit you.` : ""}
      </p>
    </div>
  );
}
