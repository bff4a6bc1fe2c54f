/**
 * Demo catalogue for local development (`npm start`): a small but real Levantine (Shami) Arabic
 * course. Plain typed data, no database access; `seed-demo.ts` writes it to D1.
 *
 * Transliteration scheme used everywhere (the "romanized" learner scheme):
 *   ʔ hamza (also the urban qaaf: ʔahwe "coffee"), ʕ ain, ħ haa, kh, gh, sh, th, dh;
 *   long vowels doubled (aa, ii, uu, ee, oo); short vowels a, i, u, plus e/o where the dialect
 *   has them (final -e of ʔahwe, the -o "his" suffix of beeto); emphatic consonants are written
 *   plainly (s, t, d, z); doubled consonants are written twice (ʔaddeesh); the article is il-/l-
 *   and assimilates to sun letters (ish-shaam, is-suuʔ).
 */
import type { Level } from "../core/levels";
import { ADMIN_PERMISSION, COMMUNITY_MODERATE_PERMISSION } from "../core/permissions";

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export type DemoLevel = Level;
export type DemoAccountKey = "admin" | "learner" | "free";

export interface DemoAccount {
  key: DemoAccountKey;
  email: string;
  password: string;
  name: string;
  permissions: string[];
  level: DemoLevel | null;
}

export interface DemoCountry {
  name: string;
  code: string;
  dialect: string;
}

export interface DemoTeacher {
  name: string;
  nameAr: string;
  slug: string;
  bio: string;
  countryCode: string;
}

export interface DemoCategory {
  name: string;
  slug: string;
  position: number;
}

export interface DemoCue {
  position: number;
  startMs: number;
  endMs: number;
  arabic: string;
  transliteration: string;
  english: string;
}

export interface DemoVocabularyItem {
  arabic: string;
  transliteration: string;
  english: string;
  /** Index into the lesson's cues of the cue that contains the word. */
  cueIndex: number;
  /** Start of that cue. */
  startMs: number;
}

export interface DemoSentenceOrder {
  cueIndex: number;
  /** The cue's Arabic line; the learner puts its words back in order. */
  sentence: string;
  translation: string;
  position: number;
}

export interface DemoSentenceGap {
  cueIndex: number;
  /** The cue's Arabic line with "___" in place of the answer. */
  sentence: string;
  answer: string;
  acceptedVariants: string[];
  options: string[];
  translation: string;
  position: number;
}

export interface DemoLesson {
  title: string;
  titleAr: string;
  slug: string;
  description: string;
  level: DemoLevel;
  /** Cue end rounded up to the second. */
  durationSeconds: number;
  isFree: boolean;
  isPublished: boolean;
  /** Days before "now" the lesson was published; null for drafts. */
  publishedDaysAgo: number | null;
  viewsCount: number;
  countryCode: string;
  teacherSlugs: string[];
  categorySlugs: string[];
  cues: DemoCue[];
  vocabulary: DemoVocabularyItem[];
  sentenceOrders: DemoSentenceOrder[];
  sentenceGaps: DemoSentenceGap[];
}

export interface DemoSeries {
  title: string;
  titleAr: string;
  slug: string;
  description: string;
  level: DemoLevel;
  lessonSlugs: string[];
}

export interface DemoStudyTrack extends DemoSeries {
  position: number;
  teacherSlugs: string[];
}

export interface DemoPlaylist {
  title: string;
  slug: string;
  description: string;
  lessonSlugs: string[];
}

export interface DemoPlan {
  name: "monthly" | "annual";
  title: string;
  description: string;
  priceCents: number;
  currency: string;
  interval: "month" | "year";
  trialDays: number;
  levelTags: DemoLevel[];
  features: string[];
  position: number;
}

export interface DemoPermission {
  code: string;
  description: string;
}

export interface DemoFaq {
  question: string;
  answer: string;
  isFeatured: boolean;
}

export interface DemoWord {
  arabic: string;
  transliteration: string;
  english: string;
}

export interface DemoFlashcollection {
  title: string;
  slug: string;
  description: string;
  level: DemoLevel;
  cards: DemoWord[];
}

export interface DemoVocabularyTheme {
  title: string;
  titleAr: string;
  slug: string;
  description: string;
}

export interface DemoDeckWord extends DemoWord {
  exampleArabic: string;
  exampleEnglish: string;
}

export interface DemoDeck {
  themeSlug: string;
  categoryTitle: string;
  title: string;
  titleAr: string;
  slug: string;
  description: string;
  level: DemoLevel;
  words: DemoDeckWord[];
}

export interface DemoListeningQuestion {
  kind: "choice" | "dictation";
  prompt: string;
  options: string[];
  answer: string;
  acceptedVariants: string[];
  acceptArabizi: boolean;
}

export interface DemoListeningActivity {
  title: string;
  slug: string;
  description: string;
  level: DemoLevel;
  transcript: string;
  questions: DemoListeningQuestion[];
}

export interface DemoListeningGroup {
  title: string;
  slug: string;
  description: string;
  activities: DemoListeningActivity[];
}

export interface DemoCommunityMessage {
  author: DemoAccountKey;
  /** Hours before "now" the message was posted. */
  hoursAgo: number;
  body: string;
}

export interface DemoCommunityThread {
  title: string;
  slug: string;
  pinned: boolean;
  /** In posting order; the first author starts the thread. */
  messages: DemoCommunityMessage[];
}

export interface DemoCommunityGroup {
  title: string;
  slug: string;
  description: string;
  threads: DemoCommunityThread[];
}

export interface DemoBlogPost {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  status: "draft" | "published";
  /** Days before "now"; null for drafts. */
  publishedDaysAgo: number | null;
}

// ---------------------------------------------------------------------------------------------
// Accounts, countries, teachers, categories
// ---------------------------------------------------------------------------------------------

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    key: "admin",
    email: "admin@ahla.dev",
    password: "ahla-admin-2026",
    name: "Amal Admin",
    permissions: [ADMIN_PERMISSION],
    level: null,
  },
  {
    key: "learner",
    email: "learner@ahla.dev",
    password: "ahla-learner-2026",
    name: "Layla Learner",
    permissions: [],
    level: "beginner",
  },
  {
    key: "free",
    email: "free@ahla.dev",
    password: "ahla-free-2026",
    name: "Farid Free",
    permissions: [],
    level: null,
  },
];

export const DEMO_PERMISSIONS: DemoPermission[] = [
  { code: ADMIN_PERMISSION, description: "Full administrator access" },
  {
    code: COMMUNITY_MODERATE_PERMISSION,
    description: "Moderate community groups: delete any thread or message, pin and lock threads",
  },
];

export const DEMO_COUNTRIES: DemoCountry[] = [
  { name: "Syria", code: "SY", dialect: "Damascene" },
  { name: "Lebanon", code: "LB", dialect: "Beiruti" },
  { name: "Palestine", code: "PS", dialect: "Palestinian (urban)" },
  { name: "Jordan", code: "JO", dialect: "Ammani" },
];

export const DEMO_TEACHERS: DemoTeacher[] = [
  {
    name: "Rami Haddad",
    nameAr: "رامي حدّاد",
    slug: "rami-haddad",
    bio: "Born and raised in the old city of Damascus, Rami has taught Arabic to foreigners for over ten years. He loves explaining the stories behind everyday expressions.",
    countryCode: "SY",
  },
  {
    name: "Lina Khoury",
    nameAr: "لينا خوري",
    slug: "lina-khoury",
    bio: "Lina is a Damascus-trained linguist who teaches grammar the way people actually speak it. Her lessons turn tricky patterns into short, memorable dialogues.",
    countryCode: "SY",
  },
  {
    name: "Maya Nassar",
    nameAr: "مايا نصّار",
    slug: "maya-nassar",
    bio: "Maya is a Beirut native and a former radio host. She teaches Lebanese Arabic through real situations, from ordering coffee to sitting a job interview.",
    countryCode: "LB",
  },
  {
    name: "Yousef Odeh",
    nameAr: "يوسف عودة",
    slug: "yousef-odeh",
    bio: "Yousef grew up between Jerusalem and Ramallah. He teaches Palestinian Arabic through family life, food and the traditions of the olive season.",
    countryCode: "PS",
  },
  {
    name: "Hala Zoubi",
    nameAr: "هالة الزعبي",
    slug: "hala-zoubi",
    bio: "Hala is from Amman and has taught at language centres in Jordan for eight years. She specialises in practical conversations for people new to the city.",
    countryCode: "JO",
  },
];

export const DEMO_CATEGORIES: DemoCategory[] = [
  { name: "Daily life", slug: "daily-life", position: 0 },
  { name: "Food & cooking", slug: "food-cooking", position: 1 },
  { name: "Travel", slug: "travel", position: 2 },
  { name: "Family", slug: "family", position: 3 },
  { name: "Work", slug: "work", position: 4 },
  { name: "Culture", slug: "culture", position: 5 },
  { name: "Grammar in context", slug: "grammar-in-context", position: 6 },
];

// ---------------------------------------------------------------------------------------------
// Lessons
// ---------------------------------------------------------------------------------------------

/** [arabic, transliteration, english] */
type CueInput = readonly [arabic: string, transliteration: string, english: string];

interface LessonInput {
  title: string;
  titleAr: string;
  slug: string;
  description: string;
  level: DemoLevel;
  isFree?: boolean;
  isPublished?: boolean;
  publishedDaysAgo: number | null;
  viewsCount: number;
  countryCode: string;
  teacherSlugs: string[];
  categorySlugs: string[];
  cues: CueInput[];
  vocabulary: Array<{ arabic: string; transliteration: string; english: string; cue: number }>;
  orders?: Array<{ cue: number }>;
  gaps?: Array<{ cue: number; answer: string; acceptedVariants: string[]; options: string[] }>;
}

const GAP = "___";

/** Spoken length of a cue with a learner pause: 2 s plus 75 ms per character, kept within 3-6 s, in 100 ms steps. */
function cueDurationMs(arabic: string): number {
  const raw = 2000 + arabic.length * 75;
  return Math.min(6000, Math.max(3000, Math.round(raw / 100) * 100));
}

function lesson(input: LessonInput): DemoLesson {
  let cursor = 0;
  const cues: DemoCue[] = input.cues.map(([arabic, transliteration, english], position) => {
    const startMs = cursor;
    cursor += cueDurationMs(arabic);
    return { position, startMs, endMs: cursor, arabic, transliteration, english };
  });
  const cueAt = (index: number): DemoCue => {
    const cue = cues[index];
    if (!cue) throw new Error(`demo lesson ${input.slug}: no cue ${index}`);
    return cue;
  };
  return {
    title: input.title,
    titleAr: input.titleAr,
    slug: input.slug,
    description: input.description,
    level: input.level,
    durationSeconds: Math.ceil(cursor / 1000),
    isFree: input.isFree ?? false,
    isPublished: input.isPublished ?? true,
    publishedDaysAgo: input.publishedDaysAgo,
    viewsCount: input.viewsCount,
    countryCode: input.countryCode,
    teacherSlugs: input.teacherSlugs,
    categorySlugs: input.categorySlugs,
    cues,
    vocabulary: input.vocabulary.map(({ cue, ...word }) => ({ ...word, cueIndex: cue, startMs: cueAt(cue).startMs })),
    sentenceOrders: (input.orders ?? []).map(({ cue }, position) => ({
      cueIndex: cue,
      sentence: cueAt(cue).arabic,
      translation: cueAt(cue).english,
      position,
    })),
    sentenceGaps: (input.gaps ?? []).map(({ cue, answer, acceptedVariants, options }, position) => {
      const line = cueAt(cue).arabic;
      if (!line.includes(answer)) throw new Error(`demo lesson ${input.slug}: "${answer}" is not in cue ${cue}`);
      return {
        cueIndex: cue,
        sentence: line.replace(answer, GAP),
        answer,
        acceptedVariants,
        options,
        translation: cueAt(cue).english,
        position,
      };
    }),
  };
}

