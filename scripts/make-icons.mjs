// Draws the web app manifest's icons (public/icons/, committed) from the brand mark of public/favicon.svg:
// the green tile with the Arabic letter alif-hamza. Run again after changing the mark: `node scripts/make-icons.mjs`.
// sharp comes with the toolchain (it is not an app dependency): the PNGs are committed, the build never runs this.
import path from "node:path";
import sharp from "sharp";

const GREEN = "#13836d";
const OUT = path.join(process.cwd(), "public/icons");

/** `rounded`: the favicon's tile; otherwise full bleed, for `maskable` (the letter inside the 80 % safe circle). */
function mark({ rounded, scale }) {
  const fontSize = 34 * scale;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="512" height="512">` +
      `<rect width="64" height="64" ${rounded ? 'rx="14"' : ""} fill="${GREEN}"/>` +
      `<text x="32" y="${32 + fontSize * 0.35}" font-family="DejaVu Sans, serif" font-size="${fontSize}" text-anchor="middle" fill="#fff">أ</text>` +
      `</svg>`,
  );
}

const jobs = [
  ["icon-192.png", 192, { rounded: true, scale: 1 }],
  ["icon-512.png", 512, { rounded: true, scale: 1 }],
  ["maskable-192.png", 192, { rounded: false, scale: 0.8 }],
  ["maskable-512.png", 512, { rounded: false, scale: 0.8 }],
  ["apple-touch-icon.png", 180, { rounded: false, scale: 0.9 }],
];
for (const [name, size, options] of jobs) {
  await sharp(mark(options)).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(OUT, name));
  console.log(name);
}
