import { strToU8, zipSync } from "fflate";
import type { ExportDeck, ExportNote } from "#core/schemas/anki-export";

/**
 * An Anki package (`.apkg`) from a deck's notes (docs/export.md, ADR 037): a zip holding `collection.anki2`
 * (an SQLite database in Anki's schema 11, which every Anki still imports), a `media` map from the zip's
 * numbered entries to file names, and the media files. The SQLite engine is handed in (sql.js, loaded only
 * when a member exports), so this file stays plain TypeScript.
 */

/** What the builder needs of sql.js: a new database, statements, and its bytes. */
export interface SqlDatabase {
  run(sql: string, params?: (string | number | null)[]): unknown;
  export(): Uint8Array;
  close(): void;
}
export type OpenDatabase = () => SqlDatabase;

/** A sound to put in the package, by the note it belongs to. */
export interface PackageSound {
  fileName: string;
  bytes: Uint8Array;
}

/** The note type's fields, in Anki's order (the first is the sort field). */
export const ANKI_FIELDS = [
  "Arabic",
  "Transliteration",
  "English",
  "Sentence",
  "SentenceTransliteration",
  "SentenceEnglish",
  "Source",
  "Audio",
] as const;

/** Fixed, so a second import finds the same note type instead of adding "Ahla word-2". */
const MODEL_ID = 1_732_000_000_001;
const MODEL_NAME = "Ahla word";

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null,
  left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

const CSS = `.card { font-family: "Noto Naskh Arabic", "Geeza Pro", Arial, sans-serif; font-size: 22px; text-align: center;
  color: #1f2937; background: #fff; line-height: 1.6; }
.night_mode .card { color: #f3f4f6; background: #111827; }
.arabic { font-size: 40px; }
.sentence { font-size: 26px; margin-top: 12px; }
.latin { font-family: Arial, sans-serif; }
.muted { color: #6b7280; font-size: 18px; }
.source { margin-top: 16px; font-size: 16px; }`;

const FRONT = `<div class="arabic" lang="ar" dir="rtl">{{Arabic}}</div>`;
const BACK = `{{FrontSide}}
<hr id="answer">
<div class="latin"><i>{{Transliteration}}</i></div>
<div class="latin">{{English}}</div>
{{#Sentence}}<div class="sentence" lang="ar" dir="rtl">{{Sentence}}</div>{{/Sentence}}
{{#SentenceTransliteration}}<div class="latin muted"><i>{{SentenceTransliteration}}</i></div>{{/SentenceTransliteration}}
{{#SentenceEnglish}}<div class="latin muted">{{SentenceEnglish}}</div>{{/SentenceEnglish}}
{{Audio}}
{{#Source}}<div class="latin source">{{Source}}</div>{{/Source}}`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A deck id from its name (stable across exports, so a second import goes to the same deck). */
export function deckIdFor(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.codePointAt(0)!) >>> 0;
  return 1_700_000_000_000 + (hash % 1_000_000_000);
}

/** Anki's checksum of the sort field: the first 8 hex digits of its SHA-1, as a number. */
async function fieldChecksum(text: string): Promise<number> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text)));
  return ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
}

/** The note's fields as Anki stores them (HTML), in `ANKI_FIELDS` order. */
export function ankiFields(note: ExportNote, sound: PackageSound | undefined): string[] {
  const source = note.momentUrl
    ? `<a href="${escapeHtml(note.momentUrl)}">${escapeHtml(note.lessonTitle ?? "Watch the moment")}</a>`
    : escapeHtml(note.lessonTitle ?? "");
  return [
    escapeHtml(note.arabic),
    escapeHtml(note.transliteration),
    escapeHtml(note.english),
    escapeHtml(note.sentenceArabic ?? ""),
    escapeHtml(note.sentenceTransliteration ?? ""),
    escapeHtml(note.sentenceEnglish ?? ""),
    source,
    sound ? `[sound:${sound.fileName}]` : "",
  ];
}

