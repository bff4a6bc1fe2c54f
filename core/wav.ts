// 16-bit PCM WAV: written in the browser from a shadowing attempt (the intelligibility check sends it to Whisper)
// and read back by the Worker, which checks its header before anything leaves for Workers AI. Pure functions.

const HEADER_BYTES = 44;

/** Mono 16-bit PCM WAV of `samples` (−1…1) at `sampleRate`. */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(HEADER_BYTES + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (let index = 0; index < value.length; index++) view.setUint8(offset + index, value.charCodeAt(index));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, samples.length * 2, true);
  for (let index = 0; index < samples.length; index++) {
    const sample = Math.max(-1, Math.min(1, samples[index]!));
    view.setInt16(HEADER_BYTES + index * 2, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
  }
  return bytes;
}

/** What a WAV file's header says; null fields where the file does not say it (or is not a WAV at all). */
export interface WavInfo {
  riff: boolean;
  format: number | null;
  channels: number | null;
  sampleRate: number | null;
  bitsPerSample: number | null;
  /** Bytes of sound (the data chunk, cut to what the file really holds). */
  dataBytes: number;
  seconds: number;
}

/** Reads a WAV file's chunks (RIFF/WAVE, then `fmt ` and `data` in any order, other chunks skipped). */
export function readWavInfo(bytes: Uint8Array): WavInfo {
  const none: WavInfo = {
    riff: false,
    format: null,
    channels: null,
    sampleRate: null,
    bitsPerSample: null,
    dataBytes: 0,
    seconds: 0,
  };
  if (bytes.length < 12) return none;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (tag(0) !== "RIFF" || tag(8) !== "WAVE") return none;
  const info: WavInfo = { ...none, riff: true };
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt " && body + 16 <= bytes.length) {
      info.format = view.getUint16(body, true);
      info.channels = view.getUint16(body + 2, true);
      info.sampleRate = view.getUint32(body + 4, true);
      info.bitsPerSample = view.getUint16(body + 14, true);
    } else if (id === "data") {
      info.dataBytes = Math.min(size, bytes.length - body);
    }
    offset = body + size + (size % 2);
  }
  if (info.sampleRate && info.channels && info.bitsPerSample) {
    info.seconds = info.dataBytes / (info.sampleRate * info.channels * (info.bitsPerSample / 8));
  }
  return info;
}
