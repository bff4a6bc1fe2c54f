import { z } from "zod";
import { listeningQuestions } from "#drizzle/schema";
import { AppError } from "../../lib/errors";
import { booleanField, integerField, requiredId, requiredText, stringList } from "../schema-helpers";
import { defineResource, type AdminBeforeChangeHook, type AdminRow } from "../types";

const KIND_OPTIONS = [
  { value: "choice", label: "Multiple choice" },
  { value: "dictation", label: "Dictation" },
] as const;

/** A multiple-choice question needs options, and its answer must be one of them. */
const checkChoices: AdminBeforeChangeHook = (_ctx, { values, existing }): AdminRow => {
  const kind = values.kind ?? existing?.kind;
  if (kind !== "choice") return values;
  const options = (values.options ?? existing?.options ?? []) as string[];
  const answer = String(values.answer ?? existing?.answer ?? "");
  if (options.length < 2) {
    const message = "Give at least two options for a multiple-choice question.";
    throw new AppError(422, [message], { options: [message] });
  }
  if (!options.includes(answer)) {
    const message = "The answer must be one of the options, written the same way.";
    throw new AppError(422, [message], { answer: [message] });
  }
  return values;
};

export const listeningQuestionsResource = defineResource({
  slug: "listening-questions",
  label: "Listening questions",
  description: "Multiple-choice and dictation questions of each activity.",
  singular: "listening question",
  table: listeningQuestions,
  titleField: "prompt",
  createSchema: z.object({
    activityId: requiredId("Choose the activity."),
    kind: z.enum(["choice", "dictation"], { error: "Choose the question type." }).default("choice"),
    prompt: requiredText("Write the question.", 500),
    options: stringList(8),
    answer: requiredText("Enter the expected answer.", 500),
    acceptedVariants: stringList(20),
    acceptArabizi: booleanField(false),
    position: integerField({ max: 1000 }),
  }),
  columns: [
    { field: "prompt", label: "Question" },
    { field: "activityId", label: "Activity", render: "relation", relation: "listening-activities", sortable: true },
    {
      field: "kind",
      label: "Type",
      render: "badge",
      badgeTones: { choice: "info", dictation: "neutral" },
      sortable: true,
    },
    { field: "answer", label: "Answer", lang: "ar" },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  searchFields: ["prompt", "answer"],
  filters: [
    { field: "activityId", label: "Activity", type: "relation", resource: "listening-activities" },
    { field: "kind", label: "Type", type: "select", options: KIND_OPTIONS },
  ],
  defaultSort: { field: "position", direction: "asc" },
  defaultValues: { kind: "choice", position: 0, acceptArabizi: false },
  fields: [
    {
      name: "activityId",
      label: "Activity",
      widget: { type: "relation-one", resource: "listening-activities" },
      required: true,
    },
    { name: "kind", label: "Type", widget: { type: "select", options: KIND_OPTIONS } },
    { name: "prompt", label: "Question", widget: { type: "textarea", rows: 2, maxLength: 500 }, required: true },
    {
      name: "options",
      label: "Options",
      widget: { type: "string-list" },
      help: "Multiple choice only: one option per line, including the right one.",
    },
    {
      name: "answer",
      label: "Answer",
      widget: { type: "text", maxLength: 500 },
      required: true,
      help: "Dictation answers are compared without tashkeel, hamza forms or spacing.",
    },
    {
      name: "acceptedVariants",
      label: "Also accept",
      widget: { type: "string-list" },
      help: "Other spellings, one per line (e.g. the transliteration).",
    },
    { name: "acceptArabizi", label: "Accept Arabizi and transliteration", widget: { type: "boolean" } },
    { name: "position", label: "Order", widget: { type: "number", min: 0 } },
  ],
  hooks: { beforeChange: [checkChoices] },
});