/**
 * The `.apkg` bytes of a deck. `sounds` maps a note's guid to its sound file, when one could be made.
 * `now` fixes the ids and times (the ids of notes and cards count up from it, in milliseconds).
 */
export async function buildAnkiPackage(
  openDatabase: OpenDatabase,
  deck: Pick<ExportDeck, "deckName" | "notes">,
  {
    sounds = new Map<string, PackageSound>(),
    now = Date.now(),
  }: { sounds?: Map<string, PackageSound>; now?: number } = {},
): Promise<Uint8Array> {
  const seconds = Math.floor(now / 1000);
  const deckId = deckIdFor(deck.deckName);
  const db = openDatabase();
  try {
    db.run(SCHEMA);
    const model = {
      id: MODEL_ID,
      name: MODEL_NAME,
      type: 0,
      mod: seconds,
      usn: -1,
      sortf: 0,
      did: deckId,
      tmpls: [
        {
          name: "Arabic → meaning",
          ord: 0,
          qfmt: FRONT,
          afmt: BACK,
          bqfmt: "",
          bafmt: "",
          did: null,
          bfont: "",
          bsize: 0,
        },
      ],
      flds: ANKI_FIELDS.map((name, ord) => ({
        name,
        ord,
        sticky: false,
        rtl: name === "Arabic" || name === "Sentence",
        font: name === "Arabic" || name === "Sentence" ? "Noto Naskh Arabic" : "Arial",
        size: 20,
        media: [],
      })),
      css: CSS,
      latexPre: "\\documentclass[12pt]{article}\n\\begin{document}\n",
      latexPost: "\\end{document}",
      latexsvg: false,
      req: [[0, "any", [0]]],
      tags: [],
      vers: [],
    };
    const deckJson = (id: number, name: string) => ({
      id,
      name,
      mod: seconds,
      usn: -1,
      desc: "",
      dyn: 0,
      conf: 1,
      collapsed: false,
      browserCollapsed: false,
      extendNew: 0,
      extendRev: 0,
      newToday: [0, 0],
      revToday: [0, 0],
      lrnToday: [0, 0],
      timeToday: [0, 0],
    });
    const dconf = {
      1: {
        id: 1,
        name: "Default",
        mod: 0,
        usn: 0,
        maxTaken: 60,
        autoplay: true,
        timer: 0,
        replayq: true,
        dyn: false,
        new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
        rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
        lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
      },
    };
    const conf = {
      activeDecks: [1],
      curDeck: 1,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: String(MODEL_ID),
      nextPos: deck.notes.length + 1,
      sortType: "noteFld",
      sortBackwards: false,
      addToCur: true,
    };
    db.run("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')", [
      seconds,
      now,
      now,
      JSON.stringify(conf),
      JSON.stringify({ [MODEL_ID]: model }),
      JSON.stringify({ 1: deckJson(1, "Default"), [deckId]: deckJson(deckId, deck.deckName) }),
      JSON.stringify(dconf),
    ]);
    for (const [index, note] of deck.notes.entries()) {
      const fields = ankiFields(note, sounds.get(note.guid));
      const id = now + index;
      const tags = note.tags.length ? ` ${note.tags.join(" ")} ` : "";
      db.run("INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')", [
        id,
        note.guid,
        MODEL_ID,
        seconds,
        tags,
        fields.join("\x1f"),
        note.arabic,
        await fieldChecksum(note.arabic),
      ]);
      // A new card, due in the order of the deck.
      db.run("INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')", [
        id,
        id,
        deckId,
        seconds,
        index + 1,
      ]);
    }
    const files: Record<string, Uint8Array> = { "collection.anki2": db.export() };
    const media: Record<string, string> = {};
    const byName = new Map([...sounds.values()].map((sound) => [sound.fileName, sound.bytes]));
    for (const [number, [fileName, bytes]] of [...byName].entries()) {
      media[String(number)] = fileName;
      files[String(number)] = bytes;
    }
    files.media = strToU8(JSON.stringify(media));
    return zipSync(files, { level: 6 });
  } finally {
    db.close();
  }
}
