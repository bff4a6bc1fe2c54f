import { z } from "zod";

// Shared by the admin user pages (Conform, no-JS forms) and /api/admin/users, so both give the same messages.
export const ADMIN_USERS_PAGE_SIZE = 25;

export const permissionCodeField = z
  .string({ error: "Choose a permission." })
  .trim()
  .min(1, "Choose a permission.")
  .max(64, "Permission codes are at most 64 characters.");

export const userSearchSchema = z.object({
  q: z.string().trim().max(200).optional().default(""),
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