export const DEMO_LESSONS: DemoLesson[] = [
  // ----- Beginner ------------------------------------------------------------------------------
  lesson({
    title: "Greetings in Damascus",
    titleAr: "التحيّات بالشام",
    slug: "greetings-in-damascus",
    description:
      "Two neighbours meet in a Damascus street and go through the greetings every Syrian uses daily. You will learn how to ask how someone is, introduce yourself and say where you are from. A perfect first lesson if you have never spoken Shami before.",
    level: "beginner",
    isFree: true,
    publishedDaysAgo: 120,
    viewsCount: 1843,
    countryCode: "SY",
    teacherSlugs: ["rami-haddad"],
    categorySlugs: ["daily-life"],
    cues: [
      ["مرحبا! كِيفَك؟", "marħaba! kiifak?", "Hi! How are you?"],
      [
        "أهلين! أنا منيح، الحمدلله. وإنتَ؟",
        "ʔahleen! ʔana mniiħ, ʔil-ħamdilla. w ʔinta?",
        "Hi! I'm well, thank God. And you?",
      ],
      [
        "تمام، ماشي الحال. شو أخبارك؟",
        "tamaam, maashi l-ħaal. shuu ʔakhbaarak?",
        "Fine, things are going OK. What's new with you?",
      ],
      ["والله كلّو تمام. شو اسمك؟", "walla killo tamaam. shuu ʔismak?", "Honestly, all good. What's your name?"],
      ["أنا اسمي رامي. تْشَرَّفنا!", "ʔana ʔismi raami. tsharrafna!", "My name is Rami. Nice to meet you!"],
      ["الشرف إلي. منين إنتَ؟", "ʔish-sharaf ʔili. mneen ʔinta?", "The pleasure is mine. Where are you from?"],
      [
        "أنا من الشام، بس ساكن بحلب هلّق.",
        "ʔana min ish-shaam, bass saakin b-ħalab hallaʔ.",
        "I'm from Damascus, but I live in Aleppo now.",
      ],
      ["يلّا، بشوفك بعدين. مع السلامة!", "yalla, bshuufak baʕdeen. maʕ is-salaame!", "OK then, see you later. Goodbye!"],
    ],
    vocabulary: [
      { arabic: "مرحبا", transliteration: "marħaba", english: "hello", cue: 0 },
      { arabic: "كيفك", transliteration: "kiifak", english: "how are you? (to a man)", cue: 0 },
      { arabic: "منيح", transliteration: "mniiħ", english: "good, well", cue: 1 },
      { arabic: "الحمدلله", transliteration: "ʔil-ħamdilla", english: "thank God (I'm fine)", cue: 1 },
      { arabic: "تشرّفنا", transliteration: "tsharrafna", english: "nice to meet you", cue: 4 },
      { arabic: "مع السلامة", transliteration: "maʕ is-salaame", english: "goodbye", cue: 7 },
    ],
    orders: [{ cue: 6 }],
    gaps: [
      {
        cue: 1,
        answer: "منيح",
        acceptedVariants: ["mniiħ", "mnih", "mniih"],
        options: ["كتير", "منيح", "بكرا", "وين"],
      },
    ],
  }),
  lesson({
    title: "Ordering Coffee in Beirut",
    titleAr: "طلب فنجان قهوة ببيروت",
    slug: "ordering-coffee-in-beirut",
    description:
      "Maya orders an Arabic coffee and a ka'ak at a small café in Beirut. Learn how to say what you want, ask for the bill and thank the person serving you the Lebanese way.",
    level: "beginner",
    isFree: true,
    publishedDaysAgo: 112,
    viewsCount: 1522,
    countryCode: "LB",
    teacherSlugs: ["maya-nassar"],
    categorySlugs: ["food-cooking", "daily-life"],
    cues: [
      [
        "صباح الخير! شو بتحبّي تشربي؟",
        "sabaaħ il-kheer! shuu btiħibbi tishrabi?",
        "Good morning! What would you like to drink?",
      ],
      [
        "صباح النور. بدّي فنجان قَهوة، لو سمحت.",
        "sabaaħ in-nuur. baddi finjaan ʔahwe, law samaħt.",
        "Good morning. I'd like a cup of coffee, please.",
      ],
      ["قهوة عربية ولّا نسكافيه؟", "ʔahwe ʕarabiyye walla neskafe?", "Arabic coffee or instant?"],
      ["عربية، بس سكّر خفيف.", "ʕarabiyye, bass sikkar khafiif.", "Arabic, but go light on the sugar."],
      [
        "بدّك شي تاني؟ عنّا كعك طازة.",
        "baddik shi taani? ʕanna kaʕk taaza.",
        "Do you want anything else? We have fresh ka'ak.",
      ],
      [
        "إيه، كعكة وحدة بزعتر. قدّيش الحساب؟",
        "ʔee, kaʕke wiħde b-zaʕtar. ʔaddeesh il-ħsaab?",
        "Yes, one ka'ak with za'tar. How much is the bill?",
      ],
      ["كلّو خمس دولارات. صحتين!", "killo khams dolaaraat. saħteen!", "Five dollars altogether. Enjoy!"],
      ["ميرسي كتير، يسلمو!", "mersii ktiir, yislamu!", "Thanks a lot, bless you!"],
    ],
    vocabulary: [
      { arabic: "بدّي", transliteration: "baddi", english: "I want", cue: 1 },
      { arabic: "قهوة", transliteration: "ʔahwe", english: "coffee", cue: 1 },
      { arabic: "سكّر", transliteration: "sikkar", english: "sugar", cue: 3 },
      { arabic: "قدّيش", transliteration: "ʔaddeesh", english: "how much", cue: 5 },
      { arabic: "صحتين", transliteration: "saħteen", english: "enjoy your food/drink", cue: 6 },
      { arabic: "يسلمو", transliteration: "yislamu", english: "thanks (lit. may they be safe)", cue: 7 },
    ],
    orders: [{ cue: 1 }],
    gaps: [
      {
        cue: 5,
        answer: "قدّيش",
        acceptedVariants: ["ʔaddeesh", "addeesh", "addesh", "2addesh", "قديش"],
        options: ["وين", "ليش", "قدّيش", "مين"],
      },
    ],
  }),
  lesson({
    title: "Introducing Your Family",
    titleAr: "بعرّفك على عيلتي",
    slug: "introducing-your-family",
    description:
      "Yousef shows a family photo and introduces his parents, siblings and grandmother. You will practise 'this is' with haad and haay and the most common family words in Palestinian Arabic.",
    level: "beginner",
    publishedDaysAgo: 105,
    viewsCount: 964,
    countryCode: "PS",
    teacherSlugs: ["yousef-odeh"],
    categorySlugs: ["family"],
    cues: [
      ["هاي صورة عيلتي.", "haay suurit ʕeelti.", "This is a picture of my family."],
      [
        "هاد أبوي، بيشتغِل مهندِس بالقدس.",
        "haad ʔabuuy, biyishtighil muhandis bil-ʔuds.",
        "This is my father; he works as an engineer in Jerusalem.",
      ],
      [
        "وهاي إمّي، هي معلّمة إنجليزي.",
        "w haay ʔimmi, hiyye mʕallme ʔingliizi.",
        "And this is my mother; she's an English teacher.",
      ],
      ["عندي أخ واحد وأختين.", "ʕindi ʔakh waaħad w ʔukhteen.", "I have one brother and two sisters."],
      [
        "أخوي الكبير متجوّز وعنده ولدين.",
        "ʔakhuuy il-kbiir mitjawwiz w ʕindo waladeen.",
        "My older brother is married and has two kids.",
      ],
      [
        "وهاي ستّي، عمرها تمانين سنة.",
        "w haay sitti, ʕumurha tamaaniin sane.",
        "And this is my grandmother; she's eighty.",
      ],
      [
        "بنجتمع عند ستّي كل يوم جمعة.",
        "binijtamiʕ ʕind sitti kull yoom jumʕa.",
        "We get together at my grandmother's every Friday.",
      ],
      ["وإنتَ، عيلتك كبيرة؟", "w ʔinta, ʕeeltak kbiire?", "And you, is your family big?"],
    ],
    vocabulary: [
      { arabic: "عيلتي", transliteration: "ʕeelti", english: "my family", cue: 0 },
      { arabic: "أبوي", transliteration: "ʔabuuy", english: "my father", cue: 1 },
      { arabic: "إمّي", transliteration: "ʔimmi", english: "my mother", cue: 2 },
      { arabic: "أخوي", transliteration: "ʔakhuuy", english: "my brother", cue: 4 },
      { arabic: "متجوّز", transliteration: "mitjawwiz", english: "married (man)", cue: 4 },
      { arabic: "ستّي", transliteration: "sitti", english: "my grandmother", cue: 5 },
    ],
    orders: [{ cue: 6 }],
    gaps: [
      {
        cue: 5,
        answer: "ستّي",
        acceptedVariants: ["sitti", "setti", "ستي"],
        options: ["إمّي", "أختي", "ستّي", "خالتي"],
      },
    ],
  }),
  lesson({
    title: "At the Vegetable Market",
    titleAr: "بسوق الخضرة",
    slug: "at-the-vegetable-market",
    description:
      "Hala buys tomatoes and cucumbers from a stall in Amman. Learn to ask for prices, say how much you want and answer the friendly expressions every Jordanian shopkeeper uses.",
    level: "beginner",
    isFree: true,
    publishedDaysAgo: 98,
    viewsCount: 1277,
    countryCode: "JO",
    teacherSlugs: ["hala-zoubi"],
    categorySlugs: ["food-cooking", "daily-life"],
    cues: [
      ["مرحبا، يعطيك العافية.", "marħaba, yaʕtiik il-ʕaafye.", "Hello, God give you strength."],
      [
        "الله يعافيك، أهلين. شو بدّك؟",
        "ʔalla yʕaafiik, ʔahleen. shuu biddak?",
        "And you too, welcome. What would you like?",
      ],
      ["بكم كيلو البندورة اليوم؟", "b-kam kiilu l-bandoora l-yoom?", "How much is a kilo of tomatoes today?"],
      [
        "الكيلو بنص دينار، والبندورة بلدية وطازة.",
        "il-kiilu b-nuss diinaar, w il-bandoora baladiyye w taaza.",
        "Half a dinar a kilo, and the tomatoes are local and fresh.",
      ],
      [
        "طيب، أعطيني كيلوين بندورة وكيلو خيار.",
        "tayyib, ʔaʕtiini kiiluween bandoora w kiilu khyaar.",
        "OK, give me two kilos of tomatoes and a kilo of cucumbers.",
      ],
      ["من عيوني. بدّك إشي تاني؟", "min ʕyuuni. biddak ʔishi taani?", "With pleasure. Anything else?"],
      ["لا، خلص. كم صار الحساب؟", "la, khalas. kam saar il-ħsaab?", "No, that's it. How much is it altogether?"],
      ["دينار ونص. صحتين وعافية!", "diinaar w nuss. saħteen w ʕaafye!", "A dinar and a half. Enjoy them!"],
    ],
    vocabulary: [
      {
        arabic: "يعطيك العافية",
        transliteration: "yaʕtiik il-ʕaafye",
        english: "God give you strength (greeting to someone working)",
        cue: 0,
      },
      { arabic: "بندورة", transliteration: "bandoora", english: "tomatoes", cue: 2 },
      { arabic: "طازة", transliteration: "taaza", english: "fresh", cue: 3 },
      { arabic: "خيار", transliteration: "khyaar", english: "cucumbers", cue: 4 },
      { arabic: "من عيوني", transliteration: "min ʕyuuni", english: "with pleasure (lit. from my eyes)", cue: 5 },
      { arabic: "خلص", transliteration: "khalas", english: "that's it, enough", cue: 6 },
    ],
    orders: [{ cue: 6 }],
    gaps: [
      {
        cue: 4,
        answer: "بندورة",
        acceptedVariants: ["bandoora", "bandora", "banadoura"],
        options: ["بندورة", "خبز", "قهوة", "سيارة"],
      },
    ],
  }),
  lesson({
    title: "Taking a Taxi in Amman",
    titleAr: "بالتكسي بعمّان",
    slug: "taking-a-taxi-in-amman",
    description:
      "A short taxi ride from downtown to Seventh Circle. You will learn how to give a destination, ask for the meter, deal with traffic and tell the driver where to stop.",
    level: "beginner",
    publishedDaysAgo: 90,
    viewsCount: 811,
    countryCode: "JO",
    teacherSlugs: ["hala-zoubi"],
    categorySlugs: ["travel"],
    cues: [
      ["مرحبا، فاضي؟", "marħaba, faadi?", "Hello, are you free?"],
      ["أهلين، تفضّل. وين رايح؟", "ʔahleen, tfaddal. ween raayiħ?", "Hi, get in. Where are you going?"],
      ["على الدُّوّار السابع، لو سمحت.", "ʕa d-duwwaar is-saabiʕ, law samaħt.", "To Seventh Circle, please."],
      [
        "ماشي. بدّك أشغّل العدّاد؟",
        "maashi. biddak ʔashaghghil il-ʕaddaad?",
        "Sure. Do you want me to turn on the meter?",
      ],
      ["أكيد، شغّل العدّاد.", "ʔakiid, shaghghil il-ʕaddaad.", "Of course, turn on the meter."],
      [
        "في أزمة سير كتير هسّا، رح نتأخّر شوي.",
        "fii ʔazmit seer ktiir hassa, raħ nitʔakhkhar shway.",
        "There's a lot of traffic now, we'll be a bit late.",
      ],
      [
        "مش مشكلة. نزّلني هون عاليمين.",
        "mish mushkile. nazzilni hoon ʕal-yamiin.",
        "No problem. Drop me here on the right.",
      ],
      ["العدّاد بيقول دينارين ونص.", "il-ʕaddaad biʔuul diinaareen w nuss.", "The meter says two and a half dinars."],
      [
        "تفضّل، وخلّي الباقي إلك. الله معك!",
        "tfaddal, w khalli l-baaʔi ʔilak. ʔalla maʕak!",
        "Here you go, keep the change. Take care!",
      ],
    ],
    vocabulary: [
      { arabic: "وين", transliteration: "ween", english: "where", cue: 1 },
      { arabic: "رايح", transliteration: "raayiħ", english: "going (man)", cue: 1 },
      { arabic: "العدّاد", transliteration: "il-ʕaddaad", english: "the taxi meter", cue: 3 },
      { arabic: "هسّا", transliteration: "hassa", english: "now (Jordanian/Palestinian)", cue: 5 },
      { arabic: "مش مشكلة", transliteration: "mish mushkile", english: "no problem", cue: 6 },
      { arabic: "نزّلني", transliteration: "nazzilni", english: "drop me off", cue: 6 },
    ],
    orders: [{ cue: 5 }],
  }),
  lesson({
    title: "Telling the Time",
    titleAr: "قدّيش الساعة؟",
    slug: "telling-the-time",
    description:
      "Two students check the time before their Arabic class. Learn to ask what time it is, use 'quarter past' and 'twenty to', and talk about how many minutes are left.",
    level: "beginner",
    publishedDaysAgo: 84,
    viewsCount: 702,
    countryCode: "SY",
    teacherSlugs: ["lina-khoury"],
    categorySlugs: ["daily-life", "grammar-in-context"],
    cues: [
      ["قدّيش الساعة هلّق؟", "ʔaddeesh is-saaʕa hallaʔ?", "What time is it now?"],
      ["الساعة تلاتة وربع.", "is-saaʕa tlaate w rubʕ.", "It's a quarter past three."],
      ["إيمتى بيبلّش الدرس؟", "ʔeemta biballish id-dars?", "When does the lesson start?"],
      ["بيبلّش الساعة أربعة إلا تلت.", "biballish is-saaʕa ʔarbaʕa ʔilla tilt.", "It starts at twenty to four."],
      [
        "يعني لسّا عنّا خمسة وعشرين دقيقة.",
        "yaʕni lissa ʕanna khamsa w ʕishriin daʔiiʔa.",
        "So we still have twenty-five minutes.",
      ],
      [
        "منيح، خلّينا نشرب كاسة شاي قبل ما يبلّش.",
        "mniiħ, khalliina nishrab kaasit shaay ʔabil ma yballish.",
        "Good, let's have a glass of tea before it starts.",
      ],
      [
        "بس ما نتأخّر، الأستاذ ما بيحبّ حدا يفوت متأخّر.",
        "bass ma nitʔakhkhar, il-ʔistaaz ma biħibb ħada yfuut mitʔakhkhir.",
        "But let's not be late, the teacher doesn't like anyone coming in late.",
      ],
    ],
    vocabulary: [
      { arabic: "الساعة", transliteration: "is-saaʕa", english: "the time; o'clock", cue: 0 },
      { arabic: "هلّق", transliteration: "hallaʔ", english: "now (Syrian/Lebanese)", cue: 0 },
      { arabic: "ربع", transliteration: "rubʕ", english: "quarter", cue: 1 },
      { arabic: "إيمتى", transliteration: "ʔeemta", english: "when", cue: 2 },
      { arabic: "تلت", transliteration: "tilt", english: "third (20 minutes)", cue: 3 },
      { arabic: "دقيقة", transliteration: "daʔiiʔa", english: "minute", cue: 4 },
    ],
    orders: [{ cue: 5 }],
    gaps: [
      {
        cue: 1,
        answer: "تلاتة",
        acceptedVariants: ["tlaate", "tlete", "tlate", "تلاته"],
        options: ["تلاتين", "تلاتة", "تالت", "تلت"],
      },
    ],
  }),

  // ----- Intermediate --------------------------------------------------------------------------
  lesson({
    title: "Making Weekend Plans",
    titleAr: "شو عاملة نهار السبت؟",
    slug: "making-weekend-plans",
    description:
      "Two friends in Beirut plan a Saturday trip to the mountains. Learn how Lebanese speakers make suggestions, agree on a time and split who brings what. Listen for the very Lebanese words ʕajʔa and fall.",
    level: "intermediate",
    isFree: true,
    publishedDaysAgo: 70,
    viewsCount: 1105,
    countryCode: "LB",
    teacherSlugs: ["maya-nassar"],
    categorySlugs: ["daily-life", "travel"],
    cues: [
      ["شو عامْلة نهار السبت؟", "shuu ʕaamle nhaar is-sabt?", "What are you doing on Saturday?"],
      [
        "ولا شي، بعد ما عندي خطط. ليش؟",
        "wala shi, baʕd ma ʕindi khitat. leesh?",
        "Nothing, I don't have any plans yet. Why?",
      ],
      [
        "قلت منطلع عالجبل، منتغدّى بضيعة ستّي.",
        "ʔilt mnitlaʕ ʕal-jabal, mnitghadda b-deeʕit sitti.",
        "I thought we could go up to the mountains and have lunch in my grandmother's village.",
      ],
      [
        "فكرة حلوة! بس إذا فلّينا بكّير، منهرب من العجقة.",
        "fikra ħilwe! bass ʔiza fallayna bakkiir, minihrub min il-ʕajʔa.",
        "Nice idea! But if we leave early, we'll escape the traffic.",
      ],
      [
        "أكيد. بمرّ عليكي الساعة تسعة الصبح.",
        "ʔakiid. bmirr ʕaleeki is-saaʕa tisʕa s-subħ.",
        "Sure. I'll pick you up at nine in the morning.",
      ],
      [
        "تمام. بجيب معي تبّولة، وإنتَ جيب الحلو.",
        "tamaam. bjiib maʕi tabbuule, w ʔinta jiib il-ħilu.",
        "Great. I'll bring tabbouleh, and you bring dessert.",
      ],
      ["اتّفقنا! منحكي بكرا لنأكّد.", "ttafaʔna! minħki bukra la-nʔakkid.", "Deal! We'll talk tomorrow to confirm."],
    ],
    vocabulary: [
      { arabic: "نهار السبت", transliteration: "nhaar is-sabt", english: "on Saturday", cue: 0 },
      { arabic: "خطط", transliteration: "khitat", english: "plans", cue: 1 },
      { arabic: "ضيعة", transliteration: "deeʕa", english: "village", cue: 2 },
      { arabic: "بكّير", transliteration: "bakkiir", english: "early", cue: 3 },
      { arabic: "العجقة", transliteration: "il-ʕajʔa", english: "the traffic jam, the crowd (Lebanese)", cue: 3 },
      { arabic: "اتّفقنا", transliteration: "ttafaʔna", english: "deal, agreed", cue: 6 },
    ],
    orders: [{ cue: 4 }],
    gaps: [
      {
        cue: 3,
        answer: "بكّير",
        acceptedVariants: ["bakkiir", "bakkir", "bakir", "بكير"],
        options: ["مبارح", "بكّير", "بعدين", "متأخّر"],
      },
    ],
  }),
  lesson({
    title: "Cooking Mujaddara with Grandma",
    titleAr: "طبخ المجدّرة مع ستّي",
    slug: "cooking-mujaddara-with-grandma",
    description:
      "Yousef cooks mujaddara, the lentil-and-rice dish every Palestinian family knows, following his grandmother's recipe. You will learn kitchen verbs like boil, add and fry, and how to describe each step.",
    level: "intermediate",
    publishedDaysAgo: 63,
    viewsCount: 1398,
    countryCode: "PS",
    teacherSlugs: ["yousef-odeh"],
    categorySlugs: ["food-cooking", "family"],
    cues: [
      [
        "اليوم رح نطبخ مجدّرة، أكلة بسيطة وطيّبة.",
        "il-yoom raħ nutbukh mjaddara, ʔakle basiita w tayybe.",
        "Today we're going to cook mujaddara, a simple and tasty dish.",
      ],
      [
        "بدنا كاسة عدس، وكاسة رز، وتلات بصلات كبار.",
        "bidna kaasit ʕadas, w kaasit ruzz, w tlat basalaat kbaar.",
        "We need a cup of lentils, a cup of rice and three large onions.",
      ],
      [
        "أوّل إشي بنسلق العدس تقريباً ربع ساعة.",
        "ʔawwal ʔishi binislaʔ il-ʕadas taʔriiban rubʕ saaʕa.",
        "First we boil the lentils for about a quarter of an hour.",
      ],
      [
        "بعدين بنزيد الرز والمي والملح، وبنخلّيهم على نار هادية.",
        "baʕdeen binziid ir-ruzz w il-mayy w il-milħ, w binkhalliihum ʕala naar haadye.",
        "Then we add the rice, water and salt, and leave them on a low heat.",
      ],
      [
        "وبهالوقت بنقلي البصل بزيت الزيتون لحدّ ما يصير لونه بنّي.",
        "w b-hal-waʔt binʔli l-basal b-zeet iz-zeetuun la-ħadd ma ysiir loono binni.",
        "Meanwhile we fry the onions in olive oil until they turn brown.",
      ],
      [
        "بنحطّ البصل المقلي فوق المجدّرة، وبناكلها مع لبن وسلطة.",
        "binħutt il-basal il-maʔli fooʔ il-mjaddara, w binaakulha maʕ laban w salata.",
        "We put the fried onions on top of the mujaddara and eat it with yoghurt and salad.",
      ],
      ["صحتين على قلوبكم!", "saħteen ʕala ʔluubkum!", "Bon appétit, everyone!"],
    ],
    vocabulary: [
      { arabic: "عدس", transliteration: "ʕadas", english: "lentils", cue: 1 },
      { arabic: "رز", transliteration: "ruzz", english: "rice", cue: 1 },
      { arabic: "بنسلق", transliteration: "binislaʔ", english: "we boil", cue: 2 },
      { arabic: "نار هادية", transliteration: "naar haadye", english: "low heat", cue: 3 },
      { arabic: "بنقلي", transliteration: "binʔli", english: "we fry", cue: 4 },
      { arabic: "لبن", transliteration: "laban", english: "yoghurt", cue: 5 },
    ],
    orders: [{ cue: 1 }],
    gaps: [
      {
        cue: 3,
        answer: "هادية",
        acceptedVariants: ["haadye", "hadye", "hadya", "هادئة"],
        options: ["قوية", "باردة", "هادية", "سريعة"],
      },
    ],
  }),
  lesson({
    title: "Asking for Directions in Damascus",
    titleAr: "كيف بروح عالحميدية؟",
    slug: "asking-for-directions-in-damascus",
    description:
      "A visitor asks a shopkeeper the way to Souq al-Hamidiyya. Learn the key direction words straight, right and left, and polite ways to ask for and thank someone for help.",
    level: "intermediate",
    publishedDaysAgo: 56,
    viewsCount: 876,
    countryCode: "SY",
    teacherSlugs: ["rami-haddad"],
    categorySlugs: ["travel"],
    cues: [
      [
        "لو سمحت، كيف بروح على سوق الحميدية؟",
        "law samaħt, kiif bruuħ ʕala suuʔ il-ħamiidiyye?",
        "Excuse me, how do I get to Souq al-Hamidiyya?",
      ],
      [
        "كتير قريب. كَمِّل دُغري لآخر الشارع.",
        "ktiir ʔariib. kammil dighri la-ʔaakhir ish-shaariʕ.",
        "It's very close. Keep going straight to the end of the street.",
      ],
      [
        "بعدين لفّ يمين عند الجامع الزغير.",
        "baʕdeen liff yamiin ʕind ij-jaamiʕ iz-zghiir.",
        "Then turn right at the small mosque.",
      ],
      [
        "رح تشوف باب كبير، هاد مدخل السوق.",
        "raħ tshuuf baab kbiir, haad madkhal is-suuʔ.",
        "You'll see a big gate; that's the entrance to the souq.",
      ],
      ["بتاخد شي عشر دقايق مشي.", "btaakhud shi ʕashr daʔaayiʔ mashi.", "It takes about ten minutes on foot."],
      [
        "وإذا ضعت، اسأل أي حدا هونيك.",
        "w ʔiza diʕt, ʔisʔal ʔayy ħada hooniik.",
        "And if you get lost, ask anyone there.",
      ],
      ["يسلمو كتير! الله يخلّيك.", "yislamu ktiir! ʔalla ykhalliik.", "Thanks so much! God keep you."],
      ["ولو، على راسي.", "walaw, ʕala raasi.", "Don't mention it, my pleasure."],
    ],
    vocabulary: [
      { arabic: "قريب", transliteration: "ʔariib", english: "near, close", cue: 1 },
      { arabic: "دغري", transliteration: "dighri", english: "straight ahead", cue: 1 },
      { arabic: "لفّ", transliteration: "liff", english: "turn (command)", cue: 2 },
      { arabic: "يمين", transliteration: "yamiin", english: "right", cue: 2 },
      { arabic: "مدخل", transliteration: "madkhal", english: "entrance", cue: 3 },
      { arabic: "على راسي", transliteration: "ʕala raasi", english: "my pleasure (lit. on my head)", cue: 7 },
    ],
    orders: [{ cue: 3 }],
    gaps: [
      {
        cue: 2,
        answer: "يمين",
        acceptedVariants: ["yamiin", "yamin", "ymiin"],
        options: ["شمال", "دغري", "يمين", "ورا"],
      },
    ],
  }),
  lesson({
    title: "A Job Interview in Beirut",
    titleAr: "مقابلة شغل ببيروت",
    slug: "a-job-interview-in-beirut",
    description:
      "A manager interviews an accountant for a new position. Learn how to talk about your studies and experience, use ṣarli for 'I have been … for', and answer politely in a professional setting.",
    level: "intermediate",
    publishedDaysAgo: 49,
    viewsCount: 655,
    countryCode: "LB",
    teacherSlugs: ["maya-nassar"],
    categorySlugs: ["work"],
    cues: [
      ["أهلا فيكي، تفضّلي استريحي.", "ʔahla fiiki, tfaddali striiħi.", "Welcome, please have a seat."],
      [
        "خبّريني شوي عن حالك وعن خبرتك.",
        "khabbriini shway ʕan ħaalik w ʕan khibirtik.",
        "Tell me a little about yourself and your experience.",
      ],
      [
        "أنا درست محاسبة بالجامعة اللبنانية، وصرلي خمس سنين عم بشتغل ببنك.",
        "ʔana darast muħaasabe bil-jaamʕa l-libnaaniyye, w sarli khams sniin ʕam bishtighil b-bank.",
        "I studied accounting at the Lebanese University, and I've been working at a bank for five years.",
      ],
      [
        "ليش بدّك تتركي شغلك الحالي؟",
        "leesh baddik titrki shighlik il-ħaali?",
        "Why do you want to leave your current job?",
      ],
      [
        "بدّي فرصة إتعلّم فيها أكتر، وشغلكن بيهمّني كتير.",
        "baddi fursa ʔitʕallam fiiha ʔaktar, w shighilkun bihimmni ktiir.",
        "I want an opportunity to learn more, and your work really interests me.",
      ],
      [
        "منيح. بتقدري تبلّشي أوّل الشهر الجاي؟",
        "mniiħ. btiʔdari tballshi ʔawwal ish-shahr ij-jaaye?",
        "Good. Can you start at the beginning of next month?",
      ],
      ["أكيد، ما في مشكلة.", "ʔakiid, ma fii mushkle.", "Of course, no problem."],
      [
        "ممتاز. منرجع منتواصل معك خلال هالجمعة.",
        "mumtaaz. minirjaʕ mnitwaasal maʕik khilaal hal-jimʕa.",
        "Excellent. We'll get back in touch with you this week.",
      ],
    ],
    vocabulary: [
      { arabic: "خبرتك", transliteration: "khibirtik", english: "your experience (to a woman)", cue: 1 },
      { arabic: "صرلي", transliteration: "sarli", english: "I have been … for (time)", cue: 2 },
      { arabic: "شغلك", transliteration: "shighlik", english: "your job (to a woman)", cue: 3 },
      { arabic: "فرصة", transliteration: "fursa", english: "opportunity", cue: 4 },
      { arabic: "تبلّشي", transliteration: "tballshi", english: "you start (to a woman)", cue: 5 },
      { arabic: "الجاي", transliteration: "ij-jaaye", english: "next, coming", cue: 5 },
    ],
    orders: [{ cue: 3 }],
    gaps: [
      {
        cue: 5,
        answer: "تبلّشي",
        acceptedVariants: ["tballshi", "tballeshi", "tbalshi", "تبلشي"],
        options: ["تبلّشي", "تخلّصي", "تتركي", "تنامي"],
      },
    ],
  }),
  lesson({
    title: "Talking About the Weather",
    titleAr: "شو هالبرد!",
    slug: "talking-about-the-weather",
    description:
      "Snow is forecast in Amman and two colleagues talk about the cold, the heater and whether work will be cancelled. Learn weather words and the wishful expression ya reet.",
    level: "intermediate",
    publishedDaysAgo: 35,
    viewsCount: 590,
    countryCode: "JO",
    teacherSlugs: ["hala-zoubi"],
    categorySlugs: ["daily-life"],
    cues: [
      [
        "شو هالبرد اليوم! الجو كتير بارد.",
        "shuu hal-bard il-yoom! ij-jaww ktiir baarid.",
        "It's so cold today! The weather is really cold.",
      ],
      [
        "آه والله، بيقولوا رح تثلّج بالليل.",
        "ʔaah walla, biʔuulu raħ tthallij bil-leel.",
        "Yes, really, they say it's going to snow tonight.",
      ],
      [
        "إذا ثلّجت، بتتعطّل المدارس والدوام بكرا.",
        "ʔiza thallajat, btitʕattal il-madaaris w id-dawaam bukra.",
        "If it snows, schools and work will be off tomorrow.",
      ],
      [
        "يا ريت! بدّي أُقعد بالبيت جنب الصّوبة وأشرب شاي.",
        "ya reet! biddi ʔuʔʕud bil-beet jamb is-sooba w ʔashrab shaay.",
        "I wish! I want to stay home next to the heater and drink tea.",
      ],
      [
        "بس انتبه، الطرق بتصير زلقة كتير.",
        "bass intabih, it-turuʔ bitsiir zalʔa ktiir.",
        "But be careful, the roads get very slippery.",
      ],
      [
        "معك حق. بالصيف بنشتكي من الشوب، وبالشتا من البرد!",
        "maʕak ħaʔʔ. bis-seef binishtki min ish-shoob, w bish-shita min il-bard!",
        "You're right. In summer we complain about the heat, and in winter about the cold!",
      ],
    ],
    vocabulary: [
      { arabic: "برد", transliteration: "bard", english: "cold (noun)", cue: 0 },
      { arabic: "الجو", transliteration: "ij-jaww", english: "the weather", cue: 0 },
      { arabic: "تثلّج", transliteration: "tthallij", english: "to snow (it snows)", cue: 1 },
      { arabic: "الصوبة", transliteration: "is-sooba", english: "the (oil) heater", cue: 3 },
      { arabic: "زلقة", transliteration: "zalʔa", english: "slippery", cue: 4 },
      { arabic: "الشوب", transliteration: "ish-shoob", english: "the heat", cue: 5 },
    ],
    orders: [{ cue: 4 }],
    gaps: [
      {
        cue: 0,
        answer: "الجو",
        acceptedVariants: ["ij-jaww", "il-jaw", "jaw", "el jaw", "الجوّ"],
        options: ["الصيف", "الجو", "الدوام", "الشوب"],
      },
    ],
  }),
  lesson({
    title: "Saying What You Want with Baddi",
    titleAr: "بدّي، بدّك، بدّو",
    slug: "saying-what-you-want-with-baddi",
    description:
      "Lina walks through bidd-, the Levantine way of saying 'want', with every person from baddi to badkun. You will also see how to make it negative with ma and how kaan turns it into the past.",
    level: "intermediate",
    publishedDaysAgo: 28,
    viewsCount: 1016,
    countryCode: "SY",
    teacherSlugs: ["lina-khoury", "rami-haddad"],
    categorySlugs: ["grammar-in-context"],
    cues: [
      ["بدّي روح عالبيت.", "baddi ruuħ ʕal-beet.", "I want to go home."],
      ["شو بدّك تاكل اليوم؟", "shuu baddak taakul il-yoom?", "What do you want to eat today?"],
      ["أختي بدّها تسافر عبيروت.", "ʔukhti badda tsaafir ʕa-beeruut.", "My sister wants to travel to Beirut."],
      [
        "نحنا بدنا نشوف فيلم، وإنتو شو بدكن؟",
        "niħna badna nshuuf film, w ʔintu shuu badkun?",
        "We want to watch a film, and what do you (all) want?",
      ],
      ["لأ، ما بدّي قهوة، بدّي شاي.", "laʔ, ma baddi ʔahwe, baddi shaay.", "No, I don't want coffee, I want tea."],
      ["كان بدّي إحكيلك، بس نسيت.", "kaan baddi ʔiħkiilak, bass nsiit.", "I wanted to tell you, but I forgot."],
      ["بدّو يصير أستاذ متل أبوه.", "baddo ysiir ʔistaaz mitl ʔabuu.", "He wants to become a teacher like his father."],
    ],
    vocabulary: [
      { arabic: "بدّي", transliteration: "baddi", english: "I want", cue: 0 },
      { arabic: "بدّك", transliteration: "baddak", english: "you want (to a man)", cue: 1 },
      { arabic: "بدّها", transliteration: "badda", english: "she wants", cue: 2 },
      { arabic: "بدنا", transliteration: "badna", english: "we want", cue: 3 },
      { arabic: "ما بدّي", transliteration: "ma baddi", english: "I don't want", cue: 4 },
      { arabic: "كان بدّي", transliteration: "kaan baddi", english: "I wanted", cue: 5 },
    ],
    orders: [{ cue: 3 }],
    gaps: [
      {
        cue: 2,
        answer: "بدّها",
        acceptedVariants: ["badda", "baddha", "بدها"],
        options: ["بدّو", "بدّها", "بدّي", "بدنا"],
      },
      {
        cue: 4,
        answer: "ما بدّي",
        acceptedVariants: ["ma baddi", "maa baddi", "ما بدي"],
        options: ["ما بدّي", "بدّك", "بدّو", "ما بدكن"],
      },
    ],
  }),

  // ----- Advanced ------------------------------------------------------------------------------
  lesson({
    title: "Memories of Old Damascus",
    titleAr: "ذكريات الشام القديمة",
    slug: "memories-of-old-damascus",
    description:
      "Rami remembers growing up in a courtyard house in Bab Touma, with its fountain, jasmine and evening visits from the neighbours. A chance to practise the habitual past with kaan and a more descriptive, storytelling register.",
    level: "advanced",
    publishedDaysAgo: 21,
    viewsCount: 742,
    countryCode: "SY",
    teacherSlugs: ["rami-haddad"],
    categorySlugs: ["culture", "family"],
    cues: [
      [
        "لمّا كنت زغير، كنّا ساكنين ببيت عربي بباب توما.",
        "lamma kint zghiir, kinna saakniin b-beet ʕarabi b-baab tuuma.",
        "When I was little, we lived in a traditional courtyard house in Bab Touma.",
      ],
      [
        "كان بنصّ الدار بَحْرة، وحواليها شجرة نارنج وياسمينة.",
        "kaan b-nuss id-daar baħra, w ħawaaleeha shajrit naaranj w yasmiine.",
        "In the middle of the courtyard there was a fountain, with a bitter-orange tree and a jasmine around it.",
      ],
      [
        "كل صبحية كانت ستّي تسقي الزرع وتغنّي لفيروز.",
        "kill subħiyye kaanit sitti tisʔi z-zariʕ w tghanni la-fayruuz.",
        "Every morning my grandmother would water the plants and sing Fairuz songs.",
      ],
      [
        "وبالمسا كانوا الجيران يجتمعوا عنّا ع فنجان قهوة.",
        "w bil-masa kaanu j-jiiraan yijtamʕu ʕanna ʕa finjaan ʔahwe.",
        "And in the evening the neighbours would gather at our place over a cup of coffee.",
      ],
      [
        "هلّق صار كل واحد مشغول بحالو، والدنيا تغيّرت كتير.",
        "hallaʔ saar kill waaħid mashghuul b-ħaalo, w id-dinye tghayyarit ktiir.",
        "Now everyone is busy with their own life, and the world has changed a lot.",
      ],
      [
        "بس ريحة الياسمين لسّا بتردّني لهديك الأيام.",
        "bass riiħt il-yasmiin lissa bitriddni la-hadiik il-ʔayyaam.",
        "But the smell of jasmine still takes me back to those days.",
      ],
      ["الله يرحم هديك الأيام.", "ʔalla yirħam hadiik il-ʔayyaam.", "Those were the days."],
    ],
    vocabulary: [
      { arabic: "زغير", transliteration: "zghiir", english: "little, small", cue: 0 },
      { arabic: "بحرة", transliteration: "baħra", english: "courtyard fountain", cue: 1 },
      { arabic: "ياسمينة", transliteration: "yasmiine", english: "jasmine plant", cue: 1 },
      { arabic: "الجيران", transliteration: "ij-jiiraan", english: "the neighbours", cue: 3 },
      { arabic: "مشغول", transliteration: "mashghuul", english: "busy", cue: 4 },
      { arabic: "لسّا", transliteration: "lissa", english: "still, yet", cue: 5 },
    ],
    orders: [{ cue: 5 }],
    gaps: [
      {
        cue: 3,
        answer: "الجيران",
        acceptedVariants: ["ij-jiiraan", "jiiraan", "jiran", "el jiran"],
        options: ["الولاد", "الجيران", "الزرع", "الطلاب"],
      },
    ],
  }),
  lesson({
    title: "Traffic and Power Cuts in Beirut",
    titleAr: "العجقة والكهربا ببيروت",
    slug: "traffic-and-power-cuts-in-beirut",
    description:
      "Maya vents, with a smile, about Beirut traffic, power cuts and the neighbourhood generator. Fast, natural Lebanese speech full of expressions you will hear on every street in the city.",
    level: "advanced",
    publishedDaysAgo: 14,
    viewsCount: 488,
    countryCode: "LB",
    teacherSlugs: ["maya-nassar"],
    categorySlugs: ["culture", "daily-life"],
    cues: [
      [
        "يا عمّي، العجقة ببيروت صارت شي ما بينحمل.",
        "ya ʕammi, il-ʕajʔa b-beeruut saarit shi ma byinħamal.",
        "Honestly, traffic in Beirut has become unbearable.",
      ],
      [
        "مبارح قعدت ساعة ونص بالسيارة لوصلت عالشغل.",
        "mbaariħ ʔaʕadt saaʕa w nuss bis-sayyaara la-wsilt ʕash-shighl.",
        "Yesterday I spent an hour and a half in the car before I got to work.",
      ],
      [
        "ووقت وصلت، كانت الكهربا مقطوعة والموتير طافي.",
        "w waʔt wsilt, kaanit il-kahraba maʔtuuʕa w il-motiir taafi.",
        "And when I arrived, the power was cut and the generator was off.",
      ],
      [
        "بس شو بدّك تعمل؟ منضحك ومنكفّي.",
        "bass shuu baddak taʕmil? minidħak w minkaffi.",
        "But what can you do? We laugh and carry on.",
      ],
      [
        "هيدي بيروت، بتعذّبك بس ما فيك تتركها.",
        "haydi beeruut, bitʕazzbak bass ma fiik titrukha.",
        "That's Beirut: it wears you out, but you can't leave it.",
      ],
      [
        "وأحلى شي إنّو الناس بعدن بيساعدوا بعض.",
        "w ʔaħla shi ʔinnu n-naas baʕdun bisaaʕdu baʕd.",
        "And the best thing is that people still help each other.",
      ],
    ],
    vocabulary: [
      { arabic: "العجقة", transliteration: "il-ʕajʔa", english: "the traffic jam", cue: 0 },
      { arabic: "مبارح", transliteration: "mbaariħ", english: "yesterday", cue: 1 },
      { arabic: "الكهربا", transliteration: "il-kahraba", english: "the electricity", cue: 2 },
      { arabic: "الموتير", transliteration: "il-motiir", english: "the (neighbourhood) generator", cue: 2 },
      { arabic: "منكفّي", transliteration: "minkaffi", english: "we carry on", cue: 3 },
      { arabic: "ما فيك", transliteration: "ma fiik", english: "you can't", cue: 4 },
    ],
    orders: [{ cue: 4 }],
    gaps: [
      {
        cue: 2,
        answer: "الكهربا",
        acceptedVariants: ["il-kahraba", "kahraba", "el kahraba", "الكهرباء"],
        options: ["المي", "الطريق", "السيارة", "الكهربا"],
      },
    ],
  }),
  lesson({
    title: "Olive Harvest Season",
    titleAr: "موسم قطف الزيتون",
    slug: "olive-harvest-season",
    description:
      "Yousef describes a day of olive picking with his family, from sunrise in the grove to the smell of fresh oil at the press. Rich vocabulary of Palestinian rural life and a well-known proverb.",
    level: "advanced",
    publishedDaysAgo: 7,
    viewsCount: 356,
    countryCode: "PS",
    teacherSlugs: ["yousef-odeh"],
    categorySlugs: ["culture", "food-cooking"],
    cues: [
      [
        "موسم الزيتون عنّا مش بس شغل، هو عيد للعيلة كلها.",
        "moosim iz-zeetuun ʕinna mish bass shughul, huwwe ʕiid lal-ʕeele kullha.",
        "For us, olive season isn't just work; it's a celebration for the whole family.",
      ],
      [
        "بنصحى مع طلوع الشمس وبنطلع عالأرض سوا.",
        "binisħa maʕ tuluuʕ ish-shams w binitlaʕ ʕal-ʔard sawa.",
        "We wake up at sunrise and go out to the land together.",
      ],
      [
        "الكبار بيقطفوا، والولاد بيلمّوا الحبّ عن الأرض.",
        "il-kbaar biyuʔtufu, w il-wlaad biylimmu l-ħabb ʕan il-ʔard.",
        "The adults pick, and the kids gather the olives from the ground.",
      ],
      [
        "عالغدا بنقعد تحت الشجرة وبناكل زيت وزعتر وخبز طابون.",
        "ʕal-ghada binuʔʕud taħt ish-shajara w binaakul zeet w zaʕtar w khubz taabuun.",
        "At lunch we sit under the tree and eat oil, za'tar and taboon bread.",
      ],
      [
        "بآخر النهار بنوخد الزيتون عالمعصرة.",
        "b-ʔaakhir in-nahaar binookhud iz-zeetuun ʕal-maʕsara.",
        "At the end of the day we take the olives to the press.",
      ],
      [
        "وما في أطيب من ريحة الزيت الجديد وهو طالع من المعصرة.",
        "w ma fii ʔatyab min riiħt iz-zeet ij-jdiid w huwwe taaliʕ min il-maʕsara.",
        "And nothing beats the smell of new oil as it comes out of the press.",
      ],
      [
        "ستّي بتقول: الزّيت عَمود البيت.",
        "sitti bitʔuul: iz-zeet ʕamuud il-beet.",
        "My grandmother says: oil is the pillar of the home.",
      ],
    ],
    vocabulary: [
      { arabic: "موسم", transliteration: "moosim", english: "season", cue: 0 },
      { arabic: "سوا", transliteration: "sawa", english: "together", cue: 1 },
      { arabic: "بيلمّوا", transliteration: "biylimmu", english: "they gather, pick up", cue: 2 },
      { arabic: "طابون", transliteration: "taabuun", english: "taboon (clay-oven) bread", cue: 3 },
      { arabic: "المعصرة", transliteration: "il-maʕsara", english: "the olive press", cue: 4 },
      { arabic: "عمود", transliteration: "ʕamuud", english: "pillar", cue: 6 },
    ],
    orders: [{ cue: 6 }],
    gaps: [
      {
        cue: 1,
        answer: "سوا",
        acceptedVariants: ["sawa", "swa", "سوى"],
        options: ["لحالي", "بكرا", "سوا", "هون"],
      },
    ],
  }),
  lesson({
    title: "Wedding Traditions in Jordan",
    titleAr: "عادات العرس بالأردن",
    slug: "wedding-traditions-in-jordan",
    description:
      "Hala explains how a Jordanian wedding unfolds, from the formal jaha to henna nights and the mansaf feast. Learn the congratulations everyone says to the couple and the reply single guests always hear.",
    level: "advanced",
    publishedDaysAgo: 2,
    viewsCount: 129,
    countryCode: "JO",
    teacherSlugs: ["hala-zoubi"],
    categorySlugs: ["culture", "family"],
    cues: [
      [
        "العرس عنّا بالأردن بيبلّش قبل بأسبوع، مش بس يوم العرس.",
        "il-ʕirs ʕinna bil-ʔurdun biballish ʔabil b-ʔusbuuʕ, mish bass yoom il-ʕirs.",
        "Here in Jordan a wedding starts a week before, not just on the day itself.",
      ],
      [
        "أوّل إشي بتكون الجاهة، لمّا أهل العريس بيطلبوا العروس رسمياً.",
        "ʔawwal ʔishi bitkuun ij-jaaha, lamma ʔahl il-ʕariis biyutlubu l-ʕaruus rasmiyyan.",
        "First comes the jaha, when the groom's family formally ask for the bride's hand.",
      ],
      [
        "وبعدين في سهرات حنّة وأغاني وسحجة للشباب.",
        "w baʕdeen fii sahraat ħinna w ʔaghaani w saħje lash-shabaab.",
        "Then there are henna nights, songs and a sahjeh (clapping dance) for the young men.",
      ],
      [
        "يوم العرس بيطبخوا منسف لكل المعازيم.",
        "yoom il-ʕirs biyutbukhu mansaf la-kull il-maʕaaziim.",
        "On the wedding day they cook mansaf for all the guests.",
      ],
      [
        "والكل بيقول للعرسان: مبروك، وبالرِّفاه والبَنين!",
        "w il-kull biʔuul lal-ʕirsaan: mabruuk, w bir-rifaa w il-baniin!",
        "And everyone tells the couple: congratulations, and may you have happiness and children!",
      ],
      [
        "وإذا كنت عازب، أكيد رح يقولولك: عقبالك!",
        "w ʔiza kunt ʕaazib, ʔakiid raħ yʔuuluulak: ʕuʔbaalak!",
        "And if you're single, they'll surely tell you: may you be next!",
      ],
    ],
    vocabulary: [
      { arabic: "العرس", transliteration: "il-ʕirs", english: "the wedding", cue: 0 },
      { arabic: "الجاهة", transliteration: "ij-jaaha", english: "formal proposal visit by the groom's family", cue: 1 },
      { arabic: "منسف", transliteration: "mansaf", english: "mansaf (lamb with rice and jameed)", cue: 3 },
      { arabic: "المعازيم", transliteration: "il-maʕaaziim", english: "the guests", cue: 3 },
      { arabic: "مبروك", transliteration: "mabruuk", english: "congratulations", cue: 4 },
      { arabic: "عقبالك", transliteration: "ʕuʔbaalak", english: "may you be next", cue: 5 },
    ],
    orders: [{ cue: 3 }],
    gaps: [
      {
        cue: 5,
        answer: "عازب",
        acceptedVariants: ["ʕaazib", "aazib", "3azib", "azib"],
        options: ["متجوّز", "مبسوط", "عازب", "تعبان"],
      },
    ],
  }),

  // ----- Draft (not published) -----------------------------------------------------------------
  lesson({
    title: "Answering the Phone",
    titleAr: "ألو، مين معي؟",
    slug: "answering-the-phone",
    description:
      "A colleague calls to remind Maya about tomorrow's meeting. Learn how Lebanese speakers open and close a phone call, including the inevitable yalla bye.",
    level: "intermediate",
    isPublished: false,
    publishedDaysAgo: null,
    viewsCount: 0,
    countryCode: "LB",
    teacherSlugs: ["maya-nassar"],
    categorySlugs: ["work", "daily-life"],
    cues: [
      ["ألو، مين معي؟", "ʔaloo, miin maʕi?", "Hello, who's speaking?"],
      [
        "أهلين، أنا سامر من المكتب. كيفِك؟",
        "ʔahleen, ʔana saamir min il-maktab. kiifik?",
        "Hi, it's Samer from the office. How are you?",
      ],
      ["منيحة، تسلم. شو في؟", "mniiħa, tislam. shuu fii?", "Good, thanks. What's up?"],
      [
        "بس حبّيت ذكّرك إنّو الاجتماع بكرا الساعة عشرة.",
        "bass ħabbeet zakkrik ʔinnu l-ijtimaaʕ bukra s-saaʕa ʕashra.",
        "I just wanted to remind you that the meeting is tomorrow at ten.",
      ],
      ["ممنونتك، كنت رح إنسى!", "mamnuuntak, kint raħ ʔinsa!", "Thank you so much, I was about to forget!"],
      ["ولو، يلّا باي.", "walaw, yalla baay.", "No worries. OK, bye."],
    ],
    vocabulary: [
      { arabic: "مين", transliteration: "miin", english: "who", cue: 0 },
      { arabic: "المكتب", transliteration: "il-maktab", english: "the office", cue: 1 },
      { arabic: "الاجتماع", transliteration: "il-ijtimaaʕ", english: "the meeting", cue: 3 },
      { arabic: "بكرا", transliteration: "bukra", english: "tomorrow", cue: 3 },
      { arabic: "إنسى", transliteration: "ʔinsa", english: "(I) forget", cue: 4 },
    ],
  }),
];

