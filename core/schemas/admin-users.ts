import { z } from "zod";
import { LEVELS } from "../levels";
import { emailField, nameField } from "./auth";
import { searchTextField } from "./search";

// Shared by the admin user pages (Conform, no-JS forms) and /api/admin/users, so both give the same messages.
export const ADMIN_USERS_PAGE_SIZE = 25;

export const permissionCodeField = z
  .string({ error: "Choose a permission." })
  .trim()
  .min(1, "Choose a permission.")
  .max(64, "Permission codes are at most 64 characters.");

export const userSearchSchema = z.object({
  /** Name or email, contained anywhere; longer than SEARCH_MAX_LENGTH is refused (422). */
  q: searchTextField(),
  status: z.enum(["all", "active", "disabled", "admins"]).catch("all").default("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type UserSearch = z.infer<typeof userSearchSchema>;

export const permissionChangeSchema = z.object({ code: permissionCodeField });

export const grantByEmailSchema = z.object({
  email: z
    .string({ error: "Enter the member's email." })
    .trim()
    .toLowerCase()
    .email("Enter a valid email address.")
    .max(254, "Enter a valid email address."),
  code: permissionCodeField,
});

/** One action on the user page; `intent` picks which. */
export const userActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grant"), code: permissionCodeField }),
  z.object({ intent: z.literal("revoke"), code: permissionCodeField }),
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("end-sessions") }),
  z.object({ intent: z.literal("password-reset") }),
]);
export type UserAction = z.infer<typeof userActionSchema>;

// ---------------------------------------------------------------------------------------------------
// Member support and billing actions (the member page and /api/admin/users/:id/...)
// ---------------------------------------------------------------------------------------------------

const levelField = z.preprocess(
  (value) => (value === "" ? null : value),
  z.enum(LEVELS, { error: "Choose a level." }).nullable().optional(),
);

export const memberEditSchema = z.object({ name: nameField, email: emailField, level: levelField });
export type MemberEdit = z.infer<typeof memberEditSchema>;

export const memberCreateSchema = z.object({
  name: nameField,
  email: emailField,
  level: levelField,
  /** Checkbox: mail the set-password link now (on by default in the form). */
  sendInvite: z.preprocess((value) => value === "on" || value === true || value === "true", z.boolean()),
});
export type MemberCreate = z.infer<typeof memberCreateSchema>;

/** Every billing action and deletion says why: the reason is kept in the audit log. */
export const reasonField = z
  .string({ error: "Say why (it is kept in the audit log)." })
  .trim()
  .min(3, "Say why (it is kept in the audit log).")
  .max(500, "Keep the reason under 500 characters.");

export const MAX_GIFT_DAYS = 366;
const daysField = z.coerce
  .number({ error: "Enter a number of days." })
  .int("Enter whole days.")
  .min(1, "At least 1 day.")
  .max(MAX_GIFT_DAYS, `At most ${MAX_GIFT_DAYS} days at a time.`);

const planField = z.string({ error: "Choose a plan." }).trim().min(1, "Choose a plan.").max(64);

export const compSchema = z.object({ plan: planField, days: daysField, reason: reasonField });
export const extendSchema = z.object({ days: daysField, reason: reasonField });
export const adminCancelSchema = z.object({
  when: z.enum(["period-end", "now"], { error: "Choose when the subscription ends." }),
  reason: reasonField,
});
export const adminResumeSchema = z.object({ reason: reasonField });
export const adminSwitchPlanSchema = z.object({ plan: planField, reason: reasonField });
export const refundSchema = z.object({
  invoiceId: z.coerce.number({ error: "Choose a payment." }).int().positive("Choose a payment."),
  reason: reasonField,
});
export const memberDeleteSchema = z.object({
  reason: reasonField,
  confirmEmail: z.string({ error: "Type the member's email to confirm." }).trim().toLowerCase(),
});

/** Deleting through the API takes the reason only (the page also asks to type the email). */
export const memberApiDeleteSchema = z.object({ reason: reasonField });

/** One action on the member page; `intent` picks which. */
export const memberActionSchema = z.discriminatedUnion("intent", [
  ...userActionSchema.options,
  memberEditSchema.extend({ intent: z.literal("update") }),
  memberDeleteSchema.extend({ intent: z.literal("delete") }),
  compSchema.extend({ intent: z.literal("comp") }),
  extendSchema.extend({ intent: z.literal("extend") }),
  adminCancelSchema.extend({ intent: z.literal("cancel") }),
  adminResumeSchema.extend({ intent: z.literal("resume") }),
  adminSwitchPlanSchema.extend({ intent: z.literal("switch-plan") }),
  refundSchema.extend({ intent: z.literal("refund") }),
]);
export type MemberAction = z.infer<typeof memberActionSchema>;
