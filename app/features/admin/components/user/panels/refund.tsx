import { formatDate, formatPrice } from "#core/format";
import { ActionPanel } from "../../people/action-panel";
import { PanelNote } from "./panel-note";
import type { PanelProps } from "./types";

export function RefundPanel({ here, resultFor, refundable }: PanelProps) {
  if (!refundable) return <PanelNote here={here}>Choose a paid invoice to refund in the list below.</PanelNote>;
  return (
    <ActionPanel
      id="refund"
      title={`Refund ${formatPrice(refundable.amountCents, refundable.currency)}?`}
      intent="refund"
      submitLabel={`Refund ${formatPrice(refundable.amountCents, refundable.currency)}`}
      cancelTo={here}
      danger
      hidden={{ invoiceId: String(refundable.id) }}
      result={resultFor("refund")}
      description={`${refundable.description || "Subscription"}, paid ${formatDate(refundable.paidAt ?? refundable.createdAt, "long")}. ${
        refundable.provider === "stripe"
          ? "Stripe returns the money to the card."
          : "The local test provider records the refund."
      } Access is not changed: cancel as well if that was agreed.`}
    />
  );
}
