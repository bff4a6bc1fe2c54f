/**
 * Word-by-word glosses of every demo transcript line (seed/demo-content.ts), written by hand by the team:
 * each word token links to a lemma of seed/lexicon.ts with its meaning IN THAT SENTENCE and its breakdown
 * into proclitics + stem + enclitics. `npx tsx scripts/check-glosses.ts` checks them against the cues.
 *
 * Rows are written `[surface, lemma key, gloss, breakdown?]` and turned into `TokenGloss` objects by `cue()`.
 * The breakdown lists the pieces as written, separated by spaces: a piece ending in "-" is a proclitic, a
 * piece starting with "-" is an enclitic, the one bare piece is the stem ("و- ب- يبلّش", "عن -نا"). Without
 * a breakdown the whole token is the stem.
 *
 * Conventions:
 * - Tokens are exactly the word tokens of `splitArabicWords` (core/arabic.ts), in order.
 * - Proclitics are listed outermost first: وبالمسا → و، ب، ال + مسا.
 * - The article is always "ال" in the split, whatever is pronounced or written: assimilated to a sun letter
 *   (الشام ish-shaam = ال + شام), or without its alif after l- and after ha- (للعيلة = ل + ال + عيلة,
 *   written لل; هالبرد = ها + ال + برد, written هال). When the sun letter's shadda is written (الدُّوّار،
 *   الزّيت), it stays on the stem's first letter.
 * - Demonstrative ha- "this" + article is two proclitics, "ها" and "ال" (not one "هال").
 * - ب is either the b- present prefix of verbs (بيبلّش = ب + يبلّش) or the preposition bi- "in, at, with"
 *   (بحلب = ب + حلب); the lemma and the gloss tell them apart. After b- the 1st person singular loses the
 *   written ʔ- of its present stem: بشوفك = ب + شوف + ك (bshuufak), بشتغل = ب + شتغل.
 * - م is the same b- before the n- of the 1st person plural in Syrian and Lebanese (منطلع mnitlaʕ = م + نطلع).
 * - ʕam (progressive, عم) and raħ (future, رح) are separate words in these lines, with their own lemmas;
 *   the prefixed future ħa- does not occur.
 * - ل is la- "to, for, of", la- "until" before a past verb (Lebanese: لوصلت) or la- "so that" before a present
 *   verb (لنأكّد); ع is ʕa- "on, to" (ʕala shortened: عالبيت = ع + ال + بيت, عبيروت = ع + بيروت); و is w- "and".
 * - Negation ma-…-sh, when written attached, is prefix "ما" + suffix "ش" (it does not occur in the demo lines;
 *   here ما is always a separate word).
 * - Enclitic pronouns are written as their Arabic letters: ي (my), ني (me), ك (your/you, -ak or -ik as the
 *   gloss says), كي (Lebanese -ki after a long vowel: فيكي، عليكي), و or ه (his/him/its, -o / -u; ه after a
 *   long vowel: أبوه ʔabuu), ها (her/it), نا (our/us), كم / كن (your, plural: Palestinian -kum, Syrian and
 *   Lebanese -kun), هم (them), ن (them: Lebanese بعدن baʕdun), and the dative لي، لك (to me, to you).
 * - When the stem ends with the letter the enclitic starts with, the written shadda stands for both:
 *   عنّا ʕanna = عن + نا.
 * - A ta marbuta in construct keeps its written form in the stem: صورة عيلتي = صورة، عيلت + ي; the lexicon
 *   lists عيلت under عيلة.
 * - Subject endings of verbs (درست، كانوا، يقولوا), duals (أختين، كيلوين) and plurals belong to the stem.
 * - Fixed expressions written as one word are one stem: الحمدلله، والله (the oath "by God"), إنّو "that".
 * - Glosses give the meaning in this sentence; "(…)" adds what the English needs, "lit." the literal sense,
 *   (m.) / (f.) / (pl.) the person spoken to or about.
 */

export interface TokenGloss {
  /** The token exactly as in the cue (tashkeel included). */
  surface: string;
  /** A DEMO_LEXICON key. */
  lemma: string;
  /** Its meaning in this sentence, short English. */
  gloss: string;
  /** Proclitics as written, outermost first. */
  prefixes?: string[];
  /** The stem as written after removing the clitics. */
  stem: string;
  /** Enclitics as written. */
  suffixes?: string[];
}

/** One array per cue, one entry per word token of the cue. */
export type CueGlosses = TokenGloss[];

type Row = readonly [surface: string, lemma: string, gloss: string, breakdown?: string];

function token([surface, lemma, gloss, breakdown]: Row): TokenGloss {
  const prefixes: string[] = [];
  const suffixes: string[] = [];
  let stem: string | undefined;
  for (const piece of (breakdown ?? surface).split(" ")) {
    if (piece.length > 1 && piece.endsWith("-")) {
      if (stem !== undefined) throw new Error(`gloss of ${surface}: a proclitic after the stem`);
      prefixes.push(piece.slice(0, -1));
    } else if (piece.length > 1 && piece.startsWith("-")) {
      if (stem === undefined) throw new Error(`gloss of ${surface}: an enclitic before the stem`);
      suffixes.push(piece.slice(1));
    } else {
      if (stem !== undefined || suffixes.length > 0) throw new Error(`gloss of ${surface}: two stems`);
      stem = piece;
    }
  }
  if (!stem) throw new Error(`gloss of ${surface}: no stem`);
  return {
    surface,
    lemma,
    gloss,
    ...(prefixes.length > 0 ? { prefixes } : {}),
    stem,
    ...(suffixes.length > 0 ? { suffixes } : {}),
  };
}

function cue(...rows: Row[]): CueGlosses {
  return rows.map(token);
}

// ----- Beginner ----------------------------------------------------------------------------------------

const greetingsInDamascus: CueGlosses[] = [
  // مرحبا! كِيفَك؟
  cue(["مرحبا", "marhaba", "hi!"], ["كِيفَك", "kiif", "how are you? (to a man; lit. how you)", "كِيفَ -ك"]),
  // أهلين! أنا منيح، الحمدلله. وإنتَ؟
  cue(
    ["أهلين", "ahla", "hi! (the warm reply)"],
    ["أنا", "ana", "I (am)"],
    ["منيح", "mnii7", "well, fine"],
    ["الحمدلله", "il7amdilla", "thank God"],
    ["وإنتَ", "inta", "and you? (to a man)", "و- إنتَ"],
  ),
  // تمام، ماشي الحال. شو أخبارك؟
  cue(
    ["تمام", "tamaam", "fine"],
    ["ماشي", "maashi", "going OK"],
    ["الحال", "7aal", "things (lit. the condition)", "ال- حال"],
    ["شو", "shuu", "what (are)"],
    ["أخبارك", "khabar", "your news (to a man: what's new with you?)", "أخبار -ك"],
  ),
  // والله كلّو تمام. شو اسمك؟
  cue(
    ["والله", "walla", "honestly (lit. by God)"],
    ["كلّو", "kull", "everything (lit. all of it)", "كلّ -و"],
    ["تمام", "tamaam", "(is) fine"],
    ["شو", "shuu", "what (is)"],
    ["اسمك", "ism", "your name (to a man)", "اسم -ك"],
  ),
  // أنا اسمي رامي. تْشَرَّفنا!
  cue(
    ["أنا", "ana", "me, as for me"],
    ["اسمي", "ism", "my name (is)", "اسم -ي"],
    ["رامي", "raami", "Rami"],
    ["تْشَرَّفنا", "tsharraf", "nice to meet you (lit. we are honoured)"],
  ),
  // الشرف إلي. منين إنتَ؟
  cue(
    ["الشرف", "sharaf", "the honour (the pleasure)", "ال- شرف"],
    ["إلي", "li", "(is) mine (lit. to me)", "إل -ي"],
    ["منين", "mneen", "from where"],
    ["إنتَ", "inta", "(are) you (to a man)"],
  ),
  // أنا من الشام، بس ساكن بحلب هلّق.
  cue(
    ["أنا", "ana", "I (am)"],
    ["من", "min", "from"],
    ["الشام", "shaam", "Damascus", "ال- شام"],
    ["بس", "bass", "but"],
    ["ساكن", "saakin", "(I'm) living"],
    ["بحلب", "7alab", "in Aleppo", "ب- حلب"],
    ["هلّق", "halla2", "now"],
  ),
  // يلّا، بشوفك بعدين. مع السلامة!
  cue(
    ["يلّا", "yalla", "OK then"],
    ["بشوفك", "shaaf", "I'll see you (a man)", "ب- شوف -ك"],
    ["بعدين", "ba3deen", "later"],
    ["مع", "ma3", "with (maʕ is-salaame: goodbye)"],
    ["السلامة", "salaame", "safety (goodbye)", "ال- سلامة"],
  ),
];

