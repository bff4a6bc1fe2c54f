/**
 * Transliteration display and Latin-script search folding. Pure functions, no dependencies.
 *
 * Cues store the "romanized" learner scheme documented in seed/demo-content.ts
 * (ʔ ʕ ħ, kh gh sh th dh, long vowels doubled, emphatics plain, doubled consonants doubled).
 *
 * ## Arabizi display (`toArabizi`)
 *
 *   | stored                                   | Arabizi | example                          |
 *   | ---------------------------------------- | ------- | -------------------------------- |
 *   | ʔ at the start of a word, before a vowel | dropped | ʔana → ana, w ʔinta → w inta     |
 *   | any other ʔ                              | 2       | hallaʔ → halla2, il-ʔuds → il-2uds |
 *   | ʕ                                        | 3       | maʕ → ma3                        |
 *   | ħ                                        | 7       | mniiħ → mni7                     |
 *   | kh                                       | 5       | khalas → 5alas                   |
 *   | gh, sh, th, dh                           | kept    | mashghuul → mashghul             |
 *   | doubled vowels aa ii uu ee oo            | single  | kiifak → kifak, shuu → shu       |
 *   | doubled consonants, everything else      | kept    | yalla, ʔaddeesh → addesh         |
 *
 * Word-initial hamza is what chat writers leave out ("ana", "inta", "ahla"); after a hyphen
 * ("il-ʔistaaz", "b-ʔalbi") the hamza is inside the phonological word and stays "2". Because the
 * stored scheme writes the urban qaaf as ʔ too, a word-initial qaaf also disappears (ʔahwe →
 * "ahwe", not "2ahwe"); both spellings are common in chat. Doubled vowels become single because
 * in Arabizi "ee"/"oo" are read as long i/u ("kteer", "shoo"), so "ween" is shown as "wen".
 * gh stays "gh" (not "3'", which is rarer in the Levant and awkward to read). Capitals are kept
 * ("Khalas" → "5alas"). The conversion is idempotent.
 *
 * ## Search folding (`foldLatinForSearch`)
 *
 * One canonical key for the stored scheme, Arabizi and the spellings learners actually type, so
 * any of them finds the line. Applied in this order, per token (a run of letters, digits and
 * apostrophes):
 *
 *   | input                                          | key     | so these match                        |
 *   | ---------------------------------------------- | ------- | ------------------------------------- |
 *   | upper case, accents (ā é ṣ ṭ ḍ ẓ)              | plain   | Ṣabāḥ = sabaaħ = saba7                |
 *   | ʔ ʾ 2 ' ’ ` (hamza)                            | dropped | ʔana = 2ana = ana                     |
 *   | ʕ ʿ 3 (ain)                                    | dropped | ʕam = 3am = am, ʕala = 3ala = ala     |
 *   | q ḳ 8 (qaaf, urban ʔ)                          | dropped | qalb = 2alb = ʔalb                    |
 *   | ħ ḥ 7 (haa)                                    | h       | ħabiibi = 7abibi = habibi             |
 *   | kh x 5 ḫ ẖ 7'                                  | x       | khalas = 5alas = xalas                |
 *   | gh 3' ġ ğ ɣ                                    | g       | ghaali = 3'ali = gali                 |
 *   | sh ch š                                        | sh      | shukran = chukran                     |
 *   | th ṯ θ / dh ḏ ð                                | th / dh |                                       |
 *   | any doubled letter (shadda, long vowel)        | single  | ħabbeet = 7abet, kiifak = kifak       |
 *   | ay ai ey ei not before a vowel (a final ay/ai | e       | beet = bayt = beit, ween = wein       |
 *   | stays ay: shaay = shay = shai ≠ shi)           |         |                                       |
 *   | aw au ow ou not before a vowel                 | o       | yoom = yawm, shou = shu               |
 *   | e, o                                           | i, u    | keefak = kifak, yislamo = yislamu     |
 *   | consonant + final y                            | i       | baddy = baddi                         |
 *   | vowel + final h                                | dropped | mnih = mni7 = mniiħ, allah = ʔalla    |
 *   | anything else that is not a-z or 0-9           | space   | il-ħamdilla → "il hamdila"            |
 *
 * Digits are letters only inside a token that also has a Latin letter: "2026" and "5" stay numbers,
 * while "2ana", "mni7", "3'ali" are words ("5pm" becomes "xpm" - harmless, since queries fold the
 * same way). Arabic-Indic digits become ASCII first.
 *
 * Trade-offs: the key keeps consonant skeletons apart (bayt ≠ bint, kalb ≠ qalb) but loses the
 * distinctions a learner cannot be expected to type: h/ħ and a final h (so "raħ" and "ra" meet),
 * hamza, ʕ and qaaf (so "maʕ" and "ma" meet), short e/i and o/u (so "inte" finds "inti"), vowel
 * length and gemination. a and e stay apart
 * (imala is not folded), so "ahwa" does not find "ʔahwe". th/dh are not folded to t/d. Keys are
 * for matching only, never for display.
 */
