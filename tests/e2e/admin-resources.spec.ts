import { expect, test, type APIRequestContext, type Page } from "./test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN_SAMPLES, ADMIN_SAMPLE_SLUGS, type FormStep, type SampleDependency } from "../fixtures/admin-samples";
import { DEMO, expectAccessible, signIn } from "./fixtures";

// list → create → edit → delete through the UI, for a few admin resources. Every resource of
// tests/fixtures/admin-samples.ts is walked through the same pages, rendered in workerd, by
// tests/integration/admin-resource-walks.test.ts; the browser walks these, which between them fill every
// kind of form control the samples use (the first test below fails when a sample brings a new kind):
// videos: plain text, a select option, a checkbox; video-attachments: a dependency select, a file upload;
// lemmas: Arabic text and a select option; videos-teachers: a join row with nothing to edit.
const BROWSER_WALKS = ["videos", "video-attachments", "lemmas", "videos-teachers"];

/** The kinds of form control a create-form step fills. */
function controlKinds(step: FormStep): string[] {
  const kinds: string[] = [];
  if (step.text !== undefined) kinds.push("text");
  if (step.option !== undefined) kinds.push("option");
  if (step.dependency !== undefined) kinds.push("dependency");
  if (step.check) kinds.push("checkbox");
  if (step.file) kinds.push("file");
  return kinds;
}

const kindsOf = (slugs: string[]) =>
  new Set(
    slugs.flatMap((slug) => {
      const sample = ADMIN_SAMPLES[slug]!;
      const deps = (sample.needs ?? []).map((need, index) => ({ id: String(index + 1), title: `${need} ${index}` }));
      return sample.form(deps, "1-kinds").flatMap(controlKinds);
    }),
  );

test("the browser walks cover every kind of form control the admin samples use", () => {
  for (const slug of BROWSER_WALKS) expect(ADMIN_SAMPLE_SLUGS).toContain(slug);
  expect([...kindsOf(BROWSER_WALKS)].sort()).toEqual([...kindsOf(ADMIN_SAMPLE_SLUGS)].sort());
});

// Country codes derive from this number (QA, QB, … ZZ), so start anywhere and count up.
let sequence = Math.floor(Math.random() * 200);
const runId = Date.now().toString(36);

/** Fresh rows the form will point at, created through the admin API with the page's session. */
async function createDependency(request: APIRequestContext, slug: string): Promise<SampleDependency> {
  const sample = ADMIN_SAMPLES[slug]!;
  const deps: SampleDependency[] = [];
  for (const need of sample.needs ?? []) deps.push(await createDependency(request, need));
  sequence += 1;
  const response = await request.post(`/api/admin/${slug}`, { data: sample.create(deps, `${sequence}-${runId}-dep`) });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: SampleDependency };
  return { id: body.data.id, title: body.data.title };
}

/** The form control labelled exactly `label` (required fields add a " *" marker to the label). */
function labelled(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByRole("main").getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

async function expectToast(page: Page, text: RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

// One admin sign-in for the whole walk (login is rate limited), shared through a storage state file.
const adminState = join(tmpdir(), `ahla-admin-resources-${process.pid}.json`);

test.describe("admin resources in the browser", () => {
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signIn(page, DEMO.admin, "/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await context.storageState({ path: adminState });
    await context.close();
  });
  test.use({ storageState: adminState });

  for (const slug of BROWSER_WALKS) {
    test(`admin ${slug}: list → create → edit → delete`, async ({ page }) => {
      const sample = ADMIN_SAMPLES[slug]!;
      await page.goto(`/admin/${slug}`);
      await expect(page).toHaveURL(new RegExp(`/admin/${slug}$`));
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toBeVisible();

      const deps: SampleDependency[] = [];
      for (const need of sample.needs ?? []) deps.push(await createDependency(page.request, need));
      sequence += 1;
      const suffix = `${sequence}-${runId}`;

      await page.getByRole("link", { name: /^New / }).first().click();
      await expect(page).toHaveURL(new RegExp(`/admin/${slug}/new$`));
      await expect(page.getByRole("heading", { level: 1, name: /^New / })).toBeVisible();
      for (const step of sample.form(deps, suffix)) {
        const control = labelled(page, step.label);
        if (step.text !== undefined) await control.fill(step.text);
        if (step.option !== undefined) await control.selectOption({ label: step.option });
        if (step.dependency !== undefined) await control.selectOption({ label: deps[step.dependency]!.title });
        if (step.check) await control.check();
        if (step.file) {
          await control.setInputFiles({
            name: step.file.name,
            mimeType: step.file.mimeType,
            buffer: Buffer.from(step.file.base64, "base64"),
          });
        }
      }
      await page.getByRole("button", { name: /^Create / }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${slug}/\\d+(-\\d+)*$`));
      await expectToast(page, /^Created /);
      const editUrl = page.url();
      const recordId = editUrl.split("/").pop()!;

      // The list page (server-rendered; its browser view is the first step above) links the new row.
      const firstText = sample.form(deps, suffix).find((step) => step.text)?.text ?? "";
      const query = sample.listQuery?.(deps, suffix) ?? `q=${encodeURIComponent(firstText)}`;
      const list = await page.request.get(`/admin/${slug}?${query}`);
      expect(list.status()).toBe(200);
      expect(await list.text()).toContain(`href="/admin/${slug}/${recordId}"`);

      // Still on the edit page the create redirected to.
      if (sample.edit.label) {
        await labelled(page, sample.edit.label).fill(sample.edit.text);
      }
      await page.getByRole("button", { name: "Save changes" }).click();
      await expectToast(page, /^Saved /);
      if (sample.edit.label) {
        await expect(labelled(page, sample.edit.label)).toHaveValue(sample.edit.text);
      }

      await expect(page).toHaveURL(editUrl);
      await page.getByRole("main").getByRole("link", { name: "Delete" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${slug}/${recordId}/delete$`));
      await page.getByRole("button", { name: /^Yes, delete/ }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${slug}$`));
      await expectToast(page, /^Deleted /);
      const gone = await page.request.get(`/api/admin/${slug}/${recordId}`);
      expect(gone.status()).toBe(404);
    });
  }
});

test("the admin list and form pass axe and show field errors without JavaScript help", async ({ page }) => {
  await signIn(page, DEMO.admin, "/admin/videos");
  await expect(page.getByRole("heading", { level: 1, name: "Videos" })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/admin/videos/new");
  await page.getByRole("button", { name: "Create lesson" }).click();
  await expect(page.getByText("Enter a title.")).toBeVisible();
  await expect(labelled(page, "Title")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
});

test("a learner opening an admin resource page is logged out", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/admin/countries");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin%2Fcountries$/);
  const api = await page.request.get("/api/admin/countries");
  expect(api.status()).toBe(401);
});
