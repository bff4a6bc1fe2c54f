import { useEffect, useId, useRef, useState } from "react";
import { ApiError } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { CHAT_MESSAGE_MAX_LENGTH } from "#core/player";
import { useApi } from "~/lib/use-api";
import { ChevronDownIcon, SparkleIcon } from "~/components/icons";

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
 * The lesson assistant on the lesson page: questions about this lesson, answered from its transcript by
 * the server's AI model. Loads when opened; says plainly when the assistant is off.
 */
export function LessonChat({ lessonId, lessonTitle }: { lessonId: number; lessonTitle: string }) {
  const api = useApi();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!open || status) return;
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
  }, [api, lessonId, open, status]);

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
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-line bg-surface shadow-sm">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-3 rounded-xl p-5 text-start hover:bg-primary-50/60 sm:p-6"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-100 text-primary-800">
            <SparkleIcon className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            Ask about this lesson
            <span className="block text-sm font-normal text-muted">
              Questions about words, grammar or culture in “{lessonTitle}”.
            </span>
          </span>
          <ChevronDownIcon className={cn("size-5 shrink-0 text-muted transition-transform", open && "rotate-180")} />
        </button>
      </h2>
      <div id={`${id}-panel`} hidden={!open} className="space-y-4 border-t border-line p-5 sm:p-6">
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
        <noscript>
          <p className="text-sm text-muted">The lesson assistant needs JavaScript.</p>
        </noscript>
      </div>
    </section>
  );
}
