import { useEffect, useRef, useState } from "react";
import { ApiError } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { CHAT_MESSAGE_MAX_LENGTH } from "#core/player";
import { useApi } from "~/lib/use-api";

type Status = { available: true } | { available: false; reason: string; message: string };
interface ChatMessage {
  id: number;
  role: "user" | "assistant";
  content: string;
  createdAt: Date;
}

const ARABIC = /[\u0600-\u06FF]/;

/** Paragraphs of a message; lines with Arabic script are marked up as Arabic. */
function MessageText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n+/).map((line, index) =>
        ARABIC.test(line) && !/[A-Za-z]{3}/.test(line) ? (
          <p key={index} lang="ar" dir="rtl" className="font-arabic text-lg leading-relaxed">
            {line}
          </p>
        ) : (
          <p key={index} dir="auto">
            {line}
          </p>
        ),
      )}
    </>
  );
}

/**
 * The assistant's conversation, loaded the first time a learner opens it (./lesson-chat.tsx), so the
 * lesson page does not ship it to everyone who never asks.
 */
export default function LessonChatPanel({ lessonId, id }: { lessonId: number; id: string }) {
  const api = useApi();
  const [status, setStatus] = useState<Status | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (status) return;
    let cancelled = false;
    api
      .get<{ status: Status; messages: ChatMessage[] }>(`/api/lesson-chat/${lessonId}`)
      .then((chat) => {
        if (cancelled) return;
        setStatus(chat.status);
        setMessages(chat.messages);
      })
      .catch(() => {
        if (!cancelled) setError("The assistant could not be loaded. Reload the page to try again.");
      });
    return () => {
      cancelled = true;
    };
  }, [api, lessonId, status]);

  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [messages]);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    const message = draft.trim();
    if (!message || sending) return;
    setSending(true);
    setError(null);
    try {
      const answer = await api.post<{ messages: ChatMessage[] }>(`/api/lesson-chat/${lessonId}`, { message });
      setMessages((current) => [...current, ...answer.messages]);
      setDraft("");
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.errors[0] ? failure.errors[0] : "The question could not be sent.",
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      {!status && !error ? <p className="text-sm text-muted">Loading the assistant…</p> : null}
      {status && !status.available ? (
        <p role="status" className="rounded-lg bg-canvas px-4 py-3 text-sm text-ink">
          {status.message}
        </p>
      ) : null}
      {messages.length > 0 ? (
        <ol ref={log} aria-label="Your conversation" className="max-h-96 space-y-3 overflow-y-auto">
          {messages.map((message) => (
            <li
              key={message.id}
              className={cn(
                "max-w-[90%] space-y-1 rounded-xl px-4 py-2.5 text-sm",
                message.role === "user" ? "ms-auto bg-primary-700 text-white" : "bg-canvas text-ink",
              )}
            >
              <span className="sr-only">{message.role === "user" ? "You:" : "Assistant:"}</span>
              <MessageText text={message.content} />
            </li>
          ))}
        </ol>
      ) : null}
      {status?.available ? (
        <form onSubmit={send} className="space-y-2">
          <label htmlFor={`${id}-message`} className="block text-sm font-medium text-ink">
            Your question
          </label>
          <textarea
            id={`${id}-message`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            rows={2}
            dir="auto"
            placeholder="What does “yalla” mean here?"
            className="block w-full rounded-xl border border-line bg-white px-3.5 py-2.5 text-base text-ink focus:border-primary-600 focus:ring-3 focus:ring-primary-200 focus:outline-none"
          />
          <div className="flex items-center justify-between gap-3">
            <p className="text-xs text-muted">Answers come from this lesson's transcript and can be wrong.</p>
            <button
              type="submit"
              disabled={sending || !draft.trim()}
              className="rounded-xl bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800 disabled:opacity-60"
            >
              {sending ? "Asking…" : "Ask"}
            </button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
