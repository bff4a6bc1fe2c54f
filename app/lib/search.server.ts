import type { z } from "zod";
import { AppError } from "#server/lib/errors";

// A page's search: its params parsed with the schema that declares the search box's maximum
// (core/schemas/search.ts). Text over the maximum is the route's error page with the schema's message
// (422), never a 500 and never a search quietly cut short.

function refuse(message: string | undefined, status = 422): never {
  throw new Response(message ?? "Check the search and try again.", { status });
}

/** The page's search params through `schema` (whose other fields fall back on their own); a refused search throws a 422 response. */
export function parseSearchParams<S extends z.ZodType>(schema: S, params: URLSearchParams): z.infer<S> {
  const result = schema.safeParse(Object.fromEntries(params));
  if (!result.success) refuse(result.error.issues[0]?.message);
  return result.data;
}

/** Runs a parse that refuses a search with an AppError (the admin registry's, the library's) and answers that as the page's error. */
export function searchOrRefuse<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof AppError) refuse(error.messages[0], error.status);
    throw error;
  }
}