// ---------------------------------------------------------------------------------------------
// Series, courses (study tracks), curated playlist
// ---------------------------------------------------------------------------------------------

export const DEMO_SERIES: DemoSeries[] = [
  {
    title: "First Steps in Shami",
    titleAr: "أوّل خطوات بالشامي",
    slug: "first-steps-in-shami",
    description:
      "Six short beginner dialogues from Damascus, Beirut, Jerusalem and Amman: greetings, ordering, family, shopping, taxis and the time.",
    level: "beginner",
    lessonSlugs: [
      "greetings-in-damascus",
      "ordering-coffee-in-beirut",
      "introducing-your-family",
      "at-the-vegetable-market",
      "taking-a-taxi-in-amman",
      "telling-the-time",
    ],
  },
  {
    title: "Stories from the Levant",
    titleAr: "حكايات من بلاد الشام",
    slug: "stories-from-the-levant",
    description:
      "Longer, natural monologues about memories, city life and traditions. For learners ready to follow real storytelling.",
    level: "advanced",
    lessonSlugs: [
      "memories-of-old-damascus",
      "traffic-and-power-cuts-in-beirut",
      "olive-harvest-season",
      "wedding-traditions-in-jordan",
    ],
  },
];

export const DEMO_STUDY_TRACKS: DemoStudyTrack[] = [
  {
    title: "Survival Shami",
    titleAr: "الشامي الأساسي",
    slug: "survival-shami",
    description:
      "Everything you need for your first week in the Levant: say hello, order, shop, take a taxi, tell the time and find your way.",
    level: "beginner",
    position: 0,
    teacherSlugs: ["rami-haddad", "maya-nassar", "hala-zoubi"],
    lessonSlugs: [
      "greetings-in-damascus",
      "ordering-coffee-in-beirut",
      "taking-a-taxi-in-amman",
      "at-the-vegetable-market",
      "telling-the-time",
      "asking-for-directions-in-damascus",
    ],
  },
  {
    title: "Everyday Conversations",
    titleAr: "محادثات كل يوم",
    slug: "everyday-conversations",
    description:
      "Intermediate conversations about plans, food, work and the weather, with a grammar focus on expressing what you want.",
    level: "intermediate",
    position: 1,
    teacherSlugs: ["maya-nassar", "lina-khoury", "hala-zoubi", "yousef-odeh"],
    lessonSlugs: [
      "making-weekend-plans",
      "saying-what-you-want-with-baddi",
      "cooking-mujaddara-with-grandma",
      "talking-about-the-weather",
      "a-job-interview-in-beirut",
    ],
  },
];

