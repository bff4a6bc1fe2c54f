import { expect, test, type Page } from "./test";
import { DEMO, expectAccessible, signIn } from "./fixtures";

// Other specs assert on "Greetings in Damascus" and "Ordering Coffee in Beirut"; this one edits a lesson
// nobody else reads and puts its transcript back afterwards.
const LESSON = "Wedding Traditions in Jordan";

async function lessonId(page: Page, title: string) {
  await page.goto("/video-library");
  // The card's title link (before hydration "Add to playlist" is a link too, named with the title).
  await page
    .getByRole("heading")
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return Number(new URL(page.url()).pathname.split("/")[2]);
}

test("admin edits a line's English, splits a line, saves; the learner's lesson shows it", async ({ page, browser }) => {
  await signIn(page, DEMO.admin);
  const id = await lessonId(page, LESSON);
  const original = (await (await page.request.get(`/api/admin/lessons/${id}/cues`)).json()) as {
    data: Array<{
      id: number;
      startMs: number;
      endMs: number;
      arabic: string;
      transliteration: string;
      english: string;
    }>;
  };
  expect(original.data.length).toBeGreaterThan(2);

  try {
    await page.goto(`/admin/videos/${id}/lesson`);
    await expect(page).toHaveTitle(`Ahla - Lesson workspace: ${LESSON}`);
    const lines = page.getByRole("list", { name: "Transcript lines" }).getByRole("listitem");
    await expect(lines).toHaveCount(original.data.length);
    await expectAccessible(page);

    await page.getByLabel("English, Line 1", { exact: true }).fill("A wedding here starts a week early (edited)");

    // Split line 2 where the cursor is: after its first word.
    const arabic = page.getByLabel("Arabic, Line 2", { exact: true });
    const firstWord = original.data[1]!.arabic.split(" ")[0]!;
    await arabic.evaluate((input: HTMLInputElement, at: number) => {
      input.focus();
      input.setSelectionRange(at, at);
    }, firstWord.length);
    await page.getByRole("button", { name: "Split at cursor (Line 2)" }).click();
    await expect(lines).toHaveCount(original.data.length + 1);
    await expect(page.getByLabel("Arabic, Line 2", { exact: true })).toHaveValue(firstWord);

    await page.getByRole("button", { name: "Save transcript" }).click();
    await expect(page.getByText(`Transcript saved: ${original.data.length + 1} lines.`)).toBeVisible();

    // A subscribed learner sees the new line and the new English.
    const learner = await browser.newContext();
    const learnerPage = await learner.newPage();
    await signIn(learnerPage, DEMO.learner);
    await learnerPage.goto(`/video/${id}/x`);
    const transcript = learnerPage.getByRole("list", { name: "Transcript lines" });
    await expect(transcript.getByRole("listitem")).toHaveCount(original.data.length + 1);
    await expect(transcript.getByText("A wedding here starts a week early (edited)")).toBeVisible();
    await learner.close();
  } finally {
    const restored = await page.request.put(`/api/admin/lessons/${id}/cues`, { data: { cues: original.data } });
    expect(restored.status()).toBe(200);
  }
});

test("the cue editor refuses overlapping lines at the line, without saving", async ({ page }) => {
  await signIn(page, DEMO.admin);
  const id = await lessonId(page, LESSON);
  await page.goto(`/admin/videos/${id}/lesson`);
  const start = page.getByLabel("Start, Line 2", { exact: true });
  await start.fill("00:00.500");
  await page.getByRole("button", { name: "Save transcript" }).click();
  await expect(page.getByText(/Overlaps the line above/)).toBeVisible();
  await expect(start).toHaveAttribute("aria-invalid", "true");
  await page.reload();
  await expect(page.getByLabel("Start, Line 2", { exact: true })).not.toHaveValue("00:00.500");
});

test("subtitles generator: AI is off, a VTT file is imported into the editor, a broken one explained", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto("/admin/subtitles-generator");
  await expect(page).toHaveTitle("Ahla - Subtitles generator");
  await expect(page.getByText("AI transcription is off.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search lessons" }).fill("Answering");
  await page.getByRole("button", { name: "Search" }).click();
  await page
    .getByRole("list", { name: "Lessons" })
    .getByRole("link", { name: /Answering the Phone/ })
    .click();
  await expect(page.getByRole("button", { name: "Generate with Whisper" })).toBeDisabled();

  await page.getByLabel("Import a WebVTT (.vtt) or SRT (.srt) file").setInputFiles({
    name: "phone.vtt",
    mimeType: "text/vtt",
    buffer: Buffer.from(
      "WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nألو؟\n\n00:00:02.000 --> 00:00:04.250\nأهلين، مين معي؟\n",
    ),
  });
  await page.getByRole("button", { name: "Import file" }).click();
  const imported = page.getByRole("list", { name: "Imported lines" }).getByRole("listitem");
  await expect(imported).toHaveCount(2);
  await expect(page.getByLabel("Arabic, Line 2", { exact: true })).toHaveValue("أهلين، مين معي؟");
  await expect(page.getByLabel("End, Line 2", { exact: true })).toHaveValue("00:04.250");
  await expect(page.getByText(/2 lines from phone\.vtt \(VTT\)/)).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Import a WebVTT (.vtt) or SRT (.srt) file").setInputFiles({
    name: "broken.vtt",
    mimeType: "text/vtt",
    buffer: Buffer.from("WEBVTT\n\n00:00:01.000 --> later\nألو\n"),
  });
  await page.getByRole("button", { name: "Import file" }).click();
  await expect(page.getByText("Line 3: “later” is not a valid end time.")).toBeVisible();
});

test("the learner's lesson assistant says plainly that it is off", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await lessonId(page, LESSON);
  await page.getByRole("button", { name: /Ask about this lesson/ }).click();
  await expect(page.getByRole("status").filter({ hasText: /The lesson assistant is off/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ask", exact: true })).toHaveCount(0);
});

test("admin AI chat page: switch a lesson's assistant on and off", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto("/admin/video-ai-chat");
  await expect(page).toHaveTitle("Ahla - Video AI chat");
  await expect(page.getByText("AI answers are off on this deployment.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search lessons" }).fill("Answering");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Answering the Phone" }).click();
  await expect(page.getByRole("heading", { name: "Assistant for “Answering the Phone”" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Learners can ask the assistant about this lesson").check();
  await page.getByLabel("Context notes").fill("Phone etiquette: ألو and مين معي.");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("The assistant is on for this lesson.")).toBeVisible();
  await expect(page.getByLabel("Context notes")).toHaveValue("Phone etiquette: ألو and مين معي.");
  await page.getByLabel("Learners can ask the assistant about this lesson").uncheck();
  await page.getByLabel("Context notes").fill("");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("The assistant is off for this lesson.")).toBeVisible();
});
