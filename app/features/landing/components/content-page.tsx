import { cn } from "~/lib/cn";

/** The heading block at the top of a public text page. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: React.ReactNode;
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <header className="border-b border-line bg-gradient-to-b from-primary-50 to-canvas">
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-10 sm:px-6 md:pt-16 md:pb-14">
        {eyebrow ? <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">{lead}</p> : null}
        {children}
      </div>
    </header>
  );
}

/** Long-form text with readable measure and rhythm (no typography plugin needed). */
export function Prose({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <div
      className={cn(
        "max-w-[68ch] text-[16px] leading-[1.75] text-ink/85",
        "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink [&>h2:first-child]:mt-0 [&>section:first-child>h2]:mt-0",
        "[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink",
        "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:ps-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:ps-6",
        "[&_li]:ps-1 [&_strong]:font-semibold [&_strong]:text-ink [&_code]:rounded [&_code]:bg-primary-50 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:text-primary-900",
        "[&_a]:font-medium [&_a]:text-primary-800 [&_a]:underline [&_a]:decoration-primary-300 [&_a]:underline-offset-2 hover:[&_a]:decoration-primary-700",
        className,
      )}
    >
      {children}
    </div>
  );
}

export interface DocumentSection {
  id: string;
  title: string;
  body: React.ReactNode;
}

/** A legal document: table of contents beside numbered sections. */
export function DocumentWithContents({ sections, updated }: { sections: DocumentSection[]; updated: string }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_1fr] lg:gap-16 lg:py-16">
      <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
        <p className="text-sm font-semibold text-ink">On this page</p>
        <ol className="mt-3 space-y-1.5 border-s border-line text-sm">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="-ms-px block border-s-2 border-transparent ps-4 text-muted hover:border-primary-600 hover:text-primary-800"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-xs text-muted">Last updated {updated}</p>
      </nav>
      <Prose>
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </Prose>
    </div>
  );
}
