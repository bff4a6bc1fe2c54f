import { describe, expect, it } from "vitest";
import { requireCanonicalPath } from "../../app/lib/canonical.server";

function redirectFrom(url: string, canonical: string): Response | null {
  try {
    requireCanonicalPath(new Request(url), canonical);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("requireCanonicalPath", () => {
  it("leaves the canonical URL alone, encoded or not", () => {
    expect(redirectFrom("https://ahla.test/course/1/intro", "/course/1/intro")).toBeNull();
    expect(
      redirectFrom(`https://ahla.test/community/2/${encodeURIComponent("قهوة-عربية")}`, "/community/2/قهوة-عربية"),
    ).toBeNull();
  });

  it("answers 301 with a percent-encoded Location for an Arabic slug, keeping the query", () => {
    const response = redirectFrom("https://ahla.test/community/2/old-name?page=2", "/community/2/قهوة-عربية");
    expect(response?.status).toBe(301);
    const location = response!.headers.get("Location")!;
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    expect(decodeURI(location)).toBe("/community/2/قهوة-عربية?page=2");
  });

  it("redirects a malformed percent sequence instead of failing", () => {
    const response = redirectFrom("https://ahla.test/course/1/%E0%A4%A", "/course/1/intro");
    expect(response?.status).toBe(301);
    expect(response!.headers.get("Location")).toBe("/course/1/intro");
  });
});
