import { z } from "zod";
import { faqs } from "#drizzle/schema";
import { booleanField, integerField, requiredText } from "../schema-helpers";
import { purgePublicPages } from "../hooks";
import { defineResource } from "../types";

/** /faq and the landing page show the published questions. */
const purgePublished = purgePublicPages({ shownWhen: (row) => row.isPublished === true });

export const faqsResource = defineResource({
  slug: "faqs",
  label: "FAQs",
  description: "Questions and answers on /faq; featured ones also on the landing page.",
  singular: "question",
  table: faqs,
  titleField: "question",
  createSchema: z.object({
    question: requiredText("Write the question.", 300),
    answer: requiredText("Write the answer.", 5000),
    position: integerField({ max: 10_000 }),
    isFeatured: booleanField(false),
    isPublished: booleanField(true),
  }),
  columns: [
    { field: "question", label: "Question", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
    { field: "isFeatured", label: "On the landing page", render: "boolean", sortable: true },
    { field: "isPublished", label: "Published", render: "boolean", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["question", "answer"],
  filters: [
    { field: "isPublished", label: "Published", type: "boolean", trueLabel: "Published", falseLabel: "Drafts" },
    { field: "isFeatured", label: "Landing page", type: "boolean", trueLabel: "Featured", falseLabel: "Not featured" },
  ],
  defaultSort: { field: "position", direction: "asc" },
  defaultValues: { position: 0, isFeatured: false, isPublished: true },
  fields: [
    { name: "question", label: "Question", widget: { type: "text", maxLength: 300 }, required: true },
    { name: "answer", label: "Answer", widget: { type: "textarea", rows: 6, maxLength: 5000 }, required: true },
    {
      name: "position",
      label: "Order",
      widget: { type: "number", min: 0, max: 10_000 },
      help: "Lower numbers are listed first.",
    },
    {
      name: "isFeatured",
      label: "Show on the landing page",
      widget: { type: "boolean" },
      help: "The landing page shows the first few featured questions.",
    },
    {
      name: "isPublished",
      label: "Published",
      widget: { type: "boolean" },
      help: "Unpublished questions are drafts: on no public page.",
    },
  ],
  hooks: { afterChange: [purgePublished], afterDelete: [purgePublished] },
});