import { hasArabic, normalizeArabic } from "./arabic";

export type TransliterationScheme = "romanized" | "arabizi";

const VOWEL = "aeiouAEIOU";

/** ʔ at the start of a word (not after a letter, digit, mark, hyphen or apostrophe), before a vowel. */
const WORD_INITIAL_HAMZA = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}\\-'’])[ʔɁɂ](?=[${VOWEL}])`, "gu");

/**
 * The stored romanisation in Arabizi chat style (see the table at the top of this file):
 * `toArabizi("kiifak? ʔana mniiħ")` is `"kifak? ana mni7"`.
 */
export function toArabizi(romanized: string): string {
  return romanized
    .normalize("NFC")
    .replace(WORD_INITIAL_HAMZA, "")
    .replace(/[ʔɁɂ]/g, "2")
    .replace(/ʕ/g, "3")
    .replace(/[ħĦ]/g, "7")
    .replace(/kh/gi, "5")
    .replace(/([aeiou])\1+/gi, "$1");
}

/** The stored romanisation as it is displayed: exactly as stored (the scheme is already the display form). */
export function toRomanized(stored: string): string {
  return stored;
}

/** Display form of a stored transliteration in the learner's chosen scheme. */
export function formatTransliteration(stored: string, scheme: TransliterationScheme): string {
  return scheme === "arabizi" ? toArabizi(stored) : toRomanized(stored);
}

// ---------------------------------------------------------------------------------------------
// Search folding
// ---------------------------------------------------------------------------------------------

/** Letters that are not plain Latin + combining mark, mapped before accents are stripped. */
const SPECIAL_LATIN: Record<string, string> = {
  ʔ: "",
  ʾ: "",
  ɂ: "",
  ˀ: "",
  ʕ: "",
  ʿ: "",
  ʽ: "",
  ˁ: "",
  ħ: "h",
  ḥ: "h",
  ḫ: "kh",
  ẖ: "kh",
  ḳ: "q",
  ġ: "gh",
  ğ: "gh",
  ɣ: "gh",
  š: "sh",
  č: "ch",
  ǧ: "j",
  ṯ: "th",
  θ: "th",
  þ: "th",
  ḏ: "dh",
  ð: "dh",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ı: "i",
};
const SPECIAL_LATIN_PATTERN = new RegExp(`[${Object.keys(SPECIAL_LATIN).join("")}]`, "gu");

