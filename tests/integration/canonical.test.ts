import { describe, expect, it } from "vitest";
import { requireCanonicalPath } from "../../app/lib/canonical.server";
import { toLocation } from "../../app/lib/location";

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

  it("makes any redirect target a valid header value, leaving encoded and ASCII paths as they are", () => {
    expect(toLocation("/playlist/4/قهوة-عربية?rename=4")).toBe(
      `/playlist/4/${encodeURIComponent("قهوة-عربية")}?rename=4`,
    );
    const encoded = `/vocabulary-list/2/${encodeURIComponent("كلمات")}`;
    expect(toLocation(encoded)).toBe(encoded);
    expect(toLocation("/video-library?q=a%2Fb")).toBe("/video-library?q=a%2Fb");
    expect(toLocation("/auth/login?redirect=%2Fvideo-library%3Fq%3D1")).toBe(
      "/auth/login?redirect=%2Fvideo-library%3Fq%3D1",
    );
    expect(toLocation("/course/1/%E0%A4%A")).toBe("/course/1/%E0%A4%A");
  });
});