const orderingCoffeeInBeirut: CueGlosses[] = [
  // صباح الخير! شو بتحبّي تشربي؟
  cue(
    ["صباح", "sabaa7", "morning (sabaaħ il-kheer: good morning)"],
    ["الخير", "kheer", "of goodness", "ال- خير"],
    ["شو", "shuu", "what"],
    ["بتحبّي", "7abb", "would you like (to a woman)", "ب- تحبّي"],
    ["تشربي", "shirib", "to drink (you drink, to a woman)"],
  ),
  // صباح النور. بدّي فنجان قَهوة، لو سمحت.
  cue(
    ["صباح", "sabaa7", "morning (the reply: sabaaħ in-nuur)"],
    ["النور", "nuur", "of light (good morning to you too)", "ال- نور"],
    ["بدّي", "badd", "I'd like (lit. I want)", "بدّ -ي"],
    ["فنجان", "finjaan", "a cup (of)"],
    ["قَهوة", "ahwe", "coffee"],
    ["لو", "law", "if (law samaħt: please)"],
    ["سمحت", "sama7", "you allow (please)"],
  ),
  // قهوة عربية ولّا نسكافيه؟
  cue(
    ["قهوة", "ahwe", "coffee"],
    ["عربية", "3arabi", "Arabic (coffee)"],
    ["ولّا", "walla-or", "or"],
    ["نسكافيه", "neskafe", "instant coffee (Nescafé)"],
  ),
  // عربية، بس سكّر خفيف.
  cue(
    ["عربية", "3arabi", "Arabic (coffee)"],
    ["بس", "bass", "but"],
    ["سكّر", "sikkar", "sugar"],
    ["خفيف", "khafiif", "light (little sugar)"],
  ),
  // بدّك شي تاني؟ عنّا كعك طازة.
  cue(
    ["بدّك", "badd", "do you want (to a woman: baddik)", "بدّ -ك"],
    ["شي", "shi", "anything"],
    ["تاني", "taani", "else"],
    ["عنّا", "3ind", "we have", "عن -نا"],
    ["كعك", "ka3k", "ka'ak (sesame bread)"],
    ["طازة", "taaza", "fresh"],
  ),
  // إيه، كعكة وحدة بزعتر. قدّيش الحساب؟
  cue(
    ["إيه", "ee", "yes"],
    ["كعكة", "ka3k", "a ka'ak (one piece)"],
    ["وحدة", "waa7ad", "one"],
    ["بزعتر", "za3tar", "with za'tar", "ب- زعتر"],
    ["قدّيش", "addeesh", "how much (is)"],
    ["الحساب", "7saab", "the bill", "ال- حساب"],
  ),
  // كلّو خمس دولارات. صحتين!
  cue(
    ["كلّو", "kull", "altogether (lit. all of it)", "كلّ -و"],
    ["خمس", "khamse", "five"],
    ["دولارات", "dolaar", "dollars"],
    ["صحتين", "sa7teen", "enjoy! (lit. two healths)"],
  ),
  // ميرسي كتير، يسلمو!
  cue(
    ["ميرسي", "mersi", "thanks"],
    ["كتير", "ktiir", "a lot"],
    ["يسلمو", "silim", "thank you (lit. may they [your hands] be safe)"],
  ),
];

const introducingYourFamily: CueGlosses[] = [
  // هاي صورة عيلتي.
  cue(
    ["هاي", "haad", "this (f.) (is)"],
    ["صورة", "suura", "a picture (of)"],
    ["عيلتي", "3eele", "my family", "عيلت -ي"],
  ),
  // هاد أبوي، بيشتغِل مهندِس بالقدس.
  cue(
    ["هاد", "haad", "this (m.) (is)"],
    ["أبوي", "ab", "my father", "أبو -ي"],
    ["بيشتغِل", "shtaghal", "he works", "ب- يشتغِل"],
    ["مهندِس", "muhandis", "(as) an engineer"],
    ["بالقدس", "uds", "in Jerusalem", "ب- ال- قدس"],
  ),
  // وهاي إمّي، هي معلّمة إنجليزي.
  cue(
    ["وهاي", "haad", "and this (f.) (is)", "و- هاي"],
    ["إمّي", "imm", "my mother", "إمّ -ي"],
    ["هي", "hiyye", "she (is)"],
    ["معلّمة", "m3allem", "a teacher (f.)"],
    ["إنجليزي", "ingliizi", "(of) English"],
  ),
  // عندي أخ واحد وأختين.
  cue(
    ["عندي", "3ind", "I have", "عند -ي"],
    ["أخ", "akh", "a brother"],
    ["واحد", "waa7ad", "one"],
    ["وأختين", "ukht", "and two sisters", "و- أختين"],
  ),
  // أخوي الكبير متجوّز وعنده ولدين.
  cue(
    ["أخوي", "akh", "my brother", "أخو -ي"],
    ["الكبير", "kbiir", "the older (one)", "ال- كبير"],
    ["متجوّز", "mitjawwiz", "(is) married"],
    ["وعنده", "3ind", "and he has", "و- عند -ه"],
    ["ولدين", "walad", "two kids"],
  ),
  // وهاي ستّي، عمرها تمانين سنة.
  cue(
    ["وهاي", "haad", "and this (f.) (is)", "و- هاي"],
    ["ستّي", "sitt", "my grandmother", "ستّ -ي"],
    ["عمرها", "3umur", "her age (is)", "عمر -ها"],
    ["تمانين", "tamaaniin", "eighty"],
    ["سنة", "sane", "years (old)"],
  ),
  // بنجتمع عند ستّي كل يوم جمعة.
  cue(
    ["بنجتمع", "jtama3", "we get together", "ب- نجتمع"],
    ["عند", "3ind", "at (the home of)"],
    ["ستّي", "sitt", "my grandmother", "ستّ -ي"],
    ["كل", "kull", "every"],
    ["يوم", "yoom", "day (of)"],
    ["جمعة", "jum3a", "Friday"],
  ),
  // وإنتَ، عيلتك كبيرة؟
  cue(
    ["وإنتَ", "inta", "and you (to a man)", "و- إنتَ"],
    ["عيلتك", "3eele", "your family (to a man)", "عيلت -ك"],
    ["كبيرة", "kbiir", "(is it) big (f.)"],
  ),
];

