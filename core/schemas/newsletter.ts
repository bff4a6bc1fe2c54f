import { z } from "zod";

export const NEWSLETTER_SOURCES = ["landing", "blog", "blog-post", "newsletter-page", "api"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

export const CONSENT_REQUIRED = "Tick the box to agree to receive the newsletter.";

/**
 * One schema for the signup form and `POST /api/newsletter`. The checkbox posts "on"; JSON clients send
 * `true`. Anything else, including a missing field, is no consent.
 */
export const newsletterSignupSchema = z.object({
  email: z
    .string({ error: "Enter your email address." })
    .trim()
    .toLowerCase()
    .min(1, "Enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email("Enter a valid email address, like name@example.com.")),
  name: z
    .string()
    .trim()
    .max(80, "Names are at most 80 characters.")
    .optional()
    .transform((value) => (value ? value : undefined)),
  consent: z.union([z.literal("on"), z.literal(true)], { error: CONSENT_REQUIRED }).transform(() => true as const),
  source: z.enum(NEWSLETTER_SOURCES).catch("landing").default("landing"),
});

export type NewsletterSignupInput = z.infer<typeof newsletterSignupSchema>;
