import { cn } from "~/lib/cn";
import { BookmarkIcon, LoopIcon, PlayIcon } from "~/components/icons";

const CUES = [
  {
    time: "0:38",
    arabic: "مرحبا! شو بتحب تشرب؟",
    transliteration: "marḥaba! shu btḥebb tishrab?",
    english: "Hi! What would you like to drink?",
  },
  {
    time: "0:41",
    arabic: ["بدّي ", "قهوة", " بلا سكّر، لو سمحت."],
    transliteration: "baddi ahwe bala sukkar, law samaḥt.",
    english: "I'd like a coffee without sugar, please.",
    active: true,
  },
  {
    time: "0:45",
    arabic: "تكرم عينك!",
    transliteration: "tikram ʿaynak!",
    english: "With pleasure! (lit. “your eye is honoured”)",
  },
] as const;

/**
 * The landing page's picture of a lesson: video, then the three-line interactive transcript with a
 * word looked up. A static drawing: nothing in it is a control (no fake buttons to tab into), and the
 * figure's caption says what it shows.
 */
export function TranscriptIllustration({ className }: { className?: string }) {
  return (
    <figure className={cn("relative", className)} aria-labelledby="transcript-illustration-caption">
      <figcaption id="transcript-illustration-caption" className="sr-only">
        A lesson in Ahla: a café scene from Damascus with its transcript below. Each line shows Arabic, a
        transliteration and English; the word “ahwe” (coffee) is looked up and ready to save.
      </figcaption>
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-primary-200/60 via-accent-100/70 to-transparent blur-2xl"
      />
      <div className="rounded-xl border border-line bg-surface shadow-2xl shadow-primary-900/15">
        <div className="relative aspect-[16/8] overflow-hidden rounded-t-xl bg-gradient-to-br from-primary-800 via-primary-900 to-primary-950">
          <div
            aria-hidden="true"
            className="absolute inset-0 [background-image:radial-gradient(circle_at_78%_30%,rgba(251,171,51,0.55),transparent_32%),radial-gradient(circle_at_15%_85%,rgba(121,216,188,0.35),transparent_40%)]"
          />
          <div
            aria-hidden="true"
            className="absolute start-[12%] bottom-[22%] h-[46%] w-[18%] rounded-t-full bg-primary-950/70"
          />
          <div
            aria-hidden="true"
            className="absolute end-[16%] bottom-[22%] h-[54%] w-[20%] rounded-t-full bg-primary-950/80"
          />
          <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-[22%] bg-primary-950/60" />
          <span className="absolute start-3 top-3 rounded-full bg-black/40 px-2.5 py-1 text-[11px] font-semibold text-white backdrop-blur-sm">
            Damascus · Beginner
          </span>
          <span className="absolute inset-0 m-auto flex size-12 items-center justify-center rounded-full bg-white/90 text-primary-800 shadow-lg">
            <PlayIcon className="size-5 translate-x-px" />
          </span>
          <p
            lang="ar"
            dir="rtl"
            className="absolute inset-x-0 bottom-3 text-center text-lg font-semibold text-white drop-shadow"
          >
            بدّي قهوة بلا سكّر، لو سمحت.
          </p>
        </div>
        <div className="flex items-center gap-3 border-b border-line px-4 py-2.5 text-xs text-muted">
          <span className="font-mono tabular-nums">0:41</span>
          <span className="relative h-1.5 flex-1 rounded-full bg-line">
            <span className="absolute inset-y-0 start-0 w-[22%] rounded-full bg-primary-600" />
          </span>
          <span className="font-mono tabular-nums">3:05</span>
          <span className="rounded-md bg-canvas px-1.5 py-0.5 font-semibold text-ink">0.75×</span>
        </div>
        <div className="flex gap-1.5 px-4 pt-3 text-[11px] font-semibold">
          <span className="rounded-full bg-primary-700 px-2.5 py-1 text-white">Arabic</span>
          <span className="rounded-full bg-primary-700 px-2.5 py-1 text-white">Transliteration</span>
          <span className="rounded-full bg-primary-700 px-2.5 py-1 text-white">English</span>
        </div>
        <ol className="space-y-1 p-3">
          {CUES.map((cue) => {
            const active = "active" in cue && cue.active;
            return (
              <li
                key={cue.time}
                className={cn(
                  "relative grid grid-cols-[2.5rem_1fr] gap-x-2 rounded-lg px-2 py-2",
                  active ? "bg-primary-50 ring-1 ring-primary-200" : "",
                )}
              >
                <span
                  className={cn(
                    "pt-1.5 font-mono text-[11px] tabular-nums",
                    active ? "font-semibold text-primary-800" : "text-muted",
                  )}
                >
                  {cue.time}
                </span>
                <div className="min-w-0">
                  <p lang="ar" dir="rtl" className="text-start text-lg leading-relaxed text-ink">
                    {typeof cue.arabic === "string"
                      ? cue.arabic
                      : cue.arabic.map((part, index) =>
                          index === 1 ? (
                            <mark key={part} className="rounded bg-accent-300/70 px-0.5 text-ink">
                              {part}
                            </mark>
                          ) : (
                            <span key={part}>{part}</span>
                          ),
                        )}
                  </p>
                  <p className="text-[13px] text-primary-800 italic">{cue.transliteration}</p>
                  <p className="text-[13px] text-muted">{cue.english}</p>
                </div>
                {active ? <LoopIcon className="absolute end-2 top-2 size-4 text-primary-700" /> : null}
                {active ? <WordPopover /> : null}
              </li>
            );
          })}
        </ol>
      </div>
    </figure>
  );
}

function WordPopover() {
  return (
    <div className="absolute end-6 top-[calc(100%-0.25rem)] z-10 w-56 rounded-xl border border-line bg-surface p-3 shadow-xl shadow-ink/15">
      <span
        aria-hidden="true"
        className="absolute -top-1.5 end-10 size-3 rotate-45 border-s border-t border-line bg-surface"
      />
      <div className="flex items-baseline justify-between gap-2">
        <p lang="ar" dir="rtl" className="text-2xl font-bold text-ink">
          قهوة
        </p>
        <p className="text-sm text-primary-800 italic">ahwe</p>
      </div>
      <p className="text-sm font-medium text-ink">coffee</p>
      <p className="mt-1 text-xs leading-snug text-muted">In Damascus and Beirut the ق is a glottal stop.</p>
      <span className="mt-2.5 flex items-center justify-center gap-1.5 rounded-lg bg-primary-700 py-1.5 text-xs font-semibold text-white">
        <BookmarkIcon className="size-3.5" /> Save to my words
      </span>
    </div>
  );
}
