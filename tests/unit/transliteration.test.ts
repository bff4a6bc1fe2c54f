import { describe, expect, it } from "vitest";
import {
  foldLatinForSearch,
  formatTransliteration,
  searchKeysForQuery,
  searchKeysForText,
  toArabizi,
  toRomanized,
} from "../../core/transliteration";

describe("toArabizi", () => {
  it.each([
    // Stored cue lines from the demo catalogue.
    ["marħaba! kiifak?", "mar7aba! kifak?"],
    ["ʔahleen! ʔana mniiħ, ʔil-ħamdilla. w ʔinta?", "ahlen! ana mni7, il-7amdilla. w inta?"],
    ["tamaam, maashi l-ħaal. shuu ʔakhbaarak?", "tamam, mashi l-7al. shu a5barak?"],
    ["ʔana min ish-shaam, bass saakin b-ħalab hallaʔ.", "ana min ish-sham, bass sakin b-7alab halla2."],
    ["yalla, bshuufak baʕdeen. maʕ is-salaame!", "yalla, bshufak ba3den. ma3 is-salame!"],
    ["sabaaħ il-kheer! shuu btiħibb tishrab?", "saba7 il-5er! shu bti7ibb tishrab?"],
    ["ʔee, kaʕke wiħde b-zaʕtar. ʔaddeesh il-ħsaab?", "e, ka3ke wi7de b-za3tar. addesh il-7sab?"],
    ["fii ʔazmit seer ktiir hassa, raħ nitʔakhkhar shway.", "fi azmit ser ktir hassa, ra7 nit2a55ar shway."],
    ["haad ʔabuuy, biyishtighil muhandis bil-ʔuds.", "had abuy, biyishtighil muhandis bil-2uds."],
    ["laʔ, ma baddi ʔahwe, baddi shaay.", "la2, ma baddi ahwe, baddi shay."],
    ["ʔaddeesh is-saaʕa hallaʔ?", "addesh is-sa3a halla2?"],
    ["kammil dighri la-ʔaakhir ish-shaariʕ.", "kammil dighri la-2a5ir ish-shari3."],
  ])("%s → %s", (stored, arabizi) => {
    expect(toArabizi(stored)).toBe(arabizi);
  });

  it("matches the examples shown to learners (blog post and profile settings)", () => {
    expect(toArabizi("kiifak? ʔana mniiħ")).toBe("kifak? ana mni7");
    expect(toArabizi("kiifak? shuu ʔakhbaarak?")).toBe("kifak? shu a5barak?");
  });

  it("drops only a word-initial hamza before a vowel", () => {
    expect(toArabizi("ʔinta")).toBe("inta");
    expect(toArabizi("(ʔana)")).toBe("(ana)");
    expect(toArabizi("il-ʔistaaz")).toBe("il-2istaz");
    expect(toArabizi("daʔiiʔa")).toBe("da2i2a");
    expect(toArabizi("laʔ")).toBe("la2");
  });

  it("handles capitalised and upper-case words", () => {
    expect(toArabizi("Khalas")).toBe("5alas");
    expect(toArabizi("KHALAS")).toBe("5ALAS");
    expect(toArabizi("Ħabiibi")).toBe("7abibi");
    expect(toArabizi("Maashi")).toBe("Mashi");
    expect(toArabizi("ʔAhla")).toBe("Ahla");
  });

  it("keeps gh, sh, th, dh and doubled consonants", () => {
    expect(toArabizi("mashghuul")).toBe("mashghul");
    expect(toArabizi("tthallij")).toBe("tthallij");
    expect(toArabizi("ʔaddeesh")).toBe("addesh");
    expect(toArabizi("shibbaak")).toBe("shibbak");
  });

  it("is idempotent and leaves Arabizi and other text alone", () => {
    const once = toArabizi("ʔahleen! ʔana mniiħ, ʔil-ħamdilla. w ʔinta?");
    expect(toArabizi(once)).toBe(once);
    expect(toArabizi("")).toBe("");
    expect(toArabizi("2026")).toBe("2026");
  });
});

