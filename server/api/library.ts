import { Hono } from "hono";
import { librarySearchField } from "#core/schemas/search";
import { parseWith } from "../lib/errors";
import { listLibrary, parseLibraryParams } from "../services/catalog";
import { searchLessons } from "../services/search";
import type { ApiEnv } from "./types";

/**
 * `/api/library`: the library as JSON, open to visitors like the page (locks say what they may watch).
 * Same query string as /video-library; unknown values are ignored, never an error, but a search longer
 * than its maximum is a 422.
 */
export const libraryApi = new Hono<ApiEnv>();

libraryApi.get("/", async (c) => {
  const ctx = c.get("app");
  const viewer = await c.get("viewer").access();
  const library = await listLibrary(ctx, { query: parseLibraryParams(new URL(c.req.url).searchParams), viewer });
  return c.json({ data: library });
});

/** Lessons matching `q`, best first, each with its best matching line and where it starts. */
libraryApi.get("/search", async (c) => {
  const limit = Number.parseInt(c.req.query("limit") ?? "", 10);
  const q = parseWith(librarySearchField, c.req.query("q") ?? "");
  const results = await searchLessons(c.get("app"), q, {
    limit: Number.isFinite(limit) ? limit : undefined,
  });
  return c.json({ data: results });
});