const atTheVegetableMarket: CueGlosses[] = [
  // مرحبا، يعطيك العافية.
  cue(
    ["مرحبا", "marhaba", "hello"],
    ["يعطيك", "a3ta", "(may God) give you (a man)", "يعطي -ك"],
    ["العافية", "3aafye", "strength (greeting someone at work)", "ال- عافية"],
  ),
  // الله يعافيك، أهلين. شو بدّك؟
  cue(
    ["الله", "alla", "God"],
    ["يعافيك", "3aafa", "(may God) keep you well (the reply)", "يعافي -ك"],
    ["أهلين", "ahla", "welcome"],
    ["شو", "shuu", "what"],
    ["بدّك", "badd", "would you like (to a man)", "بدّ -ك"],
  ),
  // بكم كيلو البندورة اليوم؟
  cue(
    ["بكم", "kam", "for how much (is)", "ب- كم"],
    ["كيلو", "kiilu", "a kilo (of)"],
    ["البندورة", "bandoora", "(the) tomatoes", "ال- بندورة"],
    ["اليوم", "yoom", "today (lit. the day)", "ال- يوم"],
  ),
  // الكيلو بنص دينار، والبندورة بلدية وطازة.
  cue(
    ["الكيلو", "kiilu", "the kilo (a kilo)", "ال- كيلو"],
    ["بنص", "nuss", "(is) for half (a)", "ب- نص"],
    ["دينار", "diinaar", "dinar"],
    ["والبندورة", "bandoora", "and the tomatoes", "و- ال- بندورة"],
    ["بلدية", "baladi", "(are) local, home-grown"],
    ["وطازة", "taaza", "and fresh", "و- طازة"],
  ),
  // طيب، أعطيني كيلوين بندورة وكيلو خيار.
  cue(
    ["طيب", "tayyib", "OK"],
    ["أعطيني", "a3ta", "give me (to a man)", "أعطي -ني"],
    ["كيلوين", "kiilu", "two kilos (of)"],
    ["بندورة", "bandoora", "tomatoes"],
    ["وكيلو", "kiilu", "and a kilo (of)", "و- كيلو"],
    ["خيار", "khyaar", "cucumbers"],
  ),
  // من عيوني. بدّك إشي تاني؟
  cue(
    ["من", "min", "from (min ʕyuuni: with pleasure)"],
    ["عيوني", "3een", "my eyes (with pleasure)", "عيون -ي"],
    ["بدّك", "badd", "do you want (to a woman: baddik)", "بدّ -ك"],
    ["إشي", "shi", "anything"],
    ["تاني", "taani", "else"],
  ),
  // لا، خلص. كم صار الحساب؟
  cue(
    ["لا", "la", "no"],
    ["خلص", "khalas", "that's it"],
    ["كم", "kam", "how much"],
    ["صار", "saar", "has (it) come to"],
    ["الحساب", "7saab", "the bill", "ال- حساب"],
  ),
  // دينار ونص. صحتين وعافية!
  cue(
    ["دينار", "diinaar", "a dinar"],
    ["ونص", "nuss", "and a half", "و- نص"],
    ["صحتين", "sa7teen", "enjoy! (lit. two healths)"],
    ["وعافية", "3aafye", "and good health", "و- عافية"],
  ),
];

const takingATaxiInAmman: CueGlosses[] = [
  // مرحبا، فاضي؟
  cue(["مرحبا", "marhaba", "hello"], ["فاضي", "faadi", "(are you) free?"]),
  // أهلين، تفضّل. وين رايح؟
  cue(
    ["أهلين", "ahla", "hi"],
    ["تفضّل", "tfaddal", "please, get in (to a man)"],
    ["وين", "ween", "where (to)"],
    ["رايح", "raayi7", "(are you) going (m.)"],
  ),
  // على الدُّوّار السابع، لو سمحت.
  cue(
    ["على", "3ala", "to (read ʕa)"],
    ["الدُّوّار", "duwwaar", "the Circle (roundabout)", "ال- دُّوّار"],
    ["السابع", "saabi3", "Seventh", "ال- سابع"],
    ["لو", "law", "if (law samaħt: please)"],
    ["سمحت", "sama7", "you allow (please)"],
  ),
  // ماشي. بدّك أشغّل العدّاد؟
  cue(
    ["ماشي", "maashi", "sure, OK"],
    ["بدّك", "badd", "do you want (to a woman: baddik)", "بدّ -ك"],
    ["أشغّل", "shaghghal", "(me to) turn on (lit. I turn on)"],
    ["العدّاد", "3addaad", "the meter", "ال- عدّاد"],
  ),
  // أكيد، شغّل العدّاد.
  cue(
    ["أكيد", "akiid", "of course"],
    ["شغّل", "shaghghal", "turn on (to a man)"],
    ["العدّاد", "3addaad", "the meter", "ال- عدّاد"],
  ),
  // في أزمة سير كتير هسّا، رح نتأخّر شوي.
  cue(
    ["في", "fii", "there is"],
    ["أزمة", "azme", "a jam (ʔazmit seer: a traffic jam)"],
    ["سير", "seer", "(of) traffic"],
    ["كتير", "ktiir", "heavy (lit. much)"],
    ["هسّا", "hassa", "now"],
    ["رح", "ra7", "will (future)"],
    ["نتأخّر", "t2akhkhar", "(we) be late"],
    ["شوي", "shway", "a bit"],
  ),
  // مش مشكلة. نزّلني هون عاليمين.
  cue(
    ["مش", "mish", "(it's) not"],
    ["مشكلة", "mushkile", "a problem"],
    ["نزّلني", "nazzal", "drop me off (to a man)", "نزّل -ني"],
    ["هون", "hoon", "here"],
    ["عاليمين", "yamiin", "on the right", "ع- ال- يمين"],
  ),
  // العدّاد بيقول دينارين ونص.
  cue(
    ["العدّاد", "3addaad", "the meter", "ال- عدّاد"],
    ["بيقول", "aal", "says", "ب- يقول"],
    ["دينارين", "diinaar", "two dinars"],
    ["ونص", "nuss", "and a half", "و- نص"],
  ),
  // تفضّل، وخلّي الباقي إلك. الله معك!
  cue(
    ["تفضّل", "tfaddal", "here you are (to a man)"],
    ["وخلّي", "khalla", "and keep (to a man)", "و- خلّي"],
    ["الباقي", "baa2i", "the change (lit. the rest)", "ال- باقي"],
    ["إلك", "li", "for you (m.)", "إل -ك"],
    ["الله", "alla", "God (be)"],
    ["معك", "ma3", "with you (ʔalla maʕak: take care)", "مع -ك"],
  ),
];

const tellingTheTime: CueGlosses[] = [
  // قدّيش الساعة هلّق؟
  cue(
    ["قدّيش", "addeesh", "what (lit. how much)"],
    ["الساعة", "saa3a", "the time (is it)", "ال- ساعة"],
    ["هلّق", "halla2", "now"],
  ),
  // الساعة تلاتة وربع.
  cue(
    ["الساعة", "saa3a", "it's (lit. the hour)", "ال- ساعة"],
    ["تلاتة", "tlaate", "three"],
    ["وربع", "rub3", "and a quarter (quarter past)", "و- ربع"],
  ),
  // إيمتى بيبلّش الدرس؟
  cue(
    ["إيمتى", "eemta", "when"],
    ["بيبلّش", "ballash", "does (it) start", "ب- يبلّش"],
    ["الدرس", "dars", "the lesson", "ال- درس"],
  ),
  // بيبلّش الساعة أربعة إلا تلت.
  cue(
    ["بيبلّش", "ballash", "it starts", "ب- يبلّش"],
    ["الساعة", "saa3a", "at (… o'clock)", "ال- ساعة"],
    ["أربعة", "arba3a", "four"],
    ["إلا", "illa", "minus (to)"],
    ["تلت", "tilt", "a third (twenty minutes)"],
  ),
  // يعني لسّا عنّا خمسة وعشرين دقيقة.
  cue(
    ["يعني", "ya3ni", "so"],
    ["لسّا", "lissa", "still"],
    ["عنّا", "3ind", "we have", "عن -نا"],
    ["خمسة", "khamse", "five"],
    ["وعشرين", "3ishriin", "and twenty", "و- عشرين"],
    ["دقيقة", "da2ii2a", "minutes"],
  ),
  // منيح، خلّينا نشرب كاسة شاي قبل ما يبلّش.
  cue(
    ["منيح", "mnii7", "good"],
    ["خلّينا", "khalla", "let's (lit. let us)", "خلّي -نا"],
    ["نشرب", "shirib", "have, drink (we drink)"],
    ["كاسة", "kaase", "a glass (of)"],
    ["شاي", "shaay", "tea"],
    ["قبل", "abil", "before"],
    ["ما", "ma-conj", "(ʔabil ma = before + verb)"],
    ["يبلّش", "ballash", "it starts"],
  ),
  // بس ما نتأخّر، الأستاذ ما بيحبّ حدا يفوت متأخّر.
  cue(
    ["بس", "bass", "but"],
    ["ما", "ma", "(let's) not"],
    ["نتأخّر", "t2akhkhar", "be late (we be late)"],
    ["الأستاذ", "ustaaz", "the teacher", "ال- أستاذ"],
    ["ما", "ma", "not (doesn't)"],
    ["بيحبّ", "7abb", "like (he likes)", "ب- يحبّ"],
    ["حدا", "7ada", "anyone"],
    ["يفوت", "faat", "(to) come in (he comes in)"],
    ["متأخّر", "mit2akhkhir", "late"],
  ),
];

// ----- Intermediate ------------------------------------------------------------------------------------