describe("formatTransliteration", () => {
  it("shows the stored romanisation unchanged or converts it to Arabizi", () => {
    const stored = "ʔaddeesh il-ħsaab?";
    expect(toRomanized(stored)).toBe(stored);
    expect(formatTransliteration(stored, "romanized")).toBe(stored);
    expect(formatTransliteration(stored, "arabizi")).toBe("addesh il-7sab?");
  });
});

describe("foldLatinForSearch", () => {
  it.each([
    [["kiifak", "keefak", "kifak", "KIFAK", "kīfak"], "kifak"],
    [["ʔana", "2ana", "ana", "'ana", "’ana"], "ana"],
    [["ʕam", "3am", "am", "ʿam"], "am"],
    [["ʕala", "3ala", "ala"], "ala"],
    [["ħabiibi", "7abibi", "habibi", "ḥabībī", "7abiibi"], "habibi"],
    [["khalas", "5alas", "xalas", "7'alas", "khallas"], "xalas"],
    [["shukran", "chukran", "choukran", "šukran"], "shukran"],
    [["mniiħ", "mni7", "mnih", "mniih"], "mni"],
    [["marħaba", "mar7aba", "marhaba", "marḥabā"], "marhaba"],
    [["ʔaddeesh", "addeesh", "addesh", "2addesh", "2adeesh"], "adish"],
    [["ʔahwe", "2ahwe", "ahwe", "ahweh", "qahwe"], "ahwi"],
    [["ween", "wein", "wayn", "wen"], "win"],
    [["beet", "bayt", "beit", "bait"], "bit"],
    [["shaay", "shay", "shai"], "shay"],
    [["shway", "shwayy", "shwai"], "shway"],
    [["yoom", "yawm", "yom"], "yum"],
    [["shuu", "shu", "shou", "chou", "shoo"], "shu"],
    [["ghaali", "3'ali", "ghali", "ġāli"], "gali"],
    [["yislamu", "yeslamo", "yislamo"], "yislamu"],
    [["tayyib", "tayeb", "tayib"], "tayib"],
    [["ʔalla", "allah", "alla", "2allah"], "ala"],
    [["ħabbeet", "7abbet", "habet"], "habit"],
    [["ʕaazib", "aazib", "3azib", "azib", "3azeb"], "azib"],
    [["saħteen", "sa7ten", "sahtein", "sa7tain"], "sahtin"],
    [["qalb", "2alb", "ʔalb", "8alb"], "alb"],
  ])("folds %j to %s", (spellings, key) => {
    for (const spelling of spellings) expect(foldLatinForSearch(spelling), spelling).toBe(key);
  });

  it("folds whole stored lines and their Arabizi spelling to the same key", () => {
    const stored = "ʔaddeesh il-ħsaab?";
    expect(foldLatinForSearch(stored)).toBe("adish il hsab");
    expect(foldLatinForSearch("2addesh el 7sab")).toBe("adish il hsab");
    for (const line of [
      "ʔahleen! ʔana mniiħ, ʔil-ħamdilla. w ʔinta?",
      "sabaaħ il-kheer! shuu btiħibb tishrab?",
      "fii ʔazmit seer ktiir hassa, raħ nitʔakhkhar shway.",
    ]) {
      expect(foldLatinForSearch(toArabizi(line))).toBe(foldLatinForSearch(line));
    }
  });

  it("keeps standalone numbers as digits", () => {
    expect(foldLatinForSearch("2026")).toBe("2026");
    expect(foldLatinForSearch("5")).toBe("5");
    expect(foldLatinForSearch("sane 2026")).toBe("sani 2026");
    expect(foldLatinForSearch("2ana 3 sniin")).toBe("ana 3 snin");
    expect(foldLatinForSearch("٢٠٢٦")).toBe("2026");
    expect(foldLatinForSearch("3-4")).toBe("3 4");
  });

  it("splits on hyphens and punctuation and ignores Arabic letters", () => {
    expect(foldLatinForSearch("ʔil-ħamdilla")).toBe("il hamdila");
    expect(foldLatinForSearch("maʕ is-salaame!")).toBe("ma is salami");
    expect(foldLatinForSearch("كيفك kiifak؟")).toBe("kifak");
    expect(foldLatinForSearch(" ?! ")).toBe("");
  });

  it.each([
    ["bayt", "bint"],
    ["kalb", "qalb"],
    ["shaay", "shi"],
    ["ʔana", "ʔinta"],
    ["baddi", "baddo"],
    ["khubz", "kbiir"],
    ["ghaali", "ʕaali"],
    ["sitti", "setta"],
  ])("keeps %s and %s apart", (a, b) => {
    expect(foldLatinForSearch(a)).not.toBe(foldLatinForSearch(b));
  });

  it("does not fold a/e imala (documented limitation)", () => {
    expect(foldLatinForSearch("ahwa")).not.toBe(foldLatinForSearch("ʔahwe"));
  });
});

