import { cn } from "~/lib/cn";

/** The one-message pages of reminder emails (stop them, stopped, a bad link), in the public layout. */
export function ReminderNotice({
  arabic,
  title,
  body,
  tone,
  children,
}: {
  arabic: string;
  title: string;
  body: React.ReactNode;
  tone: "question" | "success" | "warning";
  children?: React.ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
      <p
        lang="ar"
        dir="rtl"
        className={cn("text-4xl font-bold sm:text-5xl", tone === "warning" ? "text-accent-700" : "text-primary-700")}
      >
        {arabic}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <div className="mt-3 max-w-xl text-lg leading-relaxed text-muted">{body}</div>
      {children ? <div className="mt-8 flex w-full flex-wrap justify-center gap-3">{children}</div> : null}
    </main>
  );
}
