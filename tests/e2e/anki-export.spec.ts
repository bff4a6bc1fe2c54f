import { readFile } from "node:fs/promises";
import { readAnkiPackage } from "anki-reader";
import Papa from "papaparse";
import { expect, test, type Page } from "./test";
import { DEMO, expectAccessible, signIn } from "./fixtures";

// Exporting cards (docs/export.md, ADR 037): the browser writes the Anki package from the notes API; here it is
// downloaded and opened with an Anki reader library, as Anki would read it. The notes' rules (who may export
// what, the fields) are in tests/integration/anki-export.test.ts.

async function download(page: Page, button: string) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: button }).click();
  const file = await downloading;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test("a member's saved words export to an Anki package with the sentence, the moment and its audio", async ({
  page,
}) => {
  await signIn(page, DEMO.learner, "/flashcards/my-words");
  const exporter = page.getByRole("region", { name: "Export my saved words" });
  await expect(exporter.getByRole("button", { name: "Export to Anki (.apkg)" })).toBeEnabled();
  await expectAccessible(page);

  const apkg = await download(page, "Export to Anki (.apkg)");
  expect(apkg.name).toBe("ahla-my-words.apkg");
  await expect(exporter.getByRole("status")).toContainText("Downloaded ahla-my-words.apkg");

  const { collection, media } = await readAnkiPackage(new Blob([apkg.bytes]));
  const deck = Object.values(collection.getDecks()).find((entry) => entry.getName() === "Ahla::My words");
  expect(deck).toBeDefined();
  const cards = Object.values(deck!.getCards());
  expect(cards.length).toBeGreaterThanOrEqual(1);

  const model = Object.values(collection.getModels())[0]!;
  expect(model.getFields().map((field) => field.name)).toEqual([
    "Arabic",
    "Transliteration",
    "English",
    "Sentence",
    "SentenceTransliteration",
    "SentenceEnglish",
    "Source",
    "Audio",
  ]);

  // Every seeded saved word comes from a lesson line: its sentence, a link to the moment, and the sound.
  for (const card of cards) {
    const fields = card.getFields();
    expect(fields.Arabic).toMatch(/[\u0600-\u06FF]/);
    expect(fields.English).not.toBe("");
    expect(fields.Sentence).toMatch(/[\u0600-\u06FF]/);
    expect(fields.Source).toMatch(/^<a href="http[^"]+\/video\/\d+\/[a-z0-9-]+\?t=\d+">[^<]+<\/a>$/);
    const sound = /^\[sound:(ahla-item-\d+\.wav)\]$/.exec(fields.Audio!)?.[1];
    expect(sound, `the sound of ${fields.Arabic}`).toBeDefined();
    const wav = new Uint8Array(await media[sound!]!.arrayBuffer());
    expect(new TextDecoder().decode(wav.slice(0, 4))).toBe("RIFF");
    expect(wav.length).toBeGreaterThan(44 + 16_000 * 2 * 0.2); // more than 0.2 s of 16 kHz 16-bit audio
  }
  // The Arabic on the card reads right to left.
  expect(model.getTemplates()[0]!.qfmt).toContain('lang="ar" dir="rtl"');
});

test("all cards export as CSV: a BOM, the header and Arabic rows", async ({ page }) => {
  await signIn(page, DEMO.learner, "/flashcards");
  const exporter = page.getByRole("region", { name: "Export all cards" });
  const csv = await download(page, "Export CSV");
  expect(csv.name).toBe("ahla-all-cards.csv");
  await expect(exporter.getByRole("status")).toContainText("Downloaded ahla-all-cards.csv");
  const text = csv.bytes.toString("utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = Papa.parse<string[]>(text.slice(1).trimEnd()).data;
  expect(rows[0]).toEqual([
    "Arabic",
    "Transliteration",
    "English",
    "Sentence",
    "Sentence transliteration",
    "Sentence English",
    "Lesson",
    "Link",
    "Tags",
  ]);
  expect(rows.length).toBeGreaterThan(2);
  expect(rows[1]![0]).toMatch(/[\u0600-\u06FF]/);
});

test("a free member is told a curated collection's export comes with a subscription", async ({ page }) => {
  await signIn(page, DEMO.free, "/flashcards");
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "Everyday Essentials" }) })
    .getByRole("link")
    .click();
  await expect(page.getByTestId("collection-export-locked")).toContainText("comes with a subscription");
  await expect(page.getByRole("button", { name: "Export to Anki (.apkg)" })).toHaveCount(0);
});
