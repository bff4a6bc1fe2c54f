import { describe, expect, it } from "vitest";
import {
  CAPTION_LINGER_MS,
  captionCueIndex,
  findActiveCueIndex,
  hasReachedCueEnd,
  nextCueIndex,
  previousCueIndex,
  shouldOfferResume,
} from "../../core/cue-math";
import {
  DEFAULT_PREFERENCES,
  describeLoopPass,
  loopModeLabel,
  loopPass,
  parseStoredPreferences,
  RISING_RATES,
} from "../../core/player";
import { parseStartTime } from "../../core/schemas/lessons";
import { buildWebVtt, escapeVttText, formatVttTimestamp } from "../../server/lib/webvtt";
import { computeProgress, effectiveDuration, isCompletePosition } from "../../server/services/progress";
import { lookupKeys } from "../../server/services/word-lookup";

describe("WebVTT", () => {
  it("formats timestamps as HH:MM:SS.mmm", () => {
    expect(formatVttTimestamp(0)).toBe("00:00:00.000");
    expect(formatVttTimestamp(3100)).toBe("00:00:03.100");
    expect(formatVttTimestamp(61_005)).toBe("00:01:01.005");
    expect(formatVttTimestamp(3_723_400)).toBe("01:02:03.400");
    expect(formatVttTimestamp(-5)).toBe("00:00:00.000");
    expect(formatVttTimestamp(999.6)).toBe("00:00:01.000");
  });

  it("escapes markup and never lets a cue end early", () => {
    expect(escapeVttText("a < b & c > d --> e")).toBe("a &lt; b &amp; c &gt; d --&gt; e");
    expect(escapeVttText("one\r\n\r\ntwo\n\nthree")).toBe("one\ntwo\nthree");
  });

  it("builds a file of sorted cues, skipping empty text and repairing zero-length cues", () => {
    const vtt = buildWebVtt(
      [
        { id: 2, startMs: 5000, endMs: 5000, text: "second" },
        { id: 1, startMs: 0, endMs: 2500, text: "مرحبا" },
        { id: 3, startMs: 6000, endMs: 7000, text: "  " },
      ],
      { language: "ar" },
    );
    expect(vtt).toBe(
      "WEBVTT\nLanguage: ar\n\n1\n00:00:00.000 --> 00:00:02.500\nمرحبا\n\n2\n00:00:05.000 --> 00:00:05.001\nsecond\n",
    );
  });
});

describe("progress math", () => {
  const start = new Date("2026-01-01T10:00:00Z");
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
  const state = (
    positionSeconds: number,
    watchedSeconds: number,
    creditedAt: Date | null,
    completedAt: Date | null = null,
  ) => ({
    positionSeconds,
    watchedSeconds,
    completedAt,
    creditedPositionSeconds: positionSeconds,
    creditedAt,
  });

  it("starts from a baseline that adds no watched time", () => {
    expect(computeProgress(null, { positionSeconds: 42.4, durationSeconds: 100 }, start)).toEqual({
      positionSeconds: 42,
      watchedSeconds: 0,
      completedAt: null,
      creditedPositionSeconds: 42,
      creditedAt: start,
    });
  });

  it("adds forward playback, capped by wall time at 1.5× and by a minute per save", () => {
    const previous = state(10, 20, start);
    expect(computeProgress(previous, { positionSeconds: 15, durationSeconds: 100 }, at(5)).watchedSeconds).toBe(25);
    expect(computeProgress(previous, { positionSeconds: 90, durationSeconds: 100 }, at(4)).watchedSeconds).toBe(26);
    expect(computeProgress(previous, { positionSeconds: 5, durationSeconds: 100 }, at(60)).watchedSeconds).toBe(20);
    expect(
      computeProgress(state(0, 0, start), { positionSeconds: 3000, durationSeconds: 3600 }, at(3600)).watchedSeconds,
    ).toBe(60);
  });

  it("loses nothing to saves under a second apart, and earns a burst's seconds once", () => {
    // Playing at 1× with a save every half second: each second is credited once the wall clock allows it.
    let row = computeProgress(null, { positionSeconds: 0, durationSeconds: 100 }, start);
    for (let half = 1; half <= 20; half += 1) {
      row = computeProgress(row, { positionSeconds: half / 2, durationSeconds: 100 }, at(half / 2));
    }
    expect(row).toMatchObject({ positionSeconds: 10, watchedSeconds: 10 });
    // Ten copies of one save at one instant: the first earns, the rest find nothing left to earn.
    const later = at(30);
    let burst = row;
    for (let copy = 0; copy < 10; copy += 1) {
      burst = computeProgress(burst, { positionSeconds: 30, durationSeconds: 100 }, later);
    }
    expect(burst).toMatchObject({ positionSeconds: 30, watchedSeconds: 30 });
  });

  it("keeps the settled point through a save too soon to judge, and resets it on a rewind", () => {
    const settled = state(10, 0, start);
    const soon = computeProgress(
      settled,
      { positionSeconds: 11, durationSeconds: 100 },
      new Date(start.getTime() + 400),
    );
    expect(soon).toMatchObject({ watchedSeconds: 0, creditedPositionSeconds: 10, creditedAt: start });
    const back = computeProgress(soon, { positionSeconds: 2, durationSeconds: 100 }, new Date(start.getTime() + 500));
    expect(back).toMatchObject({ positionSeconds: 2, creditedPositionSeconds: 2 });
  });

  it("completes at 90% of the duration and stays completed", () => {
    expect(isCompletePosition(89, 100)).toBe(false);
    expect(isCompletePosition(90, 100)).toBe(true);
    expect(isCompletePosition(5, 0)).toBe(false);
    const done = computeProgress(state(80, 0, start), { positionSeconds: 95, durationSeconds: 100 }, at(10));
    expect(done.completedAt).toEqual(at(10));
    const back = computeProgress(state(95, 10, at(10), at(10)), { positionSeconds: 3, durationSeconds: 100 }, at(20));
    expect(back).toMatchObject({ positionSeconds: 3, completedAt: at(10) });
  });

  it("clamps the position to the lesson and prefers the stored duration", () => {
    expect(computeProgress(null, { positionSeconds: 500, durationSeconds: 100 }, start).positionSeconds).toBe(100);
    expect(effectiveDuration(32, 33.4)).toBe(32);
    expect(effectiveDuration(0, 33.4)).toBe(34);
    expect(effectiveDuration(0)).toBe(0);
  });
});

