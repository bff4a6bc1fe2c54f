#!/usr/bin/env node
// `npm run fonts`: writes the three web fonts Ahla ships (app/fonts/*.woff2) from the npm font packages,
// cut down to the glyphs the product shows. Run it after changing the character sets below or upgrading a
// font package, and commit the output: the build and the tests never need it.
//
// - Inter (variable, weights 400-700: the only ones the styles use), split in two so the first screen
//   loads only the Latin file: Latin with Latin-1 and the common punctuation, and a small file with the
//   transliteration letters (ʔ ʕ ħ ā ṣ ḥ …), which loads only on pages that show them.
// - Noto Naskh Arabic (variable, all weights in one file): the Arabic letters, tashkeel, Arabic
//   punctuation and digits, and the four letters Levantine writes for foreign sounds (پ چ ڤ گ).
import { readFileSync, writeFileSync } from "node:fs";
import subsetFont from "subset-font";

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join("");

export const LATIN =
  range(0x20, 0x7e) +
  range(0xa0, 0xff) +
  "\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u2032\u20ac\u2122\u2190\u2192";
export const TRANSLITERATION =
  range(0x100, 0x17f) +
  range(0x1e6, 0x1e7) +
  range(0x241, 0x242) +
  "\u0263" +
  range(0x294, 0x295) +
  range(0x2b9, 0x2c1) +
  range(0x1e00, 0x1e9f);
export const ARABIC =
  "\u060c\u061b\u061f" +
  range(0x621, 0x63a) +
  range(0x640, 0x652) +
  range(0x660, 0x66d) +
  range(0x670, 0x671) +
  "\u067e\u0686\u06a4\u06af\u06cc" +
  range(0x200c, 0x200f) +
  " ";

const packages = new URL("../node_modules/@fontsource-variable/", import.meta.url);
const out = new URL("../app/fonts/", import.meta.url);
const weights = { wght: { min: 400, max: 700 } };

const jobs = [
  ["inter/files/inter-latin-wght-normal.woff2", LATIN, "inter-latin.woff2", weights],
  ["inter/files/inter-latin-ext-wght-normal.woff2", TRANSLITERATION, "inter-transliteration.woff2", weights],
  ["noto-naskh-arabic/files/noto-naskh-arabic-arabic-wght-normal.woff2", ARABIC, "noto-naskh-arabic.woff2", undefined],
];

for (const [source, text, target, variationAxes] of jobs) {
  const font = await subsetFont(readFileSync(new URL(source, packages)), text, {
    targetFormat: "woff2",
    variationAxes,
  });
  writeFileSync(new URL(target, out), font);
  console.log(`app/fonts/${target}: ${(font.length / 1024).toFixed(1)} KB`);
}