const makingWeekendPlans: CueGlosses[] = [
  // شو عامْلة نهار السبت؟
  cue(
    ["شو", "shuu", "what"],
    ["عامْلة", "3aamil", "(are you) doing (to a woman)"],
    ["نهار", "nhaar", "(on) the day (of)"],
    ["السبت", "sabt", "Saturday", "ال- سبت"],
  ),
  // ولا شي، بعد ما عندي خطط. ليش؟
  cue(
    ["ولا", "wala", "not even (wala shi: nothing at all)"],
    ["شي", "shi", "a thing (nothing at all)"],
    ["بعد", "ba3d", "yet, still"],
    ["ما", "ma", "not (I don't)"],
    ["عندي", "3ind", "I have", "عند -ي"],
    ["خطط", "khitta", "plans"],
    ["ليش", "leesh", "why"],
  ),
  // قلت منطلع عالجبل، منتغدّى بضيعة ستّي.
  cue(
    ["قلت", "aal", "I thought (lit. I said)"],
    ["منطلع", "tili3", "we (could) go up", "م- نطلع"],
    ["عالجبل", "jabal", "to the mountains", "ع- ال- جبل"],
    ["منتغدّى", "tghadda", "we have lunch", "م- نتغدّى"],
    ["بضيعة", "dee3a", "in the village (of)", "ب- ضيعة"],
    ["ستّي", "sitt", "my grandmother", "ستّ -ي"],
  ),
  // فكرة حلوة! بس إذا فلّينا بكّير، منهرب من العجقة.
  cue(
    ["فكرة", "fikra", "an idea"],
    ["حلوة", "7ilu", "nice (f.)"],
    ["بس", "bass", "but"],
    ["إذا", "iza", "if"],
    ["فلّينا", "fall", "we leave (lit. we left)"],
    ["بكّير", "bakkiir", "early"],
    ["منهرب", "hirib", "we escape", "م- نهرب"],
    ["من", "min", "from"],
    ["العجقة", "3aj2a", "the traffic", "ال- عجقة"],
  ),
  // أكيد. بمرّ عليكي الساعة تسعة الصبح.
  cue(
    ["أكيد", "akiid", "sure"],
    ["بمرّ", "marr", "I'll stop by", "ب- مرّ"],
    ["عليكي", "3ala", "for you (f.) (I'll pick you up)", "علي -كي"],
    ["الساعة", "saa3a", "at (… o'clock)", "ال- ساعة"],
    ["تسعة", "tis3a", "nine"],
    ["الصبح", "sub7", "in the morning", "ال- صبح"],
  ),
  // تمام. بجيب معي تبّولة، وإنتَ جيب الحلو.
  cue(
    ["تمام", "tamaam", "great"],
    ["بجيب", "jaab", "I'll bring", "ب- جيب"],
    ["معي", "ma3", "with me", "مع -ي"],
    ["تبّولة", "tabbuule", "tabbouleh"],
    ["وإنتَ", "inta", "and you (to a man)", "و- إنتَ"],
    ["جيب", "jaab", "bring (to a man)"],
    ["الحلو", "7ilu", "the dessert", "ال- حلو"],
  ),
  // اتّفقنا! منحكي بكرا لنأكّد.
  cue(
    ["اتّفقنا", "ttafa2", "deal! (lit. we agreed)"],
    ["منحكي", "7aka", "we'll talk", "م- نحكي"],
    ["بكرا", "bukra", "tomorrow"],
    ["لنأكّد", "akkad", "to confirm (so that we confirm)", "ل- نأكّد"],
  ),
];

const cookingMujaddaraWithGrandma: CueGlosses[] = [
  // اليوم رح نطبخ مجدّرة، أكلة بسيطة وطيّبة.
  cue(
    ["اليوم", "yoom", "today", "ال- يوم"],
    ["رح", "ra7", "(we're) going to"],
    ["نطبخ", "tabakh", "cook (we cook)"],
    ["مجدّرة", "mjaddara", "mujaddara"],
    ["أكلة", "akle", "a dish"],
    ["بسيطة", "basiit", "simple (f.)"],
    ["وطيّبة", "tayyib", "and tasty (f.)", "و- طيّبة"],
  ),
  // بدنا كاسة عدس، وكاسة رز، وتلات بصلات كبار.
  cue(
    ["بدنا", "badd", "we need (lit. we want)", "بد -نا"],
    ["كاسة", "kaase", "a cup (of)"],
    ["عدس", "3adas", "lentils"],
    ["وكاسة", "kaase", "and a cup (of)", "و- كاسة"],
    ["رز", "ruzz", "rice"],
    ["وتلات", "tlaate", "and three", "و- تلات"],
    ["بصلات", "basal", "onions"],
    ["كبار", "kbiir", "large (pl.)"],
  ),
  // أوّل إشي بنسلق العدس تقريباً ربع ساعة.
  cue(
    ["أوّل", "awwal", "first"],
    ["إشي", "shi", "thing (ʔawwal ʔishi: first of all)"],
    ["بنسلق", "sala2", "we boil", "ب- نسلق"],
    ["العدس", "3adas", "the lentils", "ال- عدس"],
    ["تقريباً", "ta2riiban", "about, roughly"],
    ["ربع", "rub3", "a quarter (of)"],
    ["ساعة", "saa3a", "an hour"],
  ),
  // بعدين بنزيد الرز والمي والملح، وبنخلّيهم على نار هادية.
  cue(
    ["بعدين", "ba3deen", "then"],
    ["بنزيد", "zaad", "we add", "ب- نزيد"],
    ["الرز", "ruzz", "the rice", "ال- رز"],
    ["والمي", "mayy", "and the water", "و- ال- مي"],
    ["والملح", "mil7", "and the salt", "و- ال- ملح"],
    ["وبنخلّيهم", "khalla", "and we leave them", "و- ب- نخلّي -هم"],
    ["على", "3ala", "on"],
    ["نار", "naar", "a heat (lit. fire)"],
    ["هادية", "haadi", "low (lit. calm)"],
  ),
  // وبهالوقت بنقلي البصل بزيت الزيتون لحدّ ما يصير لونه بنّي.
  cue(
    ["وبهالوقت", "wa2t", "and meanwhile (lit. and in this time)", "و- ب- ها- ال- وقت"],
    ["بنقلي", "ala", "we fry", "ب- نقلي"],
    ["البصل", "basal", "the onions", "ال- بصل"],
    ["بزيت", "zeet", "in oil (of)", "ب- زيت"],
    ["الزيتون", "zeetuun", "olives (zeet iz-zeetuun: olive oil)", "ال- زيتون"],
    ["لحدّ", "7add", "until (lit. to the limit)", "ل- حدّ"],
    ["ما", "ma-conj", "(la-ħadd ma = until + verb)"],
    ["يصير", "saar", "(it) turns, becomes"],
    ["لونه", "loon", "its colour", "لون -ه"],
    ["بنّي", "binni", "brown"],
  ),
  // بنحطّ البصل المقلي فوق المجدّرة، وبناكلها مع لبن وسلطة.
  cue(
    ["بنحطّ", "7att", "we put", "ب- نحطّ"],
    ["البصل", "basal", "the onions", "ال- بصل"],
    ["المقلي", "ma2li", "fried", "ال- مقلي"],
    ["فوق", "foo2", "on top of"],
    ["المجدّرة", "mjaddara", "the mujaddara", "ال- مجدّرة"],
    ["وبناكلها", "akal", "and we eat it", "و- ب- ناكل -ها"],
    ["مع", "ma3", "with"],
    ["لبن", "laban", "yoghurt"],
    ["وسلطة", "salata", "and salad", "و- سلطة"],
  ),
  // صحتين على قلوبكم!
  cue(
    ["صحتين", "sa7teen", "bon appétit (lit. two healths)"],
    ["على", "3ala", "on"],
    ["قلوبكم", "2alb", "your hearts (pl.)", "قلوب -كم"],
  ),
];

