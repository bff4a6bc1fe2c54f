/**
 * The browser side of /api/admin/uploads: starts an R2 multipart upload, sends the file in parts (with
 * upload progress and a few retries per part), completes it, and aborts when given up. A failed upload
 * keeps its state so it can resume from the first missing part.
 */

export type UploadKind = "video" | "thumbnail" | "attachment";

export interface UploadState {
  key: string;
  uploadId: string;
  partSize: number;
  partCount: number;
  parts: Array<{ partNumber: number; etag: string }>;
}

export interface StoredUpload {
  key: string;
  contentType: string;
  sizeBytes: number;
}

export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly state: UploadState | null,
  ) {
    super(message);
    this.name = "UploadFailure";
  }
}

async function api<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as { data?: T; errors?: string[] } | null;
  if (!response.ok) throw new Error(json?.errors?.join(" ") || `The upload failed (${response.status}).`);
  return json!.data as T;
}

function putPart(url: string, blob: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal) {
  return new Promise<{ partNumber: number; etag: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.withCredentials = true;
    request.setRequestHeader("Content-Type", "application/octet-stream");
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      let json: { data?: { partNumber: number; etag: string }; errors?: string[] } | null = null;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        json = null;
      }
      if (request.status >= 200 && request.status < 300 && json?.data) resolve(json.data);
      else reject(new Error(json?.errors?.join(" ") || `A part failed (${request.status}).`));
    };
    request.onerror = () => reject(new Error("The connection dropped while sending a part."));
    request.onabort = () => reject(new DOMException("Upload cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(blob);
  });
}

const RETRIES_PER_PART = 3;

export async function uploadFile(
  file: File,
  options: {
    kind: UploadKind;
    videoId: number;
    attach?: { durationSeconds?: number; title?: string };
    onProgress: (fraction: number) => void;
    resume?: UploadState | null;
    signal?: AbortSignal;
  },
): Promise<StoredUpload> {
  let state: UploadState | null = options.resume ?? null;
  try {
    if (!state) {
      const created = await api<Omit<UploadState, "parts">>("/api/admin/uploads", {
        kind: options.kind,
        fileName: file.name,
        size: file.size,
        videoId: options.videoId,
      });
      state = { ...created, parts: [] };
    }
    const current = state;
    const done = new Set(current.parts.map((part) => part.partNumber));
    for (let partNumber = 1; partNumber <= current.partCount; partNumber += 1) {
      if (done.has(partNumber)) continue;
      const start = (partNumber - 1) * current.partSize;
      const blob = file.slice(start, Math.min(file.size, start + current.partSize));
      const query = new URLSearchParams({
        key: current.key,
        uploadId: current.uploadId,
        partNumber: String(partNumber),
      });
      let lastError: unknown = null;
      for (let attempt = 0; attempt < RETRIES_PER_PART; attempt += 1) {
        try {
          const part = await putPart(
            `/api/admin/uploads/part?${query.toString()}`,
            blob,
            (loaded) => options.onProgress(Math.min(1, (start + loaded) / file.size)),
            options.signal,
          );
          current.parts.push(part);
          lastError = null;
          break;
        } catch (error) {
          lastError = error;
          if (error instanceof DOMException && error.name === "AbortError") throw error;
          await new Promise((wait) => setTimeout(wait, 500 * (attempt + 1)));
        }
      }
      if (lastError) throw lastError;
    }
    const stored = await api<StoredUpload>("/api/admin/uploads/complete", {
      key: current.key,
      uploadId: current.uploadId,
      parts: current.parts,
      attach: { videoId: options.videoId, ...options.attach },
    });
    options.onProgress(1);
    return stored;
  } catch (error) {
    const message = error instanceof Error ? error.message : "The upload failed.";
    if (error instanceof DOMException && error.name === "AbortError") {
      if (state) await abortUpload(state);
      throw new UploadFailure("Upload cancelled.", null);
    }
    // A refused file (wrong type, too large) cannot be resumed; a dropped connection can.
    const resumable = state && state.parts.length < state.partCount ? state : null;
    if (!resumable && state) await abortUpload(state).catch(() => undefined);
    throw new UploadFailure(message, resumable);
  }
}

export async function abortUpload(state: Pick<UploadState, "key" | "uploadId">) {
  await api("/api/admin/uploads/abort", { key: state.key, uploadId: state.uploadId }).catch(() => undefined);
}

/** The duration the browser reads from a local video file's metadata, in seconds (null if unreadable). */
export function readVideoDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const probe = document.createElement("video");
    probe.preload = "metadata";
    const finish = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    probe.onloadedmetadata = () =>
      finish(Number.isFinite(probe.duration) && probe.duration > 0 ? probe.duration : null);
    probe.onerror = () => finish(null);
    setTimeout(() => finish(null), 10_000);
    probe.src = url;
  });
}