describe("transcript timing", () => {
  const cues = [
    { startMs: 0, endMs: 3000 },
    { startMs: 3000, endMs: 6000 },
    { startMs: 8000, endMs: 10000 },
  ];

  it("finds the line being spoken, keeping the last one lit through a pause", () => {
    expect(findActiveCueIndex(cues, -1)).toBe(-1);
    expect(findActiveCueIndex(cues, 0)).toBe(0);
    expect(findActiveCueIndex(cues, 2999)).toBe(0);
    expect(findActiveCueIndex(cues, 3000)).toBe(1);
    expect(findActiveCueIndex(cues, 7000)).toBe(1);
    expect(findActiveCueIndex(cues, 99_000)).toBe(2);
    expect(findActiveCueIndex([], 10)).toBe(-1);
  });

  it("goes to the start of the line, or the line before when just started", () => {
    expect(previousCueIndex(cues, 5000)).toBe(1);
    expect(previousCueIndex(cues, 3500)).toBe(0);
    expect(previousCueIndex(cues, 100)).toBe(0);
    expect(nextCueIndex(cues, 100)).toBe(1);
    expect(nextCueIndex(cues, 9000)).toBe(-1);
    expect(hasReachedCueEnd(cues[0]!, 2965)).toBe(true);
    expect(hasReachedCueEnd(cues[0]!, 2900)).toBe(false);
  });

  it("offers to resume only mid-lesson, when not completed and not linked to a moment", () => {
    expect(shouldOfferResume({ positionSeconds: 83, completed: false }, 300, null)).toBe(true);
    expect(shouldOfferResume({ positionSeconds: 83, completed: true }, 300, null)).toBe(false);
    expect(shouldOfferResume({ positionSeconds: 83, completed: false }, 300, 12)).toBe(false);
    expect(shouldOfferResume({ positionSeconds: 1, completed: false }, 300, null)).toBe(false);
    expect(shouldOfferResume({ positionSeconds: 299, completed: false }, 300, null)).toBe(false);
    expect(shouldOfferResume(null, 300, null)).toBe(false);
  });
});

describe("lesson page helpers", () => {
  it("reads ?t= in seconds or h/m/s", () => {
    expect(parseStartTime("83")).toBe(83);
    expect(parseStartTime("12.5")).toBe(12.5);
    expect(parseStartTime("1m23s")).toBe(83);
    expect(parseStartTime("1h2m")).toBe(3720);
    expect(parseStartTime("")).toBeNull();
    expect(parseStartTime("abc")).toBeNull();
    expect(parseStartTime("-4")).toBeNull();
    expect(parseStartTime(null)).toBeNull();
  });

  it("keeps only valid stored player preferences", () => {
    expect(parseStoredPreferences(null)).toEqual({});
    expect(parseStoredPreferences("{oops")).toEqual({});
    expect(
      parseStoredPreferences(
        JSON.stringify({ showArabic: false, rate: 0.75, scheme: "arabizi", captions: "en", tashkeel: "no", extra: 1 }),
      ),
    ).toEqual({
      showArabic: false,
      rate: 0.75,
      scheme: "arabizi",
      captionArabic: false,
      captionTransliteration: false,
      captionEnglish: true,
    });
    expect(parseStoredPreferences(JSON.stringify({ rate: 3, captions: "fr" }))).toEqual({});
    // Listening mode is remembered as a switch, and only as one.
    expect(parseStoredPreferences(JSON.stringify({ soundOnly: true }))).toEqual({ soundOnly: true });
    expect(parseStoredPreferences(JSON.stringify({ soundOnly: "yes" }))).toEqual({});
  });

  it("looks a clicked word up with joined prefixes removed, most specific first", () => {
    expect(lookupKeys("وبِالبيت")[0]).toBe("وبالبيت");
    expect(lookupKeys("وبِالبيت")).toEqual(expect.arrayContaining(["بالبيت", "البيت", "بيت"]));
    expect(lookupKeys("كِيفَك")).toEqual(["كيفك"]);
    expect(lookupKeys("من")).toEqual(["من"]);
    expect(lookupKeys("  ")).toEqual([]);
  });
});

