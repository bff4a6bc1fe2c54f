// Loudness and pitch curves of a short recording, and how closely two of them line up in time and melody
// (docs/speaking.md). Pure functions over plain samples: the browser decodes the audio (Web Audio) and hands
// the mono samples here; the unit tests feed synthetic signals.
//
// What this measures is prosody — rhythm (where the loud and quiet parts fall) and intonation (the pitch
// contour, relative to each speaker's own voice) — never whether the sounds were the right ones.

/** Analysis step and window, in seconds. */
export const HOP_SECONDS = 0.02;
export const WINDOW_SECONDS = 0.04;
/** The sample rate the analysis runs at (input is decimated to about this). */
export const ANALYSIS_RATE = 16_000;
/** Human speaking pitch range searched, in Hz. */
const MIN_PITCH_HZ = 70;
const MAX_PITCH_HZ = 450;
/** Frames quieter than this many dB under the loudest frame count as silence. */
const SILENCE_DB = 35;
/** Lowest loudness kept on the curve, in dB under the loudest frame. */
const FLOOR_DB = 60;
/** Below this level (dB full scale) the loudest frame is still silence. */
const ABSOLUTE_SILENCE_DBFS = -75;
/** A frame is voiced when its normalised autocorrelation peak reaches this. */
const VOICING_THRESHOLD = 0.5;

export interface Contour {
  /** Seconds between two frames. */
  hopSeconds: number;
  /** Loudness per frame, in dB relative to the loudest frame (0 at the loudest, -60 at most below). */
  loudnessDb: number[];
  /** Pitch per frame in Hz, null where the frame is unvoiced or silent. */
  pitchHz: Array<number | null>;
}

/** Averages blocks of `factor` samples: a crude low-pass and decimation, enough for speech pitch. */
function decimate(samples: Float32Array, factor: number): Float32Array {
  if (factor <= 1) return samples;
  const out = new Float32Array(Math.floor(samples.length / factor));
  for (let index = 0; index < out.length; index++) {
    let sum = 0;
    const start = index * factor;
    for (let offset = 0; offset < factor; offset++) sum += samples[start + offset]!;
    out[index] = sum / factor;
  }
  return out;
}

/** The frame's pitch by normalised autocorrelation, or null when no period stands out. */
function framePitch(frame: Float32Array, rate: number): number | null {
  const minLag = Math.floor(rate / MAX_PITCH_HZ);
  const maxLag = Math.min(frame.length - 1, Math.ceil(rate / MIN_PITCH_HZ));
  let energy = 0;
  for (let index = 0; index < frame.length; index++) energy += frame[index]! * frame[index]!;
  if (energy <= 1e-9) return null;
  const scores = new Float64Array(maxLag + 2);
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0;
    let left = 0;
    let right = 0;
    for (let index = 0; index + lag < frame.length; index++) {
      const a = frame[index]!;
      const b = frame[index + lag]!;
      sum += a * b;
      left += a * a;
      right += b * b;
    }
    scores[lag] = left > 0 && right > 0 ? sum / Math.sqrt(left * right) : 0;
  }
  // The first lag whose score is near the best: avoids halving the pitch on strongly periodic frames.
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) best = Math.max(best, scores[lag]!);
  if (best < VOICING_THRESHOLD) return null;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const score = scores[lag]!;
    if (score >= best * 0.9 && score >= scores[lag - 1]! && score >= scores[lag + 1]!) return rate / lag;
  }
  return null;
}

/**
 * A 5-frame median over the voiced neighbours of each voiced frame: removes the single-frame octave jumps an
 * autocorrelation tracker makes, keeps real glides.
 */
function smoothPitch(pitchHz: ReadonlyArray<number | null>): Array<number | null> {
  return pitchHz.map((hz, index) => {
    if (hz === null) return null;
    const around = pitchHz.slice(Math.max(0, index - 2), index + 3).filter((value): value is number => value !== null);
    return median(around);
  });
}

