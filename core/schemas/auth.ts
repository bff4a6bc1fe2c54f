import { z } from "zod";

// Shared by the forms (Conform) and the JSON API, so both give the same messages.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email("Enter a valid email address."))
  .transform((value) => value.toLowerCase());

export const newPasswordField = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const nameField = z
  .string({ error: "Name is required." })
  .trim()
  .min(1, "Name is required.")
  .max(80, "Name must be 80 characters or fewer.");

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
  redirect: z.string().max(2048).optional(),
});

export const registerSchema = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
  plan: z.string().trim().max(40).optional(),
});

export const resetPasswordSchema = z.object({ email: emailField });

export const setNewPasswordSchema = z.object({
  email: emailField,
  newPassword: newPasswordField,
  resetPasswordToken: z
    .string({ error: "The reset link is incomplete." })
    .min(16, "The reset link is incomplete.")
    .max(256, "The reset link is invalid."),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password." })
      .min(1, "Enter your current password.")
      .max(PASSWORD_MAX),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: "Repeat the new password." }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

export const changeEmailSchema = z.object({
  newEmail: emailField,
  password: z
    .string({ error: "Enter your password to confirm." })
    .min(1, "Enter your password to confirm.")
    .max(PASSWORD_MAX),
});

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: "Enter your password to confirm." })
    .min(1, "Enter your password to confirm.")
    .max(PASSWORD_MAX),
  confirm: z.literal("DELETE", { error: "Type DELETE to confirm." }),
});

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: "The confirmation link is incomplete." })
    .min(16, "The confirmation link is incomplete.")
    .max(512, "The confirmation link is invalid."),
});
