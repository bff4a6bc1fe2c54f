import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  EMPTY_LIBRARY_QUERY,
  effectiveSort,
  libraryHref,
  libraryQueryString,
} from "../../core/library-query";
import {
  ftsMatchExpression,
  highlightMatches,
  searchRowsForVideo,
  searchTermsForQuery,
} from "../../server/services/search";

describe("searchTermsForQuery", () => {
  it("folds Arabic, romanisation and Arabizi like the index", () => {
    expect(searchTermsForQuery("قَهْوة")).toEqual({ tokens: ["قهوه"], prefixLast: true });
    expect(searchTermsForQuery("بالمدرسة")).toEqual({ tokens: ["مدرسه"], prefixLast: true });
    expect(searchTermsForQuery("7abibi")).toEqual(searchTermsForQuery("ħabiibi"));
    expect(searchTermsForQuery("2ahwe").tokens).toEqual(searchTermsForQuery("ʔahwe").tokens);
    expect(searchTermsForQuery("Kifak kifak").tokens).toEqual(["kifak"]);
  });

  it("keeps only letters and digits, at most eight terms, no one-letter prefix", () => {
    expect(searchTermsForQuery('"NEAR(kifak) AND *').tokens).toEqual(["niar", "kifak", "and"]);
    expect(searchTermsForQuery("* ( ) \" ' ^ :").tokens).toEqual([]);
    expect(searchTermsForQuery("a b c d e f g h i j k").tokens).toHaveLength(8);
    expect(searchTermsForQuery("kifak w")).toEqual({ tokens: ["kifak", "w"], prefixLast: false });
  });
});

describe("ftsMatchExpression", () => {
  it("quotes every term and makes the last one a prefix", () => {
    expect(ftsMatchExpression(searchTermsForQuery("kifak ya 7abibi"))).toBe('"kifak" "ya" "habibi"*');
    expect(ftsMatchExpression({ tokens: ["and", "or"], prefixLast: false })).toBe('"and" "or"');
    expect(ftsMatchExpression(searchTermsForQuery("***"))).toBeNull();
  });

  it("cannot be broken out of, whatever the terms hold", () => {
    expect(ftsMatchExpression({ tokens: ['a"b', "c"], prefixLast: true })).toBe('"ab" "c"*');
  });
});

describe("highlightMatches", () => {
  const terms = (query: string) => searchTermsForQuery(query);
  const marked = (text: string, query: string) =>
    highlightMatches(text, terms(query))
      .filter((segment) => segment.match)
      .map((segment) => segment.text);

  it("marks the words whose key matches, keeping the text intact", () => {
    const text = "بدّي فنجان قَهْوة، لو سمحت.";
    const segments = highlightMatches(text, terms("قهوة"));
    expect(segments.map((segment) => segment.text).join("")).toBe(text);
    expect(marked(text, "قهوة")).toEqual(["قَهْوة"]);
    expect(marked("baddi finjaan ʔahwe, law samaħt.", "2ahwe")).toEqual(["ʔahwe"]);
    expect(marked("marħaba! kiifak?", "kif")).toEqual(["kiifak"]);
    expect(marked("رحت على المدرسة بكّير.", "مدرسه")).toEqual(["المدرسة"]);
    expect(marked("ʔil-ħamdilla", "hamdilla")).toEqual(["ʔil-ħamdilla"]);
    expect(marked("Hi! How are you?", "kifak")).toEqual([]);
  });

  it("returns the whole text unmarked without terms", () => {
    expect(highlightMatches("مرحبا", { tokens: [], prefixLast: false })).toEqual([{ text: "مرحبا", match: false }]);
    expect(highlightMatches("", terms("x"))).toEqual([]);
  });
});

describe("searchRowsForVideo", () => {
  it("indexes title, description and each cue in a rowid range of the lesson", () => {
    const rows = searchRowsForVideo({ id: 3, title: "Coffee", titleAr: "قهوة", description: "" }, [
      { id: 10, startMs: 500, arabic: "كِيفَك؟", transliteration: "kiifak?", english: "How are you?" },
    ]);
    expect(rows).toEqual([
      { rowid: 3 * 2 ** 20, keys: "cufi قهوه", lessonId: 3, kind: "title", cueId: null, startMs: null },
      { rowid: 3 * 2 ** 20 + 2, keys: "كيفك kifak hu ari yu", lessonId: 3, kind: "cue", cueId: 10, startMs: 500 },
    ]);
  });
});

describe("library query string", () => {
  it("writes a canonical query, leaving defaults out", () => {
    expect(libraryQueryString(EMPTY_LIBRARY_QUERY)).toBe("");
    expect(
      libraryHref({
        q: " kifak ",
        levels: ["advanced", "beginner"],
        country: "sy",
        duration: "1-3",
        freeOnly: true,
        status: "completed",
        sort: "popular",
        page: 2,
      }),
    ).toBe(
      "/video-library?q=kifak&level=beginner&level=advanced&country=sy&duration=1-3&free=1&status=completed&sort=popular&page=2",
    );
    expect(libraryQueryString({ q: "kifak", sort: "relevance" })).toBe("q=kifak");
    expect(libraryQueryString({ sort: "newest" })).toBe("");
    expect(libraryQueryString({ q: "kifak", sort: "newest" })).toBe("q=kifak&sort=newest");
  });

  it("applies relevance only to searches", () => {
    expect(effectiveSort({ q: "", sort: null })).toBe("newest");
    expect(effectiveSort({ q: "", sort: "relevance" })).toBe("newest");
    expect(effectiveSort({ q: "kifak", sort: null })).toBe("relevance");
    expect(effectiveSort({ q: "kifak", sort: "shortest" })).toBe("shortest");
  });

  it("counts active filters, not the search or the sort", () => {
    expect(activeFilterCount({ ...EMPTY_LIBRARY_QUERY, q: "x", sort: "popular" })).toBe(0);
    expect(
      activeFilterCount({ ...EMPTY_LIBRARY_QUERY, levels: ["beginner", "advanced"], freeOnly: true, teacher: "rami" }),
    ).toBe(4);
  });
});
