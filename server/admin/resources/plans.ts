import { z } from "zod";
import { plans } from "#drizzle/schema";
import { LEVELS } from "#core/levels";
import { booleanField, integerField, optionalText, requiredText, stringList, textWithDefault } from "../schema-helpers";
import { purgePublicPages } from "../hooks";
import { defineResource } from "../types";

/** /checkout and the landing page show the plans on sale; the Stripe price id is only for checkout itself. */
const purgeOnSale = purgePublicPages({ shownWhen: (row) => row.isActive === true, ignoring: ["stripePriceId"] });

const INTERVALS = [
  { value: "month", label: "Monthly" },
  { value: "year", label: "Yearly" },
] as const;

export const plansResource = defineResource({
  slug: "plans",
  label: "Plans",
  description: "What members can buy: prices, trials and what each plan includes.",
  singular: "plan",
  table: plans,
  titleField: "title",
  createSchema: z.object({
    name: requiredText("Enter the plan's code (letters, digits and dashes), e.g. monthly.", 40).regex(
      /^[a-z0-9-]+$/,
      "Use lower-case letters, digits and dashes: it appears in the checkout address.",
    ),
    title: requiredText("Enter the plan's name as members read it.", 80),
    description: textWithDefault(400),
    priceCents: z
      .number({ error: "Enter the price in cents." })
      .int("Enter the price in whole cents.")
      .min(0, "A price cannot be negative.")
      .max(1_000_000, "That price is too high."),
    currency: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{3}$/, "Use a three-letter currency code, e.g. usd.")
      .default("usd"),
    interval: z.enum(["month", "year"], { error: "Choose monthly or yearly." }),
    trialDays: integerField({ max: 365 }),
    levelTags: z
      .array(z.enum(LEVELS, { error: "Choose levels from the list." }))
      .max(3)
      .default([]),
    features: stringList(20),
    stripePriceId: optionalText(120),
    isActive: booleanField(true),
    position: integerField({ max: 1000 }),
  }),
  columns: [
    { field: "title", label: "Plan", sortable: true },
    { field: "priceCents", label: "Price (cents)", render: "number", sortable: true },
    { field: "interval", label: "Billed", sortable: true },
    { field: "trialDays", label: "Trial days", render: "number", sortable: true },
    { field: "isActive", label: "On sale", render: "boolean", sortable: true },
    { field: "position", label: "Order", render: "number", sortable: true },
  ],
  searchFields: ["name", "title"],
  filters: [
    { field: "isActive", label: "On sale", type: "boolean", trueLabel: "On sale", falseLabel: "Archived" },
    { field: "interval", label: "Billed", type: "select", options: INTERVALS },
  ],
  defaultSort: { field: "position", direction: "asc" },
  defaultValues: { currency: "usd", interval: "month", trialDays: 0, isActive: true, position: 0 },
  fields: [
    { name: "title", label: "Name", widget: { type: "text", maxLength: 80 }, required: true },
    {
      name: "name",
      label: "Code",
      widget: { type: "text", maxLength: 40 },
      required: true,
      help: "In the checkout address (/checkout/<code>); keep it once members have bought the plan.",
    },
    { name: "description", label: "Description", widget: { type: "textarea", rows: 3, maxLength: 400 } },
    {
      name: "priceCents",
      label: "Price in cents",
      widget: { type: "number", min: 0, max: 1_000_000 },
      required: true,
      help: "A new price applies to new subscriptions only: members already subscribed keep theirs until they switch.",
      section: "Price",
    },
    { name: "currency", label: "Currency", widget: { type: "text", maxLength: 3 }, section: "Price" },
    {
      name: "interval",
      label: "Billed",
      widget: { type: "select", options: INTERVALS },
      required: true,
      section: "Price",
    },
    { name: "trialDays", label: "Free trial days", widget: { type: "number", min: 0, max: 365 }, section: "Price" },
    {
      name: "stripePriceId",
      label: "Stripe price id",
      widget: { type: "text", maxLength: 120 },
      help: "The price in Stripe that checkout charges (price_…); a new price in Stripe needs a new id here.",
      section: "Price",
    },
    {
      name: "levelTags",
      label: "Levels",
      widget: { type: "string-list" },
      help: `Any of ${LEVELS.join(", ")}, one per line: the plan cards show them.`,
      section: "What it includes",
    },
    { name: "features", label: "Features", widget: { type: "string-list" }, section: "What it includes" },
    {
      name: "isActive",
      label: "On sale",
      widget: { type: "boolean" },
      help: "Archive a plan instead of deleting it: its members keep it.",
      section: "Publishing",
    },
    {
      name: "position",
      label: "Order",
      widget: { type: "number", min: 0, max: 1000 },
      section: "Publishing",
    },
  ],
  hooks: { afterChange: [purgeOnSale], afterDelete: [purgeOnSale] },
});
