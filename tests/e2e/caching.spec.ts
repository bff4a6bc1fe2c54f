import { expect, serverURL, test } from "./test";
import { DEMO, signIn } from "./fixtures";

// What a browser may keep: fingerprinted assets for a year, a visitor's page only after asking again,
// a member's page never (back after logout must not show it from the cache).

test("hashed assets are immutable for a year; pages are revalidated, and a member's are never stored", async ({
  page,
  request,
}) => {
  const visitorPage = await request.get("/");
  expect(visitorPage.headers()["cache-control"]).toBe("no-cache");

  await page.goto("/");
  const script = page.locator('script[type="module"][src^="/assets/"], link[rel="modulepreload"]').first();
  const assetPath = (await script.getAttribute("src")) ?? (await script.getAttribute("href"));
  expect(assetPath).toMatch(/^\/assets\/.+\.js$/);
  const asset = await request.get(assetPath!);
  expect(asset.ok()).toBe(true);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/video-library/);
  const memberPage = await page.request.get("/video-library");
  expect(memberPage.headers()["cache-control"]).toBe("private, no-store");
  // A page that says what it wants keeps it (the lesson page's own header is the same rule, stated there).
  const feed = await request.get("/blog/rss.xml");
  expect(feed.headers()["cache-control"]).toBe("public, max-age=600");
});

test("a visitor's public page comes from the edge cache, runs under a fresh nonce, and a publish shows at once", async ({
  browser,
  request,
}) => {
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await visitor.newPage();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // Other tests publish in parallel and each publish purges the cache, so store the page and open it
  // until the browser gets the stored copy.
  await expect(async () => {
    await request.get("/blog");
    const response = await page.goto("/blog");
    expect(response?.headers()["x-page-cache"]).toBe("hit");
  }).toPass({ timeout: 30_000 });
  // A stored page still runs in a browser: its inline scripts carry the nonce the policy names.
  await page.waitForFunction(() => "__remixRouter" in window);
  expect(violations).toEqual([]);

  // An admin publishes a post: the next visitor sees it, no waiting for the stored copy to expire.
  const admin = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const adminPage = await admin.newPage();
  await signIn(adminPage, DEMO.admin, "/admin");
  await expect(adminPage).toHaveURL(/\/admin$/);
  const title = `Fresh from the edge ${Date.now().toString(36)}`;
  const created = await adminPage.request.post("/api/admin/blogs", {
    data: { title, body: "Published while the blog page was cached.", status: "published" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  await admin.close();
  await visitor.close();
});

test("a page asked for with a member's or admin's token in a header is theirs alone, never the visitors'", async ({
  playwright,
}) => {
  // The real build, no browser needed: an outside attacker's request, then the next visitor's.
  // Three clients that keep their own cookies: one signs in, one sends only the header, one is a visitor.
  const baseURL = serverURL();
  const [login, client, visitor] = await Promise.all([1, 2, 3].map(() => playwright.request.newContext({ baseURL })));
  const token = async (account: { email: string; password: string }) => {
    const response = await login.post("/api/auth/login", { data: account });
    return ((await response.json()) as { data: { token: string } }).data.token;
  };
  const marker = Date.now().toString(36);
  for (const [account, name] of [
    [DEMO.learner, "Layla Learner"],
    [DEMO.admin, "Amal Admin"],
  ] as const) {
    const bearer = await token(account);
    for (const path of [`/?from=${marker}`, `/faq?from=${marker}`, `/video-library?from=${marker}`]) {
      const asMember = await client.get(path, { headers: { Authorization: `Bearer ${bearer}` } });
      expect(asMember.headers()["x-page-cache"]).toBeUndefined();
      expect(asMember.headers()["cache-control"]).toBe("private, no-store");
      const asVisitor = await visitor.get(path);
      expect(asVisitor.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
      const html = await asVisitor.text();
      expect(html).not.toContain(name);
      expect(html).not.toContain(account.email);
      expect(html).not.toContain('"isAdmin":true');
    }
  }
  await Promise.all([login, client, visitor].map((context) => context.dispose()));
});