export const DEMO_PLAYLISTS: DemoPlaylist[] = [
  {
    title: "Food and Flavours",
    slug: "food-and-flavours",
    description:
      "From Beirut coffee to Palestinian olive oil and Jordanian mansaf: the lessons where food is the star.",
    lessonSlugs: [
      "ordering-coffee-in-beirut",
      "at-the-vegetable-market",
      "cooking-mujaddara-with-grandma",
      "olive-harvest-season",
      "wedding-traditions-in-jordan",
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------------------------

const ALL_LEVELS: DemoLevel[] = ["beginner", "intermediate", "advanced"];

export const DEMO_PLANS: DemoPlan[] = [
  {
    name: "monthly",
    title: "Monthly",
    description: "Full access to every lesson and tool, billed every month.",
    priceCents: 1200,
    currency: "usd",
    interval: "month",
    trialDays: 7,
    levelTags: ALL_LEVELS,
    features: [
      "Every video lesson, beginner to advanced",
      "Interactive transcripts in Arabic, transliteration and English",
      "Vocabulary lists, flashcards and exercises",
      "Listening activities and community groups",
      "Cancel anytime",
    ],
    position: 0,
  },
  {
    name: "annual",
    title: "Annual",
    description: "Full access for a whole year at a lower price, billed once a year.",
    priceCents: 9900,
    currency: "usd",
    interval: "year",
    trialDays: 7,
    levelTags: ALL_LEVELS,
    features: [
      "Everything in Monthly",
      "Save over 30% compared with paying monthly",
      "Interactive transcripts in Arabic, transliteration and English",
      "Vocabulary lists, flashcards and exercises",
      "Cancel anytime",
    ],
    position: 1,
  },
];

export const DEMO_CANCEL_REASONS: string[] = [
  "It's too expensive for me right now",
  "I don't have enough time to study at the moment",
  "I'm learning a different dialect (e.g. Egyptian or Gulf)",
  "The lessons don't match my level",
  "I reached my goal or I'm taking a break",
];

// ---------------------------------------------------------------------------------------------
// FAQs
// ---------------------------------------------------------------------------------------------

export const DEMO_FAQS: DemoFaq[] = [
  {
    question: "Which dialect of Arabic does Ahla teach?",
    answer:
      "Levantine (Shami) Arabic, the spoken Arabic of Syria, Lebanon, Palestine and Jordan. Every lesson is tagged with the country and city of the speaker, so you can hear how Damascus, Beirut, Jerusalem and Amman differ while learning what they share.",
    isFeatured: true,
  },
  {
    question: "Is this Modern Standard Arabic (MSA)?",
    answer:
      "No. MSA is the language of news and books, but nobody speaks it at the dinner table. We teach the Arabic people actually use every day, and point out the MSA equivalent when it helps.",
    isFeatured: false,
  },
  {
    question: "Do I need to read the Arabic script?",
    answer:
      "No. Every line of every transcript has the Arabic, a transliteration and an English translation, and you can show or hide each one. Many learners start with the transliteration and pick up the script gradually.",
    isFeatured: true,
  },
  {
    question: "How does the transliteration work?",
    answer:
      "We use one consistent scheme: ʔ for the glottal stop (hamza), ʕ for ʿayn, ħ for the breathy h, kh, gh, sh and th for their sounds, and doubled vowels for long ones, as in kiifak? ʔana mniiħ. You can switch to Arabizi (3, 7, 2…) in your settings.",
    isFeatured: true,
  },
  {
    question: "What levels are there?",
    answer:
      "Beginner, intermediate and advanced. Beginner lessons are short everyday dialogues, intermediate lessons add longer conversations and grammar in context, and advanced lessons are natural storytelling at native speed.",
    isFeatured: false,
  },
  {
    question: "Can I try Ahla before paying?",
    answer:
      "Yes. Several lessons are free for everyone, and both plans start with a 7-day free trial. You will not be charged if you cancel before the trial ends.",
    isFeatured: true,
  },
  {
    question: "Can I cancel anytime?",
    answer:
      "Yes. Go to Manage subscription and cancel in two clicks. You keep access until the end of the period you have already paid for, and you can resume at any time before then.",
    isFeatured: false,
  },
  {
    question: "Which devices can I use?",
    answer:
      "Any modern browser on a phone, tablet or computer. There is nothing to install, and your progress, vocabulary lists and flashcards follow you from one device to another.",
    isFeatured: false,
  },
];

// ---------------------------------------------------------------------------------------------
// Flashcards
// ---------------------------------------------------------------------------------------------

export const DEMO_FLASHCOLLECTIONS: DemoFlashcollection[] = [
  {
    title: "Everyday Essentials",
    slug: "everyday-essentials",
    description: "The small words you will hear in every Levantine conversation.",
    level: "beginner",
    cards: [
      { arabic: "يلّا", transliteration: "yalla", english: "come on, let's go, OK then" },
      { arabic: "شو", transliteration: "shuu", english: "what" },
      { arabic: "وين", transliteration: "ween", english: "where" },
      { arabic: "ليش", transliteration: "leesh", english: "why" },
      { arabic: "إيمتى", transliteration: "ʔeemta", english: "when" },
      { arabic: "هلّق", transliteration: "hallaʔ", english: "now" },
      { arabic: "كتير", transliteration: "ktiir", english: "very, a lot" },
      { arabic: "شوي", transliteration: "shway", english: "a little" },
      { arabic: "بدّي", transliteration: "baddi", english: "I want" },
      { arabic: "ما في", transliteration: "ma fii", english: "there isn't" },
      { arabic: "بكرا", transliteration: "bukra", english: "tomorrow" },
      { arabic: "منيح", transliteration: "mniiħ", english: "good" },
    ],
  },
  {
    title: "In the Kitchen",
    slug: "in-the-kitchen",
    description: "Food and drink words for the market, the café and your grandmother's kitchen.",
    level: "beginner",
    cards: [
      { arabic: "قهوة", transliteration: "ʔahwe", english: "coffee" },
      { arabic: "شاي", transliteration: "shaay", english: "tea" },
      { arabic: "خبز", transliteration: "khubz", english: "bread" },
      { arabic: "مي", transliteration: "mayy", english: "water" },
      { arabic: "زيت زيتون", transliteration: "zeet zeetuun", english: "olive oil" },
      { arabic: "بندورة", transliteration: "bandoora", english: "tomatoes" },
      { arabic: "بصل", transliteration: "basal", english: "onions" },
      { arabic: "عدس", transliteration: "ʕadas", english: "lentils" },
      { arabic: "رز", transliteration: "ruzz", english: "rice" },
      { arabic: "لبن", transliteration: "laban", english: "yoghurt" },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Global vocabulary: themes → decks (with deck categories) → words
// ---------------------------------------------------------------------------------------------

export const DEMO_VOCABULARY_THEMES: DemoVocabularyTheme[] = [
  {
    title: "Home & Family",
    titleAr: "البيت والعيلة",
    slug: "home-family",
    description: "The people closest to you and the place you live.",
  },
  {
    title: "Out and About",
    titleAr: "برّا البيت",
    slug: "out-and-about",
    description: "Finding your way around town.",
  },
];

export const DEMO_DECK_CATEGORIES: string[] = ["Essentials", "Topic decks"];

export const DEMO_DECKS: DemoDeck[] = [
  {
    themeSlug: "home-family",
    categoryTitle: "Essentials",
    title: "Family Members",
    titleAr: "أفراد العيلة",
    slug: "family-members",
    description: "Parents, siblings, grandparents and the uncles who ask when you are getting married.",
    level: "beginner",
    words: [
      {
        arabic: "إمّ",
        transliteration: "ʔimm",
        english: "mother",
        exampleArabic: "إمّي بتطبخ أطيب مجدّرة.",
        exampleEnglish: "My mother makes the best mujaddara.",
      },
      {
        arabic: "بيّ",
        transliteration: "bayy",
        english: "father",
        exampleArabic: "بيّي بيشتغل بمحلّ بالسوق.",
        exampleEnglish: "My father works in a shop in the market.",
      },
      {
        arabic: "أخ",
        transliteration: "ʔakh",
        english: "brother",
        exampleArabic: "عندي أخ واحد أكبر منّي.",
        exampleEnglish: "I have one brother who is older than me.",
      },
      {
        arabic: "أخت",
        transliteration: "ʔukht",
        english: "sister",
        exampleArabic: "أختي ساكنة ببيروت.",
        exampleEnglish: "My sister lives in Beirut.",
      },
      {
        arabic: "جدّو",
        transliteration: "jiddo",
        english: "grandpa",
        exampleArabic: "جدّو بيحكي قصص حلوة كتير.",
        exampleEnglish: "Grandpa tells really lovely stories.",
      },
      {
        arabic: "تيتا",
        transliteration: "teeta",
        english: "grandma",
        exampleArabic: "منزور تيتا كل يوم أحد.",
        exampleEnglish: "We visit grandma every Sunday.",
      },
      {
        arabic: "عمّ",
        transliteration: "ʕamm",
        english: "uncle (father's brother)",
        exampleArabic: "عمّي عندو تلات ولاد.",
        exampleEnglish: "My uncle has three children.",
      },
      {
        arabic: "خال",
        transliteration: "khaal",
        english: "uncle (mother's brother)",
        exampleArabic: "خالي ساكن بكندا من عشر سنين.",
        exampleEnglish: "My uncle has lived in Canada for ten years.",
      },
      {
        arabic: "ابن عمّ",
        transliteration: "ʔibn ʕamm",
        english: "cousin (son of father's brother)",
        exampleArabic: "ابن عمّي أعزّ رفيق إلي.",
        exampleEnglish: "My cousin is my closest friend.",
      },
    ],
  },
  {
    themeSlug: "home-family",
    categoryTitle: "Topic decks",
    title: "Around the House",
    titleAr: "بالبيت",
    slug: "around-the-house",
    description: "Rooms and everyday objects at home.",
    level: "beginner",
    words: [
      {
        arabic: "بيت",
        transliteration: "beet",
        english: "house, home",
        exampleArabic: "بيتنا قريب من البحر.",
        exampleEnglish: "Our house is close to the sea.",
      },
      {
        arabic: "مطبخ",
        transliteration: "matbakh",
        english: "kitchen",
        exampleArabic: "ستّي دايماً بالمطبخ.",
        exampleEnglish: "My grandmother is always in the kitchen.",
      },
      {
        arabic: "أوضة",
        transliteration: "ʔooda",
        english: "room",
        exampleArabic: "أوضتي زغيرة بس مرتّبة.",
        exampleEnglish: "My room is small but tidy.",
      },
      {
        arabic: "برندة",
        transliteration: "baranda",
        english: "balcony",
        exampleArabic: "منشرب القهوة عالبرندة الصبح.",
        exampleEnglish: "We drink coffee on the balcony in the morning.",
      },
      {
        arabic: "كنباية",
        transliteration: "kanabaaye",
        english: "sofa",
        exampleArabic: "بيّي نام عالكنباية قدّام التلفزيون.",
        exampleEnglish: "My father fell asleep on the sofa in front of the TV.",
      },
      {
        arabic: "براد",
        transliteration: "barraad",
        english: "fridge",
        exampleArabic: "في مي باردة بالبراد.",
        exampleEnglish: "There's cold water in the fridge.",
      },
      {
        arabic: "شبّاك",
        transliteration: "shibbaak",
        english: "window",
        exampleArabic: "فتاح الشبّاك، الدنيا شوب.",
        exampleEnglish: "Open the window, it's hot.",
      },
      {
        arabic: "مفتاح",
        transliteration: "miftaaħ",
        english: "key",
        exampleArabic: "وين حطّيت مفتاح البيت؟",
        exampleEnglish: "Where did you put the house key?",
      },
    ],
  },
  {
    themeSlug: "out-and-about",
    categoryTitle: "Topic decks",
    title: "Getting Around Town",
    titleAr: "بالبلد",
    slug: "getting-around-town",
    description: "Streets, directions and distances for asking your way.",
    level: "intermediate",
    words: [
      {
        arabic: "شارع",
        transliteration: "shaariʕ",
        english: "street",
        exampleArabic: "الشارع مسكّر بسبب الحفريات.",
        exampleEnglish: "The street is closed because of roadworks.",
      },
      {
        arabic: "دوّار",
        transliteration: "duwwaar",
        english: "roundabout",
        exampleArabic: "نزّلني بعد الدوّار بشوي.",
        exampleEnglish: "Drop me off just after the roundabout.",
      },
      {
        arabic: "إشارة",
        transliteration: "ʔishaara",
        english: "traffic light",
        exampleArabic: "لفّ شمال عند الإشارة.",
        exampleEnglish: "Turn left at the traffic light.",
      },
      {
        arabic: "يمين",
        transliteration: "yamiin",
        english: "right",
        exampleArabic: "المطعم عاليمين.",
        exampleEnglish: "The restaurant is on the right.",
      },
      {
        arabic: "شمال",
        transliteration: "shmaal",
        english: "left",
        exampleArabic: "البنك عالشمال بعد الجامع.",
        exampleEnglish: "The bank is on the left after the mosque.",
      },
      {
        arabic: "دغري",
        transliteration: "dighri",
        english: "straight ahead",
        exampleArabic: "كمّل دغري شي مية متر.",
        exampleEnglish: "Keep going straight for about a hundred metres.",
      },
      {
        arabic: "قريب",
        transliteration: "ʔariib",
        english: "near",
        exampleArabic: "الفرن قريب من هون.",
        exampleEnglish: "The bakery is near here.",
      },
      {
        arabic: "بعيد",
        transliteration: "bʕiid",
        english: "far",
        exampleArabic: "المطار بعيد شوي عن البلد.",
        exampleEnglish: "The airport is a bit far from downtown.",
      },
      {
        arabic: "موقف",
        transliteration: "mawʔaf",
        english: "stop, parking",
        exampleArabic: "الباص بيوقف بالموقف اللي هونيك.",
        exampleEnglish: "The bus stops at the stop over there.",
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Listening activities
// ---------------------------------------------------------------------------------------------

export const DEMO_LISTENING_GROUPS: DemoListeningGroup[] = [
  {
    title: "Everyday Listening",
    slug: "everyday-listening",
    description: "Short recordings of everyday situations. Listen as many times as you like, then answer.",
    activities: [
      {
        title: "At the Bakery",
        slug: "at-the-bakery",
        description: "A customer orders bread and manakish at a neighbourhood bakery.",
        level: "beginner",
        transcript: [
          "- صباح الخير، بدّي ربطة خبز وتلات مناقيش زعتر.",
          "- أكيد، المناقيش بدها خمس دقايق.",
          "- ماشي، بستنّى هون.",
        ].join("\n"),
        questions: [
          {
            kind: "choice",
            prompt: "What does the customer order besides bread?",
            options: ["Three za'tar manakish", "Two cheese pies", "A cup of coffee", "A kilo of tomatoes"],
            answer: "Three za'tar manakish",
            acceptedVariants: [],
            acceptArabizi: false,
          },
          {
            kind: "choice",
            prompt: "How long will the manakish take?",
            options: ["Two minutes", "Five minutes", "Ten minutes", "Half an hour"],
            answer: "Five minutes",
            acceptedVariants: [],
            acceptArabizi: false,
          },
          {
            kind: "dictation",
            prompt: 'Type what the customer asks for first ("I want a bag of bread").',
            options: [],
            answer: "بدّي ربطة خبز",
            acceptedVariants: ["بدي ربطة خبز", "baddi rabtit khubz", "baddi rabtet khebez"],
            acceptArabizi: true,
          },
        ],
      },
      {
        title: "Calling a Friend",
        slug: "calling-a-friend",
        description: "One friend is waiting at a café and the other is stuck in traffic.",
        level: "intermediate",
        transcript: [
          "- ألو، وينك؟ صرلي ساعة عم بستنّاك!",
          "- سامحني، علقت بالعجقة. خمس دقايق وبكون عندك.",
          "- ماشي، أنا قاعد بالقهوة اللي جنب الجامعة.",
          "- تمام، اطلبلي شاي بالنعنع.",
        ].join("\n"),
        questions: [
          {
            kind: "choice",
            prompt: "How long has the first speaker been waiting?",
            options: ["Five minutes", "An hour", "Since yesterday", "Ten minutes"],
            answer: "An hour",
            acceptedVariants: [],
            acceptArabizi: false,
          },
          {
            kind: "choice",
            prompt: "Where is the first speaker sitting?",
            options: ["At home", "In a taxi", "At the café next to the university", "At the bakery"],
            answer: "At the café next to the university",
            acceptedVariants: [],
            acceptArabizi: false,
          },
          {
            kind: "dictation",
            prompt: 'Type what the second speaker wants ordered for him ("tea with mint").',
            options: [],
            answer: "شاي بالنعنع",
            acceptedVariants: ["شاي بنعنع", "shaay bin-naʕnaʕ", "shai bel na3na3", "shay bil na3na3"],
            acceptArabizi: true,
          },
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Community
// ---------------------------------------------------------------------------------------------

export const DEMO_COMMUNITY_GROUPS: DemoCommunityGroup[] = [
  {
    title: "Beginners' Corner",
    slug: "beginners-corner",
    description: "No question is too small. Ask about words, pronunciation and where to start.",
    threads: [
      {
        title: "How do you say 'I miss you' in Shami?",
        slug: "how-do-you-say-i-miss-you-in-shami",
        pinned: false,
        messages: [
          {
            author: "learner",
            hoursAgo: 72,
            body: "I keep hearing **اشتقتلك** in songs. Is that the normal way to say *I miss you*, and does it change for a man or a woman?",
          },
          {
            author: "admin",
            hoursAgo: 70,
            body: "Yes, it's the everyday Levantine way. To a man: **اشتقتلك** (*ʔishtaʔtillak*); to a woman: **اشتقتلِك** (*ʔishtaʔtillik*). You'll also hear **اشتقنالك** (*ʔishtaʔnaalak*), \"we missed you\".",
          },
          {
            author: "free",
            hoursAgo: 66,
            body: 'Thanks! My Lebanese friend always answers **وأنا كمان** (*w ʔana kamaan*), "me too".',
          },
        ],
      },
      {
        title: "Tips for pronouncing ʕ (ʿayn)?",
        slug: "tips-for-pronouncing-ayn",
        pinned: false,
        messages: [
          {
            author: "free",
            hoursAgo: 30,
            body: "I can't hear the difference between **عمّي** and **أمّي**. Any tips for the ʕ sound?",
          },
          {
            author: "learner",
            hoursAgo: 27,
            body: "What helped me: say *aah* as if a doctor is checking your throat, then squeeze the throat a little. Loop a cue with **عنّا** (*ʕanna*) in the player and repeat it ten times.",
          },
        ],
      },
    ],
  },
  {
    title: "Dialect Differences",
    slug: "dialect-differences",
    description: "Damascus, Beirut, Jerusalem, Amman: compare how people say things across the Levant.",
    threads: [
      {
        title: "Welcome! Read this first",
        slug: "welcome-read-this-first",
        pinned: true,
        messages: [
          {
            author: "admin",
            hoursAgo: 240,
            body: 'Welcome! Share words that differ between cities and say where you heard them. Please write Arabic with a transliteration so everyone can follow, e.g. **هلّق / هسّا** (*hallaʔ / hassa*), "now".',
          },
          {
            author: "learner",
            hoursAgo: 200,
            body: "Great idea. First one from me: in Beirut I hear **هلّق** all the time, but my Jordanian teacher says **هسّا**.",
          },
        ],
      },
      {
        title: "Baddi or biddi?",
        slug: "baddi-or-biddi",
        pinned: false,
        messages: [
          {
            author: "learner",
            hoursAgo: 20,
            body: "In the Damascus lessons I hear **بدّي** as *baddi*, but Hala says *biddi*. Which one should I use?",
          },
          {
            author: "admin",
            hoursAgo: 18,
            body: "Both are right. *baddi* is typical of Syria and Lebanon, *biddi* of Palestine and Jordan. Pick the one of the people you talk to most; everyone understands both.",
          },
          {
            author: "free",
            hoursAgo: 5,
            body: "Same with **شو** (*shuu*): everyone says it, but I've also heard **إيش** (*ʔeesh*) in Palestine.",
          },
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------------------------

export const DEMO_BLOG_POSTS: DemoBlogPost[] = [
  {
    title: "Why Start with Levantine Arabic Instead of MSA?",
    slug: "why-start-with-levantine-arabic-instead-of-msa",
    excerpt:
      "Modern Standard Arabic is what you read; Levantine is what you hear. Here is why we teach the spoken language first.",
    status: "published",
    publishedDaysAgo: 40,
    body: `Most textbooks start with Modern Standard Arabic (MSA, *fusħa*). It is the language of newspapers, books and formal speeches — but nobody orders a coffee in it.

If your goal is to **talk to people** in Damascus, Beirut, Jerusalem or Amman, starting with the spoken dialect gets you there much faster.

## The everyday words are different

| English | MSA | Levantine |
| --- | --- | --- |
| What? | ماذا؟ (*maadha?*) | شو؟ (*shuu?*) |
| I want | أريد (*ʔuriid*) | بدّي (*baddi*) |
| Now | الآن (*ʔal-ʔaan*) | هلّق (*hallaʔ*) |
| How are you? | كيف حالك؟ (*kayfa ħaaluk?*) | كيفك؟ (*kiifak?*) |

Say **ماذا تريد؟** in a Beirut café and you will be understood, with a smile. Say **شو بدّك؟** and you are having a conversation.

## You won't lose MSA

Levantine and MSA share most of their vocabulary and the same script. Learners who start with the dialect and add MSA later usually find reading easier, because they already know the words by ear.

## Where to start

Try our free lesson [Greetings in Damascus](/video-library) and listen for **كيفك؟** and **منيح، الحمدلله**. You will use them the day you arrive.`,
  },
  {
    title: "10 Everyday Shami Expressions",
    slug: "10-everyday-shami-expressions",
    excerpt:
      "Ten short expressions you will hear in every Levantine street, shop and kitchen, with what they really mean.",
    status: "published",
    publishedDaysAgo: 25,
    body: `Some expressions are so common that you will hear them within minutes of arriving in the Levant. Learn these ten and you will sound friendlier straight away.

1. **يلّا** (*yalla*) — "come on", "let's go", or simply "OK, bye".
2. **إن شاء الله** (*ʔinshalla*) — "hopefully"; also a polite "maybe".
3. **يعطيك العافية** (*yaʕtiik il-ʕaafye*) — said to anyone working; answer **الله يعافيك** (*ʔalla yʕaafiik*).
4. **صحتين** (*saħteen*) — "enjoy your meal"; answer **على قلبك** (*ʕala ʔalbak*).
5. **تفضّل** (*tfaddal*) — "please, go ahead, come in, here you are".
6. **معلش** (*maʕleesh*) — "never mind", "sorry", "it's OK".
7. **والله** (*walla*) — "really", "honestly", "I swear".
8. **يسلمو** (*yislamu*) — "thanks"; **يسلمو إيديك** (*yislamu ʔideek*) thanks someone for something they made.
9. **على راسي** (*ʕala raasi*) — "with pleasure" (literally "on my head").
10. **ولو** (*walaw*) — "don't mention it".

## Try it

Next time someone hands you a coffee, say **يسلمو إيديك!** and watch their face.`,
  },
  {
    title: "How to Read Our Transliteration",
    slug: "how-to-read-our-transliteration",
    excerpt: "ʔ, ʕ, ħ and doubled vowels: a two-minute guide to the transliteration under every Arabic line.",
    status: "published",
    publishedDaysAgo: 10,
    body: `Every transcript line in Ahla has three parts: the Arabic, a transliteration and the English. The transliteration follows one scheme everywhere, so once you know it you can read any lesson.

## Sounds English doesn't have

| Symbol | Arabic | Sound | Example |
| --- | --- | --- | --- |
| ʔ | ء / ق in cities | the catch in "uh-oh" | قهوة *ʔahwe*, coffee |
| ʕ | ع | a squeeze deep in the throat | عنّا *ʕanna*, we have |
| ħ | ح | a breathy, whispered h | منيح *mniiħ*, good |
| kh | خ | like Scottish "loch" | خبز *khubz*, bread |
| gh | غ | a gargled r, like French "r" | مشغول *mashghuul*, busy |

## Long and doubled

- Long vowels are written twice: *kiifak*, *ʔahleen*, *shuu*.
- Doubled consonants are written twice too: *ʔaddeesh* (قدّيش), *yalla* (يلّا).

## Arabizi

Prefer the chat alphabet (3 for ع, 7 for ح, 2 for ء)? Switch the transliteration to Arabizi in your settings and **كيفك؟ أنا منيح** becomes *kifak? ana mni7*.`,
  },
  {
    title: "Ramadan Phrases from Damascus to Amman",
    slug: "ramadan-phrases-from-damascus-to-amman",
    excerpt: "The greetings and wishes you will hear during Ramadan and Eid across the Levant.",
    status: "draft",
    publishedDaysAgo: null,
    body: `During Ramadan, everyday greetings change. Draft outline:

- **رمضان كريم** (*ramadaan kariim*) — answer **الله أكرم** (*ʔalla ʔakram*).
- **سفرة دايمة** (*sufra daayme*) — said after a meal: "may your table always be full".
- **كل عام وإنتو بخير** (*kill ʕaam w ʔintu b-kheer*) — for Eid and every celebration.

Still to write: audio clips and examples from each city.`,
  },
];

// ---------------------------------------------------------------------------------------------
// Testimonials: SAMPLES, made up for the landing page's design. They are seeded unpublished and marked as
// samples, and the admin refuses to publish a sample: real learners' words, with their consent, replace them.
// ---------------------------------------------------------------------------------------------

export interface DemoTestimonial {
  quote: string;
  name: string;
  city: string;
  context: string;
  phrase?: { arabic: string; meaning: string };
}

export const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    quote:
      "My in-laws are from Homs and I used to smile and nod through every family lunch. After three months of ten minutes a day I followed a whole argument about whose turn it was to make the coffee.",
    name: "Sarah",
    city: "Manchester",
    context: "Learning for her husband’s family",
    phrase: { arabic: "دورك تعمل القهوة", meaning: "your turn to make the coffee" },
  },
  {
    quote:
      "Textbooks taught me ماذا and nobody in Amman ever said it. Looping one line at half speed is what finally made my ear catch شو and هلّق in real conversations.",
    name: "Daniel",
    city: "Toronto",
    context: "Moved to Amman for work",
  },
  {
    quote:
      "I grew up hearing Lebanese at home but never learned to read it. Seeing the Arabic, the transliteration and the English on the same line closed that gap faster than any class.",
    name: "Nour",
    city: "Montréal",
    context: "Heritage learner",
  },
  {
    quote:
      "The flashcards bring back words exactly when I’m about to forget them. I save a word from a scene, and a week later I recognise it in a song.",
    name: "Marco",
    city: "Milan",
    context: "Studying for a year in Beirut",
  },
];
