/**
 * A lesson's duration read from its MP4 (or QuickTime) file: the movie header box `mvhd` inside `moov` holds
 * the timescale (units per second) and the duration in those units (ISO/IEC 14496-12 §8.2.2). Only box headers
 * and the few bytes of `mvhd` are read, through `read(offset, length)`, so a 4 GB video in R2 costs a handful of
 * small range requests whether `moov` comes first (`+faststart`) or after the media data.
 */

/** Reads `length` bytes at `offset` (fewer only at the end of the file). */
export type ByteReader = (offset: number, length: number) => Promise<Uint8Array>;

export class Mp4DurationError extends Error {}

export interface Mp4Duration {
  /** Units per second. */
  timescale: number;
  /** In timescale units. */
  duration: number;
  seconds: number;
}

/** Boxes looked at per level before giving up (a real file has a handful at the top and in `moov`). */
const MAX_BOXES = 256;

interface BoxHeader {
  type: string;
  start: number;
  /** Where the box's content starts. */
  contentStart: number;
  end: number;
}

function view(bytes: Uint8Array) {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function uint64(data: DataView, offset: number): number {
  const value = (BigInt(data.getUint32(offset)) << 32n) | BigInt(data.getUint32(offset + 4));
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Mp4DurationError("A 64-bit value in the file is too large.");
  return Number(value);
}

async function readBoxHeader(read: ByteReader, start: number, parentEnd: number): Promise<BoxHeader> {
  const bytes = await read(start, Math.min(16, parentEnd - start));
  if (bytes.length < 8) throw new Mp4DurationError("The file is truncated: a box header is cut off.");
  const data = view(bytes);
  const size32 = data.getUint32(0);
  const type = String.fromCharCode(...bytes.subarray(4, 8));
  let contentStart = start + 8;
  let size: number;
  if (size32 === 1) {
    if (bytes.length < 16) throw new Mp4DurationError("The file is truncated: a box header is cut off.");
    size = uint64(data, 8);
    contentStart = start + 16;
  } else if (size32 === 0) {
    size = parentEnd - start; // "to the end of the file"
  } else {
    size = size32;
  }
  if (size < contentStart - start)
    throw new Mp4DurationError(`The ${JSON.stringify(type)} box has an impossible size.`);
  const end = start + size;
  if (end > parentEnd)
    throw new Mp4DurationError(`The file is truncated: the ${JSON.stringify(type)} box runs past its end.`);
  return { type, start, contentStart, end };
}

async function findBox(read: ByteReader, type: string, from: number, to: number): Promise<BoxHeader | null> {
  let offset = from;
  for (let count = 0; offset + 8 <= to && count < MAX_BOXES; count++) {
    const box = await readBoxHeader(read, offset, to);
    if (box.type === type) return box;
    offset = box.end;
  }
  return null;
}

/** The duration in an `mvhd` box's content (after its 8- or 16-byte header): version 0 or 1. */
export function parseMvhd(content: Uint8Array): Mp4Duration {
  if (content.length < 4) throw new Mp4DurationError("The file is truncated: the movie header is cut off.");
  const data = view(content);
  const version = data.getUint8(0);
  let timescale: number;
  let duration: number;
  if (version === 0) {
    // version+flags 4, creation 4, modification 4, timescale 4, duration 4
    if (content.length < 20) throw new Mp4DurationError("The file is truncated: the movie header is cut off.");
    timescale = data.getUint32(12);
    duration = data.getUint32(16);
    if (duration === 0xffffffff) throw new Mp4DurationError("The file does not say how long it is.");
  } else if (version === 1) {
    // version+flags 4, creation 8, modification 8, timescale 4, duration 8
    if (content.length < 32) throw new Mp4DurationError("The file is truncated: the movie header is cut off.");
    timescale = data.getUint32(20);
    if (data.getUint32(24) === 0xffffffff && data.getUint32(28) === 0xffffffff) {
      throw new Mp4DurationError("The file does not say how long it is.");
    }
    duration = uint64(data, 24);
  } else {
    throw new Mp4DurationError(`Unknown movie header version ${version}.`);
  }
  if (timescale === 0) throw new Mp4DurationError("The movie header has no timescale.");
  // A fragmented MP4 may leave the duration at 0 and describe it in its fragments instead.
  if (duration === 0) throw new Mp4DurationError("The file says it lasts 0 seconds.");
  return { timescale, duration, seconds: duration / timescale };
}

/** The movie's duration, from `moov`/`mvhd`; a clear Mp4DurationError when the file is not one or is cut off. */
export async function readMp4Duration(read: ByteReader, size: number): Promise<Mp4Duration> {
  const first = await read(0, Math.min(8, size));
  if (first.length < 8 || String.fromCharCode(...first.subarray(4, 8)) !== "ftyp") {
    throw new Mp4DurationError("This is not an MP4 or QuickTime file.");
  }
  const moov = await findBox(read, "moov", 0, size);
  if (!moov) throw new Mp4DurationError("The file has no movie box (moov): it may be truncated.");
  const mvhd = await findBox(read, "mvhd", moov.contentStart, moov.end);
  if (!mvhd) throw new Mp4DurationError("The movie box has no header (mvhd).");
  const content = await read(mvhd.contentStart, Math.min(32, mvhd.end - mvhd.contentStart));
  return parseMvhd(content);
}

/** A reader over bytes in memory (the seed, tests). */
export function bytesReader(bytes: Uint8Array): ByteReader {
  return async (offset, length) => bytes.subarray(offset, offset + length);
}
