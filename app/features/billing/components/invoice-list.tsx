import { cn } from "~/lib/cn";
import { formatDate, formatPrice } from "#core/format";

export interface InvoiceForDisplay {
  id: number;
  amountCents: number;
  currency: string;
  status: "paid" | "open" | "failed" | "void";
  description: string;
  paidAt: Date | null;
  receiptUrl: string | null;
  createdAt: Date;
}

const STATUS: Record<InvoiceForDisplay["status"], { label: string; className: string }> = {
  paid: { label: "Paid", className: "bg-primary-50 text-primary-800" },
  open: { label: "Due", className: "bg-accent-50 text-accent-700" },
  failed: { label: "Payment failed", className: "bg-red-50 text-red-800" },
  void: { label: "Void", className: "bg-canvas text-muted" },
};

/** Invoices and receipts, newest first. */
export function InvoiceList({ invoices }: { invoices: InvoiceForDisplay[] }) {
  if (invoices.length === 0) {
    return <p className="text-sm text-muted">No invoices yet. Your receipts will appear here after each payment.</p>;
  }
  return (
    <ul className="divide-y divide-line">
      {invoices.map((invoice) => {
        const status = STATUS[invoice.status];
        return (
          <li key={invoice.id} className="flex items-start justify-between gap-4 py-3.5 first:pt-0 last:pb-0">
            <div className="min-w-0">
              <p className="font-medium text-ink">{formatDate(invoice.paidAt ?? invoice.createdAt, "long")}</p>
              <p className="text-sm text-muted">{invoice.description || "Subscription"}</p>
              {invoice.receiptUrl ? (
                <a
                  href={invoice.receiptUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="mt-1 inline-block text-sm font-medium text-primary-800 underline"
                >
                  Receipt
                  <span className="sr-only"> for {formatDate(invoice.createdAt, "long")} (opens in a new tab)</span>
                </a>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1.5">
              <p className="font-semibold text-ink tabular-nums">
                {formatPrice(invoice.amountCents, invoice.currency)}
              </p>
              <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", status.className)}>
                {status.label}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
