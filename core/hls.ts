/**
 * Adaptive streaming (docs/video.md, ADR 046): which renditions a lesson video is packaged into, and the
 * checks and arithmetic over the HLS playlists ffmpeg writes. Pure, shared by the packaging command
 * (scripts/package-media.ts) and the Worker that accepts and serves the result (server/services/hls.ts).
 */

/** The video ladder: a rung is used when the source is at least that tall. Rates are ceilings (capped CRF). */
export const HLS_LADDER = [
  { name: "240p", height: 240, maxKbps: 400 },
  { name: "360p", height: 360, maxKbps: 800 },
  { name: "480p", height: 480, maxKbps: 1200 },
  { name: "720p", height: 720, maxKbps: 2500 },
  { name: "1080p", height: 1080, maxKbps: 4500 },
] as const;

export const HLS_AUDIO = { name: "audio", kbps: 64 } as const;

/** Every rendition's segments last this long (seconds); keyframes are forced at the same times in all. */
export const HLS_SEGMENT_SECONDS = 2;

/** A rendition's file stem: `240p`…`2160p`, or `audio`. */
export const RENDITION_NAME = /^(?:\d{3,4}p|audio)$/;
/** The files of a package: each rendition's playlist and its one media file, and the master playlist. */
export const PACKAGE_FILE = /^(?:(?:\d{3,4}p|audio)\.(?:m3u8|mp4)|master\.m3u8)$/;
/** A package version (the R2 folder a packaging run writes): lower-case base-36, from its time. */
export const PACKAGE_VERSION = /^[a-z0-9]{4,16}$/;
/** What the master playlist may announce as CODECS. */
export const CODEC = /^(?:avc1\.[0-9a-fA-F]{6}|mp4a\.40\.(?:2|5|29))$/;

export interface VideoRung {
  name: string;
  width: number;
  height: number;
  maxKbps: number;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The video renditions for a source of `width`×`height` (and video bitrate, when known): every rung no taller
 * than the source, and at least the lowest one (a source under 240 lines gets one rendition at its own size).
 * A rung whose height equals the source's keeps it; ceilings never exceed the source's own rate (upscaling
 * bits adds nothing), but stay apart so a player can tell them apart.
 */
export function chooseRenditions(source: { width: number; height: number; videoKbps?: number | null }): VideoRung[] {
  const { width, height } = source;
  if (!(width > 0 && height > 0)) throw new Error("The source has no video size.");
  const aspect = width / height;
  const rungs = HLS_LADDER.filter((rung) => rung.height <= height);
  const chosen = rungs.length > 0 ? rungs : [{ name: `${even(height)}p`, height: even(height), maxKbps: 400 }];
  const sourceKbps = source.videoKbps && source.videoKbps > 0 ? source.videoKbps : null;
  return chosen.map((rung, index) => {
    const scaled = sourceKbps ? Math.round(sourceKbps * Math.pow(rung.height / height, 1.5)) : rung.maxKbps;
    // The lowest rung keeps at least 24 kbit/s; each higher one at least 1.5 times the one below.
    const floor = Math.round(24 * Math.pow(1.5, index));
    return {
      name: rung.name,
      height: rung.height,
      width: even(rung.height * aspect),
      maxKbps: Math.max(floor, Math.min(rung.maxKbps, scaled)),
    };
  });
}

export class PlaylistError extends Error {}

export interface ByteRange {
  offset: number;
  length: number;
}

export interface MediaPlaylist {
  /** The one media file every segment (and the init section) is a byte range of. */
  uri: string;
  targetDuration: number;
  map: ByteRange;
  segments: Array<ByteRange & { duration: number }>;
  durationSeconds: number;
}

function parseByteRange(text: string, previousEnd: number | null, line: number): ByteRange {
  const match = /^(\d{1,12})(?:@(\d{1,12}))?$/.exec(text.trim());
  if (!match) throw new PlaylistError(`Line ${line}: a byte range is "length@offset".`);
  const length = Number(match[1]);
  const offset = match[2] !== undefined ? Number(match[2]) : previousEnd;
  if (offset === null) throw new PlaylistError(`Line ${line}: the first byte range needs an offset.`);
  if (length <= 0) throw new PlaylistError(`Line ${line}: an empty byte range.`);
  return { offset, length };
}

/** A playlist's lines, trimmed, whatever its line endings; refused unless it starts with #EXTM3U. */
function playlistLines(text: string): string[] {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim());
  if (lines[0] !== "#EXTM3U") throw new PlaylistError("A playlist starts with #EXTM3U.");
  return lines;
}

