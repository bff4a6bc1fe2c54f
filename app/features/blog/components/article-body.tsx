import { cn } from "~/lib/cn";

/**
 * Editorial typography for a rendered post (server/lib/markdown.ts): a readable measure, generous
 * rhythm, tables that scroll on phones, and Arabic set larger in Naskh wherever the renderer marked it.
 */
const articleClasses = cn(
  "max-w-[68ch] text-[17px] leading-[1.8] text-ink/90 sm:text-[18px]",
  "[&>*+*]:mt-6 [&>*:first-child]:mt-0",
  "[&_h2]:mt-12 [&_h2]:text-[1.6rem] [&_h2]:leading-tight [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink",
  "[&_h3]:mt-10 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink",
  "[&_strong]:font-semibold [&_strong]:text-ink [&_em]:italic",
  "[&_a]:font-medium [&_a]:text-primary-800 [&_a]:underline [&_a]:decoration-primary-300 [&_a]:underline-offset-3 hover:[&_a]:decoration-primary-700",
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:ps-6 [&_ol]:list-decimal [&_ol]:space-y-3 [&_ol]:ps-7 [&_li]:ps-1 [&_li::marker]:text-primary-700 [&_li::marker]:font-semibold",
  "[&_blockquote]:border-s-4 [&_blockquote]:border-accent-400 [&_blockquote]:bg-accent-50 [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote]:rounded-e-xl [&_blockquote]:text-ink",
  "[&_code]:rounded [&_code]:bg-primary-50 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.88em] [&_code]:text-primary-900",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-primary-950 [&_pre]:p-4 [&_pre]:text-primary-50 [&_pre_code]:bg-transparent [&_pre_code]:text-inherit",
  "[&_img]:rounded-xl [&_img]:shadow-sm [&_hr]:my-12 [&_hr]:border-line",
  "[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:rounded-xl [&_table]:border [&_table]:border-line [&_table]:bg-surface [&_table]:text-[15px] [&_table]:shadow-xs",
  "[&_th]:border-b [&_th]:border-line [&_th]:bg-canvas [&_th]:px-4 [&_th]:py-2.5 [&_th]:text-start [&_th]:font-semibold [&_th]:whitespace-nowrap [&_th]:text-ink",
  "[&_td]:border-b [&_td]:border-line/70 [&_td]:px-4 [&_td]:py-2.5 [&_td]:align-top [&_tr:last-child_td]:border-b-0",
  "[&_[lang=ar]]:text-[1.18em] [&_[lang=ar]]:leading-[1.7] [&_strong[lang=ar]]:text-primary-900 [&_strong_[lang=ar]]:text-primary-900",
);

export function ArticleBody({ html, className }: { html: string; className?: string }) {
  return <div className={cn(articleClasses, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
