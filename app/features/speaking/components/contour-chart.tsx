import { describeContour, relativeSemitones, trimSilence, type Contour } from "#core/speech-contour";

const WIDTH = 420;
const ROW = 70;
const GAP = 18;
const LEFT = 34;

/** A polyline path through the points, broken where a value is missing (unvoiced frames have no pitch). */
function path(values: ReadonlyArray<number | null>, x: (index: number) => number, y: (value: number) => number) {
  let d = "";
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    d += `${drawing ? "L" : "M"}${x(index).toFixed(1)},${y(value).toFixed(1)}`;
    drawing = true;
  });
  return d;
}

/**
 * The loudness and pitch curves of the line and of the attempt on one time axis (each from its first sound,
 * silence trimmed; not warped, so a slower attempt shows as a longer curve). Pitch is in semitones from each
 * voice's own middle, so a low and a high voice compare by shape.
 */
export function ContourChart({ native, attempt }: { native: Contour; attempt: Contour }) {
  const a = trimSilence(native);
  const b = trimSilence(attempt);
  const seconds = Math.max(0.5, a.loudnessDb.length * a.hopSeconds, b.loudnessDb.length * b.hopSeconds);
  const plotWidth = WIDTH - LEFT - 6;
  const xFor = (contour: Contour) => (index: number) => LEFT + ((index * contour.hopSeconds) / seconds) * plotWidth;
  const loudY = (db: number) => 4 + ((0 - Math.max(-40, db)) / 40) * (ROW - 8);
  const pitchTop = ROW + GAP;
  const pitchY = (semitones: number) => pitchTop + ROW / 2 - (Math.max(-8, Math.min(8, semitones)) / 8) * (ROW / 2 - 4);
  const height = pitchTop + ROW + 18;
  const ticks = Array.from({ length: Math.floor(seconds) + 1 }, (_, second) => second);
  const summary = `Loudness and pitch over time. The line: ${describeContour(native)}. Your attempt: ${describeContour(attempt)}.`;

  return (
    <figure data-testid="contour-chart" className="space-y-1">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={summary} className="w-full">
        <text x={0} y={12} className="fill-muted text-[10px]">
          loud
        </text>
        <text x={0} y={pitchTop + 12} className="fill-muted text-[10px]">
          pitch
        </text>
        <rect x={LEFT} y={0} width={plotWidth} height={ROW} className="fill-canvas" />
        <rect x={LEFT} y={pitchTop} width={plotWidth} height={ROW} className="fill-canvas" />
        {ticks.map((second) => {
          const x = LEFT + (second / seconds) * plotWidth;
          return (
            <g key={second}>
              <line x1={x} x2={x} y1={0} y2={pitchTop + ROW} className="stroke-line" strokeWidth={0.5} />
              <text x={x} y={height - 4} textAnchor="middle" className="fill-muted text-[10px]">
                {second} s
              </text>
            </g>
          );
        })}
        <path
          data-curve="native-loudness"
          d={path(a.loudnessDb, xFor(a), loudY)}
          fill="none"
          className="stroke-primary-700"
          strokeWidth={2}
        />
        <path
          data-curve="attempt-loudness"
          d={path(b.loudnessDb, xFor(b), loudY)}
          fill="none"
          className="stroke-accent-500"
          strokeWidth={2}
          strokeDasharray="5 3"
        />
        <path
          data-curve="native-pitch"
          d={path(relativeSemitones(a.pitchHz), xFor(a), pitchY)}
          fill="none"
          className="stroke-primary-700"
          strokeWidth={2}
        />
        <path
          data-curve="attempt-pitch"
          d={path(relativeSemitones(b.pitchHz), xFor(b), pitchY)}
          fill="none"
          className="stroke-accent-500"
          strokeWidth={2}
          strokeDasharray="5 3"
        />
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 text-xs text-muted">
        <span>
          <span aria-hidden="true" className="me-1 inline-block h-0.5 w-4 bg-primary-700 align-middle" />
          The line
        </span>
        <span>
          <span
            aria-hidden="true"
            className="me-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-accent-500 align-middle"
          />
          You
        </span>
        <span>Each from its first sound; pitch relative to each voice.</span>
      </figcaption>
    </figure>
  );
}