describe("search keys", () => {
  const tokens = (keys: string) => keys.split(" ").filter(Boolean);
  /** FTS-style AND match: every query token is among the indexed tokens. */
  const finds = (indexed: string, query: string) => {
    const index = new Set(tokens(searchKeysForText(indexed)));
    const wanted = tokens(searchKeysForQuery(query));
    return wanted.length > 0 && wanted.every((token) => index.has(token));
  };

  const cue = "أهلين! أنا منيح، الحمدلله. وإنتَ؟ ʔahleen! ʔana mniiħ, ʔil-ħamdilla. w ʔinta?";

  it("indexes Arabic and Latin in reading order, then the extra forms", () => {
    expect(searchKeysForText("مرحبا! كِيفَك؟ marħaba! kiifak?")).toBe("مرحبا كيفك marhaba kifak");
    expect(searchKeysForText("من الشام ʔil-ħamdilla")).toBe("من الشام il hamdila شام ilhamdila");
    expect(searchKeysForText("بالنعنع عالجبل الله الجوّ")).toBe("بالنعنع عالجبل الله الجو نعنع جبل جو");
    expect(searchKeysForText("وإنتَ؟ والله وين")).toBe("وانت والله وين انت الله");
  });

  it("folds queries token by token, whatever the script", () => {
    expect(searchKeysForQuery("كيفَك 2ana")).toBe("كيفك ana");
    expect(searchKeysForQuery("البندورة el-hamdilla")).toBe("بندوره il hamdila");
    expect(searchKeysForQuery("الله")).toBe("الله");
    expect(searchKeysForQuery("  ؟! ")).toBe("");
  });

  it.each([
    "منيح",
    "مْنيح",
    "إنتَ",
    "انت",
    "mni7",
    "mnih",
    "ahlein",
    "inta",
    "el-hamdilla",
    "ilhamdilla",
    "2ana mni7",
    "انا mnih",
  ])("finds the cue for %s", (query) => {
    expect(finds(cue, query)).toBe(true);
  });

  it.each(["بنت", "bint", "shukran", "kteer", ""])("does not find the cue for %s", (query) => {
    expect(finds(cue, query)).toBe(false);
  });

  it("finds words with or without the article", () => {
    expect(finds("بكم كيلو البندورة اليوم؟", "بندورة")).toBe(true);
    expect(finds("طيب، أعطيني كيلوين بندورة", "البندورة")).toBe(true);
    expect(finds("أنا من الشام", "بالشام")).toBe(true);
    expect(finds("صحتين على قلوبكم!", "saħteen")).toBe(false);
  });

  it("keeps numbers searchable", () => {
    expect(finds("ahla-learner-2026", "2026")).toBe(true);
    expect(finds("سنة ٢٠٢٦", "2026")).toBe(true);
  });
});
