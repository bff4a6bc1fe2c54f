import { describe, expect, it } from "vitest";
import {
  arabicKey,
  decodeCsvBytes,
  diffImport,
  IMPORT_SPECS,
  importTemplateCsv,
  parseTimestamp,
  parseVocabularyCsv,
  resolveRows,
} from "../../server/lib/vocabulary-csv";
import { formatTimestamp } from "../../core/import-format";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("decodeCsvBytes", () => {
  it("drops a BOM and keeps Arabic", () => {
    expect(decodeCsvBytes(utf8("\uFEFFarabic\nمرحبا"))).toEqual({ text: "arabic\nمرحبا" });
  });

  it("refuses what is not UTF-8 CSV text with a reason", () => {
    expect(decodeCsvBytes(new Uint8Array())).toEqual({ error: "The file is empty." });
    expect(decodeCsvBytes(new Uint8Array([0x61, 0xe9, 0x0a]))).toMatchObject({ error: /not UTF-8/ });
    expect(decodeCsvBytes(new Uint8Array([0x50, 0x4b, 3, 4, 0]))).toMatchObject({ error: /xlsx/ });
    expect(decodeCsvBytes(new Uint8Array([0xff, 0xfe, 0x61, 0]))).toMatchObject({ error: /UTF-16/ });
    expect(decodeCsvBytes(new Uint8Array([0x61, 0x00, 0x01, 0x62]))).toMatchObject({ error: /binary/ });
  });
});

describe("timestamps", () => {
  it("reads seconds, m:ss and h:mm:ss", () => {
    expect(parseTimestamp("12.5")).toBe(12_500);
    expect(parseTimestamp("0:12.5")).toBe(12_500);
    expect(parseTimestamp("1:02:03.250")).toBe(3_723_250);
    expect(parseTimestamp("1:75")).toBeNull();
    expect(parseTimestamp("soon")).toBeNull();
    expect(formatTimestamp(62_500)).toBe("1:02.5");
    expect(formatTimestamp(3_000)).toBe("0:03");
  });
});

describe("parseVocabularyCsv", () => {
  it("reports missing and unknown columns for the whole file", () => {
    expect(parseVocabularyCsv("lesson", "lesson,arabic\n1,كتاب").fileErrors).toEqual(["Missing column: english."]);
    expect(parseVocabularyCsv("lesson", "lesson,arabic,english,englsh\n").fileErrors[0]).toMatch(
      /Unknown column “englsh”/,
    );
    expect(parseVocabularyCsv("deck", "").fileErrors).toEqual(["The file has no header row."]);
    expect(parseVocabularyCsv("deck", "deck,arabic,english\n\n").fileErrors).toEqual([
      "The file has a header but no rows.",
    ]);
  });

  it("validates each row with its spreadsheet row number and column", () => {
    const csv = [
      "Lesson, Arabic ,English,Start",
      "intro,مرحبا,hello,0:03",
      "intro,,no arabic,",
      "",
      "intro,hello,not arabic,",
      "intro,بيت,house,later",
      ',"كتاب, جديد","a ""new"" book",',
    ].join("\r\n");
    const parsed = parseVocabularyCsv("lesson", csv);
    expect(parsed.totalRows).toBe(5);
    expect(parsed.rows).toEqual([
      { row: 2, parentRef: "intro", arabic: "مرحبا", values: { arabic: "مرحبا", english: "hello", startMs: 3000 } },
    ]);
    expect(parsed.errors).toEqual([
      { row: 3, column: "arabic", message: "The arabic cell is empty; it is required." },
      { row: 5, column: "arabic", message: "“hello” has no Arabic letters." },
      { row: 6, column: "start", message: "“later” is not a time like 12.5, 0:12.5 or 1:02:03." },
      { row: 7, column: "lesson", message: "The lesson cell is empty; it is required." },
    ]);
  });

  it("normalises Arabic keys (NFC, tatweel, spaces)", () => {
    expect(arabicKey("  كـتاب   جديد ")).toBe("كتاب جديد");
  });
});

describe("resolveRows and diffImport", () => {
  const spec = IMPORT_SPECS.deck;
  const parents = [
    { id: 1, slug: "food", title: "Food" },
    { id: 2, slug: "twin", title: "Twin A" },
    { id: 3, slug: "twin", title: "Twin B" },
  ];

  it("rejects unknown and ambiguous parents and repeated keys", () => {
    const parsed = parseVocabularyCsv(
      "deck",
      "deck,arabic,english\nfood,مي,water\n1,مي,water again\nnope,خبز,bread\ntwin,خبز,bread\n9,خبز,bread",
    );
    const { rows, errors } = resolveRows(spec, parsed.rows, parents);
    expect(rows.map((row) => row.row)).toEqual([2]);
    expect(errors.map((error) => [error.row, error.column])).toEqual([
      [3, "arabic"],
      [4, "deck"],
      [5, "deck"],
      [6, "deck"],
    ]);
    expect(errors[2]!.message).toMatch(/use the id \(2 or 3\)/);
  });

  it("creates, updates only what differs, keeps left-out columns and appends positions", () => {
    const parsed = parseVocabularyCsv(
      "deck",
      "deck,arabic,english,example_arabic\nfood,مي,water,\nfood,خبز,bread,خبز طازة\nfood,شاي,tea,",
    );
    const { rows } = resolveRows(spec, parsed.rows, parents);
    const existing = [
      {
        id: 10,
        parentId: 1,
        arabic: "مي",
        transliteration: "mayy",
        english: "water",
        exampleArabic: "",
        exampleEnglish: "x",
        position: 4,
      },
      {
        id: 11,
        parentId: 1,
        arabic: "خبز",
        transliteration: "khebez",
        english: "bread",
        exampleArabic: "",
        exampleEnglish: "",
        position: 0,
      },
    ];
    const changes = diffImport(spec, rows, existing);
    expect(changes.map((change) => change.action)).toEqual(["unchanged", "update", "create"]);
    expect(changes[1]!.changes).toEqual([
      { field: "exampleArabic", column: "example_arabic", from: "", to: "خبز طازة" },
    ]);
    expect(changes[2]!.values).toMatchObject({ arabic: "شاي", english: "tea", transliteration: "", position: 5 });
  });

  it("offers a template with a BOM and every column", () => {
    const template = importTemplateCsv("lesson", "greetings");
    expect(template.startsWith("\uFEFFlesson,arabic,transliteration,english,start\r\n")).toBe(true);
    expect(template).toContain("كيفك");
  });
});
