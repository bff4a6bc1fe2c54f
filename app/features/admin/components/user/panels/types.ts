import type { MemberAction } from "#core/schemas/admin-users";
import type { AppContext } from "#server/context";
import type { AdminUserDetail } from "#server/services/admin-users";
import type { SessionUser } from "#server/services/auth";
import type { ActionResult } from "../../people/action-panel";

/** What every ?do= panel's form is drawn from. */
export interface PanelProps {
  user: AdminUserDetail;
  here: string;
  resultFor: (intent: string) => ActionResult;
  planOptions: { value: string; label: string }[];
  refundable: AdminUserDetail["invoices"][number] | null;
}

/** What a panel's write (its `.server.ts`) is given by the page's action: the checked input of its intent. */
export interface PanelSubmit<Intent extends MemberAction["intent"]> {
  app: AppContext;
  admin: SessionUser;
  userId: number;
  /** The member's page, where the write redirects with its toast. */
  back: string;
  input: Extract<MemberAction, { intent: Intent }>;
}
