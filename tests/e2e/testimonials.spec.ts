import { DEMO } from "./fixtures";
import { expect, serverURL, test } from "./test";

// Learners' words reach the landing page only when an administrator publishes them with the learner's
// consent recorded; the seed's made-up samples can never be published.

test("a testimonial shows on the landing page once published with consent, and a sample never", async ({
  page,
  request,
}) => {
  const login = await request.post("/api/auth/login", { data: DEMO.admin });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const origin = serverURL();
  const admin = { Authorization: `Bearer ${token}`, Origin: origin };

  // A sample from the seed: refused.
  const samples = await request.get("/api/admin/testimonials?isSample=true", { headers: admin });
  const sample = ((await samples.json()) as { data: { items: Array<{ id: number }> } }).data.items[0]!;
  const refused = await request.patch(`/api/admin/testimonials/${sample.id}`, {
    headers: admin,
    data: { isPublished: true, consentAt: "2026-11-01" },
  });
  expect(refused.status()).toBe(422);
  expect(JSON.stringify(await refused.json())).toContain("can never be published");

  // A real learner's words without consent: refused; with it: on the landing page.
  const created = await request.post("/api/admin/testimonials", {
    headers: admin,
    data: { quote: "I can finally joke with my cousins in Beirut.", name: "Rana", city: "Lyon", isPublished: true },
  });
  expect(created.status()).toBe(422);
  const published = await request.post("/api/admin/testimonials", {
    headers: admin,
    data: {
      quote: "I can finally joke with my cousins in Beirut.",
      name: "Rana",
      city: "Lyon",
      context: "Learning for her family",
      phraseArabic: "شو الأخبار",
      phraseMeaning: "what's the news",
      consentAt: "2026-11-20",
      isPublished: true,
    },
  });
  expect(published.status(), await published.text()).toBe(201);

  await page.goto("/");
  const section = page.getByRole("region", { name: "What learners tell us" });
  await expect(section.getByRole("figure")).toHaveCount(1);
  await expect(section).toContainText("I can finally joke with my cousins in Beirut.");
  await expect(section).toContainText("Rana, Lyon");
  await expect(section.locator('[lang="ar"][dir="rtl"]')).toHaveText("شو الأخبار");

  // Unpublished again: the section goes.
  const { id } = ((await published.json()) as { data: { id: number } }).data;
  expect(
    (await request.patch(`/api/admin/testimonials/${id}`, { headers: admin, data: { isPublished: false } })).status(),
  ).toBe(200);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "What learners tell us" })).toHaveCount(0);
});
