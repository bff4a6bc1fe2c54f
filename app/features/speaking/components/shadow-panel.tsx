import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "@remix-run/react";
import { analyseContour, describeContour, matchContours, type Contour, type MatchResult } from "#core/speech-contour";
import { CLIP_SAMPLE_RATE, canCutClips, cutSamples, decodeMedia, fetchMedia } from "~/lib/audio-clip";
import { cn } from "~/lib/cn";
import { useApi } from "~/lib/use-api";
import { useRootData } from "~/root";
import { stopPlaybackAt } from "~/features/lessons/components/exercises/play-moment";
import { saveRecording } from "../recordings-store";
import { ContourChart } from "./contour-chart";
import { IntelligibilityCheck } from "./intelligibility-check";

// The shadowing loop (docs/speaking.md): hear the native line, say it, hear both. Loaded on demand from the
// lesson player (the recorder and the analysis never weigh on the lesson page's first load).

export interface ShadowTarget {
  lessonId: number;
  lessonTitle: string;
  lessonPath: string;
  cue: { id: number; startMs: number; endMs: number; arabic: string; english: string };
  lineNumber: number;
}

type Phase = "idle" | "asking" | "native" | "recording" | "analysing" | "playing" | "done";
type Mode = "repeat" | "overlap";

class Cancelled extends Error {}

/** Safari records only MP4 (AAC); Chromium and Firefox record WebM (Opus). The first supported wins. */
const RECORDING_TYPES = ["audio/mp4", "audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus"];

function recordingType(): string | undefined {
  if (typeof MediaRecorder === "undefined") return undefined;
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/** The sentence shown when the microphone cannot be used, by the browser's reason. */
export function microphoneMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError")
    return "Microphone access was refused. To record yourself, allow the microphone for this site in your browser's settings, then press Shadow again.";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError")
    return "No microphone was found. Connect one (or use a phone), then press Shadow again.";
  if (name === "NotReadableError")
    return "The microphone is busy in another app. Close it there, then press Shadow again.";
  return "This browser cannot record here. Try a recent Chrome, Safari or Firefox.";
}

