import { createEmptyCard, fsrs } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import {
  describeInterval,
  formatInterval,
  fromCard,
  isGrade,
  previewRatings,
  Rating,
  reviewCard,
  startOfUtcDay,
  State,
  toCard,
  type ReviewState,
} from "../../core/fsrs";

const now = new Date("2026-03-02T09:00:00Z");
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const days = (from: Date, n: number) => new Date(from.getTime() + n * 86_400_000);

describe("reviewing a new card", () => {
  it("Again and Good keep it in learning on the 1 minute and 10 minute steps", () => {
    const again = reviewCard(null, Rating.Again, now);
    expect(again).toMatchObject({ state: State.Learning, reps: 1, lapses: 0, scheduledDays: 0 });
    expect(again.due).toEqual(minutes(1));
    expect(again.lastReview).toEqual(now);

    const good = reviewCard(null, Rating.Good, now);
    expect(good).toMatchObject({ state: State.Learning, reps: 1, learningSteps: 1 });
    expect(good.due).toEqual(minutes(10));
  });

  it("Easy graduates it straight to review, days away", () => {
    const easy = reviewCard(null, Rating.Easy, now);
    expect(easy.state).toBe(State.Review);
    expect(easy.scheduledDays).toBeGreaterThanOrEqual(2);
    expect(easy.due).toEqual(days(now, easy.scheduledDays));
  });

  it("matches ts-fsrs exactly (we wrap, never re-implement)", () => {
    const reference = fsrs({ enable_fuzz: false }).next(createEmptyCard(now), now, Rating.Hard).card;
    expect(reviewCard(null, Rating.Hard, now)).toEqual(fromCard(reference));
  });
});

describe("a card over several reviews", () => {
  it("graduates on Good, advances its due date, and counts a lapse on Again", () => {
    const first = reviewCard(null, Rating.Good, now);
    const second = reviewCard(first, Rating.Good, first.due);
    expect(second.state).toBe(State.Review);
    expect(second.reps).toBe(2);
    expect(second.due.getTime()).toBeGreaterThan(days(first.due, 1).getTime() - 1);

    const third = reviewCard(second, Rating.Good, second.due);
    expect(third.scheduledDays).toBeGreaterThan(second.scheduledDays);
    expect(third.due.getTime()).toBeGreaterThan(second.due.getTime());
    expect(third.lapses).toBe(0);

    const lapsed = reviewCard(third, Rating.Again, third.due);
    expect(lapsed).toMatchObject({ state: State.Relearning, lapses: 1, reps: 4 });
    expect(lapsed.due).toEqual(new Date(third.due.getTime() + 10 * 60_000));
  });

  it("round-trips our row through ts-fsrs' Card unchanged", () => {
    const state: ReviewState = reviewCard(reviewCard(null, Rating.Good, now), Rating.Easy, minutes(10));
    expect(fromCard(toCard(state, now))).toEqual(state);
    expect(toCard(null, now)).toEqual(createEmptyCard(now));
  });
});

describe("interval previews on the buttons", () => {
  it("shows what each rating would do to a new card", () => {
    const preview = previewRatings(null, now);
    expect(preview.map((option) => [option.label, option.key, option.interval])).toEqual([
      ["Again", "1", "1m"],
      ["Hard", "2", "6m"],
      ["Good", "3", "10m"],
      ["Easy", "4", formatInterval(reviewCard(null, Rating.Easy, now).due.getTime() - now.getTime())],
    ]);
    expect(preview[3]!.interval).toMatch(/^\d+d$/);
  });

  it("each preview is the due date the rating then gives", () => {
    const state = reviewCard(reviewCard(null, Rating.Good, now), Rating.Good, minutes(10));
    const at = state.due;
    for (const option of previewRatings(state, at)) {
      expect(reviewCard(state, option.rating, at).due).toEqual(option.due);
    }
  });

  it("words intervals as Anki does", () => {
    expect(formatInterval(5_000)).toBe("<1m");
    expect(formatInterval(10 * 60_000)).toBe("10m");
    expect(formatInterval(5 * 3_600_000)).toBe("5h");
    expect(formatInterval(2 * 86_400_000)).toBe("2d");
    expect(formatInterval(45 * 86_400_000)).toBe("1.5mo");
    expect(formatInterval(60 * 86_400_000)).toBe("2mo");
    expect(formatInterval(800 * 86_400_000)).toBe("2.2y");
    expect(describeInterval("<1m")).toBe("in under a minute");
    expect(describeInterval("1d")).toBe("in 1 day");
    expect(describeInterval("1.5mo")).toBe("in 1.5 months");
  });
});

describe("helpers", () => {
  it("accepts only the four grades", () => {
    expect([0, 1, 2, 3, 4, 5].map(isGrade)).toEqual([false, true, true, true, true, false]);
  });

  it("starts the day at UTC midnight", () => {
    expect(startOfUtcDay(new Date("2026-03-02T23:59:59Z"))).toEqual(new Date("2026-03-02T00:00:00Z"));
  });
});
