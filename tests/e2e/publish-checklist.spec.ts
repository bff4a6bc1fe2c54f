import { expect, test } from "./test";
import { attachSeedVideo, DEMO, expectAccessible, signIn } from "./fixtures";

// Issue 27, "Publishing with a checklist": an admin opens a draft lesson that has its video but no transcript
// line, sees the checklist (the duration read from the video, the transcript item failing and linking to the
// cue editor), tries to publish, is asked to confirm, and the lesson is published only after confirming.
// The rules themselves are tested in workerd (tests/integration/publish-checklist.test.ts).

test("a lesson without a transcript line is published only after the admin confirms", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.admin);
  const created = await page.request.post("/api/admin/videos", {
    data: { title: `Checklist ${Date.now()}`, isPublished: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const lessonId = Number(((await created.json()) as { data: { id: string } }).data.id);
  const published = async () => {
    const read = await page.request.get(`/api/admin/videos/${lessonId}`);
    return ((await read.json()) as { data: { values: { isPublished: boolean } } }).data.values.isPublished;
  };

  try {
    await attachSeedVideo(page, lessonId, "greetings-in-damascus");
    await page.goto(`/admin/videos/${lessonId}/lesson`);
    const checklist = page.getByRole("region", { name: "Publishing checklist" });
    await expect(checklist).toContainText("2 of 4 ready");
    await expect(checklist.getByRole("listitem").filter({ hasText: "A video file" })).toContainText(
      "The video is uploaded.",
    );
    // The seed video is 32 s long: read from the file, not typed.
    await expect(checklist.getByRole("listitem").filter({ hasText: "A duration read from the video" })).toContainText(
      "0:32, read from the video file when it was uploaded.",
    );
    const transcript = checklist.getByRole("listitem").filter({ hasText: "At least one transcript line" });
    await expect(transcript).toContainText("The transcript has no line yet.");
    const fix = transcript.getByRole("link", { name: /cue editor/ });
    await expect(fix).toHaveAttribute("href", `/admin/videos/${lessonId}/lesson#cue-list-heading`);
    await expectAccessible(page);

    // Publish asks first, naming what is missing; "Keep working" publishes nothing.
    await checklist.getByRole("button", { name: "Publish", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Publish with the checklist incomplete?" });
    await expect(dialog).toContainText("The transcript has no line yet. Publish anyway to confirm.");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Keep working" }).click();
    await expect(dialog).toHaveCount(0);
    expect(await published()).toBe(false);

    // The failing item leads to the cue editor.
    await fix.click();
    await expect(page).toHaveURL(new RegExp(`/admin/videos/${lessonId}/lesson#cue-list-heading$`));
    await expect(page.locator("#cue-list-heading")).toBeVisible();

    // Confirmed: published.
    await checklist.getByRole("button", { name: "Publish", exact: true }).click();
    await dialog.getByRole("button", { name: "Publish anyway" }).click();
    await expect(page.getByText("Lesson published.")).toBeVisible();
    await expect(page.getByText(/^Published · 0 transcript lines · 0:32/)).toBeVisible();
    await expect(checklist).toHaveCount(0);
    expect(await published()).toBe(true);
  } finally {
    await page.request.delete(`/api/admin/videos/${lessonId}`);
  }
});
