/**
 * Checks the hand-written lexicon and glosses of the demo catalogue (seed/lexicon.ts, seed/glosses.ts,
 * seed/vocabulary-lemmas.ts) against the lessons of seed/demo-content.ts, prints coverage figures and exits
 * non-zero on any failure. Run: `npx tsx scripts/check-glosses.ts`.
 *
 * Every published lesson must be glossed (a draft may be, and is then checked the same way): one gloss per
 * word token of `splitArabicWords(cue.arabic)`, in order, whose surface is the token, whose lemma is in the
 * lexicon and whose pieces put back together give the token. The pieces must give it exactly, tashkeel
 * included, allowing only the two conventions of seed/glosses.ts: the article after l- or ha- is written
 * without its alif (ل + ال → لل, ها + ال → هال) and a shadda may stand for a letter shared by the stem and its
 * enclitic (عن + نا → عنّا);
 * a mismatch that `normalizeArabic` folding (tashkeel, hamza) would hide is reported as such.
 */
import { normalizeArabic, splitArabicWords, stripTashkeel } from "../core/arabic";
import { DEMO_DECKS, DEMO_LESSONS } from "../seed/demo-content";
import { DEMO_GLOSSES, type TokenGloss } from "../seed/glosses";
import { DEMO_LEXICON, type LexiconEntry, type PartOfSpeech } from "../seed/lexicon";
import { DEMO_VOCABULARY_LEMMAS } from "../seed/vocabulary-lemmas";

const failures: string[] = [];
const fail = (message: string) => failures.push(message);

/** The clitics seed/glosses.ts documents, as written. */
const PROCLITICS = new Set(["و", "ب", "م", "ل", "ع", "ال", "ها", "ما"]);
const ENCLITICS = new Set(["ي", "ني", "ك", "كي", "و", "ه", "ها", "نا", "كم", "كن", "هم", "ن", "لي", "لك", "ش"]);
const PARTS_OF_SPEECH = new Set<PartOfSpeech>([
  "noun",
  "verb",
  "adjective",
  "adverb",
  "preposition",
  "pronoun",
  "particle",
  "conjunction",
  "interjection",
  "numeral",
  "name",
  "phrase",
]);
const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ROOT = /^\p{Script=Arabic}(?: \p{Script=Arabic}){1,3}$/u;
const SHADDA = "\u0651";

/** Comparison key of a written form: `normalizeArabic`, spaces removed (phrases are compared whole). */
const fold = (text: string) => normalizeArabic(text).replace(/ /g, "");

// ----- Lexicon ---------------------------------------------------------------------------------------

const lexicon = new Map<string, LexiconEntry>();
/** Folded written forms of each lemma: its dictionary form and its `forms`. */
const writtenForms = new Map<string, Set<string>>();

for (const entry of DEMO_LEXICON) {
  const where = `lexicon ${entry.key}`;
  if (!KEY.test(entry.key)) fail(`${where}: the key is not lower-case ASCII words joined by hyphens`);
  if (lexicon.has(entry.key)) fail(`${where}: duplicate key`);
  lexicon.set(entry.key, entry);
  if (!/\p{Script=Arabic}/u.test(entry.arabic)) fail(`${where}: no Arabic form`);
  if (!entry.transliteration.trim()) fail(`${where}: no transliteration`);
  if (entry.meanings.length === 0 || entry.meanings.some((meaning) => !meaning.trim())) fail(`${where}: no meaning`);
  if (!PARTS_OF_SPEECH.has(entry.pos)) fail(`${where}: unknown part of speech ${entry.pos}`);
  if (entry.root !== undefined && !ROOT.test(entry.root)) fail(`${where}: the root is not 2-4 letters spaced`);
  if (entry.gender && entry.pos !== "noun" && entry.pos !== "adjective") fail(`${where}: gender on a ${entry.pos}`);
  if (entry.verb && entry.pos !== "verb") fail(`${where}: verb forms on a ${entry.pos}`);
  if (entry.pos === "verb" && entry.verb && /^ب/.test(stripTashkeel(entry.verb.present))) {
    fail(`${where}: the present is given with its b- prefix`);
  }
  writtenForms.set(entry.key, new Set([entry.arabic, ...(entry.forms ?? [])].map(fold)));
}

// ----- Glosses ---------------------------------------------------------------------------------------

