import { formatPrice } from "#core/format";
import { refundInvoice } from "#server/services/billing/admin-actions";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelSubmit } from "./types";

export async function submitRefund({ app, admin, userId, back, input }: PanelSubmit<"refund">) {
  const invoice = await refundInvoice(app, { actor: admin, userId, ...input });
  return redirectWithToast(back, {
    text: `Refunded ${formatPrice(invoice.refundedCents, invoice.currency)}.`,
  });
}
