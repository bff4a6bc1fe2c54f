import { describe, expect, it } from "vitest";
import { ADMIN_PAGES } from "../../server/admin/pages";
import { getAdminResource } from "../../server/admin/registry";

// The sidebar links every admin page; the generic route serves the declared resources and answers 404 for
// any other slug, so a page with neither a resource nor a route file of its own would be a dead link.
const routeFiles = Object.keys(import.meta.glob("../../app/routes/admin.*.tsx"));

describe("admin pages", () => {
  it.each(ADMIN_PAGES.map((page) => page.slug))("/admin/%s has a declared resource or its own route", (slug) => {
    const ownRoute = routeFiles.some((file) => file.endsWith(`/admin.${slug}.tsx`));
    expect(Boolean(getAdminResource(slug)) || ownRoute).toBe(true);
  });
});
