import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { ADMIN_PAGES } from "../../server/admin/pages";
import { getAdminResource } from "../../server/admin/registry";

// The sidebar links every admin page; the generic route serves the declared resources and answers 404 for
// any other slug, so a page with neither a resource nor a route of its own would be a dead link.
const adminLayout = routes.find((entry) => entry.path === "admin");
const ownRoutes = new Set((adminLayout?.children ?? []).map((entry) => entry.path));

describe("admin pages", () => {
  it("the admin area has its generic resource route and its own pages in the route table", () => {
    expect(ownRoutes.has(":page")).toBe(true);
    expect(ownRoutes.has("users")).toBe(true);
  });

  it.each(ADMIN_PAGES.map((page) => page.slug))("/admin/%s has a declared resource or its own route", (slug) => {
    expect(Boolean(getAdminResource(slug)) || ownRoutes.has(slug)).toBe(true);
  });
});
