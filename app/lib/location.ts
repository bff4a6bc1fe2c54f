/**
 * A same-origin path as a Location header value. Header values must be ASCII, so Arabic slugs (and any
 * space or control character) are percent-encoded; existing escapes, including encoded query values
 * such as `?redirect=%2Fvideo-library`, are left exactly as they are.
 */
export function toLocation(path: string): string {
  return path.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
}

/** The path with its percent-escapes decoded (reserved characters such as %2F stay encoded). */
export function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