const askingForDirectionsInDamascus: CueGlosses[] = [
  // لو سمحت، كيف بروح على سوق الحميدية؟
  cue(
    ["لو", "law", "if (law samaħt: excuse me)"],
    ["سمحت", "sama7", "you allow (excuse me)"],
    ["كيف", "kiif", "how"],
    ["بروح", "raa7", "do I go, do I get", "ب- روح"],
    ["على", "3ala", "to"],
    ["سوق", "suu2", "the souq (of)"],
    ["الحميدية", "7amiidiyye", "al-Hamidiyya", "ال- حميدية"],
  ),
  // كتير قريب. كَمِّل دُغري لآخر الشارع.
  cue(
    ["كتير", "ktiir", "very"],
    ["قريب", "ariib", "close"],
    ["كَمِّل", "kammal", "keep going (to a man)"],
    ["دُغري", "dighri", "straight ahead"],
    ["لآخر", "aakhir", "to the end (of)", "ل- آخر"],
    ["الشارع", "shaari3", "the street", "ال- شارع"],
  ),
  // بعدين لفّ يمين عند الجامع الزغير.
  cue(
    ["بعدين", "ba3deen", "then"],
    ["لفّ", "laff", "turn (to a man)"],
    ["يمين", "yamiin", "right"],
    ["عند", "3ind", "at"],
    ["الجامع", "jaami3", "the mosque", "ال- جامع"],
    ["الزغير", "zghiir", "small", "ال- زغير"],
  ),
  // رح تشوف باب كبير، هاد مدخل السوق.
  cue(
    ["رح", "ra7", "(you) will"],
    ["تشوف", "shaaf", "see (you see)"],
    ["باب", "baab", "a gate"],
    ["كبير", "kbiir", "big"],
    ["هاد", "haad", "that (m.) (is)"],
    ["مدخل", "madkhal", "the entrance (of)"],
    ["السوق", "suu2", "the souq", "ال- سوق"],
  ),
  // بتاخد شي عشر دقايق مشي.
  cue(
    ["بتاخد", "akhad", "it takes", "ب- تاخد"],
    ["شي", "shi", "about, some"],
    ["عشر", "3ashara", "ten"],
    ["دقايق", "da2ii2a", "minutes"],
    ["مشي", "masha", "walking, on foot"],
  ),
  // وإذا ضعت، اسأل أي حدا هونيك.
  cue(
    ["وإذا", "iza", "and if", "و- إذا"],
    ["ضعت", "daa3", "you get lost (m.; lit. you got lost)"],
    ["اسأل", "sa2al", "ask (to a man)"],
    ["أي", "ayy", "any"],
    ["حدا", "7ada", "one (ʔayy ħada: anyone)"],
    ["هونيك", "hooniik", "there"],
  ),
  // يسلمو كتير! الله يخلّيك.
  cue(
    ["يسلمو", "silim", "thank you (lit. may they [your hands] be safe)"],
    ["كتير", "ktiir", "so much"],
    ["الله", "alla", "God"],
    ["يخلّيك", "khalla", "(may God) keep you (a man)", "يخلّي -ك"],
  ),
  // ولو، على راسي.
  cue(
    ["ولو", "walaw", "don't mention it"],
    ["على", "3ala", "on (ʕala raasi: my pleasure)"],
    ["راسي", "raas", "my head (my pleasure)", "راس -ي"],
  ),
];

const aJobInterviewInBeirut: CueGlosses[] = [
  // أهلا فيكي، تفضّلي استريحي.
  cue(
    ["أهلا", "ahla", "welcome"],
    ["فيكي", "fi", "to you (f.; lit. in you)", "في -كي"],
    ["تفضّلي", "tfaddal", "please (to a woman)"],
    ["استريحي", "staraa7", "have a seat (to a woman; lit. rest)"],
  ),
  // خبّريني شوي عن حالك وعن خبرتك.
  cue(
    ["خبّريني", "khabbar", "tell me (to a woman)", "خبّري -ني"],
    ["شوي", "shway", "a little"],
    ["عن", "3an", "about"],
    ["حالك", "7aal", "yourself (f.)", "حال -ك"],
    ["وعن", "3an", "and about", "و- عن"],
    ["خبرتك", "khibra", "your experience (f.)", "خبرت -ك"],
  ),
  // أنا درست محاسبة بالجامعة اللبنانية، وصرلي خمس سنين عم بشتغل ببنك.
  cue(
    ["أنا", "ana", "I"],
    ["درست", "daras", "studied (I studied)"],
    ["محاسبة", "mu7aasabe", "accounting"],
    ["بالجامعة", "jaam3a", "at the university", "ب- ال- جامعة"],
    ["اللبنانية", "libnaani", "Lebanese (f.)", "ال- لبنانية"],
    ["وصرلي", "saar", "and I've been (for) (lit. and it has become to me)", "و- صر -لي"],
    ["خمس", "khamse", "five"],
    ["سنين", "sane", "years"],
    ["عم", "3am", "(progressive: -ing)"],
    ["بشتغل", "shtaghal", "I work (working)", "ب- شتغل"],
    ["ببنك", "bank", "at a bank", "ب- بنك"],
  ),
  // ليش بدّك تتركي شغلك الحالي؟
  cue(
    ["ليش", "leesh", "why"],
    ["بدّك", "badd", "do you want (to a woman)", "بدّ -ك"],
    ["تتركي", "tarak", "to leave (you leave, f.)"],
    ["شغلك", "shighl", "your job (f.)", "شغل -ك"],
    ["الحالي", "7aali", "current", "ال- حالي"],
  ),
  // بدّي فرصة إتعلّم فيها أكتر، وشغلكن بيهمّني كتير.
  cue(
    ["بدّي", "badd", "I want", "بدّ -ي"],
    ["فرصة", "fursa", "an opportunity"],
    ["إتعلّم", "t3allam", "to learn (I learn)"],
    ["فيها", "fi", "in it (where I can)", "في -ها"],
    ["أكتر", "ktiir", "more"],
    ["وشغلكن", "shighl", "and your (pl.) work", "و- شغل -كن"],
    ["بيهمّني", "hamm", "interests me", "ب- يهمّ -ني"],
    ["كتير", "ktiir", "a lot"],
  ),
  // منيح. بتقدري تبلّشي أوّل الشهر الجاي؟
  cue(
    ["منيح", "mnii7", "good"],
    ["بتقدري", "2idir", "can you (f.)", "ب- تقدري"],
    ["تبلّشي", "ballash", "start (you start, f.)"],
    ["أوّل", "awwal", "(at) the beginning (of)"],
    ["الشهر", "shahr", "the month", "ال- شهر"],
    ["الجاي", "jaaye", "next", "ال- جاي"],
  ),
  // أكيد، ما في مشكلة.
  cue(
    ["أكيد", "akiid", "of course"],
    ["ما", "ma", "not (ma fii: there's no)"],
    ["في", "fii", "there is"],
    ["مشكلة", "mushkile", "problem"],
  ),
  // ممتاز. منرجع منتواصل معك خلال هالجمعة.
  cue(
    ["ممتاز", "mumtaaz", "excellent"],
    ["منرجع", "riji3", "we'll get back (to you)", "م- نرجع"],
    ["منتواصل", "twaasal", "(and) get in touch", "م- نتواصل"],
    ["معك", "ma3", "with you (f.)", "مع -ك"],
    ["خلال", "khilaal", "during, within"],
    ["هالجمعة", "jum3a", "this week", "ها- ال- جمعة"],
  ),
];

