import { useId, useState } from "react";
import { SHARE_NOTE_MAX } from "#core/schemas/speaking";
import { useApi } from "~/lib/use-api";
import type { Recording } from "../recordings-store";

// "Share for feedback" (docs/speaking.md, ADR 048): the only way a recording leaves the device. It says first
// who will hear it; the upload starts a community thread quoting the line.

export function ShareForm({
  recording,
  groups,
  onCancel,
  onShared,
}: {
  recording: Recording;
  groups: Array<{ id: number; title: string }>;
  onCancel: () => void;
  onShared: (href: string) => void;
}) {
  const api = useApi();
  const id = useId();
  const [groupId, setGroupId] = useState(String(groups[0]?.id ?? ""));
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const form = new FormData();
    form.set("audio", new File([recording.audio], "attempt", { type: recording.mimeType || recording.audio.type }));
    form.set("lessonId", String(recording.lessonId));
    form.set("cueId", String(recording.cueId));
    form.set("groupId", groupId);
    form.set("note", note);
    try {
      const { href } = await api.request<{ threadId: number; href: string }>("/api/speaking/shares", {
        method: "POST",
        body: form,
      });
      onShared(href);
    } catch {
      // The client has shown the reason as a toast; the form stays to try again.
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3 space-y-2 rounded-lg bg-canvas p-3">
      <p className="text-sm text-ink">
        Sharing uploads this recording and starts a thread with its line, so other learners and teachers can tell you
        how it sounds. Anyone who reads the community can hear it; deleting the message (or your account) deletes it.
      </p>
      <div>
        <label htmlFor={`${id}-group`} className="block text-sm font-medium">
          Ask in
        </label>
        <select
          id={`${id}-group`}
          value={groupId}
          onChange={(event) => setGroupId(event.target.value)}
          className="mt-1 min-h-11 w-full rounded-lg border border-line bg-white px-3 text-sm"
        >
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium">
          A note (optional)
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={SHARE_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
          rows={2}
          placeholder="What should listeners pay attention to?"
          className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2 text-sm"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy || !groupId}
          className="min-h-11 rounded-lg bg-primary-700 px-4 text-sm font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
        >
          {busy ? "Sharing…" : "Share"}
        </button>
        <button
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="min-h-11 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
