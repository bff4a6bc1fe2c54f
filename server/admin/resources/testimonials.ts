import { z } from "zod";
import { testimonials } from "#drizzle/schema";
import { AppError } from "../../lib/errors";
import {
  booleanField,
  integerField,
  optionalDate,
  optionalText,
  requiredText,
  textWithDefault,
} from "../schema-helpers";
import { purgePublicPages } from "../hooks";
import { defineResource, type AdminBeforeChangeHook, type AdminRow } from "../types";

const CONSENT_REQUIRED = "Record the date the learner agreed to be quoted before publishing.";
const SAMPLE_REFUSED = "A sample is made up: it can never be published. Add the learner's real words instead.";

/** Publishing needs the learner's recorded consent, and never a made-up sample (the demo seed's rows). */
const refuseUnconsented: AdminBeforeChangeHook = (_ctx, { values, existing }): AdminRow => {
  const published = "isPublished" in values ? values.isPublished : existing?.isPublished;
  if (published !== true) return values;
  const consentAt = "consentAt" in values ? values.consentAt : existing?.consentAt;
  const sample = "isSample" in values ? values.isSample : existing?.isSample;
  if (sample === true) throw new AppError(422, [SAMPLE_REFUSED], { isPublished: [SAMPLE_REFUSED] });
  if (!consentAt) throw new AppError(422, [CONSENT_REQUIRED], { consentAt: [CONSENT_REQUIRED] });
  return values;
};

/** The landing page shows the published testimonials with consent, never a sample. */
const purgeShown = purgePublicPages({
  shownWhen: (row) => row.isPublished === true && Boolean(row.consentAt) && row.isSample !== true,
});

export const testimonialsResource = defineResource({
  slug: "testimonials",
  label: "Testimonials",
  description: "Learners' words on the landing page, published only with their consent.",
  singular: "testimonial",
  table: testimonials,
  titleField: "name",
  createSchema: z.object({
    quote: requiredText("Write the learner's words.", 600),
    name: requiredText("Enter the learner's first name.", 60),
    city: textWithDefault(80),
    context: textWithDefault(120),
    phraseArabic: optionalText(120),
    phraseMeaning: optionalText(160),
    consentAt: optionalDate(),
    isPublished: booleanField(false),
    position: integerField({ max: 10_000 }),
  }),
  columns: [
    { field: "name", label: "Learner", sortable: true },
    { field: "city", label: "City", sortable: true },
    { field: "consentAt", label: "Consent", render: "date", sortable: true },
    { field: "isPublished", label: "Published", render: "boolean", sortable: true },
    { field: "isSample", label: "Sample", render: "boolean", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  searchFields: ["name", "city", "quote"],
  filters: [
    { field: "isPublished", label: "Published", type: "boolean", trueLabel: "Published", falseLabel: "Not published" },
    { field: "isSample", label: "Samples", type: "boolean", trueLabel: "Samples", falseLabel: "Real learners" },
  ],
  defaultSort: { field: "position", direction: "asc" },
  defaultValues: { isPublished: false, position: 0 },
  hooks: { beforeChange: [refuseUnconsented], afterChange: [purgeShown], afterDelete: [purgeShown] },
  fields: [
    { name: "quote", label: "Their words", widget: { type: "textarea", rows: 5, maxLength: 600 }, required: true },
    {
      name: "name",
      label: "First name",
      widget: { type: "text", maxLength: 60 },
      required: true,
      help: "First name only.",
    },
    { name: "city", label: "City", widget: { type: "text", maxLength: 80 } },
    {
      name: "context",
      label: "What they learn for",
      widget: { type: "text", maxLength: 120 },
      help: "In their words, shown under the name.",
    },
    {
      name: "phraseArabic",
      label: "Arabic phrase from the quote",
      widget: { type: "text", maxLength: 120 },
      lang: "ar",
    },
    { name: "phraseMeaning", label: "Its meaning", widget: { type: "text", maxLength: 160 } },
    {
      name: "consentAt",
      label: "Consent recorded on",
      widget: { type: "date" },
      help: "The day the learner agreed to be quoted (first name and city). Required to publish.",
      section: "Publishing",
    },
    {
      name: "isPublished",
      label: "Published on the landing page",
      widget: { type: "boolean" },
      section: "Publishing",
    },
    {
      name: "position",
      label: "Order",
      widget: { type: "number", min: 0, max: 10_000 },
      help: "Lower numbers are shown first.",
      section: "Publishing",
    },
  ],
});