function waitFor(target: EventTarget, event: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      target.removeEventListener(event, done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    target.addEventListener(event, done, { once: true });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The native line's curve, decoded from the lesson's own media once per panel. */
async function nativeContour(video: HTMLVideoElement, cue: ShadowTarget["cue"]): Promise<Contour> {
  // The lesson's whole file, not the element's source: under HLS that is a MediaSource blob, which cannot be fetched.
  const source = video.dataset.file || video.currentSrc || video.src;
  if (!source || source.startsWith("blob:") || !canCutClips()) {
    throw new Error("This browser cannot decode the lesson's audio.");
  }
  const media = await decodeMedia(await fetchMedia(source));
  return analyseContour(await cutSamples(media, cue.startMs, cue.endMs), CLIP_SAMPLE_RATE);
}

/** The attempt decoded at 16 kHz mono (Web Audio resamples to the context's rate), and its curve. */
async function decodeAttempt(blob: Blob): Promise<{ samples: Float32Array; contour: Contour }> {
  const offline = new OfflineAudioContext(1, 1, CLIP_SAMPLE_RATE);
  const buffer = await offline.decodeAudioData(await blob.arrayBuffer());
  const samples = buffer.getChannelData(0);
  return { samples, contour: analyseContour(samples, buffer.sampleRate) };
}

interface Attempt {
  url: string;
  blob: Blob;
  seconds: number;
  contour: Contour | null;
  /** The attempt at 16 kHz mono, for the intelligibility check. */
  samples: Float32Array | null;
  match: MatchResult | null;
}

export function ShadowPanel({
  target,
  videoRef,
  baseRate,
  member,
  intelligibilityCheck = false,
  onBeforePlay,
  onClose,
}: {
  target: ShadowTarget;
  videoRef: React.RefObject<HTMLVideoElement>;
  /** The learner's own speed, restored after each native pass. */
  baseRate: number;
  /** Members' practice seconds count on /progress; a visitor's stay uncounted. */
  member: boolean;
  /** Workers AI is bound and the learner is a member: "Was I understood?" is offered. */
  intelligibilityCheck?: boolean;
  /** Stops what the player runs by itself (a line loop) before the panel drives the video. */
  onBeforePlay: () => void;
  onClose: () => void;
}) {
  const api = useApi();
  const ownerId = useRootData()?.user?.id ?? null;
  const { cue } = target;
  const lineSeconds = Math.max(0.3, (cue.endMs - cue.startMs) / 1000);
  const [phase, setPhase] = useState<Phase>("idle");
  const [mode, setMode] = useState<Mode>("repeat");
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [native, setNative] = useState<Contour | null>(null);
  const [nativeError, setNativeError] = useState<string | null>(null);
  const [looping, setLooping] = useState(false);
  const [status, setStatus] = useState("");
  const streamRef = useRef<MediaStream | null>(null);
  const runRef = useRef(0);
  const stopRecordingRef = useRef<(() => void) | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const nativePromise = useRef<Promise<Contour> | null>(null);

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  // The native curve is decoded while the learner listens; the microphone is released when the panel closes.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const promise = nativeContour(video, cue);
    nativePromise.current = promise;
    promise.then(setNative, (reason: unknown) =>
      setNativeError(reason instanceof Error ? reason.message : "The lesson's audio could not be decoded."),
    );
    return () => {
      runRef.current += 1;
      stopRecordingRef.current?.();
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
      streamRef.current = null;
    };
  }, [cue, videoRef]);

  useEffect(() => () => (attempt ? URL.revokeObjectURL(attempt.url) : undefined), [attempt]);

  const check = (run: number) => {
    if (runRef.current !== run) throw new Cancelled();
  };

  const playNative = useCallback(
    async (run: number, rate: number) => {
      const video = videoRef.current;
      if (!video) return;
      check(run);
      onBeforePlay();
      video.pause();
      video.playbackRate = rate;
      video.currentTime = cue.startMs / 1000;
      await video.play().catch(() => undefined);
      // The line's end is the next pause, counted once the line plays: the pause above, when the lesson was
      // playing, fires its event after this point (it was taken for the line's end, and the recording ended
      // as it began).
      const paused = waitFor(video, "pause", (lineSeconds / rate) * 1000 + 4000);
      stopPlaybackAt(video, cue);
      await paused;
      video.playbackRate = baseRate;
      check(run);
    },
    [baseRate, cue, lineSeconds, onBeforePlay, videoRef],
  );

  const playAttempt = useCallback(async (run: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    check(run);
    audio.currentTime = 0;
    const ended = waitFor(audio, "ended", (Number.isFinite(audio.duration) ? audio.duration : 10) * 1000 + 2000);
    await audio.play().catch(() => undefined);
    await ended;
    check(run);
  }, []);

  const microphone = async (): Promise<MediaStream> => {
    if (streamRef.current) return streamRef.current;
    if (!navigator.mediaDevices?.getUserMedia || !recordingType()) throw new DOMException("", "NotSupportedError");
    setPhase("asking");
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    streamRef.current = stream;
    return stream;
  };

  const record = (stream: MediaStream, maxMs: number): { done: Promise<Blob>; stop: () => void } => {
    const mimeType = recordingType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.addEventListener("dataavailable", (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    const done = new Promise<Blob>((resolve) => {
      recorder.addEventListener("stop", () => resolve(new Blob(chunks, { type: recorder.mimeType || mimeType })));
    });
    const stop = () => {
      clearTimeout(timer);
      if (recorder.state !== "inactive") recorder.stop();
    };
    const timer = setTimeout(stop, maxMs);
    recorder.start();
    stopRecordingRef.current = stop;
    return { done, stop };
  };

  const finish = async (run: number, blob: Blob, seconds: number) => {
    setPhase("analysing");
    setStatus("Comparing your attempt with the line…");
    const decoded = await decodeAttempt(blob).catch(() => null);
    const contour = decoded?.contour ?? null;
    const nativeCurve = await nativePromise.current?.catch(() => null);
    const match = contour && nativeCurve ? matchContours(nativeCurve, contour) : null;
    check(run);
    const url = URL.createObjectURL(blob);
    setAttempt({ url, blob, seconds, contour, samples: decoded?.samples ?? null, match });
    await saveRecording({
      id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      ownerId,
      lessonId: target.lessonId,
      lessonTitle: target.lessonTitle,
      lessonPath: target.lessonPath,
      cueId: cue.id,
      lineNumber: target.lineNumber,
      arabic: cue.arabic,
      english: cue.english,
      startMs: cue.startMs,
      match: match?.percent ?? null,
      mode,
      createdAt: Date.now(),
      mimeType: blob.type,
      audio: blob,
    }).catch(() => undefined);
    if (member)
      void api.post("/api/speaking/practice", { seconds: Math.max(1, Math.round(seconds)) }).catch(() => undefined);
  };

  const shadow = async () => {
    const run = ++runRef.current;
    setError(null);
    setLooping(false);
    try {
      const stream = await microphone();
      check(run);
      const started = Date.now();
      let take: { done: Promise<Blob>; stop: () => void };
      if (mode === "overlap") {
        setPhase("recording");
        setStatus("Recording while the line plays: speak along with it.");
        take = record(stream, (lineSeconds + 4) * 1000);
        await playNative(run, 1);
        await sleep(400);
        take.stop();
      } else {
        setPhase("native");
        setStatus("Listen…");
        await playNative(run, 1);
        setPhase("recording");
        setStatus("Your turn: say the line now.");
        take = record(stream, (lineSeconds * 1.6 + 1.5) * 1000);
      }
      const blob = await take.done;
      stopRecordingRef.current = null;
      check(run);
      await finish(run, blob, (Date.now() - started) / 1000);
      setPhase("playing");
      setStatus("The line, then you.");
      await playNative(run, 1);
      await playAttempt(run);
      setPhase("done");
      setStatus("Done. Compare the curves below, or shadow again.");
    } catch (reason) {
      if (reason instanceof Cancelled) return;
      stopRecordingRef.current?.();
      setPhase("idle");
      setStatus("");
      setError(microphoneMessage(reason));
    }
  };

  /** Native at 0.75×, you, native at 1×, you; again until stopped. */
  const loop = async () => {
    const run = ++runRef.current;
    setLooping(true);
    setPhase("playing");
    try {
      for (;;) {
        setStatus("The line at 0.75×…");
        await playNative(run, 0.75);
        setStatus("You…");
        await playAttempt(run);
        setStatus("The line at 1×…");
        await playNative(run, 1);
        setStatus("You…");
        await playAttempt(run);
      }
    } catch (reason) {
      if (!(reason instanceof Cancelled)) throw reason;
    }
  };

  const stop = () => {
    if (phase === "recording" && mode === "repeat") {
      // Finishing the take early is the normal way out of "your turn".
      stopRecordingRef.current?.();
      return;
    }
    runRef.current += 1;
    stopRecordingRef.current?.();
    videoRef.current?.pause();
    audioRef.current?.pause();
    setLooping(false);
    setPhase(attempt ? "done" : "idle");
    setStatus("Stopped.");
  };

  const busy = phase !== "idle" && phase !== "done";
  const heading = `Shadow line ${target.lineNumber}`;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog's own keys: Escape closes, the player's shortcuts stay out
    <section
      ref={panelRef}
      tabIndex={-1}
      role="dialog"
      aria-modal="false"
      aria-label={heading}
      data-testid="shadow-panel"
      onKeyDown={(event) => {
        // The player's own shortcuts stay out while the panel has focus; Escape closes it.
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
        event.stopPropagation();
      }}
      className="fixed inset-x-0 bottom-0 z-50 max-h-[62vh] overflow-y-auto rounded-t-2xl border border-line bg-white p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-2xl outline-none lg:inset-x-auto lg:right-6 lg:bottom-6 lg:max-h-[85vh] lg:w-[460px] lg:rounded-2xl"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold">{heading}</h2>
          <p lang="ar" dir="rtl" className="mt-1 text-lg leading-relaxed text-ink">
            {cue.arabic}
          </p>
          {cue.english ? <p className="text-sm text-muted">{cue.english}</p> : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-canvas hover:text-ink"
          aria-label="Close shadowing"
        >
          <span aria-hidden="true" className="text-xl">
            ×
          </span>
        </button>
      </div>

      <fieldset className="mt-3" disabled={busy}>
        <legend className="sr-only">How to shadow</legend>
        <div className="inline-flex rounded-full border border-line bg-canvas p-0.5">
          {(
            [
              ["repeat", "Repeat after"],
              ["overlap", "Speak along"],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
              className={cn(
                "min-h-11 rounded-full px-4 text-sm font-medium lg:min-h-9",
                mode === value ? "bg-white text-primary-800 shadow-sm ring-1 ring-line" : "text-muted hover:text-ink",
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <p className="mt-1.5 text-xs text-muted">
          {mode === "repeat"
            ? "The line plays, then you say it."
            : "You speak while the line plays. Headphones advised, so the recording holds only your voice."}
        </p>
      </fieldset>

      <div className="mt-3 flex flex-wrap gap-2">
        {busy ? (
          <button
            type="button"
            onClick={stop}
            className="min-h-12 flex-1 rounded-xl bg-ink px-5 text-base font-semibold text-white hover:bg-primary-900"
          >
            {phase === "recording" && mode === "repeat" ? "Done speaking" : "Stop"}
          </button>
        ) : (
          <button
            type="button"
            onClick={() => void shadow()}
            className="min-h-12 flex-1 rounded-xl bg-primary-700 px-5 whitespace-nowrap text-base font-semibold text-white hover:bg-primary-800"
          >
            {attempt ? "Shadow again" : "Shadow"}
          </button>
        )}
        {attempt && !busy ? (
          <button
            type="button"
            onClick={() => void loop()}
            className="min-h-12 rounded-xl border border-line bg-white px-4 text-sm font-medium text-ink hover:border-primary-300"
          >
            Loop: line 0.75× → you → line 1× → you
          </button>
        ) : null}
        {looping ? <span className="sr-only">Looping</span> : null}
      </div>

      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-ink">
        {phase === "recording" ? (
          <span aria-hidden="true" className="me-1.5 inline-block size-2.5 animate-pulse rounded-full bg-red-600" />
        ) : null}
        {status}
      </p>
      {error ? (
        <p
          role="alert"
          data-testid="microphone-error"
          className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          {error}
        </p>
      ) : null}

      {attempt ? (
        <div className="mt-3 space-y-3">
          <div>
            <p className="text-sm font-medium">Your attempt</p>
            {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the learner's own voice; the line's text is above */}
            <audio ref={audioRef} src={attempt.url} controls data-testid="attempt-audio" className="mt-1 w-full" />
          </div>
          <MatchFigure match={attempt.match} />
          {intelligibilityCheck && attempt.samples ? (
            <IntelligibilityCheck
              key={attempt.url}
              lessonId={target.lessonId}
              cueId={cue.id}
              samples={attempt.samples}
              disabled={busy}
            />
          ) : null}
          {attempt.contour && native ? (
            <ContourChart native={native} attempt={attempt.contour} />
          ) : (
            <p className="text-sm text-muted">
              {nativeError ??
                (attempt.contour ? "Decoding the line's audio…" : "Your recording could not be analysed.")}
            </p>
          )}
          {attempt.contour && native ? (
            <p className="sr-only">
              The line: {describeContour(native)}. You: {describeContour(attempt.contour)}.
            </p>
          ) : null}
          <p className="text-xs text-muted">
            Kept on this device only{intelligibilityCheck ? " (sent only for a check you ask for)" : ", never uploaded"}
            .{" "}
            <Link to="/speaking" className="font-medium text-primary-800 underline">
              Your recordings
            </Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}

function MatchFigure({ match }: { match: MatchResult | null }) {
  return (
    <div className="rounded-lg bg-canvas px-3 py-2">
      <p className="text-sm">
        Rhythm and melody match:{" "}
        <strong data-testid="match-figure" className="text-lg tabular-nums">
          {match?.percent === null || match === null ? "—" : `${match.percent}%`}
        </strong>
      </p>
      <p className="text-xs text-muted">
        How close your timing and intonation are to the line&apos;s, not whether each sound was right.
        {match?.percent === null ? " No speech was heard in your attempt." : ""}
      </p>
    </div>
  );
}
