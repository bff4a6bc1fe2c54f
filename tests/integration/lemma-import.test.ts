import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, lemmaForms, lemmas } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { parseLemmaCsv } from "../../server/lib/lemma-csv";
import { call, json, member, testEnv, type ApiBody } from "./helpers";

// The lexicon through the CSV import (docs/admin-imports.md "The lexicon"): /api/admin/imports/lemmas, with the
// preview, row errors per column, drafts and chunked apply of the other imports; lemma_forms kept in step.

const ctx = createAppContext(testEnv);
let admin: { id: number; token: string };
const mark = `${Date.now().toString(36)}${crypto.randomUUID().slice(0, 4)}`;
const key = (name: string) => `${name}-${mark}`;

interface Preview {
  draftId: string;
  preview: {
    totalRows: number;
    counts: { create: number; update: number; unchanged: number; errors: number };
    errors: Array<{ row: number; column: string; message: string }>;
    changes: Array<{
      row: number;
      action: string;
      parentTitle: string;
      changes: Array<{ column: string; from: unknown; to: unknown }>;
    }>;
  };
}

async function upload(csv: string) {
  const form = new FormData();
  form.append("file", new File([csv], "lexicon.csv", { type: "text/csv" }));
  const response = await call("/api/admin/imports/lemmas/preview", { method: "POST", token: admin.token, body: form });
  return { status: response.status, body: await json<ApiBody<Preview>>(response) };
}

async function apply(draftId: string) {
  const response = await call("/api/admin/imports/lemmas/apply", { token: admin.token, json: { draftId } });
  expect(response.status).toBe(200);
  return (await json<{ data: { created: number; updated: number; unchanged: number; skipped: number } }>(response))
    .data;
}

async function stored(...keys: string[]) {
  const rows = await ctx.db.select().from(lemmas).where(inArray(lemmas.key, keys));
  return new Map(rows.map((row) => [row.key, row]));
}

async function formsOf(lemmaId: number) {
  const rows = await ctx.db.select().from(lemmaForms).where(eq(lemmaForms.lemmaId, lemmaId));
  return Object.fromEntries(rows.map((row) => [row.form, row.isVerb]));
}

beforeAll(async () => {
  admin = await member({ permissions: ["admin"] });
});

