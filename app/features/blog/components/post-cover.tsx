import { cn } from "~/lib/cn";

const PALETTES = [
  "from-primary-800 via-primary-700 to-primary-600 text-accent-300",
  "from-accent-700 via-accent-600 to-accent-500 text-white",
  "from-primary-950 via-primary-900 to-primary-800 text-primary-200",
] as const;

/**
 * A post's cover: the uploaded image, or (posts without one) a typographic card showing the post's first
 * Arabic phrase. Decorative either way: the title beside it says what the post is.
 */
export function PostCover({
  post,
  className,
  size = "card",
}: {
  post: { id: number; coverUrl: string | null; coverPhrase: string | null };
  className?: string;
  size?: "card" | "hero";
}) {
  if (post.coverUrl) {
    return (
      <img
        src={post.coverUrl}
        alt=""
        loading={size === "hero" ? "eager" : "lazy"}
        className={cn("aspect-[16/9] w-full object-cover", className)}
      />
    );
  }
  const palette = PALETTES[post.id % PALETTES.length];
  return (
    <div
      aria-hidden="true"
      className={cn(
        "relative flex w-full items-center justify-center overflow-hidden bg-gradient-to-br",
        size === "hero" ? "aspect-[16/9] sm:aspect-[21/8]" : "aspect-[16/9]",
        palette,
        className,
      )}
    >
      <div className="absolute inset-0 opacity-40 [background-image:radial-gradient(circle_at_15%_20%,rgba(255,255,255,0.25),transparent_35%),radial-gradient(circle_at_85%_85%,rgba(251,171,51,0.35),transparent_40%)]" />
      <span
        lang="ar"
        dir="rtl"
        className={cn(
          "relative px-6 text-center leading-tight font-bold drop-shadow-sm",
          size === "hero" ? "text-5xl sm:text-7xl" : "text-4xl sm:text-5xl",
        )}
      >
        {post.coverPhrase ?? "أهلا"}
      </span>
    </div>
  );
}
