import { z } from "zod";
import { LEVELS } from "../levels";
import { emailField, nameField } from "./auth";
import { queryPageField } from "./query";
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

/**
 * The same search from GET /api/admin/users: a status it does not know or a page that is not a number is a 422
 * (the page's form, above, falls back to its defaults instead).
 */
export const userSearchQuerySchema = userSearchSchema.extend({
  status: z
    .enum(["all", "active", "disabled", "admins"], { error: "status is all, active, disabled or admins." })
    .default("all"),
  page: queryPageField(),
});

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

// The JSON API's fields are strict (a number is a number, a boolean a boolean); the pages' forms send strings,
// so their schemas below wrap the same fields in the conversions a form needs.
const levelField = z.enum(LEVELS, { error: "Choose a level." }).nullable().optional();
/** A form's level: the empty choice is none. */
const formLevelField = z.preprocess((value) => (value === "" ? null : value), levelField);

export const memberEditSchema = z.object({ name: nameField, email: emailField, level: levelField });
export type MemberEdit = z.infer<typeof memberEditSchema>;

export const memberCreateSchema = z.object({
  name: nameField,
  email: emailField,
  level: levelField,
  /** Mail the set-password link now (the form's checkbox is on by default). */
  sendInvite: z.boolean({ error: "sendInvite is true or false." }).default(false),
});
export type MemberCreate = z.infer<typeof memberCreateSchema>;

/** The new-member page's form: a ticked checkbox posts "on", an unticked one nothing. */
export const memberCreateFormSchema = memberCreateSchema.extend({
  level: formLevelField,
  sendInvite: z.preprocess((value) => value === "on" || value === true || value === "true", z.boolean()),
});

/** Every billing action and deletion says why: the reason is kept in the audit log. */
export const reasonField = z
  .string({ error: "Say why (it is kept in the audit log)." })
  .trim()
  .min(3, "Say why (it is kept in the audit log).")
  .max(500, "Keep the reason under 500 characters.");

export const MAX_GIFT_DAYS = 366;
const daysField = z
  .number({ error: "Enter a number of days." })
  .int("Enter whole days.")
  .min(1, "At least 1 day.")
  .max(MAX_GIFT_DAYS, `At most ${MAX_GIFT_DAYS} days at a time.`);
const formDaysField = z.coerce.number({ error: "Enter a number of days." }).pipe(daysField);

const planField = z.string({ error: "Choose a plan." }).trim().min(1, "Choose a plan.").max(64);

export const compSchema = z.object({ plan: planField, days: daysField, reason: reasonField });
export const extendSchema = z.object({ days: daysField, reason: reasonField });
export const adminCancelSchema = z.object({
  when: z.enum(["period-end", "now"], { error: "Choose when the subscription ends." }),
  reason: reasonField,
});
export const adminResumeSchema = z.object({ reason: reasonField });
export const adminSwitchPlanSchema = z.object({ plan: planField, reason: reasonField });
const invoiceIdField = z.number({ error: "Choose a payment." }).int("Choose a payment.").positive("Choose a payment.");
export const refundSchema = z.object({ invoiceId: invoiceIdField, reason: reasonField });
export const memberDeleteSchema = z.object({
  reason: reasonField,
  confirmEmail: z.string({ error: "Type the member's email to confirm." }).trim().toLowerCase(),
});

/** Deleting through the API takes the reason only (the page also asks to type the email). */
export const memberApiDeleteSchema = z.object({ reason: reasonField });

/** One action on the member page; `intent` picks which. */
export const memberActionSchema = z.discriminatedUnion("intent", [
  ...userActionSchema.options,
  memberEditSchema.extend({ intent: z.literal("update"), level: formLevelField }),
  memberDeleteSchema.extend({ intent: z.literal("delete") }),
  compSchema.extend({ intent: z.literal("comp"), days: formDaysField }),
  extendSchema.extend({ intent: z.literal("extend"), days: formDaysField }),
  adminCancelSchema.extend({ intent: z.literal("cancel") }),
  adminResumeSchema.extend({ intent: z.literal("resume") }),
  adminSwitchPlanSchema.extend({ intent: z.literal("switch-plan") }),
  refundSchema.extend({
    intent: z.literal("refund"),
    invoiceId: z.coerce.number({ error: "Choose a payment." }).pipe(invoiceIdField),
  }),
]);
export type MemberAction = z.infer<typeof memberActionSchema>;
