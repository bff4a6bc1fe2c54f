/** Shown on /terms-of-use and /privacy-policy; change it whenever either text changes. */
export const LEGAL_LAST_UPDATED = "21 November 2026";
export const CONTACT_EMAIL = "hello@ahla.dev";
export const PRIVACY_EMAIL = "privacy@ahla.dev";
