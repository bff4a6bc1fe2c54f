/**
 * A `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14.1.2), one range only, as a video
 * element asks: the inclusive `start`/`end`, or null when it cannot be satisfied (answered 416).
 */
export function parseByteRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "") || size === 0) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    // A suffix: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

/** The answer to a GET of a whole file kept in the cache, honouring a Range header (200, 206 or 416). */
export async function answerWithRange(request: Request, cached: Response): Promise<Response> {
  const blob = await cached.blob();
  const type = cached.headers.get("Content-Type") ?? (blob.type || "application/octet-stream");
  const base = { "Content-Type": type, "Accept-Ranges": "bytes", "Cache-Control": "no-store" };
  const header = request.headers.get("Range");
  if (!header) {
    return new Response(blob, { status: 200, headers: { ...base, "Content-Length": String(blob.size) } });
  }
  const range = parseByteRange(header, blob.size);
  if (!range) {
    return new Response(null, { status: 416, headers: { ...base, "Content-Range": `bytes */${blob.size}` } });
  }
  const part = blob.slice(range.start, range.end + 1, type);
  return new Response(part, {
    status: 206,
    headers: {
      ...base,
      "Content-Length": String(part.size),
      "Content-Range": `bytes ${range.start}-${range.end}/${blob.size}`,
    },
  });
}
