import { cn } from "~/lib/cn";

/** Rendered member markdown (links, lists, code, quotes) in the page's type; Arabic posts a size up. */
export const postBodyClasses =
  "text-[15px] leading-relaxed text-ink break-words [&_a]:font-medium [&_a]:text-primary-700 [&_a]:underline [&_a:hover]:text-primary-900 [&_blockquote]:border-s-4 [&_blockquote]:border-line [&_blockquote]:ps-3 [&_blockquote]:text-muted [&_code]:rounded [&_code]:bg-canvas [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] [&_ol]:list-decimal [&_ol]:ps-5 [&_p+*]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-canvas [&_pre]:p-3 [&_ul]:list-disc [&_ul]:ps-5 [&_*+p]:mt-2 [&:lang(ar)]:text-lg [&:lang(ar)]:leading-loose";

/** A post's HTML as the server rendered it (server/services/discussion.ts: markdown without raw HTML). */
export function PostBody({
  html,
  mostlyArabic = false,
  className,
}: {
  html: string;
  mostlyArabic?: boolean;
  className?: string;
}) {
  return (
    <div
      dir="auto"
      lang={mostlyArabic ? "ar" : undefined}
      className={cn(postBodyClasses, className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