const talkingAboutTheWeather: CueGlosses[] = [
  // شو هالبرد اليوم! الجو كتير بارد.
  cue(
    ["شو", "shuu", "what (a …)! (shuu hal-bard: it's so cold!)"],
    ["هالبرد", "bard", "this cold", "ها- ال- برد"],
    ["اليوم", "yoom", "today", "ال- يوم"],
    ["الجو", "jaww", "the weather", "ال- جو"],
    ["كتير", "ktiir", "(is) very"],
    ["بارد", "baarid", "cold"],
  ),
  // آه والله، بيقولوا رح تثلّج بالليل.
  cue(
    ["آه", "aah", "yes"],
    ["والله", "walla", "really (lit. by God)"],
    ["بيقولوا", "aal", "they say", "ب- يقولوا"],
    ["رح", "ra7", "(it's) going to"],
    ["تثلّج", "thallaj", "snow (it snows)"],
    ["بالليل", "leel", "at night (tonight)", "ب- ال- ليل"],
  ),
  // إذا ثلّجت، بتتعطّل المدارس والدوام بكرا.
  cue(
    ["إذا", "iza", "if"],
    ["ثلّجت", "thallaj", "it snows (lit. it snowed)"],
    ["بتتعطّل", "t3attal", "(will) be off, closed", "ب- تتعطّل"],
    ["المدارس", "madrase", "the schools", "ال- مدارس"],
    ["والدوام", "dawaam", "and work (office hours)", "و- ال- دوام"],
    ["بكرا", "bukra", "tomorrow"],
  ),
  // يا ريت! بدّي أُقعد بالبيت جنب الصّوبة وأشرب شاي.
  cue(
    ["يا", "ya", "O (ya reet: I wish)"],
    ["ريت", "reet", "would that (I wish!)"],
    ["بدّي", "badd", "I want", "بدّ -ي"],
    ["أُقعد", "a3ad", "to stay (I stay)"],
    ["بالبيت", "beet", "at home", "ب- ال- بيت"],
    ["جنب", "jamb", "next to"],
    ["الصّوبة", "sooba", "the heater", "ال- صّوبة"],
    ["وأشرب", "shirib", "and drink (I drink)", "و- أشرب"],
    ["شاي", "shaay", "tea"],
  ),
  // بس انتبه، الطرق بتصير زلقة كتير.
  cue(
    ["بس", "bass", "but"],
    ["انتبه", "ntabah", "be careful (to a man)"],
    ["الطرق", "tarii2", "the roads", "ال- طرق"],
    ["بتصير", "saar", "get, become", "ب- تصير"],
    ["زلقة", "zali2", "slippery"],
    ["كتير", "ktiir", "very"],
  ),
  // معك حق. بالصيف بنشتكي من الشوب، وبالشتا من البرد!
  cue(
    ["معك", "ma3", "you have (to a man; lit. with you)", "مع -ك"],
    ["حق", "7a22", "right (maʕak ħaʔʔ: you're right)"],
    ["بالصيف", "seef", "in summer", "ب- ال- صيف"],
    ["بنشتكي", "shtaka", "we complain", "ب- نشتكي"],
    ["من", "min", "about (lit. from)"],
    ["الشوب", "shoob", "the heat", "ال- شوب"],
    ["وبالشتا", "shita", "and in winter", "و- ب- ال- شتا"],
    ["من", "min", "about"],
    ["البرد", "bard", "the cold", "ال- برد"],
  ),
];

const sayingWhatYouWantWithBaddi: CueGlosses[] = [
  // بدّي روح عالبيت.
  cue(
    ["بدّي", "badd", "I want", "بدّ -ي"],
    ["روح", "raa7", "to go (I go)"],
    ["عالبيت", "beet", "home (lit. to the house)", "ع- ال- بيت"],
  ),
  // شو بدّك تاكل اليوم؟
  cue(
    ["شو", "shuu", "what"],
    ["بدّك", "badd", "do you want (to a woman: baddik)", "بدّ -ك"],
    ["تاكل", "akal", "to eat (you eat)"],
    ["اليوم", "yoom", "today", "ال- يوم"],
  ),
  // أختي بدّها تسافر عبيروت.
  cue(
    ["أختي", "ukht", "my sister", "أخت -ي"],
    ["بدّها", "badd", "wants (she wants)", "بدّ -ها"],
    ["تسافر", "saafar", "to travel (she travels)"],
    ["عبيروت", "beeruut", "to Beirut", "ع- بيروت"],
  ),
  // نحنا بدنا نشوف فيلم، وإنتو شو بدكن؟
  cue(
    ["نحنا", "ni7na", "we"],
    ["بدنا", "badd", "want (we want)", "بد -نا"],
    ["نشوف", "shaaf", "to watch (we see)"],
    ["فيلم", "film", "a film"],
    ["وإنتو", "intu", "and you (pl.)", "و- إنتو"],
    ["شو", "shuu", "what"],
    ["بدكن", "badd", "do you (pl.) want", "بد -كن"],
  ),
  // لأ، ما بدّي قهوة، بدّي شاي.
  cue(
    ["لأ", "la", "no"],
    ["ما", "ma", "not (I don't)"],
    ["بدّي", "badd", "want (I want)", "بدّ -ي"],
    ["قهوة", "ahwe", "coffee"],
    ["بدّي", "badd", "I want", "بدّ -ي"],
    ["شاي", "shaay", "tea"],
  ),
  // كان بدّي إحكيلك، بس نسيت.
  cue(
    ["كان", "kaan", "was (kaan baddi: I wanted)"],
    ["بدّي", "badd", "I want(ed)", "بدّ -ي"],
    ["إحكيلك", "7aka", "to tell you (m.)", "إحكي -لك"],
    ["بس", "bass", "but"],
    ["نسيت", "nisi", "I forgot"],
  ),
  // بدّو يصير أستاذ متل أبوه.
  cue(
    ["بدّو", "badd", "he wants", "بدّ -و"],
    ["يصير", "saar", "to become (he becomes)"],
    ["أستاذ", "ustaaz", "a teacher"],
    ["متل", "mitl", "like"],
    ["أبوه", "ab", "his father", "أبو -ه"],
  ),
];

// ----- Advanced ----------------------------------------------------------------------------------------

const memoriesOfOldDamascus: CueGlosses[] = [
  // لمّا كنت زغير، كنّا ساكنين ببيت عربي بباب توما.
  cue(
    ["لمّا", "lamma", "when"],
    ["كنت", "kaan", "I was"],
    ["زغير", "zghiir", "little"],
    ["كنّا", "kaan", "we were (we used to be)"],
    ["ساكنين", "saakin", "living (pl.)"],
    ["ببيت", "beet", "in a house", "ب- بيت"],
    ["عربي", "3arabi", "Arab-style (a traditional courtyard house)"],
    ["بباب", "baab", "in Bab (lit. gate)", "ب- باب"],
    ["توما", "tuuma", "Touma (the Bab Touma quarter)"],
  ),
  // كان بنصّ الدار بَحْرة، وحواليها شجرة نارنج وياسمينة.
  cue(
    ["كان", "kaan", "there was (lit. it was)"],
    ["بنصّ", "nuss", "in the middle (of)", "ب- نصّ"],
    ["الدار", "daar", "the courtyard", "ال- دار"],
    ["بَحْرة", "ba7ra", "a fountain"],
    ["وحواليها", "7awaali", "and around it", "و- حوالي -ها"],
    ["شجرة", "shajara", "a tree (of)"],
    ["نارنج", "naaranj", "bitter orange"],
    ["وياسمينة", "yasmiin", "and a jasmine (plant)", "و- ياسمينة"],
  ),
  // كل صبحية كانت ستّي تسقي الزرع وتغنّي لفيروز.
  cue(
    ["كل", "kull", "every"],
    ["صبحية", "sub7iyye", "morning"],
    ["كانت", "kaan", "would (habitual; lit. she was)"],
    ["ستّي", "sitt", "my grandmother", "ستّ -ي"],
    ["تسقي", "sa2a", "water (she waters)"],
    ["الزرع", "zari3", "the plants", "ال- زرع"],
    ["وتغنّي", "ghanna", "and sing (she sings)", "و- تغنّي"],
    ["لفيروز", "fayruuz", "(songs) of Fairuz", "ل- فيروز"],
  ),
  // وبالمسا كانوا الجيران يجتمعوا عنّا ع فنجان قهوة.
  cue(
    ["وبالمسا", "masa", "and in the evening", "و- ب- ال- مسا"],
    ["كانوا", "kaan", "would (habitual; lit. they were)"],
    ["الجيران", "jaar", "the neighbours", "ال- جيران"],
    ["يجتمعوا", "jtama3", "gather (they gather)"],
    ["عنّا", "3ind", "at our place", "عن -نا"],
    ["ع", "3ala", "over (lit. on)"],
    ["فنجان", "finjaan", "a cup (of)"],
    ["قهوة", "ahwe", "coffee"],
  ),
  // هلّق صار كل واحد مشغول بحالو، والدنيا تغيّرت كتير.
  cue(
    ["هلّق", "halla2", "now"],
    ["صار", "saar", "has become"],
    ["كل", "kull", "every"],
    ["واحد", "waa7ad", "one (kill waaħid: everyone)"],
    ["مشغول", "mashghuul", "busy"],
    ["بحالو", "7aal", "with himself (with his own life)", "ب- حال -و"],
    ["والدنيا", "dinye", "and the world", "و- ال- دنيا"],
    ["تغيّرت", "tghayyar", "has changed"],
    ["كتير", "ktiir", "a lot"],
  ),
  // بس ريحة الياسمين لسّا بتردّني لهديك الأيام.
  cue(
    ["بس", "bass", "but"],
    ["ريحة", "rii7a", "the smell (of)"],
    ["الياسمين", "yasmiin", "the jasmine", "ال- ياسمين"],
    ["لسّا", "lissa", "still"],
    ["بتردّني", "radd", "takes me back", "ب- تردّ -ني"],
    ["لهديك", "hadaak", "to those", "ل- هديك"],
    ["الأيام", "yoom", "days", "ال- أيام"],
  ),
  // الله يرحم هديك الأيام.
  cue(
    ["الله", "alla", "God"],
    ["يرحم", "ri7im", "(may God) have mercy on (those were the days)"],
    ["هديك", "hadaak", "those"],
    ["الأيام", "yoom", "days", "ال- أيام"],
  ),
];