/** Ways the pieces may be written together (seed/glosses.ts conventions); the first is the plain join. */
function joinings(gloss: TokenGloss): string[] {
  const prefixes = (gloss.prefixes ?? [])
    .map((prefix, index, all) => (prefix === "ال" && ["ل", "ها"].includes(all[index - 1] ?? "") ? "ل" : prefix))
    .join("");
  const suffixes = gloss.suffixes ?? [];
  const plain = prefixes + gloss.stem + suffixes.join("");
  const [first, ...rest] = suffixes;
  const stemEnd = stripTashkeel(gloss.stem).slice(-1);
  if (first && first[0] === stemEnd) {
    return [plain, prefixes + gloss.stem + SHADDA + first.slice(1) + rest.join("")];
  }
  return [plain];
}

const usedLemmas = new Set<string>();
/** Lemmas glossed in each lesson's cues, to check the vocabulary links. */
const lemmasByCue = new Map<string, Set<string>>();
let tokensTotal = 0;
let tokensGlossed = 0;
let publishedTotal = 0;
let publishedGlossed = 0;
const surfaces = new Set<string>();
const foldedSurfaces = new Set<string>();
const lessonLines: string[] = [];

for (const lesson of DEMO_LESSONS) {
  const glosses = DEMO_GLOSSES[lesson.slug];
  const tokenCount = lesson.cues.reduce(
    (sum, cue) => sum + splitArabicWords(cue.arabic).filter((token) => token.isWord).length,
    0,
  );
  tokensTotal += tokenCount;
  if (lesson.isPublished) publishedTotal += tokenCount;
  if (!glosses) {
    if (lesson.isPublished) fail(`${lesson.slug}: published but not glossed`);
    lessonLines.push(`  ${lesson.slug}${lesson.isPublished ? "" : " (draft)"}: not glossed`);
    continue;
  }
  if (glosses.length !== lesson.cues.length) {
    fail(`${lesson.slug}: ${glosses.length} glossed cues for ${lesson.cues.length} cues`);
  }
  let lessonGlossed = 0;
  lesson.cues.forEach((cue, cueIndex) => {
    const words = splitArabicWords(cue.arabic)
      .filter((token) => token.isWord)
      .map((token) => token.text);
    const cueGlosses = glosses[cueIndex] ?? [];
    const where = `${lesson.slug} cue ${cueIndex}`;
    if (cueGlosses.length !== words.length) {
      fail(`${where}: ${cueGlosses.length} glosses for ${words.length} words (${words.join(" · ")})`);
    }
    const cueLemmas = new Set<string>();
    lemmasByCue.set(`${lesson.slug}:${cueIndex}`, cueLemmas);
    cueGlosses.forEach((gloss, index) => {
      const at = `${where} word ${index} (${words[index] ?? "—"})`;
      let ok = true;
      if (gloss.surface !== words[index]) {
        fail(`${at}: surface is ${gloss.surface}`);
        ok = false;
      }
      const entry = lexicon.get(gloss.lemma);
      if (!entry) {
        fail(`${at}: lemma ${gloss.lemma} is not in the lexicon`);
        ok = false;
      } else {
        usedLemmas.add(gloss.lemma);
        cueLemmas.add(gloss.lemma);
        if (entry.pos === "phrase") fail(`${at}: a token is glossed with the phrase entry ${gloss.lemma}`);
        if (!writtenForms.get(gloss.lemma)?.has(fold(gloss.stem))) {
          fail(`${at}: stem ${gloss.stem} is neither ${entry.arabic} nor one of its forms`);
          ok = false;
        }
      }
      if (!gloss.gloss.trim() || /unknown|\?\?/i.test(gloss.gloss)) {
        fail(`${at}: no real gloss ("${gloss.gloss}")`);
        ok = false;
      }
      if (!gloss.stem.trim()) {
        fail(`${at}: empty stem`);
        ok = false;
      }
      for (const prefix of gloss.prefixes ?? []) {
        if (!PROCLITICS.has(prefix)) {
          fail(`${at}: proclitic ${prefix} is not one of seed/glosses.ts`);
          ok = false;
        }
      }
      for (const suffix of gloss.suffixes ?? []) {
        if (!ENCLITICS.has(suffix)) {
          fail(`${at}: enclitic ${suffix} is not one of seed/glosses.ts`);
          ok = false;
        }
      }
      const candidates = joinings(gloss);
      if (!candidates.includes(gloss.surface)) {
        const folded = candidates.some((candidate) => fold(candidate) === fold(gloss.surface));
        fail(
          `${at}: the pieces give ${candidates[0]}` +
            (folded ? " (equal only once tashkeel and hamza are folded: copy the marks of the surface)" : ""),
        );
        ok = false;
      }
      if (ok) {
        lessonGlossed += 1;
        surfaces.add(gloss.surface);
        foldedSurfaces.add(fold(gloss.surface));
      }
    });
  });
  tokensGlossed += lessonGlossed;
  if (lesson.isPublished) publishedGlossed += lessonGlossed;
  lessonLines.push(
    `  ${lesson.slug}${lesson.isPublished ? "" : " (draft)"}: ${lessonGlossed}/${tokenCount} tokens, ${lesson.cues.length} cues`,
  );
}

