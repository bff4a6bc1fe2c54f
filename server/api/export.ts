import { OpenAPIHono } from "@hono/zod-openapi";
import { exportDeckSchema, exportNotesQuerySchema } from "#core/schemas/anki-export";
import { requireSignedIn } from "../access/policy";
import { exportDeckCsv, getExportDeck } from "../services/anki-export";
import { defineRoute, file, implement, ok, refused } from "./route";
import type { ApiEnv } from "./types";

/**
 * Exporting cards (docs/export.md, ADR 037): a deck's notes as JSON, from which the browser writes the Anki
 * package, or as CSV. A member's own words always; a curated collection or deck with a subscription (402).
 * Someone else's list is a 404.
 */
export const exportApi = new OpenAPIHono<ApiEnv>();

const SUMMARY_SOURCES =
  "source: my-words (every saved word), list (one of the member's lists, by id), collection (a curated flashcard " +
  "collection, by id), deck (a global vocabulary deck, by id) or all (saved words and, with a subscription, " +
  "every collection).";

implement(
  exportApi,
  defineRoute({
    method: "get",
    path: "/notes",
    audience: "member",
    summary: `A deck's notes for an Anki package. ${SUMMARY_SOURCES}`,
    request: { query: exportNotesQuerySchema },
    responses: { ...ok(exportDeckSchema), ...refused(402, 404, 422) },
  }),
  async (c) => {
    const { source, id } = c.req.valid("query");
    const deck = await getExportDeck(c.get("app"), { viewer: requireSignedIn(c.get("viewer")), source, id });
    return c.json({ data: deck }, 200, { "Cache-Control": "private, no-store" });
  },
);

implement(
  exportApi,
  defineRoute({
    method: "get",
    path: "/notes.csv",
    audience: "member",
    summary: `A deck's notes as a spreadsheet CSV (UTF-8 with a byte order mark). ${SUMMARY_SOURCES}`,
    request: { query: exportNotesQuerySchema },
    responses: { ...file("text/csv", "The notes, one a row."), ...refused(402, 404, 422) },
  }),
  async (c) => {
    const { source, id } = c.req.valid("query");
    const deck = await getExportDeck(c.get("app"), { viewer: requireSignedIn(c.get("viewer")), source, id });
    return c.body(exportDeckCsv(deck), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${deck.fileName}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  },
);