describe("player preferences and loops (core/player.ts)", () => {
  it("maps the first player's single caption language onto the three caption switches", () => {
    expect(parseStoredPreferences(JSON.stringify({ captions: "en" }))).toEqual({
      captionArabic: false,
      captionTransliteration: false,
      captionEnglish: true,
    });
    expect(parseStoredPreferences(JSON.stringify({ captions: "tr" }))).toMatchObject({ captionTransliteration: true });
    expect(parseStoredPreferences(JSON.stringify({ captions: "off" }))).toEqual({
      captionArabic: false,
      captionTransliteration: false,
      captionEnglish: false,
    });
    // A switch saved by the new player wins over the old value; an unknown old value is dropped.
    expect(
      parseStoredPreferences(JSON.stringify({ captions: "ar", captionArabic: false, captionEnglish: true })),
    ).toEqual({ captionArabic: false, captionTransliteration: false, captionEnglish: true });
    expect(parseStoredPreferences(JSON.stringify({ captions: "toString" }))).toEqual({});
  });

  it("keeps only valid caption sizes, blur switches and loop settings", () => {
    expect(
      parseStoredPreferences(
        JSON.stringify({
          captionSize: "l",
          blurEnglish: true,
          blurTransliteration: "yes",
          loopMode: 3,
          loopEnd: "stop",
        }),
      ),
    ).toEqual({ captionSize: "l", blurEnglish: true, loopMode: 3, loopEnd: "stop" });
    expect(parseStoredPreferences(JSON.stringify({ captionSize: "xl", loopMode: 4, loopEnd: "later" }))).toEqual({});
    expect(parseStoredPreferences(JSON.stringify({ loopMode: "forever" }))).toEqual({ loopMode: "forever" });
    expect(parseStoredPreferences("[1,2]")).toEqual({});
    expect(parseStoredPreferences("null")).toEqual({});
    // Everything the player can save reads back the same.
    expect(parseStoredPreferences(JSON.stringify(DEFAULT_PREFERENCES))).toEqual(DEFAULT_PREFERENCES);
  });

  it("plays a rising loop once at each speed, then ends", () => {
    const passes = [1, 2, 3, 4].map((pass) => loopPass("rising", pass, 1.5));
    expect(passes).toEqual([
      { pass: 1, total: 3, rate: 0.75 },
      { pass: 2, total: 3, rate: 1 },
      { pass: 3, total: 3, rate: 1.25 },
      null,
    ]);
    expect(RISING_RATES).toEqual([0.75, 1, 1.25]);
  });

  it("plays a counted loop N times at the learner's speed, and an endless one until stopped", () => {
    expect(loopPass(3, 1, 0.75)).toEqual({ pass: 1, total: 3, rate: 0.75 });
    expect(loopPass(3, 3, 0.75)).toEqual({ pass: 3, total: 3, rate: 0.75 });
    expect(loopPass(3, 4, 0.75)).toBeNull();
    expect(loopPass(2, 3, 1)).toBeNull();
    expect(loopPass(5, 5, 1)).not.toBeNull();
    expect(loopPass("forever", 1000, 1)).toEqual({ pass: 1000, total: null, rate: 1 });
    expect(loopPass(3, 0, 1)).toBeNull();
    expect(loopPass("rising", 1.5, 1)).toBeNull();
  });

  it("says where a loop is", () => {
    expect(describeLoopPass({ pass: 2, total: 3, rate: 1 })).toBe("2/3 · 1×");
    expect(describeLoopPass({ pass: 7, total: null, rate: 0.75 })).toBe("7 · 0.75×");
    expect(loopModeLabel("rising")).toBe("0.75× → 1× → 1.25×");
    expect(loopModeLabel(5)).toBe("5 times");
    expect(loopModeLabel("forever")).toBe("Until stopped");
  });

  it("shows a line's captions until a little after it ends", () => {
    const cues = [
      { startMs: 1000, endMs: 2000 },
      { startMs: 5000, endMs: 6000 },
    ];
    expect(captionCueIndex(cues, 500)).toBe(-1);
    expect(captionCueIndex(cues, 1000)).toBe(0);
    expect(captionCueIndex(cues, 2000 + CAPTION_LINGER_MS - 1)).toBe(0);
    expect(captionCueIndex(cues, 2000 + CAPTION_LINGER_MS)).toBe(-1);
    expect(captionCueIndex(cues, 5500)).toBe(1);
    expect(captionCueIndex([], 5500)).toBe(-1);
  });
});
