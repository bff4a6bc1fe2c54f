import { expect, test } from "./test";
import { DEMO, expectAccessible, signIn } from "./fixtures";

// A lesson other specs do not read words from; the Arabic carries a run tag so every run creates new rows.
const LESSON = "wedding-traditions-in-jordan";

test("an admin uploads a CSV with one bad row, sees the error and the diff, applies and gets the counts", async ({
  page,
}) => {
  const tag = String(Date.now()).slice(-6);
  const csv = [
    "\uFEFFlesson,arabic,transliteration,english,start",
    `${LESSON},عرس ${tag},3ers,"a wedding, a party",0:05`,
    `${LESSON},زفة ${tag},zaffe,wedding procession,0:20.5`,
    `${LESSON},,nothing,missing Arabic,`,
  ].join("\r\n");

  await signIn(page, DEMO.admin, "/admin/mass-vocabulary-update");
  await expect(page).toHaveTitle("Ahla - Admin: Mass vocabulary update");
  await expect(page.getByRole("cell", { name: "lesson", exact: true })).toBeVisible();
  await page
    .getByLabel("CSV file (UTF-8)")
    .setInputFiles({ name: "words.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: "Preview" }).click();

  await expect(page.getByRole("heading", { name: "Preview of words.csv" })).toBeVisible();
  const errors = page.getByRole("region", { name: "Error list" });
  await expect(errors.getByRole("row").nth(1)).toContainText("4");
  await expect(errors).toContainText("The arabic cell is empty; it is required.");
  const changes = page.getByRole("region", { name: "Change list" });
  await expect(changes.getByRole("row")).toHaveCount(3);
  await expect(changes.locator('[lang="ar"]', { hasText: `عرس ${tag}` })).toBeVisible();
  await expect(changes).toContainText("a wedding, a party");
  await expect(changes).toContainText("0:20.5");
  // Let the "File read" toast go first: axe judges the page, not the toast's animation frame.
  await expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);

  await page.getByRole("button", { name: "Apply 2 changes" }).click();
  const report = page.getByRole("region", { name: "Import applied" });
  await expect(report).toBeVisible();
  await expect(report.getByText("Created").locator("..")).toContainText("2");
  await expect(report.getByText("Skipped (errors)").locator("..")).toContainText("1");

  // The same words again now update one meaning and leave the other unchanged.
  const update = [
    "lesson,arabic,english",
    `${LESSON},عرس ${tag},a wedding`,
    `${LESSON},زفة ${tag},wedding procession`,
  ].join("\n");
  await page
    .getByLabel("CSV file (UTF-8)")
    .setInputFiles({ name: "fix.csv", mimeType: "text/csv", buffer: Buffer.from(update, "utf8") });
  await page.getByRole("button", { name: "Preview" }).click();
  const diff = page.getByRole("region", { name: "Change list" });
  await expect(diff.getByRole("row")).toHaveCount(2);
  await expect(diff.locator("del")).toHaveText("a wedding, a party");
  await expect(diff.locator("ins")).toHaveText("a wedding");
});

test("a file that is not CSV text gets a clear error", async ({ page }) => {
  await signIn(page, DEMO.admin, "/admin/mass-global-vocabulary-update");
  await page.getByLabel("CSV file (UTF-8)").setInputFiles({
    name: "words.xlsx",
    mimeType: "application/octet-stream",
    buffer: Buffer.from([0x50, 0x4b, 3, 4, 0, 0]),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("alert")).toContainText("not a CSV");
  const template = await page.request.get("/api/admin/imports/global-vocabulary/template");
  expect((await template.body()).toString("utf8")).toContain("deck,arabic,transliteration,english");
});
