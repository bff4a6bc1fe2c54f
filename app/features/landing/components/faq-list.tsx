import { ChevronDownIcon } from "~/components/icons";

export interface FaqItem {
  id: number;
  question: string;
  answer: string;
}

/** Questions as native <details> disclosures: keyboard and screen-reader friendly, no script needed. */
export function FaqList({ faqs }: { faqs: FaqItem[] }) {
  return (
    <div className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
      {faqs.map((faq) => (
        <details key={faq.id} className="group">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 hover:bg-primary-50/60 sm:px-6 [&::-webkit-details-marker]:hidden">
            <span className="text-base font-semibold text-ink">{faq.question}</span>
            <ChevronDownIcon className="mt-0.5 size-5 shrink-0 text-muted transition-transform group-open:rotate-180" />
          </summary>
          <div className="space-y-3 px-5 pb-5 text-[15px] leading-relaxed text-ink/80 sm:px-6">
            {faq.answer
              .split(/\n\s*\n/)
              .map((paragraph) => paragraph.trim())
              .filter(Boolean)
              .map((paragraph, index) => (
                <p key={index} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
          </div>
        </details>
      ))}
    </div>
  );
}
