import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamp, timestamps } from "./columns";

export const faqs = sqliteTable("faqs", {
  id: id(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  position: integer("position").notNull().default(0),
  isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
  /** Unpublished questions are drafts: on no public page. */
  isPublished: integer("is_published", { mode: "boolean" }).notNull().default(true),
  ...timestamps,
});

/**
 * Learners' words on the landing page. Published only with the learner's consent recorded (the date they
 * agreed to be quoted, first name and city only); the demo seed's rows are unpublished samples.
 */
export const testimonials = sqliteTable("testimonials", {
  id: id(),
  quote: text("quote").notNull(),
  name: text("name").notNull(),
  city: text("city").notNull().default(""),
  /** What they learn for, in their words: shown under the name. */
  context: text("context").notNull().default(""),
  /** An Arabic phrase from the quote, shown right-to-left with its meaning. */
  phraseArabic: text("phrase_arabic"),
  phraseMeaning: text("phrase_meaning"),
  consentAt: timestamp("consent_at"),
  isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
  /** A made-up example (the demo seed): never publishable. */
  isSample: integer("is_sample", { mode: "boolean" }).notNull().default(false),
  position: integer("position").notNull().default(0),
  ...timestamps,
});
