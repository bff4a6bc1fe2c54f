import { expect, test, type Page } from "./test";
import { attachSeedVideo, DEMO, expectAccessible, signIn } from "./fixtures";

// Issue 25, "Glossing is quick for the team": an admin glosses a new lesson's line word by word in the cue
// editor (attaching lemmas of the demo lexicon, creating one), watches the meter reach 100 % and publishes
// without being asked to confirm. The lesson and the lemma it creates are removed afterwards, so no other
// spec sees them.

const LINE = {
  arabic: "الدرس بيبلّش هلّق بالزبط",
  transliteration: "id-dars biballish hallaʔ bizzabt",
  english: "The lesson starts right now.",
};

function meter(page: Page) {
  return page.locator("#gloss-meter");
}

function panelFor(page: Page, surface: string) {
  return page.getByRole("group", { name: `Gloss ${surface} (line 1)` });
}

async function openWord(page: Page, surface: string) {
  await page
    .getByRole("group", { name: "Words of line 1" })
    .getByRole("button", { name: new RegExp(`^${surface}:`) })
    .click();
  const panel = panelFor(page, surface);
  await expect(panel).toBeVisible();
  return panel;
}

/** Finds a lemma of the lexicon from the panel's search and takes it. */
async function attachBySearch(page: Page, surface: string, query: string, lemma: RegExp, gloss: string) {
  const panel = await openWord(page, surface);
  const change = panel.getByRole("button", { name: "Change lemma" });
  if (await change.isVisible()) await change.click();
  await panel.getByRole("searchbox", { name: "Find a lemma" }).fill(query);
  await panel.getByRole("group", { name: "Lemmas found" }).getByRole("button", { name: lemma }).first().click();
  await expect(panel.locator("[data-chosen-lemma]")).toContainText(lemma);
  await panel.getByLabel("Meaning in this sentence").fill(gloss);
  await panel.getByRole("button", { name: "Save gloss" }).click();
  await expect(panel).toHaveCount(0);
}

test("an admin glosses every word of a new line from the cue editor to 100 % and publishes without confirming", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.admin);
  const title = `Glossing practice ${Date.now()}`;
  const created = await page.request.post("/api/admin/videos", {
    data: { title, isPublished: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const lessonId = Number(((await created.json()) as { data: { id: string } }).data.id);
  let lemmaId: string | null = null;

  try {
    // The rest of the publishing checklist (ADR 041): a video, whose duration the server reads from it.
    await attachSeedVideo(page, lessonId);
    const saved = await page.request.put(`/api/admin/lessons/${lessonId}/cues`, {
      data: { cues: [{ startMs: 0, endMs: 3000, ...LINE }] },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto(`/admin/videos/${lessonId}/lesson`);
    await expect(meter(page)).toContainText("0 of 4 words glossed (0 %)");
    const words = page.getByRole("group", { name: "Words of line 1" });
    await expect(words.getByRole("button")).toHaveCount(4);
    await expectAccessible(page);

    // هلّق: the word analysis already found its lemma; the admin keeps it and writes the meaning here.
    const halla = await openWord(page, "هلّق");
    await expect(halla.locator("[data-chosen-lemma]")).toContainText("هلّق · hallaʔ");
    await expectAccessible(page);
    await halla.getByLabel("Meaning in this sentence").fill("right now");
    await page.screenshot({ path: "test-results/glossing-panel.png", fullPage: false });
    await halla.getByRole("button", { name: "Save gloss" }).click();
    await expect(meter(page)).toContainText("1 of 4 words glossed");
    await expect(words.getByRole("button", { name: "هلّق: right now" })).toBeVisible();

    // الدرس (the analysis may take it for the verb daras "to study") and بيبلّش: found in the lexicon by
    // meaning and by transliteration.
    await attachBySearch(page, "الدرس", "lesson", /درس · dars —/, "the lesson");
    await expect(meter(page)).toContainText("2 of 4 words glossed");
    await attachBySearch(page, "بيبلّش", "ballash", /بَلَّش · ballash —/, "(it) starts");
    await expect(meter(page)).toContainText("3 of 4 words glossed");

    // بالزبط is not in the lexicon: a new lemma, created from the panel (a missing field is named first).
    const zabt = await openWord(page, "بالزبط");
    const change = zabt.getByRole("button", { name: "Change lemma" });
    if (await change.isVisible()) await change.click();
    await zabt.getByRole("button", { name: "Create a new lemma" }).click();
    await zabt.getByLabel("Arabic (dictionary form)").fill("بالزبط");
    await zabt.getByLabel("Part of speech").selectOption("adverb");
    await zabt.getByLabel("Meaning (dictionary)").fill("exactly");
    await zabt.getByLabel("Meaning in this sentence").fill("exactly");
    await zabt.getByRole("button", { name: "Save gloss" }).click();
    await expect(zabt.getByText("Enter the transliteration.")).toBeVisible();
    await expect(meter(page)).toContainText("3 of 4 words glossed");
    await zabt.getByLabel("Transliteration").fill("bizzabt");
    await zabt.getByRole("button", { name: "Save gloss" }).click();
    await expect(zabt).toHaveCount(0);

    await expect(meter(page)).toContainText("4 of 4 words glossed (100 %)");
    await expect(words.locator('[data-glossed="no"]')).toHaveCount(0);
    await page.screenshot({ path: "test-results/glossing-done.png", fullPage: true });

    // The glosses are stored: a reload shows them.
    await page.reload();
    await expect(meter(page)).toContainText("4 of 4 words glossed (100 %)");
    await expect(words.getByRole("button", { name: "بالزبط: exactly" })).toBeVisible();

    // Fully glossed: Publish publishes at once, without asking.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Lesson published.")).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByText(/^Published · 1 transcript lines/)).toBeVisible();

    // The new lemma is in the lexicon, and the lessons list shows the lesson complete.
    await page.goto("/admin/lemmas?q=bizzabt");
    const row = page.getByRole("row", { name: /bizzabt/ });
    await expect(row).toContainText("exactly");
    lemmaId = ((await row.getByRole("link").first().getAttribute("href")) ?? "").split("/").pop() ?? null;
    await page.goto(`/admin/videos?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("4 of 4");
  } finally {
    await page.request.delete(`/api/admin/videos/${lessonId}`);
    if (lemmaId) await page.request.delete(`/api/admin/lemmas/${lemmaId}`);
  }
});

test("a lesson below 100 % asks for confirmation and says which words are missing", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.admin);
  const created = await page.request.post("/api/admin/videos", {
    data: { title: `Glossing confirm ${Date.now()}`, isPublished: false },
  });
  const lessonId = Number(((await created.json()) as { data: { id: string } }).data.id);
  try {
    await page.request.put(`/api/admin/lessons/${lessonId}/cues`, {
      data: { cues: [{ startMs: 0, endMs: 3000, ...LINE }] },
    });
    await page.goto(`/admin/videos/${lessonId}/lesson`);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Publish with the checklist incomplete?" });
    await expect(dialog).toContainText("4 of 4 words are not glossed yet: الدرس (line 1), بيبلّش (line 1)");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Keep working" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByText(/^Draft · 1 transcript lines/)).toBeVisible();

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("button", { name: "Publish anyway" }).click();
    await expect(page.getByText("Lesson published.")).toBeVisible();
    await expect(page.getByText(/^Published · 1 transcript lines/)).toBeVisible();
  } finally {
    await page.request.delete(`/api/admin/videos/${lessonId}`);
  }
});