/** The loudness and pitch curves of mono `samples` at `sampleRate`. */
export function analyseContour(samples: Float32Array, sampleRate: number): Contour {
  const factor = Math.max(1, Math.round(sampleRate / ANALYSIS_RATE));
  const signal = decimate(samples, factor);
  const rate = sampleRate / factor;
  const hop = Math.max(1, Math.round(rate * HOP_SECONDS));
  const window = Math.max(hop, Math.round(rate * WINDOW_SECONDS));
  const rawDb: number[] = [];
  const pitchHz: Array<number | null> = [];
  for (let start = 0; start + window <= signal.length; start += hop) {
    const frame = signal.subarray(start, start + window);
    let sum = 0;
    for (let index = 0; index < frame.length; index++) sum += frame[index]! * frame[index]!;
    const rms = Math.sqrt(sum / frame.length);
    rawDb.push(20 * Math.log10(rms + 1e-9));
    pitchHz.push(framePitch(frame, rate));
  }
  const loudest = rawDb.length > 0 ? Math.max(...rawDb) : 0;
  // A recording that never rises above digital silence (a muted or absent microphone) is silence throughout.
  const loudnessDb = rawDb.map((db) =>
    loudest < ABSOLUTE_SILENCE_DBFS ? -FLOOR_DB : Math.max(-FLOOR_DB, db - loudest),
  );
  // Silence has no pitch, whatever the autocorrelation of its noise says.
  for (let index = 0; index < pitchHz.length; index++) if (loudnessDb[index]! < -SILENCE_DB) pitchHz[index] = null;
  return { hopSeconds: hop / rate, loudnessDb, pitchHz: smoothPitch(pitchHz) };
}

/** The frames from the first to the last one above the silence line (leading and trailing silence cut). */
export function trimSilence(contour: Contour): Contour {
  const loud = (db: number) => db >= -SILENCE_DB;
  const first = contour.loudnessDb.findIndex(loud);
  if (first < 0) return { ...contour, loudnessDb: [], pitchHz: [] };
  let last = contour.loudnessDb.length - 1;
  while (last > first && !loud(contour.loudnessDb[last]!)) last--;
  return {
    hopSeconds: contour.hopSeconds,
    loudnessDb: contour.loudnessDb.slice(first, last + 1),
    pitchHz: contour.pitchHz.slice(first, last + 1),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Pitch in semitones from the speaker's own median voiced pitch, so a low and a high voice compare. */
export function relativeSemitones(pitchHz: ReadonlyArray<number | null>): Array<number | null> {
  const voiced = pitchHz.filter((hz): hz is number => hz !== null);
  if (voiced.length === 0) return pitchHz.map(() => null);
  const reference = median(voiced);
  return pitchHz.map((hz) => (hz === null ? null : 12 * Math.log2(hz / reference)));
}

interface Feature {
  loudness: number;
  pitch: number | null;
}

/** Loudness scaled to 0..1 over the silence line, pitch in octaves from the median and clipped to ±1. */
function features(contour: Contour): Feature[] {
  const semitones = relativeSemitones(contour.pitchHz);
  return contour.loudnessDb.map((db, index) => {
    const pitch = semitones[index] ?? null;
    return {
      loudness: Math.max(0, (db + SILENCE_DB) / SILENCE_DB),
      pitch: pitch === null ? null : Math.max(-1, Math.min(1, pitch / 12)),
    };
  });
}

/** How much two frames differ: loudness, plus pitch where both are voiced, plus a cost where only one is. */
function frameCost(a: Feature, b: Feature): number {
  const loudness = Math.abs(a.loudness - b.loudness);
  if (a.pitch !== null && b.pitch !== null) return loudness + 2 * Math.abs(a.pitch - b.pitch);
  if (a.pitch === null && b.pitch === null) return loudness;
  return loudness + 0.5;
}

/**
 * Dynamic time warping: the cheapest monotone alignment of `a` and `b` (steps along one, the other or
 * both), as its mean cost per aligned pair. Lines are a few seconds, a few hundred frames: the full table
 * is small.
 */
export function dtwMeanCost<T>(
  a: readonly T[],
  b: readonly T[],
  cost: (x: T, y: T) => number,
  /** Sakoe–Chiba band on relative position: |i/n − j/m| at most this (Infinity: unconstrained). */
  band = Number.POSITIVE_INFINITY,
): number {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return Number.POSITIVE_INFINITY;
  const total = new Float64Array((n + 1) * (m + 1)).fill(Number.POSITIVE_INFINITY);
  const steps = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  total[at(0, 0)] = 0;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      if (Math.abs(i / n - j / m) > band) continue;
      const here = cost(a[i - 1]!, b[j - 1]!);
      let best = at(i - 1, j - 1);
      if (total[at(i - 1, j)]! < total[best]!) best = at(i - 1, j);
      if (total[at(i, j - 1)]! < total[best]!) best = at(i, j - 1);
      total[at(i, j)] = total[best]! + here;
      steps[at(i, j)] = steps[best]! + 1;
    }
  }
  return total[at(n, m)]! / steps[at(n, m)]!;
}

