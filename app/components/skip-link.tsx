/** First focusable element of every layout: jumps keyboard users past the navigation. */
export function SkipLink({ target = "main" }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-overlay focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:shadow"
    >
      Skip to content
    </a>
  );
}
