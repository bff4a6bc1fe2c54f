import { z } from "zod";
import { emailField } from "./auth";

// One-time sign-in links sent by email ("signing in with a token", docs/product-rules.md). Shared by the
// login page, the link's page (/auth/email-link) and the JSON API, so all three give the same messages.

/** Asking for a link: the address, and where to land once signed in (checked by safeRedirectPath). */
export const signInLinkRequestSchema = z.object({
  email: emailField,
  redirect: z.string().max(2048).optional(),
});

const INCOMPLETE = "This sign-in link is incomplete. Open the whole link from the email, or ask for a new one.";

/** The token from a link: base64url, as `randomToken` makes it (32 bytes are 43 characters). */
export const signInLinkTokenField = z
  .string({ error: INCOMPLETE })
  .trim()
  .min(16, INCOMPLETE)
  .max(256, INCOMPLETE)
  .regex(/^[A-Za-z0-9_-]+$/, INCOMPLETE);

/** Using a link: the API's body, and the link page's form (which adds its return address). */
export const signInLinkTokenSchema = z.object({ token: signInLinkTokenField });

export const signInLinkFormSchema = signInLinkTokenSchema.extend({ redirect: z.string().max(2048).optional() });