export interface MatchResult {
  /** 0..100: how closely rhythm and melody line up once aligned (null when either side has no sound). */
  percent: number | null;
  /** The durations of the sounding parts compared, in seconds. */
  nativeSeconds: number;
  attemptSeconds: number;
}

/**
 * From mean aligned cost to the figure: 100 × (1 − (cost / ZERO_AT_COST)^MATCH_CURVE), 0 from ZERO_AT_COST on.
 * Measured on the demo lessons' lines (docs/speaking.md): unrelated lines in the same voice cost about 0.3 on
 * average, the same line slowed and lowered about 0.1. A linear scale to 0.6 put unrelated lines near 50 %;
 * this one puts them near 15 % and keeps a close attempt in the 70s–80s.
 */
const ZERO_AT_COST = 0.36;
const MATCH_CURVE = 1.5;
/**
 * The warp may not drift more than this far (as a share of each line) from the diagonal: a uniformly slower
 * or faster attempt stays on it, but DTW cannot fold an unrelated contour onto the line by stalling.
 */
const DTW_BAND = 0.2;

/**
 * The "rhythm and melody match" of an attempt against the native line: both trimmed of silence, aligned
 * by DTW over loudness and relative pitch, and the mean cost turned into a figure (100 = the same contour).
 * A very different length costs too: DTW forgives tempo, not a line twice as long or half missing.
 */
export function matchContours(native: Contour, attempt: Contour): MatchResult {
  const a = trimSilence(native);
  const b = trimSilence(attempt);
  const nativeSeconds = a.loudnessDb.length * a.hopSeconds;
  const attemptSeconds = b.loudnessDb.length * b.hopSeconds;
  if (a.loudnessDb.length === 0 || b.loudnessDb.length === 0) return { percent: null, nativeSeconds, attemptSeconds };
  const mean = dtwMeanCost(features(a), features(b), frameCost, DTW_BAND);
  const ratio = Math.max(nativeSeconds, attemptSeconds) / Math.max(1e-6, Math.min(nativeSeconds, attemptSeconds));
  const lengthPenalty = Math.max(0, Math.log2(ratio) - 0.5) * 0.3;
  const scaled = Math.min(1, (mean + lengthPenalty) / ZERO_AT_COST);
  const percent = Math.round(100 * Math.max(0, 1 - scaled ** MATCH_CURVE));
  return { percent, nativeSeconds, attemptSeconds };
}

/** A short description of a contour for screen readers: length, and where the pitch rises and falls. */
export function describeContour(contour: Contour): string {
  const trimmed = trimSilence(contour);
  const seconds = trimmed.loudnessDb.length * trimmed.hopSeconds;
  const semitones = relativeSemitones(trimmed.pitchHz).filter((value): value is number => value !== null);
  if (semitones.length < 4) return `${seconds.toFixed(1)} s of sound, too little voiced speech for a pitch curve`;
  const third = Math.max(1, Math.floor(semitones.length / 3));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const start = mean(semitones.slice(0, third));
  const end = mean(semitones.slice(-third));
  // 10th to 90th percentile: a stray frame does not make the range.
  const sorted = [...semitones].sort((a, b) => a - b);
  const range = sorted[Math.floor(sorted.length * 0.9)]! - sorted[Math.floor(sorted.length * 0.1)]!;
  const direction = end - start > 1.5 ? "rising" : start - end > 1.5 ? "falling" : "level";
  return `${seconds.toFixed(1)} s of sound, pitch ${direction} overall over a range of ${Math.round(range)} semitones`;
}
