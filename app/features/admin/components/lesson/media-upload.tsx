import { Form, useRevalidator } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClasses } from "~/components/ui/field";
import { createToast } from "~/lib/toast";
import {
  readVideoDuration,
  UploadFailure,
  uploadFile,
  abortUpload,
  type UploadKind,
  type UploadState,
} from "./multipart-upload";

const ACCEPT: Record<UploadKind, string> = {
  video: "video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.mov,.webm,.mkv",
  thumbnail: "image/jpeg,image/png,image/webp",
  attachment: ".pdf,.txt,.zip,.mp3,.m4a,.jpg,.jpeg,.png,.webp",
};

function formatBytes(bytes: number) {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A file upload for the lesson workspace. With JavaScript the file goes to R2 in parts with a progress
 * bar (resumable after a dropped connection); without it, the form posts the file to the page's action
 * in one request (small files only).
 */
export function MediaUpload({
  kind,
  videoId,
  label,
  hint,
  withTitle = false,
  errors,
}: {
  kind: UploadKind;
  videoId: number;
  label: string;
  hint?: string;
  withTitle?: boolean;
  errors?: string[];
}) {
  const interactive = useHydrated();
  const revalidator = useRevalidator();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resume, setResume] = useState<UploadState | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function start(resumeState: UploadState | null) {
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setError("Choose a file first.");
      return;
    }
    setError(null);
    setProgress(0);
    controller.current = new AbortController();
    try {
      const durationSeconds = kind === "video" ? ((await readVideoDuration(file)) ?? undefined) : undefined;
      await uploadFile(file, {
        kind,
        videoId,
        attach: { durationSeconds, title: titleInput.current?.value },
        onProgress: setProgress,
        resume: resumeState,
        signal: controller.current.signal,
      });
      setResume(null);
      setProgress(null);
      if (fileInput.current) fileInput.current.value = "";
      if (titleInput.current) titleInput.current.value = "";
      showToast(createToast(`${file.name} uploaded (${formatBytes(file.size)}).`, "success"));
      revalidator.revalidate();
    } catch (failure) {
      setProgress(null);
      setError(failure instanceof Error ? failure.message : "The upload failed.");
      setResume(failure instanceof UploadFailure ? failure.state : null);
    }
  }

  const busy = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-3"
      onSubmit={(event) => {
        if (!interactive) return;
        event.preventDefault();
        void start(null);
      }}
    >
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="kind" value={kind} />
      {withTitle ? (
        <div className="space-y-1.5">
          <label htmlFor={`${id}-title`} className="block text-sm font-medium text-ink">
            Title
          </label>
          <input ref={titleInput} id={`${id}-title`} name="title" maxLength={120} className={inputClasses} />
        </div>
      ) : null}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-ink">
          {label}
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          name="file"
          type="file"
          accept={ACCEPT[kind]}
          required
          disabled={busy}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="block w-full text-sm text-ink file:me-3 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-primary-50"
        />
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
        <FieldErrors errors={error ? [error] : errors} />
      </div>
      {busy ? (
        <div className="space-y-1">
          <progress
            value={percent}
            max={100}
            aria-label={`Uploading: ${percent}%`}
            className="h-2.5 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-primary-50 [&::-webkit-progress-value]:bg-primary-700"
          />
          <p className="text-sm text-muted" aria-live="polite">
            Uploading… {percent}%
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {busy ? (
          <Button variant="secondary" size="sm" onClick={() => controller.current?.abort()}>
            Cancel upload
          </Button>
        ) : (
          <Button type="submit" size="sm">
            Upload
          </Button>
        )}
        {resume && !busy ? (
          <>
            <Button variant="secondary" size="sm" onClick={() => void start(resume)}>
              Resume ({resume.parts.length} of {resume.partCount} parts sent)
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                void abortUpload(resume);
                setResume(null);
                setError(null);
              }}
            >
              Discard
            </Button>
          </>
        ) : null}
      </div>
    </Form>
  );
}