describe("the lexicon CSV import", () => {
  it("previews new lemmas, lists every bad cell with its row and column, and applies the valid rows", async () => {
    const csv = [
      "key,arabic,transliteration,meanings,part_of_speech,root,forms,verb_past,verb_present,region_lebanese",
      `${key("ballash")},بَلَّش,ballash,to start | to begin,verb,ب ل ش,بلشت|بلشنا,بلّش,يبلّش,Also in Beirut.`,
      `${key("dars")},درس,dars,lesson,noun,د ر س,دروس,,,`,
      `${key("bad")},dars,,,thing,,x,,,`,
      `Not A Key,درس,dars,lesson,noun,,,,,`,
      `${key("7aka")},حكى,ħaka,to speak,verb,,,حكى,,`,
      `${key("dars")},درس,dars,lesson,noun,,,,,`,
    ].join("\n");
    const { status, body } = await upload(csv);
    expect(status, JSON.stringify(body)).toBe(201);
    const preview = body.data!.preview;
    expect(preview.counts).toEqual({ create: 2, update: 0, unchanged: 0, errors: 4 });
    expect(preview.errors).toEqual([
      { row: 4, column: "arabic", message: "Write it in Arabic letters." },
      { row: 4, column: "transliteration", message: "Enter the transliteration." },
      { row: 4, column: "meanings", message: "Give at least one meaning." },
      { row: 4, column: "part_of_speech", message: "Choose a part of speech." },
      { row: 4, column: "forms", message: "Item 1: Write it in Arabic letters." },
      { row: 5, column: "key", message: "“Not A Key” is not a key: lower-case letters, digits and hyphens." },
      { row: 6, column: "verb_present", message: "A verb needs both verb_past and verb_present." },
      { row: 7, column: "key", message: "Repeats row 3 (same key). Keep one of them." },
    ]);
    expect(preview.changes[0]).toMatchObject({
      row: 2,
      action: "create",
      parentTitle: key("ballash"),
      changes: expect.arrayContaining([
        { field: "meanings", column: "meanings", from: null, to: "to start | to begin" },
        { field: "verbPresent", column: "verb_present", from: null, to: "يبلّش" },
      ]),
    });
    // Nothing is written before apply.
    expect((await stored(key("ballash"))).size).toBe(0);

    expect(await apply(body.data!.draftId)).toMatchObject({ created: 2, updated: 0, unchanged: 0, skipped: 4 });
    const rows = await stored(key("ballash"), key("dars"));
    const ballash = rows.get(key("ballash"))!;
    expect(ballash).toMatchObject({
      arabic: "بَلَّش",
      arabicPlain: "بلش",
      arabizi: "ballash",
      partOfSpeech: "verb",
      root: "ب ل ش",
    });
    expect(JSON.parse(ballash.meanings)).toEqual(["to start", "to begin"]);
    expect(JSON.parse(ballash.forms)).toEqual(["بلشت", "بلشنا"]);
    expect(JSON.parse(ballash.verbForms!)).toEqual({ past: "بلّش", present: "يبلّش" });
    expect(JSON.parse(ballash.regions)).toEqual({ lebanese: "Also in Beirut." });
    expect(await formsOf(ballash.id)).toEqual({ بلش: true, بلشت: true, بلشنا: true, يبلش: true });
    expect(await formsOf(rows.get(key("dars"))!.id)).toEqual({ درس: false, دروس: false });
    const audits = await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.resource, "lemmas"));
    expect(audits.some((row) => row.action === "import.apply" && row.actorId === admin.id)).toBe(true);
  });

  it("updates only what differs (the Arabic too), keeps left-out columns, and keeps lemma_forms in step", async () => {
    const before = (await stored(key("ballash")))!.get(key("ballash"))!;
    const csv = [
      "key,arabic,transliteration,meanings,part_of_speech,forms",
      `${key("ballash")},بلّش,ballash,to start|to begin,verb,بلشت|بلشو`,
      `${key("dars")},درس,dars,lesson,noun,دروس`,
    ].join("\n");
    const { body } = await upload(csv);
    const preview = body.data!.preview;
    expect(preview.counts).toEqual({ create: 0, update: 1, unchanged: 1, errors: 0 });
    expect(preview.changes[0]!.changes).toEqual([
      { field: "arabic", column: "arabic", from: "بَلَّش", to: "بلّش" },
      { field: "forms", column: "forms", from: "بلشت | بلشنا", to: "بلشت | بلشو" },
    ]);
    expect(await apply(body.data!.draftId)).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const after = (await stored(key("ballash"))).get(key("ballash"))!;
    expect(after.id).toBe(before.id);
    expect(after.arabic).toBe("بلّش");
    expect(after.root).toBe("ب ل ش");
    expect(JSON.parse(after.verbForms!)).toEqual({ past: "بلّش", present: "يبلّش" });
    expect(await formsOf(after.id)).toEqual({ بلش: true, بلشت: true, بلشو: true, يبلش: true });

    // The same file again changes nothing.
    const again = await upload(csv);
    expect(again.body.data!.preview.counts).toEqual({ create: 0, update: 0, unchanged: 2, errors: 0 });
  });

  it("refuses a file that cannot be read as a lexicon (422 with the reason)", async () => {
    const missing = await upload("key,arabic\nx,درس");
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual(["Missing columns: transliteration, meanings, part_of_speech."]);
    const halfVerb = await upload(
      "key,arabic,transliteration,meanings,part_of_speech,verb_past\nx,حكى,ħaka,to speak,verb,حكى",
    );
    expect(halfVerb.status).toBe(422);
    expect(halfVerb.body.errors).toEqual(["Verb forms go together: add the verb_present column too."]);
  });

  it("offers a template with every column", async () => {
    const response = await call("/api/admin/imports/lemmas/template", { token: admin.token });
    expect(response.status).toBe(200);
    const text = await response.text();
    const parsed = parseLemmaCsv(text);
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.errors).toEqual([]);
    expect(parsed.columns[0]).toBe("key");
    expect(parsed.columns).toContain("verb_present");
  });

  it("is for administrators only", async () => {
    const learner = await member();
    for (const [token, status] of [
      [null, 401],
      [learner.token, 403],
    ] as const) {
      expect((await call("/api/admin/imports/lemmas/template", { token })).status).toBe(status);
      expect((await call("/api/admin/imports/lemmas/apply", { token, json: { draftId: "x".repeat(20) } })).status).toBe(
        status,
      );
    }
  });
});
