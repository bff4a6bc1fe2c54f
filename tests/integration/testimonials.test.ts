import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { faqs, testimonials } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { listFaqs } from "../../server/services/catalog/faqs";
import { listPublishedTestimonials } from "../../server/services/landing";
import { testEnv } from "./helpers";

// Public content that used to live in code: learners' words (published only with consent, never a
// sample) and FAQs (drafts stay off the public pages).

const ctx = createAppContext(testEnv);

describe("testimonials on the landing page", () => {
  it("are the published ones with consent recorded, never a sample, in the admin's order", async () => {
    const now = new Date();
    const row = (values: Partial<typeof testimonials.$inferInsert>) => ({
      quote: "Words",
      name: "Someone",
      createdAt: now,
      updatedAt: now,
      ...values,
    });
    await ctx.db.insert(testimonials).values([
      row({ name: "Second", isPublished: true, consentAt: now, position: 2 }),
      row({
        name: "First",
        isPublished: true,
        consentAt: now,
        position: 1,
        phraseArabic: "يلّا",
        phraseMeaning: "let's go",
      }),
      row({ name: "No consent", isPublished: true, consentAt: null, position: 0 }),
      row({ name: "Draft", isPublished: false, consentAt: now, position: 0 }),
      row({ name: "Sample", isPublished: true, consentAt: now, isSample: true, position: 0 }),
    ]);
    const shown = await listPublishedTestimonials(ctx);
    expect(shown.map((testimonial) => testimonial.name)).toEqual(["First", "Second"]);
    expect(shown[0]!.phrase).toEqual({ arabic: "يلّا", meaning: "let's go" });
    expect(shown[1]!.phrase).toBeNull();
  });
});

describe("FAQs", () => {
  it("leave unpublished questions off every public list", async () => {
    const now = new Date();
    const [draft] = await ctx.db
      .insert(faqs)
      .values({
        question: "A draft question?",
        answer: "Not yet.",
        isFeatured: true,
        isPublished: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    expect((await listFaqs(ctx)).some((faq) => faq.id === draft!.id)).toBe(false);
    expect((await listFaqs(ctx, { featuredOnly: true })).some((faq) => faq.id === draft!.id)).toBe(false);
    await ctx.db.update(faqs).set({ isPublished: true }).where(eq(faqs.id, draft!.id));
    expect((await listFaqs(ctx, { featuredOnly: true })).some((faq) => faq.id === draft!.id)).toBe(true);
  });
});
