import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { spreadsheetCsv } from "../../server/lib/csv";
import { mailingListCsv } from "../../server/services/admin-mailing-list";
import { importTemplateCsv } from "../../server/lib/vocabulary-csv";

// Every CSV export (the vocabulary list's export.csv, the admin mailing list's, the import templates) is
// written by server/lib/csv.ts with Papa Parse: a spreadsheet reads each cell back as it was stored, and no
// cell runs as a formula.

/** The cells a spreadsheet reads from the file (the byte order mark taken off, as Excel does). */
const cellsOf = (csv: string) =>
  Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: true }).data;

describe("spreadsheetCsv", () => {
  it("starts with a byte order mark and ends every line, the last included, with CRLF", () => {
    const csv = spreadsheetCsv(["a", "b"], [["1", "2"]]);
    expect(csv).toBe("\uFEFFa,b\r\n1,2\r\n");
    expect(spreadsheetCsv(["a", "b"], [])).toBe("\uFEFFa,b\r\n");
  });

  it("quotes commas, quotes and line breaks (RFC 4180) and reads back unchanged", () => {
    const cells = ['hello, "friend"', "two\r\nlines", "one\nline", "مرحبا", " padded "];
    const csv = spreadsheetCsv(["c1", "c2", "c3", "c4", "c5"], [cells]);
    expect(csv).toContain('"hello, ""friend"""');
    expect(csv).toContain('"two\r\nlines"');
    expect(cellsOf(csv)).toEqual([["c1", "c2", "c3", "c4", "c5"], cells]);
  });

  it("defuses every cell that starts like a formula (=, +, -, @, tab, CR) with a leading apostrophe", () => {
    const formulas = ["=1+1", "+49 30 1234", "-2", "@SUM(A1:A2)", "\t=cmd", "\r=cmd", '=HYPERLINK("x")'];
    const csv = spreadsheetCsv(
      formulas.map((_, index) => `f${index}`),
      [formulas],
    );
    expect(csv).toContain(`"'=1+1","'+49 30 1234","'-2","'@SUM(A1:A2)"`);
    expect(cellsOf(csv)[1]).toEqual(formulas.map((cell) => `'${cell}`));
    // Papa Parse's own default pattern misses a formula with a line break in it; ours does not.
    expect(cellsOf(spreadsheetCsv(["f"], [["=1+1\nsecond line"]]))[1]).toEqual(["'=1+1\nsecond line"]);
    // Only the first character counts: a sign or an @ further on is text as it is.
    expect(cellsOf(spreadsheetCsv(["f"], [["a=b+c-d@e"]]))[1]).toEqual(["a=b+c-d@e"]);
  });
});

describe("the exports built on it", () => {
  it("the mailing list CSV defuses a name that is a formula and quotes one with a comma", () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    const csv = mailingListCsv([
      {
        id: 1,
        email: "nour@example.com",
        name: "=IMPORTXML(A1)",
        source: "footer",
        status: "confirmed",
        consentAt: at,
        confirmedAt: at,
        unsubscribedAt: null,
        createdAt: at,
      },
      {
        id: 2,
        email: "sami@example.com",
        name: 'Haddad, Sami "the baker"',
        source: "footer",
        status: "pending",
        consentAt: at,
        confirmedAt: null,
        unsubscribedAt: null,
        createdAt: at,
      },
    ]);
    expect(csv.startsWith("\uFEFFemail,name,status,source,")).toBe(true);
    const [, first, second] = cellsOf(csv);
    expect(first!.slice(0, 3)).toEqual(["nour@example.com", "'=IMPORTXML(A1)", "confirmed"]);
    expect(second!.slice(0, 3)).toEqual(["sami@example.com", 'Haddad, Sami "the baker"', "pending"]);
    expect(csv).toContain('"\'=IMPORTXML(A1)"');
  });

  it("the import template defuses a parent reference that starts like a formula", () => {
    expect(cellsOf(importTemplateCsv("deck", "-1"))[1]![0]).toBe("'-1");
    expect(importTemplateCsv("lesson", "greetings")).toMatch(/^\uFEFFlesson,arabic,transliteration,english,start\r\n/);
  });
});
