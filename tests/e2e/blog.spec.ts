import { expect, test, type Page } from "./test";
import { DEMO, expectAccessible, signIn, signUpDirect } from "./fixtures";

const POST_TITLE = "10 Everyday Shami Expressions";

async function openPost(page: Page, title = POST_TITLE) {
  await page.goto("/blog");
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

async function signUp(page: Page, name: string) {
  const { email } = await signUpDirect(page, { name, prefix: "blog", password: "shukran-ktir-1" });
  return email;
}

test("a visitor reads the blog list and a post with Arabic right-to-left, OG and canonical tags", async ({ page }) => {
  await page.goto("/blog");
  await expect(page).toHaveTitle("Ahla - Blog");
  await expect(page.getByRole("heading", { level: 1, name: "Notes from the Levant" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(3);
  await expect(page.getByText(/Draft/)).toHaveCount(0);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "href",
    /\/blog\/rss\.xml$/,
  );
  await expectAccessible(page);

  await openPost(page);
  await expect(page).toHaveTitle(`Ahla - ${POST_TITLE}`);
  await expect(page).toHaveURL(/\/blog\/\d+\/10-everyday-shami-expressions$/);
  await expect(page.getByText(/min read/).first()).toBeVisible();

  // The Arabic examples are marked right-to-left inside the English text.
  const yalla = page.locator('#main article [lang="ar"][dir="rtl"]', { hasText: "يلّا" }).first();
  await expect(yalla).toBeVisible();
  expect(await yalla.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");

  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(/^https?:\/\/[^/]+\/blog\/\d+\/10-everyday-shami-expressions$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", POST_TITLE);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /expressions/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/.+/);

  // Suggestions at the end, and an invitation to sign in instead of a comment box.
  const suggestions = page.getByRole("region", { name: "Keep reading" });
  await expect(suggestions.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Sign in to comment" })).toBeVisible();
  await expect(page.getByLabel(/Add a comment/)).toHaveCount(0);
  await expectAccessible(page);

  // A stale slug redirects to the current one.
  const postPath = new URL(page.url()).pathname;
  await page.goto(postPath.replace(/[^/]+$/, "old-title"));
  await expect(page).toHaveURL(new RegExp(`${postPath}$`));
});

test("a member comments, sees it, and deletes it; HTML in a comment stays text", async ({ page }) => {
  await signUp(page, "Rasha Blogreader");
  await openPost(page);

  const comment = `Shukran! In Haifa we say يلّا بينا too — ${Date.now()}`;
  await page.getByLabel("Add a comment as Rasha Blogreader").fill(comment);
  await page.getByRole("button", { name: "Post comment" }).click();
  const mine = page.getByRole("article", { name: "Comment by Rasha Blogreader" }).filter({ hasText: comment });
  await expect(mine).toBeVisible();
  await expect(mine.getByText("You", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Add a comment as Rasha Blogreader")).toHaveValue("");

  // An empty comment is refused at the field.
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByText("Write a comment first.")).toBeVisible();

  const payload = `<script>window.__blogXss = 1</script><img src=x onerror="window.__blogXss = 2"> ${Date.now()}`;
  await page.getByLabel("Add a comment as Rasha Blogreader").fill(payload);
  await page.getByRole("button", { name: "Post comment" }).click();
  const inert = page.getByRole("article", { name: "Comment by Rasha Blogreader" }).filter({ hasText: "<script>" });
  await expect(inert).toBeVisible();
  await expect(inert.locator("script, img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __blogXss?: number }).__blogXss)).toBeUndefined();

  page.on("dialog", (dialog) => void dialog.accept());
  await mine.getByRole("button", { name: "Delete your comment" }).click();
  await expect(page.getByText(comment)).toHaveCount(0);
  await expect(page.getByText("Comment deleted.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the comment form still posts", async ({ page }) => {
    await signUp(page, "Karim Nojs");
    await openPost(page);
    const comment = `Posted without JavaScript ${Date.now()}`;
    await page.getByLabel("Add a comment as Karim Nojs").fill(comment);
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(
      page.getByRole("article", { name: "Comment by Karim Nojs" }).filter({ hasText: comment }),
    ).toBeVisible();
  });
});

test("a draft is marked for admins and is a 404 for visitors", async ({ page, browser }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/video-library$/);
  await page.goto("/blog");
  // The seeded draft (other specs may leave drafts of their own).
  const draftCard = page
    .getByRole("article")
    .filter({ hasText: "Draft · only admins see this" })
    .filter({ hasText: "Ramadan Phrases" });
  await expect(draftCard).toHaveCount(1);
  const href = await draftCard.getByRole("link").first().getAttribute("href");
  expect(href).toMatch(/^\/blog\/\d+\//);
  await page.goto(href!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Draft · only admins see this")).toBeVisible();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const response = await visitorPage.goto(href!);
  expect(response?.status()).toBe(404);
  await expect(visitorPage.getByRole("heading", { name: /couldn.t find/i })).toBeVisible();
  await visitor.close();
});

test("RSS, sitemap and robots.txt answer", async ({ request }) => {
  const rss = await request.get("/blog/rss.xml");
  expect(rss.status()).toBe(200);
  expect(rss.headers()["content-type"]).toContain("application/rss+xml");
  const feed = await rss.text();
  expect(feed).toContain("<title>10 Everyday Shami Expressions</title>");
  expect(feed).not.toContain("Ramadan Phrases");

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const urls = await sitemap.text();
  expect(urls).toMatch(/<loc>https?:\/\/[^<]+\/blog\/\d+\/10-everyday-shami-expressions<\/loc>/);
  expect(urls).not.toContain("ramadan-phrases");

  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
});
