import { cn } from "~/lib/cn";

/** The one-message pages of the newsletter (confirmed, unsubscribed, bad link), in the public layout. */
export function NewsletterNotice({
  arabic,
  title,
  body,
  tone,
  children,
}: {
  arabic: string;
  title: string;
  body: React.ReactNode;
  tone: "success" | "warning";
  children?: React.ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
      <p
        lang="ar"
        dir="rtl"
        className={cn("text-4xl font-bold sm:text-5xl", tone === "success" ? "text-primary-700" : "text-accent-700")}
      >
        {arabic}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="mt-3 max-w-xl text-lg leading-relaxed text-muted">{body}</p>
      {children ? <div className="mt-8 flex w-full flex-wrap justify-center gap-3">{children}</div> : null}
    </main>
  );
}
