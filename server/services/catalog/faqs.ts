import { and, asc, eq } from "drizzle-orm";
import { faqs } from "#drizzle/schema";
import type { AppContext } from "../../context";

export async function listFaqs(
  ctx: AppContext,
  { featuredOnly = false, limit }: { featuredOnly?: boolean; limit?: number } = {},
) {
  const query = ctx.db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(and(eq(faqs.isPublished, true), featuredOnly ? eq(faqs.isFeatured, true) : undefined))
    .orderBy(asc(faqs.position), asc(faqs.id));
  return limit ? query.limit(limit) : query;
}
