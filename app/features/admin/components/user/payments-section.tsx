import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { formatDate, formatPrice } from "#core/format";
import type { AdminUserDetail } from "#server/services/admin-users";
import { Badge } from "../people/parts";

/** The member's invoices, newest first, each paid one with its refund link (?do=refund&invoice=…). */
export function PaymentsSection({ user }: { user: AdminUserDetail }) {
  return (
    <section aria-labelledby="payments-heading" className="mt-6 rounded-xl border border-line bg-surface shadow-sm">
      <div className="border-b border-line px-5 py-4">
        <h2 id="payments-heading" className="text-lg font-semibold text-ink">
          Payments and invoices ({user.invoices.length})
        </h2>
      </div>
      {user.invoices.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Invoices of {user.name}, newest first</caption>
            <thead>
              <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                  Date
                </th>
                <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                  Description
                </th>
                <th scope="col" className="px-5 py-2.5 text-end font-semibold">
                  Amount
                </th>
                <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                  Status
                </th>
                <th scope="col" className="px-5 py-2.5 text-end font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {user.invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td className="px-5 py-3 whitespace-nowrap text-ink/80">
                    {formatDate(invoice.paidAt ?? invoice.createdAt)}
                  </td>
                  <td className="px-5 py-3 text-ink">{invoice.description || "Subscription"}</td>
                  <td className="px-5 py-3 text-end whitespace-nowrap text-ink tabular-nums">
                    {formatPrice(invoice.amountCents, invoice.currency)}
                  </td>
                  <td className="px-5 py-3 whitespace-nowrap">
                    {invoice.refundedAt ? (
                      <Badge tone="warning">
                        Refunded {formatPrice(invoice.refundedCents, invoice.currency)} on{" "}
                        {formatDate(invoice.refundedAt)}
                      </Badge>
                    ) : (
                      <Badge
                        tone={
                          invoice.status === "paid" ? "success" : invoice.status === "failed" ? "danger" : "neutral"
                        }
                      >
                        {invoice.status === "paid"
                          ? "Paid"
                          : invoice.status === "failed"
                            ? "Failed"
                            : invoice.status === "open"
                              ? "Open"
                              : "Void"}
                      </Badge>
                    )}
                  </td>
                  <td className="px-5 py-3 text-end whitespace-nowrap">
                    {invoice.receiptUrl ? (
                      <a href={invoice.receiptUrl} className="me-3 text-primary-800 underline" rel="noreferrer">
                        Receipt
                      </a>
                    ) : null}
                    {invoice.status === "paid" && invoice.amountCents > 0 && !invoice.refundedAt ? (
                      <Link
                        to={`?do=refund&invoice=${invoice.id}`}
                        className={buttonClasses("secondary", "sm")}
                        preventScrollReset
                        aria-label={`Refund ${formatPrice(invoice.amountCents, invoice.currency)} paid ${formatDate(invoice.paidAt ?? invoice.createdAt)}`}
                      >
                        Refund
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="px-5 py-6 text-sm text-muted">No payments yet.</p>
      )}
    </section>
  );
}
