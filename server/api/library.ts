import { OpenAPIHono } from "@hono/zod-openapi";
import { LIBRARY_SEARCH_MAX_LENGTH } from "#core/search-limits";
import { librarySearchField } from "#core/schemas/search";
import { parseWith } from "../lib/errors";
import { listLibrary } from "../services/catalog/library";
import { parseLibraryParams } from "../services/catalog/library-params";
import { searchLessons } from "../services/search";
import { defineRoute, implement, list, ok, queryParam, refused } from "./route";
import type { ApiEnv } from "./types";

const str = { type: "string" };

/**
 * `/api/library`: the library as JSON, open to visitors like the page (locks say what they may watch).
 * Same query string as /video-library, read by the page's own parser: unknown values are ignored, never an
 * error, but a search longer than its maximum is a 422.
 */
export const libraryApi = new OpenAPIHono<ApiEnv>();

implement(
  libraryApi,
  defineRoute({
    method: "get",
    path: "/",
    audience: "public",
    summary: "The lesson library: filters, search, sort and pages, as on /video-library.",
    parameters: [
      queryParam("q", "Search words (Arabic, transliteration or English); longer is a 422.", {
        schema: { type: "string", maxLength: LIBRARY_SEARCH_MAX_LENGTH },
      }),
      queryParam("level", "beginner, intermediate or advanced; repeatable.", { schema: str }),
      queryParam("category", "A topic's slug.", { schema: str }),
      queryParam("teacher", "A teacher's slug.", { schema: str }),
      queryParam("country", "A two-letter country code.", { schema: str }),
      queryParam("duration", "A length bucket, e.g. 1-3.", { schema: str }),
      queryParam("free", "1 for free lessons only.", { schema: str }),
      queryParam("status", "Members: completed, in-progress or unwatched.", { schema: str }),
      queryParam("fit", "Members: 1 for “right for me”, lessons where they know 80–95 % of the words.", {
        schema: str,
      }),
      queryParam("sort", "relevance, newest, popular, shortest, or (members) known: most words known first.", {
        schema: str,
      }),
      queryParam("page", "Page number, from 1.", { schema: { type: "integer" } }),
    ],
    responses: { ...ok(), ...refused(422) },
  }),
  async (c) => {
    const ctx = c.get("app");
    const access = await c.get("viewer").access();
    const library = await listLibrary(ctx, {
      query: parseLibraryParams(new URL(c.req.url).searchParams),
      identity: access,
    });
    return c.json({ data: library });
  },
);

/** Lessons matching `q`, best first, each with its best matching line and where it starts. */
implement(
  libraryApi,
  defineRoute({
    method: "get",
    path: "/search",
    audience: "public",
    summary: "Lessons whose title, description or transcript match, with the matching line.",
    parameters: [
      queryParam("q", "Search words; longer is a 422.", {
        required: true,
        schema: { type: "string", maxLength: LIBRARY_SEARCH_MAX_LENGTH },
      }),
      queryParam("limit", "At most this many results.", { schema: { type: "integer" } }),
    ],
    responses: { ...ok(list), ...refused(422) },
  }),
  async (c) => {
    const limit = Number.parseInt(c.req.query("limit") ?? "", 10);
    const q = parseWith(librarySearchField, c.req.query("q") ?? "");
    const results = await searchLessons(c.get("app"), { query: q, limit: Number.isFinite(limit) ? limit : undefined });
    return c.json({ data: results });
  },
);
