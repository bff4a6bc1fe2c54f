import { z } from "zod";

export const NEWSLETTER_SOURCES = ["landing", "blog", "blog-post", "newsletter-page", "api"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

export const CONSENT_REQUIRED = "Tick the box to agree to receive the newsletter.";

/**
 * `POST /api/newsletter`: strict JSON. Consent is `true` (nothing else is consent), and `source` one of
 * NEWSLETTER_SOURCES or absent ("landing"); an unknown source is a 422, never silently replaced.
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
    .string({ error: "name is text." })
    .trim()
    .max(80, "Names are at most 80 characters.")
    .optional()
    .transform((value) => (value ? value : undefined)),
  consent: z.literal(true, { error: CONSENT_REQUIRED }),
  source: z
    .enum(NEWSLETTER_SOURCES, { error: `source is one of ${NEWSLETTER_SOURCES.join(", ")}.` })
    .default("landing"),
});

/**
 * The signup forms (landing, blog, the newsletter page): the checkbox posts "on", and the hidden `source` of an
 * old or edited page falls back to "landing" rather than losing the signup.
 */
export const newsletterSignupFormSchema = newsletterSignupSchema.extend({
  consent: z.union([z.literal("on"), z.literal(true)], { error: CONSENT_REQUIRED }).transform(() => true as const),
  source: z.enum(NEWSLETTER_SOURCES).catch("landing").default("landing"),
});

export type NewsletterSignupInput = z.infer<typeof newsletterSignupSchema>;