/**
 * Reads a VOD media playlist of one single-file fMP4 rendition (what `ffmpeg -hls_segment_type fmp4
 * -hls_flags single_file` writes) and refuses anything else: another file, a missing init section, a
 * segment without its byte range, a live playlist, encryption, or tags the Worker would pass on unchecked.
 */
export function parseMediaPlaylist(text: string, expectedUri: string): MediaPlaylist {
  const lines = playlistLines(text);
  let targetDuration: number | null = null;
  let map: ByteRange | null = null;
  let pendingDuration: number | null = null;
  let pendingRange: ByteRange | null = null;
  let previousEnd: number | null = null;
  let ended = false;
  const segments: MediaPlaylist["segments"] = [];
  const allowed = new Set(["#EXT-X-VERSION", "#EXT-X-MEDIA-SEQUENCE", "#EXT-X-INDEPENDENT-SEGMENTS"]);
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    const number = index + 1;
    if (line === "") continue;
    if (ended) throw new PlaylistError(`Line ${number}: nothing may follow #EXT-X-ENDLIST.`);
    if (line.startsWith("#")) {
      const [tag, value = ""] = line.split(/:(.*)/s, 2) as [string, string?];
      if (tag === "#EXT-X-TARGETDURATION") targetDuration = Number(value);
      else if (tag === "#EXT-X-PLAYLIST-TYPE") {
        if (value !== "VOD") throw new PlaylistError(`Line ${number}: only VOD playlists are served.`);
      } else if (tag === "#EXT-X-MAP") {
        const uri = /URI="([^"]*)"/.exec(value)?.[1];
        const range = /BYTERANGE="([^"]*)"/.exec(value)?.[1];
        if (uri !== expectedUri) throw new PlaylistError(`Line ${number}: the init section must be in ${expectedUri}.`);
        if (!range) throw new PlaylistError(`Line ${number}: the init section needs a BYTERANGE.`);
        map = parseByteRange(range, null, number);
        previousEnd = map.offset + map.length;
      } else if (tag === "#EXTINF") {
        const duration = Number(value.split(",")[0]);
        if (!(duration > 0)) throw new PlaylistError(`Line ${number}: a segment needs a positive duration.`);
        pendingDuration = duration;
      } else if (tag === "#EXT-X-BYTERANGE") {
        pendingRange = parseByteRange(value, previousEnd, number);
      } else if (tag === "#EXT-X-ENDLIST") ended = true;
      else if (!allowed.has(tag)) throw new PlaylistError(`Line ${number}: ${tag} is not accepted.`);
      continue;
    }
    if (line !== expectedUri) throw new PlaylistError(`Line ${number}: every segment must be in ${expectedUri}.`);
    if (pendingDuration === null || pendingRange === null)
      throw new PlaylistError(`Line ${number}: a segment needs #EXTINF and #EXT-X-BYTERANGE.`);
    segments.push({ ...pendingRange, duration: pendingDuration });
    previousEnd = pendingRange.offset + pendingRange.length;
    pendingDuration = null;
    pendingRange = null;
  }
  if (!ended) throw new PlaylistError("A VOD playlist ends with #EXT-X-ENDLIST.");
  if (!map) throw new PlaylistError("The playlist has no #EXT-X-MAP init section.");
  if (segments.length === 0) throw new PlaylistError("The playlist has no segments.");
  if (!(targetDuration !== null && targetDuration > 0)) throw new PlaylistError("#EXT-X-TARGETDURATION is missing.");
  const longest = Math.max(...segments.map((segment) => segment.duration));
  if (Math.round(longest) > targetDuration)
    throw new PlaylistError(`A segment lasts ${longest} s, longer than the target duration ${targetDuration} s.`);
  const durationSeconds = segments.reduce((sum, segment) => sum + segment.duration, 0);
  return { uri: expectedUri, targetDuration, map, segments, durationSeconds };
}

/** The byte ranges must tile the file from its first byte to its last: no gap, overlap or byte past the end. */
export function checkRangesCoverFile(playlist: MediaPlaylist, fileSize: number): void {
  let expected = 0;
  for (const range of [playlist.map, ...playlist.segments]) {
    if (range.offset !== expected)
      throw new PlaylistError(`${playlist.uri}: a byte range starts at ${range.offset}, expected ${expected}.`);
    expected = range.offset + range.length;
  }
  if (expected !== fileSize)
    throw new PlaylistError(`${playlist.uri}: the ranges cover ${expected} bytes of a ${fileSize}-byte file.`);
}

