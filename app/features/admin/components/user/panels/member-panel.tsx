import type { AdminUserDetail } from "#server/services/admin-users";
import { formatPrice } from "#core/format";
import type { ActionResult } from "../../people/action-panel";
import { CancelPanel } from "./cancel";
import { CompPanel } from "./comp";
import { DeletePanel } from "./delete";
import { EditPanel } from "./edit";
import { ExtendPanel } from "./extend";
import { RefundPanel } from "./refund";
import { ResumePanel } from "./resume";
import { SwitchPlanPanel } from "./switch-plan";

// The member page's ?do= panels (app/features/admin/routes/user.tsx): each is a form opened by a plain link
// and posted to the page's action, one module per panel. A panel's write is its `.server.ts` beside it,
// which the page's action calls for the panel's intent; the panels stay query states of the one page, not
// routes of their own, so the URLs stay as they are.

/** The forms reached by ?do=…: each asks for what the action needs and a reason. */
export const PANELS = ["edit", "comp", "extend", "cancel", "resume", "switch-plan", "refund", "delete"] as const;
export type Panel = (typeof PANELS)[number];

export function MemberPanel({
  panel,
  user,
  here,
  resultFor,
  invoiceId,
}: {
  panel: Panel;
  user: AdminUserDetail;
  here: string;
  resultFor: (intent: string) => ActionResult;
  invoiceId: number;
}) {
  const refundable =
    user.invoices.find(
      (invoice) =>
        invoice.id === invoiceId && invoice.status === "paid" && invoice.amountCents > 0 && !invoice.refundedAt,
    ) ?? null;
  const planOptions = user.plans.map((plan) => ({
    value: plan.name,
    label: `${plan.title} · ${formatPrice(plan.priceCents, plan.currency)} a ${plan.interval}`,
  }));
  const props = { user, here, resultFor, planOptions, refundable };
  switch (panel) {
    case "edit":
      return <EditPanel {...props} />;
    case "comp":
      return <CompPanel {...props} />;
    case "extend":
      return <ExtendPanel {...props} />;
    case "cancel":
      return <CancelPanel {...props} />;
    case "resume":
      return <ResumePanel {...props} />;
    case "switch-plan":
      return <SwitchPlanPanel {...props} />;
    case "refund":
      return <RefundPanel {...props} />;
    case "delete":
      return <DeletePanel {...props} />;
  }
}