const trafficAndPowerCutsInBeirut: CueGlosses[] = [
  // يا عمّي، العجقة ببيروت صارت شي ما بينحمل.
  cue(
    ["يا", "ya", "O (ya ʕammi: honestly, man)"],
    ["عمّي", "3amm", "man! (lit. my uncle)", "عمّ -ي"],
    ["العجقة", "3aj2a", "the traffic", "ال- عجقة"],
    ["ببيروت", "beeruut", "in Beirut", "ب- بيروت"],
    ["صارت", "saar", "has become"],
    ["شي", "shi", "something"],
    ["ما", "ma", "not"],
    ["بينحمل", "n7amal", "(is) bearable (ma byinħamal: unbearable)", "ب- ينحمل"],
  ),
  // مبارح قعدت ساعة ونص بالسيارة لوصلت عالشغل.
  cue(
    ["مبارح", "mbaari7", "yesterday"],
    ["قعدت", "a3ad", "I spent (lit. I sat)"],
    ["ساعة", "saa3a", "an hour"],
    ["ونص", "nuss", "and a half", "و- نص"],
    ["بالسيارة", "sayyaara", "in the car", "ب- ال- سيارة"],
    ["لوصلت", "wisil", "until I got", "ل- وصلت"],
    ["عالشغل", "shighl", "to work", "ع- ال- شغل"],
  ),
  // ووقت وصلت، كانت الكهربا مقطوعة والموتير طافي.
  cue(
    ["ووقت", "wa2t", "and when (lit. and the time)", "و- وقت"],
    ["وصلت", "wisil", "I arrived"],
    ["كانت", "kaan", "was"],
    ["الكهربا", "kahraba", "the power, the electricity", "ال- كهربا"],
    ["مقطوعة", "ma2tuu3", "cut (off)"],
    ["والموتير", "motiir", "and the generator", "و- ال- موتير"],
    ["طافي", "taafi", "off"],
  ),
  // بس شو بدّك تعمل؟ منضحك ومنكفّي.
  cue(
    ["بس", "bass", "but"],
    ["شو", "shuu", "what"],
    ["بدّك", "badd", "do you want (what can you do?)", "بدّ -ك"],
    ["تعمل", "3imil", "to do (you do)"],
    ["منضحك", "di7ik", "we laugh", "م- نضحك"],
    ["ومنكفّي", "kaffa", "and we carry on", "و- م- نكفّي"],
  ),
  // هيدي بيروت، بتعذّبك بس ما فيك تتركها.
  cue(
    ["هيدي", "haad", "this (f.) (is)"],
    ["بيروت", "beeruut", "Beirut"],
    ["بتعذّبك", "3azzab", "it wears you out", "ب- تعذّب -ك"],
    ["بس", "bass", "but"],
    ["ما", "ma", "not"],
    ["فيك", "fi", "you can (lit. in you)", "في -ك"],
    ["تتركها", "tarak", "leave it (you leave it)", "تترك -ها"],
  ),
  // وأحلى شي إنّو الناس بعدن بيساعدوا بعض.
  cue(
    ["وأحلى", "7ilu", "and the best (lit. the sweetest)", "و- أحلى"],
    ["شي", "shi", "thing"],
    ["إنّو", "innu", "(is) that"],
    ["الناس", "naas", "people", "ال- ناس"],
    ["بعدن", "ba3d", "still (they still)", "بعد -ن"],
    ["بيساعدوا", "saa3ad", "help (they help)", "ب- يساعدوا"],
    ["بعض", "ba3d-some", "each other"],
  ),
];

const oliveHarvestSeason: CueGlosses[] = [
  // موسم الزيتون عنّا مش بس شغل، هو عيد للعيلة كلها.
  cue(
    ["موسم", "moosim", "the season (of)"],
    ["الزيتون", "zeetuun", "the olives", "ال- زيتون"],
    ["عنّا", "3ind", "for us (lit. at our place)", "عن -نا"],
    ["مش", "mish", "(is) not"],
    ["بس", "bass", "just"],
    ["شغل", "shighl", "work"],
    ["هو", "huwwe", "it (is)"],
    ["عيد", "3iid", "a celebration (lit. a feast)"],
    ["للعيلة", "3eele", "for the family", "ل- ال- عيلة"],
    ["كلها", "kull", "whole (lit. all of it)", "كل -ها"],
  ),
  // بنصحى مع طلوع الشمس وبنطلع عالأرض سوا.
  cue(
    ["بنصحى", "si7i", "we wake up", "ب- نصحى"],
    ["مع", "ma3", "at (lit. with)"],
    ["طلوع", "tili3", "the rising (of)"],
    ["الشمس", "shams", "the sun", "ال- شمس"],
    ["وبنطلع", "tili3", "and we go out", "و- ب- نطلع"],
    ["عالأرض", "ard", "to the land (our olive grove)", "ع- ال- أرض"],
    ["سوا", "sawa", "together"],
  ),
  // الكبار بيقطفوا، والولاد بيلمّوا الحبّ عن الأرض.
  cue(
    ["الكبار", "kbiir", "the adults (lit. the big ones)", "ال- كبار"],
    ["بيقطفوا", "ataf", "pick (they pick)", "ب- يقطفوا"],
    ["والولاد", "walad", "and the kids", "و- ال- ولاد"],
    ["بيلمّوا", "lamm", "gather (they gather)", "ب- يلمّوا"],
    ["الحبّ", "7abb-grain", "the olives (lit. the grains)", "ال- حبّ"],
    ["عن", "3an", "off, from"],
    ["الأرض", "ard", "the ground", "ال- أرض"],
  ),
  // عالغدا بنقعد تحت الشجرة وبناكل زيت وزعتر وخبز طابون.
  cue(
    ["عالغدا", "ghada", "at lunch", "ع- ال- غدا"],
    ["بنقعد", "a3ad", "we sit", "ب- نقعد"],
    ["تحت", "ta7t", "under"],
    ["الشجرة", "shajara", "the tree", "ال- شجرة"],
    ["وبناكل", "akal", "and we eat", "و- ب- ناكل"],
    ["زيت", "zeet", "(olive) oil"],
    ["وزعتر", "za3tar", "and za'tar", "و- زعتر"],
    ["وخبز", "khubz", "and bread", "و- خبز"],
    ["طابون", "taabuun", "taboon (clay-oven bread)"],
  ),
  // بآخر النهار بنوخد الزيتون عالمعصرة.
  cue(
    ["بآخر", "aakhir", "at the end (of)", "ب- آخر"],
    ["النهار", "nhaar", "the day", "ال- نهار"],
    ["بنوخد", "akhad", "we take", "ب- نوخد"],
    ["الزيتون", "zeetuun", "the olives", "ال- زيتون"],
    ["عالمعصرة", "ma3sara", "to the (olive) press", "ع- ال- معصرة"],
  ),
  // وما في أطيب من ريحة الزيت الجديد وهو طالع من المعصرة.
  cue(
    ["وما", "ma", "and (there's) nothing (lit. and not)", "و- ما"],
    ["في", "fii", "there is"],
    ["أطيب", "tayyib", "better, nicer (lit. tastier)"],
    ["من", "min", "than"],
    ["ريحة", "rii7a", "the smell (of)"],
    ["الزيت", "zeet", "the oil", "ال- زيت"],
    ["الجديد", "jdiid", "new", "ال- جديد"],
    ["وهو", "huwwe", "as it (lit. and it)", "و- هو"],
    ["طالع", "taali3", "(is) coming out"],
    ["من", "min", "of, from"],
    ["المعصرة", "ma3sara", "the press", "ال- معصرة"],
  ),
  // ستّي بتقول: الزّيت عَمود البيت.
  cue(
    ["ستّي", "sitt", "my grandmother", "ستّ -ي"],
    ["بتقول", "aal", "says", "ب- تقول"],
    ["الزّيت", "zeet", "oil (in general)", "ال- زّيت"],
    ["عَمود", "3amuud", "(is) the pillar (of)"],
    ["البيت", "beet", "the home (lit. the house)", "ال- بيت"],
  ),
];