/** Peak (the largest segment's rate, what BANDWIDTH means) and average bit rates, bits per second. */
export function bitRates(playlist: MediaPlaylist): { peak: number; average: number } {
  const peak = Math.max(...playlist.segments.map((segment) => (segment.length * 8) / segment.duration));
  const bytes = playlist.segments.reduce((sum, segment) => sum + segment.length, playlist.map.length);
  return { peak: Math.ceil(peak), average: Math.ceil((bytes * 8) / playlist.durationSeconds) };
}

export interface PackagedRendition {
  name: string;
  kind: "video" | "audio";
  width: number | null;
  height: number | null;
  codecs: string;
  peak: number;
  average: number;
}

/**
 * The master playlist: video renditions (video only, lowest first) that share one audio rendition, which
 * is also what listening mode plays on its own. All URIs are relative, so the signed directory they are
 * served from (server/services/hls.ts) carries over to every request the player makes.
 */
export function buildMasterPlaylist(renditions: PackagedRendition[]): string {
  const audio = renditions.find((rendition) => rendition.kind === "audio");
  const videos = renditions.filter((rendition) => rendition.kind === "video").sort((a, b) => a.peak - b.peak);
  if (!audio) throw new PlaylistError("A package needs its audio rendition.");
  if (videos.length === 0) throw new PlaylistError("A package needs at least one video rendition.");
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  lines.push(
    `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Arabic",LANGUAGE="ar",DEFAULT=YES,AUTOSELECT=YES,URI="${audio.name}.m3u8"`,
  );
  for (const video of videos) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${video.peak + audio.peak},AVERAGE-BANDWIDTH=${video.average + audio.average},` +
        `RESOLUTION=${video.width}x${video.height},CODECS="${video.codecs},${audio.codecs}",AUDIO="audio"`,
      `${video.name}.m3u8`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** `avc1.PPCCLL` from what ffprobe says of an H.264 stream. */
export function avcCodec(profile: string, level: number): string {
  const profiles: Record<string, string> = {
    "Constrained Baseline": "42e0",
    Baseline: "4200",
    Main: "4d00",
    High: "6400",
  };
  const idc = profiles[profile];
  if (!idc) throw new Error(`Unsupported H.264 profile ${profile}.`);
  return `avc1.${idc}${level.toString(16).padStart(2, "0")}`;
}

export interface MasterPlaylist {
  /** The video renditions in the master's order (buildMasterPlaylist writes them lowest first). */
  variants: Array<{ uri: string; bandwidth: number }>;
  /** The audio rendition's playlist, when the variants share one. */
  audioUri: string | null;
}

/** Reads what a player needs of a master playlist to start: its variants (peak rate, playlist) and audio. */
export function parseMasterPlaylist(text: string): MasterPlaylist {
  const lines = playlistLines(text);
  const variants: MasterPlaylist["variants"] = [];
  let audioUri: string | null = null;
  let pendingBandwidth: number | null = null;
  for (const line of lines.slice(1)) {
    if (line === "") continue;
    if (line.startsWith("#EXT-X-MEDIA:") && line.includes("TYPE=AUDIO"))
      audioUri = /URI="([^"]*)"/.exec(line)?.[1] ?? audioUri;
    else if (line.startsWith("#EXT-X-STREAM-INF:")) {
      const bandwidth = Number(/[:,]BANDWIDTH=(\d{1,12})/.exec(line)?.[1]);
      if (!(bandwidth > 0)) throw new PlaylistError("A variant needs its BANDWIDTH.");
      pendingBandwidth = bandwidth;
    } else if (!line.startsWith("#") && pendingBandwidth !== null) {
      variants.push({ uri: line, bandwidth: pendingBandwidth });
      pendingBandwidth = null;
    }
  }
  if (variants.length === 0) throw new PlaylistError("A master playlist names at least one variant.");
  return { variants, audioUri };
}

/**
 * The variant to start with at an estimated `bitsPerSecond`: the richest whose peak fits, else the lightest.
 * Returns its index in the master's order.
 */
export function startVariant(master: MasterPlaylist, bitsPerSecond: number): number {
  let chosen = -1;
  let lightest = 0;
  master.variants.forEach((variant, index) => {
    if (variant.bandwidth < master.variants[lightest]!.bandwidth) lightest = index;
    if (variant.bandwidth <= bitsPerSecond && (chosen < 0 || variant.bandwidth > master.variants[chosen]!.bandwidth))
      chosen = index;
  });
  return chosen >= 0 ? chosen : lightest;
}
