import { describe, expect, it } from "vitest";
import { analyseContour, describeContour, dtwMeanCost, matchContours } from "#core/speech-contour";

const RATE = 16_000;

/**
 * A synthetic "line": syllables (loudness envelopes separated by short pauses) of a harmonic voice whose pitch
 * follows `pitch(t)` over the whole line (t from 0 to 1). `stretch` plays the same line slower or faster.
 */
function line({
  syllables,
  pitch,
  stretch = 1,
  gain = 0.5,
  lead = 0.3,
}: {
  syllables: number[];
  pitch: (t: number) => number;
  stretch?: number;
  gain?: number;
  lead?: number;
}): Float32Array {
  const gap = 0.08 * stretch;
  const total = syllables.reduce((sum, length) => sum + length * stretch + gap, 0);
  const samples = new Float32Array(Math.ceil((lead + total + 0.3) * RATE));
  let phase = 0;
  let cursor = lead;
  const spans = syllables.map((length) => {
    const span = { from: cursor, to: cursor + length * stretch };
    cursor = span.to + gap;
    return span;
  });
  for (let index = 0; index < samples.length; index++) {
    const t = index / RATE;
    const span = spans.find((s) => t >= s.from && t < s.to);
    const f0 = pitch(Math.min(1, Math.max(0, (t - lead) / total)));
    phase += (2 * Math.PI * f0) / RATE;
    if (!span) continue;
    const local = (t - span.from) / (span.to - span.from);
    const envelope = Math.sin(Math.PI * local);
    samples[index] = gain * envelope * (Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase));
  }
  return samples;
}

const rising = (t: number) => 140 + 80 * t;
const falling = (t: number) => 220 - 80 * t;
const native = line({ syllables: [0.18, 0.3, 0.15, 0.4], pitch: rising });

describe("analyseContour", () => {
  it("finds the pitch of a steady voice and silence around it", () => {
    const contour = analyseContour(line({ syllables: [0.5], pitch: () => 200 }), RATE);
    const voiced = contour.pitchHz.filter((hz): hz is number => hz !== null);
    expect(voiced.length).toBeGreaterThan(10);
    for (const hz of voiced) expect(Math.abs(hz - 200)).toBeLessThan(10);
    expect(contour.pitchHz[0]).toBeNull(); // the lead-in silence
    expect(Math.max(...contour.loudnessDb)).toBe(0);
  });

  it("decimates a 48 kHz recording to the same curve", () => {
    const steady = line({ syllables: [0.5], pitch: () => 180 });
    const upsampled = new Float32Array(steady.length * 3).map((_, index) => steady[Math.floor(index / 3)]!);
    const voiced = analyseContour(upsampled, 48_000).pitchHz.filter((hz): hz is number => hz !== null);
    expect(voiced.length).toBeGreaterThan(10);
    for (const hz of voiced) expect(Math.abs(hz - 180)).toBeLessThan(10);
  });
});

describe("matchContours", () => {
  const score = (attempt: Float32Array) =>
    matchContours(analyseContour(native, RATE), analyseContour(attempt, RATE)).percent ?? -1;

  it("gives the same line a high figure", () => {
    expect(score(native)).toBeGreaterThanOrEqual(95);
  });

  it("forgives tempo, a later start, a quieter and a lower voice", () => {
    const slower = line({ syllables: [0.18, 0.3, 0.15, 0.4], pitch: rising, stretch: 1.3, lead: 0.8 });
    expect(score(slower)).toBeGreaterThanOrEqual(75);
    const lowQuiet = line({ syllables: [0.18, 0.3, 0.15, 0.4], pitch: (t) => (rising(t) * 2) / 3, gain: 0.1 });
    expect(score(lowQuiet)).toBeGreaterThanOrEqual(80);
  });

  it("gives a different contour a low figure", () => {
    const other = line({ syllables: [0.5, 0.12, 0.12, 0.6], pitch: falling });
    const same = score(native);
    const different = score(other);
    // Unrelated speech lands well under the middle of the scale, not near 50 % (docs/speaking.md).
    expect(different).toBeLessThan(30);
    expect(same - different).toBeGreaterThanOrEqual(65);
  });

  it("keeps the same melody over a different rhythm in between", () => {
    const reRhythmed = line({ syllables: [0.35, 0.12, 0.35, 0.2], pitch: rising });
    const other = line({ syllables: [0.5, 0.12, 0.12, 0.6], pitch: falling });
    expect(score(reRhythmed)).toBeGreaterThan(score(other));
    expect(score(reRhythmed)).toBeLessThan(score(native));
  });

  it("has no figure when the attempt is silent", () => {
    const silent = new Float32Array(RATE);
    expect(matchContours(analyseContour(native, RATE), analyseContour(silent, RATE)).percent).toBeNull();
  });
});

describe("dtwMeanCost", () => {
  const cost = (a: number, b: number) => Math.abs(a - b);
  it("is zero for a sequence and its time-stretched copy", () => {
    expect(dtwMeanCost([1, 2, 3], [1, 1, 2, 2, 3, 3], cost)).toBe(0);
  });
  it("grows with the difference", () => {
    expect(dtwMeanCost([1, 2, 3], [3, 2, 1], cost)).toBeGreaterThan(0.5);
  });
  it("within a band, cannot stall to fold one sequence onto another", () => {
    // A stress at the start against one at the end: unconstrained, DTW waits for it and calls them equal.
    const early = [0, 5, 0, 0, 0, 0, 0, 0, 0, 0];
    const late = [0, 0, 0, 0, 0, 0, 0, 0, 5, 0];
    expect(dtwMeanCost(early, late, cost)).toBe(0);
    expect(dtwMeanCost(early, late, cost, 0.2)).toBeGreaterThan(0.5);
    // A uniform stretch stays on the diagonal: still free.
    expect(dtwMeanCost([1, 2, 3, 4, 5], [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], cost, 0.2)).toBe(0);
  });
});

describe("describeContour", () => {
  it("says which way the pitch goes", () => {
    expect(describeContour(analyseContour(native, RATE))).toMatch(/rising/);
    expect(describeContour(analyseContour(line({ syllables: [0.6, 0.6], pitch: falling }), RATE))).toMatch(/falling/);
  });
});
