import { z } from "zod";
import { subscriptionCancelReasons } from "#drizzle/schema";
import { booleanField, integerField, requiredText } from "../schema-helpers";
import { defineResource } from "../types";

export const subscriptionCancelReasonsResource = defineResource({
  slug: "subscription-cancel-reasons",
  label: "Cancel reasons",
  description: "Reasons offered when a member cancels.",
  singular: "cancel reason",
  table: subscriptionCancelReasons,
  titleField: "label",
  createSchema: z.object({
    label: requiredText("Enter the reason as members will read it.", 120),
    position: integerField({ max: 1000 }),
    isActive: booleanField(true),
  }),
  columns: [
    { field: "label", label: "Reason", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
    { field: "isActive", label: "Offered", render: "boolean", sortable: true },
    { field: "updatedAt", label: "Updated", render: "date", sortable: true },
  ],
  searchFields: ["label"],
  filters: [{ field: "isActive", label: "Offered", type: "boolean", trueLabel: "Offered", falseLabel: "Retired" }],
  defaultSort: { field: "position", direction: "asc" },
  defaultValues: { isActive: true, position: 0 },
  fields: [
    { name: "label", label: "Reason", widget: { type: "text", maxLength: 120 }, required: true },
    {
      name: "position",
      label: "Order",
      widget: { type: "number", min: 0, max: 1000 },
      help: "Lower numbers are listed first.",
    },
    {
      name: "isActive",
      label: "Offered when cancelling",
      widget: { type: "boolean" },
      help: "Retire a reason instead of deleting it to keep past cancellations readable.",
    },
  ],
});