const weddingTraditionsInJordan: CueGlosses[] = [
  // العرس عنّا بالأردن بيبلّش قبل بأسبوع، مش بس يوم العرس.
  cue(
    ["العرس", "3irs", "the wedding (a wedding)", "ال- عرس"],
    ["عنّا", "3ind", "here (lit. at our place)", "عن -نا"],
    ["بالأردن", "urdun", "in Jordan", "ب- ال- أردن"],
    ["بيبلّش", "ballash", "starts", "ب- يبلّش"],
    ["قبل", "abil", "before(hand)"],
    ["بأسبوع", "usbuu3", "by a week", "ب- أسبوع"],
    ["مش", "mish", "not"],
    ["بس", "bass", "just"],
    ["يوم", "yoom", "(on) the day (of)"],
    ["العرس", "3irs", "the wedding", "ال- عرس"],
  ),
  // أوّل إشي بتكون الجاهة، لمّا أهل العريس بيطلبوا العروس رسمياً.
  cue(
    ["أوّل", "awwal", "first"],
    ["إشي", "shi", "thing (ʔawwal ʔishi: first of all)"],
    ["بتكون", "kaan", "comes (lit. is)", "ب- تكون"],
    ["الجاهة", "jaaha", "the jaha (the proposal delegation)", "ال- جاهة"],
    ["لمّا", "lamma", "when"],
    ["أهل", "ahl", "the family (of)"],
    ["العريس", "3ariis", "the groom", "ال- عريس"],
    ["بيطلبوا", "talab", "ask for (the hand of) (they ask)", "ب- يطلبوا"],
    ["العروس", "3aruus", "the bride", "ال- عروس"],
    ["رسمياً", "rasmiyyan", "formally"],
  ),
  // وبعدين في سهرات حنّة وأغاني وسحجة للشباب.
  cue(
    ["وبعدين", "ba3deen", "and then", "و- بعدين"],
    ["في", "fii", "there are"],
    ["سهرات", "sahra", "evening parties, nights (of)"],
    ["حنّة", "7inna", "henna"],
    ["وأغاني", "ughniye", "and songs", "و- أغاني"],
    ["وسحجة", "sa7je", "and a sahjeh (clapping dance)", "و- سحجة"],
    ["للشباب", "shabb", "for the young men", "ل- ال- شباب"],
  ),
  // يوم العرس بيطبخوا منسف لكل المعازيم.
  cue(
    ["يوم", "yoom", "(on) the day (of)"],
    ["العرس", "3irs", "the wedding", "ال- عرس"],
    ["بيطبخوا", "tabakh", "they cook", "ب- يطبخوا"],
    ["منسف", "mansaf", "mansaf"],
    ["لكل", "kull", "for all (of)", "ل- كل"],
    ["المعازيم", "ma3zuum", "the guests", "ال- معازيم"],
  ),
  // والكل بيقول للعرسان: مبروك، وبالرِّفاه والبَنين!
  cue(
    ["والكل", "kull", "and everyone (lit. and the all)", "و- ال- كل"],
    ["بيقول", "aal", "says", "ب- يقول"],
    ["للعرسان", "3ariis", "to the newlyweds", "ل- ال- عرسان"],
    ["مبروك", "mabruuk", "congratulations"],
    ["وبالرِّفاه", "rifaa", "and (may you live) in harmony", "و- ب- ال- رِّفاه"],
    ["والبَنين", "ibn", "and (with) sons", "و- ال- بَنين"],
  ),
  // وإذا كنت عازب، أكيد رح يقولولك: عقبالك!
  cue(
    ["وإذا", "iza", "and if", "و- إذا"],
    ["كنت", "kaan", "you are (lit. you were, m.)"],
    ["عازب", "3aazib", "single"],
    ["أكيد", "akiid", "surely"],
    ["رح", "ra7", "(they) will"],
    ["يقولولك", "aal", "say to you (m.)", "يقولو -لك"],
    ["عقبالك", "3u2baal", "may you be next! (to a man)", "عقبال -ك"],
  ),
];

// ----- Draft -------------------------------------------------------------------------------------------

const answeringThePhone: CueGlosses[] = [
  // ألو، مين معي؟
  cue(
    ["ألو", "aloo", "hello? (on the phone)"],
    ["مين", "miin", "who (is)"],
    ["معي", "ma3", "with me (who's speaking?)", "مع -ي"],
  ),
  // أهلين، أنا سامر من المكتب. كيفِك؟
  cue(
    ["أهلين", "ahla", "hi"],
    ["أنا", "ana", "it's (lit. I am)"],
    ["سامر", "saamir", "Samer"],
    ["من", "min", "from"],
    ["المكتب", "maktab", "the office", "ال- مكتب"],
    ["كيفِك", "kiif", "how are you? (to a woman)", "كيفِ -ك"],
  ),
  // منيحة، تسلم. شو في؟
  cue(
    ["منيحة", "mnii7", "fine (f.)"],
    ["تسلم", "silim", "thanks (to a man)"],
    ["شو", "shuu", "what"],
    ["في", "fii", "is there (shuu fii?: what's up?)"],
  ),
  // بس حبّيت ذكّرك إنّو الاجتماع بكرا الساعة عشرة.
  cue(
    ["بس", "bass", "just"],
    ["حبّيت", "7abb", "I wanted (lit. I liked)"],
    ["ذكّرك", "zakkar", "to remind you (f.)", "ذكّر -ك"],
    ["إنّو", "innu", "that"],
    ["الاجتماع", "ijtimaa3", "the meeting", "ال- اجتماع"],
    ["بكرا", "bukra", "(is) tomorrow"],
    ["الساعة", "saa3a", "at (… o'clock)", "ال- ساعة"],
    ["عشرة", "3ashara", "ten"],
  ),
  // ممنونتك، كنت رح إنسى!
  cue(
    ["ممنونتك", "mamnuun", "thank you (lit. I'm grateful to you; a woman speaking)", "ممنونت -ك"],
    ["كنت", "kaan", "I was"],
    ["رح", "ra7", "going to (about to)"],
    ["إنسى", "nisi", "forget (I forget)"],
  ),
  // ولو، يلّا باي.
  cue(["ولو", "walaw", "not at all"], ["يلّا", "yalla", "OK then"], ["باي", "baay", "bye"]),
];

export const DEMO_GLOSSES: Record<string, CueGlosses[]> = {
  "greetings-in-damascus": greetingsInDamascus,
  "ordering-coffee-in-beirut": orderingCoffeeInBeirut,
  "introducing-your-family": introducingYourFamily,
  "at-the-vegetable-market": atTheVegetableMarket,
  "taking-a-taxi-in-amman": takingATaxiInAmman,
  "telling-the-time": tellingTheTime,
  "making-weekend-plans": makingWeekendPlans,
  "cooking-mujaddara-with-grandma": cookingMujaddaraWithGrandma,
  "asking-for-directions-in-damascus": askingForDirectionsInDamascus,
  "a-job-interview-in-beirut": aJobInterviewInBeirut,
  "talking-about-the-weather": talkingAboutTheWeather,
  "saying-what-you-want-with-baddi": sayingWhatYouWantWithBaddi,
  "memories-of-old-damascus": memoriesOfOldDamascus,
  "traffic-and-power-cuts-in-beirut": trafficAndPowerCutsInBeirut,
  "olive-harvest-season": oliveHarvestSeason,
  "wedding-traditions-in-jordan": weddingTraditionsInJordan,
  "answering-the-phone": answeringThePhone,
};