for (const slug of Object.keys(DEMO_GLOSSES)) {
  if (!DEMO_LESSONS.some((lesson) => lesson.slug === slug)) fail(`glosses for ${slug}: no such lesson`);
}

// ----- Vocabulary links ------------------------------------------------------------------------------

const vocabularyLemmas = new Set<string>();
const knownLinks = new Set<string>();
let lessonWords = 0;
let deckWords = 0;
let deckLinked = 0;

for (const lesson of DEMO_LESSONS) {
  lesson.vocabulary.forEach((word, index) => {
    const link = `${lesson.slug}:${index}`;
    knownLinks.add(link);
    lessonWords += 1;
    const key = DEMO_VOCABULARY_LEMMAS[link];
    if (!key) return fail(`vocabulary ${link} (${word.arabic}): not linked to a lemma`);
    const entry = lexicon.get(key);
    if (!entry) return fail(`vocabulary ${link} (${word.arabic}): lemma ${key} is not in the lexicon`);
    vocabularyLemmas.add(key);
    if (entry.pos === "phrase") {
      if (fold(entry.arabic) !== fold(word.arabic)) fail(`vocabulary ${link} (${word.arabic}): phrase ${key} differs`);
    } else {
      const cueLemmas = lemmasByCue.get(`${lesson.slug}:${word.cueIndex}`);
      if (cueLemmas && !cueLemmas.has(key)) {
        fail(`vocabulary ${link} (${word.arabic}): lemma ${key} is not glossed in its cue ${word.cueIndex}`);
      }
    }
  });
}
for (const deck of DEMO_DECKS) {
  deck.words.forEach((word, index) => {
    const link = `deck:${deck.slug}:${index}`;
    knownLinks.add(link);
    deckWords += 1;
    const key = DEMO_VOCABULARY_LEMMAS[link];
    if (!key) return;
    deckLinked += 1;
    if (!lexicon.has(key)) fail(`vocabulary ${link} (${word.arabic}): lemma ${key} is not in the lexicon`);
  });
}
for (const link of Object.keys(DEMO_VOCABULARY_LEMMAS)) {
  if (!knownLinks.has(link)) fail(`vocabulary link ${link}: no such lesson or deck word`);
}

for (const entry of DEMO_LEXICON) {
  if (!usedLemmas.has(entry.key) && !vocabularyLemmas.has(entry.key)) {
    fail(`lexicon ${entry.key}: neither glossed in a transcript nor the lemma of a lesson vocabulary word`);
  }
}

// ----- Report ----------------------------------------------------------------------------------------

const percent = (part: number, whole: number) => (whole === 0 ? "—" : `${((100 * part) / whole).toFixed(1)}%`);
const byPos = new Map<string, number>();
for (const entry of DEMO_LEXICON) byPos.set(entry.pos, (byPos.get(entry.pos) ?? 0) + 1);

console.log("Demo glosses");
for (const line of lessonLines) console.log(line);
console.log(
  `Tokens glossed: ${publishedGlossed}/${publishedTotal} in published lessons (${percent(publishedGlossed, publishedTotal)}), ` +
    `${tokensGlossed}/${tokensTotal} in all lessons (${percent(tokensGlossed, tokensTotal)})`,
);
console.log(`Distinct surfaces glossed: ${surfaces.size} as written, ${foldedSurfaces.size} once folded`);
console.log(
  `Lexicon: ${DEMO_LEXICON.length} lemmas (${[...byPos].map(([pos, count]) => `${count} ${pos}`).join(", ")}); ` +
    `${usedLemmas.size} glossed in transcripts`,
);
console.log(`Vocabulary links: ${lessonWords} lesson words, ${deckLinked}/${deckWords} deck words`);

if (failures.length > 0) {
  console.error(`\n${failures.length} failure(s):`);
  for (const message of failures) console.error(`  ${message}`);
  process.exitCode = 1;
} else {
  console.log("OK");
}