/** Apostrophe look-alikes (hamza or ain in Arabizi, or part of 3' / 7'), unified to "'". */
const APOSTROPHES = /[’‘ʼʻ`´′ʹ]/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const TOKEN_SEPARATORS = /[^a-z0-9']+/;

function easternDigitsToAscii(text: string): string {
  return text.replace(EASTERN_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** Collapses any run of one repeated letter ("bb" → "b", "iii" → "i"); digits are left alone. */
function collapseDoubles(text: string): string {
  return text.replace(/([a-z])\1+/g, "$1");
}

function foldToken(token: string): string {
  // A number ("2026", "5") stays a number; digits only stand for letters inside words.
  if (!/[a-z]/.test(token)) return token.replace(/'/g, "");
  let key = token
    .replace(/3'/g, "gh")
    .replace(/7'/g, "kh")
    .replace(/'/g, "")
    .replace(/[238]/g, "")
    .replace(/5/g, "kh")
    .replace(/7/g, "h")
    .replace(/ch/g, "sh")
    .replace(/kh/g, "x")
    .replace(/gh/g, "g")
    .replace(/q/g, "");
  key = collapseDoubles(key)
    // Diphthong spellings of the ee sound; a final "ay"/"ai" stays "ay" (shaay "tea" ≠ shi "thing").
    .replace(/[ae][iy](?![aeiouy])/g, (pair: string, offset: number, whole: string) =>
      pair[0] === "a" && offset + 2 === whole.length ? "ay" : "e",
    )
    .replace(/[ao][uw](?![aeiouw])/g, "o")
    .replace(/e/g, "i")
    .replace(/o/g, "u")
    .replace(/([^aeiou])y$/, "$1i")
    .replace(/([aiu])h$/, "$1");
  return collapseDoubles(key);
}

/**
 * Canonical search/answer key of Latin-script text (romanized scheme, Arabizi or free learner
 * spelling): space-separated folded tokens, see the table at the top of this file.
 * `foldLatinForSearch("ʔaddeesh il-ħsaab?")` is `"adish il hsab"`, as is `"2addesh el 7sab"`.
 * Non-Latin letters (Arabic included) are treated as separators.
 */
export function foldLatinForSearch(text: string): string {
  const prepared = easternDigitsToAscii(text.normalize("NFC").toLowerCase())
    .replace(SPECIAL_LATIN_PATTERN, (letter) => SPECIAL_LATIN[letter] ?? letter)
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .replace(APOSTROPHES, "'");
  const keys: string[] = [];
  for (const token of prepared.split(TOKEN_SEPARATORS)) {
    const key = foldToken(token);
    if (key) keys.push(key);
  }
  return keys.join(" ");
}

// ---------------------------------------------------------------------------------------------
// Search keys (FTS5 column and query)
// ---------------------------------------------------------------------------------------------

/** Arabic-script runs (letters, harakat, Arabic punctuation and digits, presentation forms). */
const ARABIC_RUN = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc]+/g;

/**
 * Prefixes split off for the extra index form, after `normalizeArabic`, each with the shortest
 * remainder still worth indexing (so وين, ولد, عالم, بالون keep their letters): the article,
 * preposition + article, and the conjunction و.
 */
const ARABIC_PREFIXES: ReadonlyArray<readonly [prefix: string, minRest: number]> = [
  ["وال", 3],
  ["بال", 3],
  ["فال", 3],
  ["كال", 3],
  ["عال", 3],
  ["لل", 2],
  ["ال", 2],
  ["و", 3],
];

/**
 * The word without its leading article, preposition + article or و (البندوره → بندوره,
 * بالشام → شام, عالجبل → جبل, وانت → انت, والله → الله), or null when there is none.
 * الله itself is never split.
 */
function withoutArticle(word: string): string | null {
  if (word === "الله") return null;
  for (const [prefix, minRest] of ARABIC_PREFIXES) {
    if (word.startsWith(prefix) && word.length - prefix.length >= minRest) return word.slice(prefix.length);
  }
  return null;
}

interface FoldedChunk {
  /** Folded tokens in reading order. */
  tokens: readonly string[];
  /** Alternative forms worth indexing too: article-less Arabic words, joined hyphenated Latin compounds. */
  extras: readonly string[];
}

/**
 * Folded chunks by text: transcripts repeat their words (a handful make up most lines), and folding is a
 * dozen regex passes, so indexing a catalogue folds each distinct word once. Bounded: cleared when full.
 */
const foldedChunks = new Map<string, FoldedChunk>();
const FOLDED_CHUNKS_MAX = 20_000;

/** Folds one whitespace-free chunk, script run by script run ("il-ħamdilla", "بالشام", "2ana؟"). */
function foldChunk(chunk: string): FoldedChunk {
  const known = foldedChunks.get(chunk);
  if (known) return known;
  if (foldedChunks.size >= FOLDED_CHUNKS_MAX) foldedChunks.clear();
  const folded = foldChunkUncached(chunk);
  foldedChunks.set(chunk, folded);
  return folded;
}

function foldChunkUncached(chunk: string): FoldedChunk {
  const tokens: string[] = [];
  const extras: string[] = [];
  const foldLatin = (part: string) => {
    const folded = foldLatinForSearch(part).split(" ").filter(Boolean);
    tokens.push(...folded);
    if (folded.length > 1) extras.push(collapseDoubles(folded.join("")));
  };
  let last = 0;
  for (const match of chunk.matchAll(ARABIC_RUN)) {
    if (match.index > last) foldLatin(chunk.slice(last, match.index));
    for (const word of normalizeArabic(match[0]).split(" ").filter(Boolean)) {
      tokens.push(word);
      const bare = withoutArticle(word);
      if (bare) extras.push(bare);
    }
    last = match.index + match[0].length;
  }
  if (last < chunk.length) foldLatin(chunk.slice(last));
  return { tokens, extras };
}

/**
 * Search keys to store in an FTS5 column for a text in any mix of Arabic and Latin script:
 * Arabic words through `normalizeArabic`, Latin words through `foldLatinForSearch`, in reading
 * order; then, at the end (so phrase queries over the main tokens still work), the extra forms
 * that widen recall: each Arabic word without its article or و (البندوره → بندوره, وانت → انت),
 * and each hyphenated Latin word joined up (il-ħamdilla → ilhamdila).
 */
export function searchKeysForText(text: string): string {
  const tokens: string[] = [];
  const extras: string[] = [];
  for (const chunk of text.split(/\s+/)) {
    if (!chunk) continue;
    const folded = foldChunk(chunk);
    tokens.push(...folded.tokens);
    extras.push(...folded.extras);
  }
  return [...tokens, ...extras].join(" ");
}

/**
 * The user's search query folded like `searchKeysForText`, token by token, so Arabic, romanized
 * and Arabizi input (or a mix) all match. Arabic words lose their article or و (بالشام → شام),
 * a form the index holds for every line whether or not it has the prefix. Returns "" when nothing searchable is left.
 */
export function searchKeysForQuery(query: string): string {
  const tokens: string[] = [];
  for (const chunk of query.split(/\s+/)) {
    if (!chunk) continue;
    for (const token of foldChunk(chunk).tokens) {
      tokens.push(hasArabic(token) ? (withoutArticle(token) ?? token) : token);
    }
  }
  return tokens.join(" ");
}
