import { parseMasterPlaylist, parseMediaPlaylist, startVariant } from "#core/hls";

/**
 * The bandwidth a stream starts at before anything is measured (hls.js's `abrEwmaDefaultEstimate` too): lesson
 * videos are short, so a shaky start at a low rendition beats a stall at a high one.
 */
export const START_ESTIMATE_BPS = 500_000;

/** What the page fetched ahead of a stream (see warmStream), for hls.js to start from. */
export interface WarmStream {
  /** The video rendition's playlist the stream starts with (relative to the master), or null for a media playlist. */
  startUri: string | null;
  /** The network's rate over the pieces fetched, bits per second (null when too little came to tell). */
  measuredBps: number | null;
}

const folderOf = (url: string) => url.slice(0, url.lastIndexOf("/") + 1);

/** The init section and first segment of a single-file rendition: one byte range from the file's start. */
async function firstPieces(playlistUrl: string, signal: AbortSignal): Promise<number> {
  const uri = playlistUrl.slice(playlistUrl.lastIndexOf("/") + 1).replace(/\.m3u8$/, ".mp4");
  const text = await (await fetch(playlistUrl, { signal })).text();
  const playlist = parseMediaPlaylist(text, uri);
  const first = playlist.segments[0]!;
  const start = Math.min(playlist.map.offset, first.offset);
  const end = Math.max(playlist.map.offset + playlist.map.length, first.offset + first.length) - 1;
  const response = await fetch(`${folderOf(playlistUrl)}${uri}`, {
    signal,
    headers: { Range: `bytes=${start}-${end}` },
  });
  return (await response.arrayBuffer()).byteLength;
}

/**
 * What `preload="metadata"` is to an MP4, for a stream, without running hls.js: the playlists, and the init
 * section and first segment of the rendition it will start with and of the audio, fetched into the browser's
 * cache (their signed URLs are cacheable for the hour, docs/video.md). A play pressed before hls.js runs then
 * waits for hls.js alone, not for four round trips in a row. `source` is the master playlist, or a media playlist
 * (listening mode's audio). Only lessons played from their start are warmed (the first segment is the one
 * needed). Fails quietly: hls.js fetches for itself whatever is missing.
 */
export async function warmStream(source: string, signal: AbortSignal): Promise<WarmStream | null> {
  try {
    const text = await (await fetch(source, { signal })).text();
    const started = performance.now();
    if (!text.includes("#EXT-X-STREAM-INF")) {
      const bytes = await firstPieces(source, signal);
      return { startUri: null, measuredBps: rate(bytes, started) };
    }
    const master = parseMasterPlaylist(text);
    const startUri = master.variants[startVariant(master, START_ESTIMATE_BPS)]!.uri;
    const folder = folderOf(source);
    const playlists = [startUri, ...(master.audioUri ? [master.audioUri] : [])];
    const bytes = await Promise.all(playlists.map((uri) => firstPieces(`${folder}${uri}`, signal)));
    return {
      startUri,
      measuredBps: rate(
        bytes.reduce((sum, each) => sum + each, 0),
        started,
      ),
    };
  } catch {
    return null;
  }
}

/**
 * Bits per second over `bytes` fetched since `started` (round trips included, so it leans low); null below
 * 16 KB, too little to tell a fast network from a slow one.
 */
function rate(bytes: number, started: number): number | null {
  const seconds = (performance.now() - started) / 1000;
  return bytes >= 16_384 && seconds > 0 ? Math.round((bytes * 8) / seconds) : null;
}
