import { memo } from "react";
import { stripTashkeel } from "#core/arabic";
import type { CaptionSize, PlayerPreferences } from "#core/player";
import { formatTransliteration, type TransliterationScheme } from "#core/transliteration";
import { cn } from "~/lib/cn";
import { HiddenLine, revealKey, type Revealed, type RevealPart } from "./hidden-line";
import type { TranscriptCue } from "./transcript";

const SIZE: Record<CaptionSize, { ar: string; latin: string }> = {
  s: { ar: "text-base sm:text-lg", latin: "text-xs sm:text-sm" },
  m: { ar: "text-lg sm:text-2xl", latin: "text-sm sm:text-base" },
  l: { ar: "text-2xl sm:text-3xl", latin: "text-base sm:text-xl" },
};

const lineBox = "mx-auto w-fit max-w-full rounded-md bg-black/75 px-2 py-0.5 text-center text-white";

/**
 * Up to three caption lines drawn over the video from the transcript (Arabic, transliteration, English), each
 * switched on in the player's settings; transliteration and English can be hidden until tapped. Drawn by us
 * rather than as WebVTT tracks so the three show at once, in our fonts, and stay in full screen.
 */
export const VideoCaptions = memo(function VideoCaptions({
  cue,
  index,
  preferences,
  scheme,
  revealed,
  onReveal,
  raised,
}: {
  cue: TranscriptCue | null;
  index: number;
  preferences: PlayerPreferences;
  scheme: TransliterationScheme;
  revealed: Revealed;
  onReveal: (index: number, part: RevealPart) => void;
  /** Lift the lines above something at the bottom of the video. */
  raised?: boolean;
}) {
  const { captionArabic, captionTransliteration, captionEnglish } = preferences;
  if (!cue || !(captionArabic || captionTransliteration || captionEnglish)) return null;
  const size = SIZE[preferences.captionSize];
  const transliteration = captionTransliteration ? formatTransliteration(cue.transliteration, scheme) : "";
  const blurTr = preferences.blurTransliteration && !revealed.has(revealKey(index, "tr"));
  const blurEn = preferences.blurEnglish && !revealed.has(revealKey(index, "en"));
  return (
    <div
      data-testid="video-captions"
      className={cn(
        "pointer-events-none absolute inset-x-2 flex flex-col gap-1 sm:inset-x-6",
        raised ? "bottom-14" : "bottom-2 sm:bottom-4",
      )}
    >
      {captionArabic && cue.arabic ? (
        <p lang="ar" dir="rtl" data-caption="ar" className={cn(lineBox, size.ar, "leading-normal font-arabic")}>
          {preferences.tashkeel ? cue.arabic : stripTashkeel(cue.arabic)}
        </p>
      ) : null}
      {transliteration ? (
        <HiddenLine
          hidden={blurTr}
          what="transliteration"
          onReveal={() => onReveal(index, "tr")}
          lang="ar-Latn"
          data-caption="tr"
          className={cn(
            lineBox,
            size.latin,
            "pointer-events-auto",
            preferences.blurTransliteration && "min-h-11 content-center",
          )}
        >
          {transliteration}
        </HiddenLine>
      ) : null}
      {captionEnglish && cue.english ? (
        <HiddenLine
          hidden={blurEn}
          what="English"
          onReveal={() => onReveal(index, "en")}
          data-caption="en"
          className={cn(
            lineBox,
            size.latin,
            "pointer-events-auto text-white/90",
            preferences.blurEnglish && "min-h-11 content-center",
          )}
        >
          {cue.english}
        </HiddenLine>
      ) : null}
    </div>
  );
});
