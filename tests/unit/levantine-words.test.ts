import { describe, expect, it } from "vitest";
import { normalizeArabic } from "../../core/arabic";
import { PROCLITIC, enclitic } from "../../core/words/affixes";
import {
  type WordAnalysis,
  analyzeLine,
  analyzeWord,
  rejoin,
  stemLexicon,
  type StemLexicon,
} from "../../core/words/analysis";

/**
 * Affix tags used in the tables: Latin, so a row reads left to right whatever the editor does with Arabic.
 * Prefixes: w f ma | b (present) mn ħa ʕam | bi la ʕa (prepositions) | ha (this) | il (ال) l (ل of لل).
 * Suffixes: the enclitic's romanization; -h is ه, -o is و, -kom كم, -hom هم, -loh له, -lhon لهن.
 */
const PREFIX_TAGS: Record<string, [string, string]> = {
  w: ["و", "conjunction"],
  f: ["ف", "conjunction"],
  ma: ["ما", "negation"],
  b: ["ب", "tense"],
  mn: ["م", "tense"],
  ħa: ["ح", "tense"],
  ʕam: ["عم", "tense"],
  raħ: ["رح", "tense"],
  bi: ["ب", "preposition"],
  la: ["ل", "preposition"],
  ʕa: ["ع", "preposition"],
  ha: ["ه", "demonstrative"],
  il: ["ال", "article"],
  l: ["ل", "article"],
};
const SUFFIX_TAGS: Record<string, [string, string]> = {
  "-ni": ["ني", "pronoun"],
  "-i": ["ي", "pronoun"],
  "-ak": ["ك", "pronoun"],
  "-ki": ["كي", "pronoun"],
  "-o": ["و", "pronoun"],
  "-h": ["ه", "pronoun"],
  "-ha": ["ها", "pronoun"],
  "-na": ["نا", "pronoun"],
  "-kon": ["كن", "pronoun"],
  "-kom": ["كم", "pronoun"],
  "-on": ["ن", "pronoun"],
  "-hon": ["هن", "pronoun"],
  "-hom": ["هم", "pronoun"],
  "-li": ["لي", "indirect"],
  "-lak": ["لك", "indirect"],
  "-lo": ["لو", "indirect"],
  "-loh": ["له", "indirect"],
  "-la": ["لها", "indirect"],
  "-lna": ["لنا", "indirect"],
  "-lkon": ["لكن", "indirect"],
  "-lhon": ["لهن", "indirect"],
  "-sh": ["ش", "negation"],
};

/** "w bi il [بيت]" style, from an analysis, with the same tags as the tables. */
function describeSplit(analysis: WordAnalysis): string {
  const tag = (tags: Record<string, [string, string]>, form: string, kind: string) =>
    Object.entries(tags).find(([, [f, k]]) => f === form && k === kind)?.[0] ?? `${form}?${kind}`;
  return [
    ...analysis.prefixes.map((a) => tag(PREFIX_TAGS, a.form, a.kind)),
    `[${analysis.stem}]`,
    ...analysis.suffixes.map((a) => tag(SUFFIX_TAGS, a.form, a.kind)),
  ].join(" ");
}
const expected = (prefixes: string, stem: string, suffixes: string) =>
  [...prefixes.split(" ").filter(Boolean), `[${stem}]`, ...suffixes.split(" ").filter(Boolean)].join(" ");

/**
 * The lexicon fixture: the stems the forms below use, as the real lexicon will list them (dictionary forms,
 * plurals, construct-free nouns, present tenses in the he-form, past stems), plus whole words that must
 * stay whole and a few tempting short words (في حر عد يد مر رح نت بنان كره) that must not cut them.
 */
const NOUNS = `
  بيت بنت بنات بيوت ولد ولاد وين فيه في عيلة كتير مبارح بيروت لبنان منيح منيحة منطقة حيوان حياة
  تمام يعني انتي إنت إنتو هلّق هيك شو ليش لسّا لازم عنجد عند وقت واحد وحدة بعدين بعد بلكي ماما ماشي حتى
  بحر حر عد كرة فكرة عيد يد عمر مر رح نت بنان بدّي بدّك بدّو بدها بدنا بدكن بس بكرا مبروك ممكن يمكن كمان مين منين
  عربي عرب بلدي فلسطين إلك إلي إلها إلنا الله اللي مازوت
  أردن شام ساعة جو صيف حساب شارع مكتب عرس إنجليزي دنيا أرض زيتون معصرة جيران كبار يوم صوبة دوّار
  كهربا بندورة شوب حب ليل قدس جامعة سيارة عجقة مسا مي ملح كل موتير شتا دوام مدرسة شباب عرسان حميدية جبل
  يمين شغل غدا برد جمعة شي قد أيام وقت درجة طريقة باب بنك زيت زعتر نص كم أسبوع آخر حلب ضيعة حال فيروز
  هديك حد راس اسم كتاب خبرة جامعة شغلة ممنونة صورة أوضة سؤال مسؤولية أستاذ أهل مساء
  مع عن من على عيون قلوب أبو أخو إم ست لون كيف إن أخبار عقبال حوالي اختين أحلى أغاني طازة هاي
`;
const VERBS = `
  يبلّش يحكي يروح يعرف يشتغل يحب يشوف يجيب يمر ياكل يقول يصير يعمل يقدر يترك يستنى يتعلّم يقعد يطلع
  ينسى يساعد يطبخ يلم يقطف يطلب يكون يسلق يقلي يكفّي يزيد يخلّي يحط يوخد ياخد يصحى يتعطّل يهم يرد يعذّب
  يضحك يهرب يرجع يتواصل يتغدّى ينحمل يجتمع يسافر يشرب يأكّد يشتكي يجي يكتب
  شاف عرف حكى قال جاب كان صار عمل درس وصل خلّي
`;
const words = (list: string) => list.split(/\s+/).filter(Boolean);

const irregularForms: Record<string, WordAnalysis> = {
  // mart- is the construct of مرا "woman, wife"
  مرتي: {
    surface: "مرتي",
    prefixes: [],
    stem: "مرت",
    suffixes: [enclitic("ي", "noun")!],
    lookup: "مرا",
    known: true,
    score: 0,
  },
  // b- + ʔul + -lak, the l of the stem merged into -lak
  بقلك: {
    surface: "بقلك",
    prefixes: [PROCLITIC.present],
    stem: "ق",
    suffixes: [enclitic("لك", "verb", "indirect")!],
    lookup: "يقول",
    known: true,
    score: 0,
  },
  // ṣar-li "I have been … for": صار shortened before -li
  صرلي: {
    surface: "صرلي",
    prefixes: [],
    stem: "صر",
    suffixes: [enclitic("لي", "verb", "indirect")!],
    lookup: "صار",
    known: true,
    score: 0,
  },
};

const lexicon: StemLexicon = stemLexicon(words(NOUNS), {
  verbs: words(VERBS),
  irregular: (form) => irregularForms[form],
});
/** The same forms without `isVerb`: the analysis must manage on `has` alone. */
const plainLexicon: StemLexicon = { has: lexicon.has };

/** [surface, prefixes, stem (normalized), suffixes, lookup when it differs from the stem] */
type Row = [string, string, string, string, string?];

const WITH_LEXICON: Record<string, Row[]> = {
  "the article il-": [
    ["البيت", "il", "بيت", ""],
    ["الشام", "il", "شام", ""],
    ["الأردن", "il", "اردن", ""],
    ["الساعة", "il", "ساعه", ""],
    ["الجو", "il", "جو", ""],
    ["الصيف", "il", "صيف", ""],
    ["الحساب", "il", "حساب", ""],
    ["الشارع", "il", "شارع", ""],
    ["المكتب", "il", "مكتب", ""],
    ["العرس", "il", "عرس", ""],
    ["الإنجليزي", "il", "انجليزي", ""],
    ["الدنيا", "il", "دنيا", ""],
    ["الأرض", "il", "ارض", ""],
    ["الزيتون", "il", "زيتون", ""],
    ["المعصرة", "il", "معصره", ""],
    ["الجيران", "il", "جيران", ""],
    ["الولاد", "il", "ولاد", ""],
    ["الكبار", "il", "كبار", ""],
    ["اليوم", "il", "يوم", ""],
    ["الصّوبة", "il", "صوبه", ""],
    ["الدُّوّار", "il", "دوار", ""],
    ["الكهربا", "il", "كهربا", ""],
    ["البندورة", "il", "بندوره", ""],
    ["الشوب", "il", "شوب", ""],
    ["الحب", "il", "حب", ""],
    ["الليل", "il", "ليل", ""],
    ["ٱلبيت", "il", "بيت", ""],
  ],
  "bi- + il-": [
    ["بالأردن", "bi il", "اردن", ""],
    ["بالبيت", "bi il", "بيت", ""],
    ["بالقدس", "bi il", "قدس", ""],
    ["بالجامعة", "bi il", "جامعه", ""],
    ["بالليل", "bi il", "ليل", ""],
    ["بالسيارة", "bi il", "سياره", ""],
    ["بالصيف", "bi il", "صيف", ""],
    ["بالعجقة", "bi il", "عجقه", ""],
    ["بالإنجليزي", "bi il", "انجليزي", ""],
  ],
  "w- + il-, w- + bi- + il-": [
    ["والبيت", "w il", "بيت", ""],
    ["والبندورة", "w il", "بندوره", ""],
    ["والمي", "w il", "مي", ""],
    ["والملح", "w il", "ملح", ""],
    ["والدنيا", "w il", "دنيا", ""],
    ["والكل", "w il", "كل", ""],
    ["والولاد", "w il", "ولاد", ""],
    ["والموتير", "w il", "موتير", ""],
    ["والدوام", "w il", "دوام", ""],
    ["وبالمسا", "w bi il", "مسا", ""],
    ["وبالشتا", "w bi il", "شتا", ""],
    ["وبالبيت", "w bi il", "بيت", ""],
    ["فالبيت", "f il", "بيت", ""],
  ],
  "la- + il- written لل": [
    ["للبيت", "la l", "بيت", ""],
    ["للعيلة", "la l", "عيله", ""],
    ["للشباب", "la l", "شباب", ""],
    ["للعرسان", "la l", "عرسان", ""],
    ["للمدرسة", "la l", "مدرسه", ""],
    ["للجامعة", "la l", "جامعه", ""],
    ["وللبيت", "w la l", "بيت", ""],
  ],
  "ʕa- + il-": [
    ["عالحميدية", "ʕa il", "حميديه", ""],
    ["عالبيت", "ʕa il", "بيت", ""],
    ["عالجبل", "ʕa il", "جبل", ""],
    ["عاليمين", "ʕa il", "يمين", ""],
    ["عالشغل", "ʕa il", "شغل", ""],
    ["عالأرض", "ʕa il", "ارض", ""],
    ["عالغدا", "ʕa il", "غدا", ""],
    ["عالمعصرة", "ʕa il", "معصره", ""],
    ["وعالبيت", "w ʕa il", "بيت", ""],
    ["عـالبيت", "ʕa il", "بيت", ""],
  ],
  "ha- + il- (هال)": [
    ["هالساعة", "ha il", "ساعه", ""],
    ["هالبرد", "ha il", "برد", ""],
    ["هالجمعة", "ha il", "جمعه", ""],
    ["هالشي", "ha il", "شي", ""],
    ["هالقد", "ha il", "قد", ""],
    ["هالأيام", "ha il", "ايام", ""],
    ["وبهالوقت", "w bi ha il", "وقت", ""],
    ["بهالبيت", "bi ha il", "بيت", ""],
    ["لهالدرجة", "la ha il", "درجه", ""],
    ["بهالطريقة", "bi ha il", "طريقه", ""],
  ],
  "bi- + a noun": [
    ["ببيروت", "bi", "بيروت", ""],
    ["ببيت", "bi", "بيت", ""],
    ["بباب", "bi", "باب", ""],
    ["ببنك", "bi", "بنك", ""],
    ["بزيت", "bi", "زيت", ""],
    ["بزعتر", "bi", "زعتر", ""],
    ["بنص", "bi", "نص", ""],
    ["بكم", "bi", "كم", ""],
    ["بأسبوع", "bi", "اسبوع", ""],
    ["بآخر", "bi", "اخر", ""],
    ["بحلب", "bi", "حلب", ""],
    ["بضيعة", "bi", "ضيعه", ""],
    ["بحالو", "bi", "حال", "-o"],
    ["بمدرستي", "bi", "مدرست", "-i", "مدرسه"],
    ["بسيارتي", "bi", "سيارت", "-i", "سياره"],
  ],
  "la- + a noun or a verb": [
    ["لبيروت", "la", "بيروت", ""],
    ["لفيروز", "la", "فيروز", ""],
    ["لهديك", "la", "هديك", ""],
    ["لحد", "la", "حد", ""],
    ["لآخر", "la", "اخر", ""],
    ["لكل", "la", "كل", ""],
    ["لحالي", "la", "حال", "-i"],
    ["لعندي", "la", "عند", "-i"],
    ["لبيتي", "la", "بيت", "-i"],
    ["لنأكّد", "la", "ناكد", "", "ياكد"],
  ],
  "ʕa- + a noun": [
    ["عبيروت", "ʕa", "بيروت", ""],
    ["عشغلي", "ʕa", "شغل", "-i"],
    ["عراسي", "ʕa", "راس", "-i"],
    ["عبيتي", "ʕa", "بيت", "-i"],
  ],
  "b- (present)": [
    ["بيبلّش", "b", "يبلش", ""],
    ["بتحكي", "b", "تحكي", "", "يحكي"],
    ["بيحكي", "b", "يحكي", ""],
    ["بحكي", "b", "حكي", "", "يحكي"],
    ["بنحكي", "b", "نحكي", "", "يحكي"],
    ["بيشتغل", "b", "يشتغل", ""],
    ["بتحبّ", "b", "تحب", "", "يحب"],
    ["بيحبّ", "b", "يحب", ""],
    ["بروح", "b", "روح", "", "يروح"],
    ["بشوفك", "b", "شوف", "-ak", "يشوف"],
    ["بجيب", "b", "جيب", "", "يجيب"],
    ["بمرّ", "b", "مر", "", "يمر"],
    ["بيقول", "b", "يقول", ""],
    ["بتقول", "b", "تقول", "", "يقول"],
    ["بيقولوا", "b", "يقولوا", "", "يقول"],
    ["بيساعدوا", "b", "يساعدوا", "", "يساعد"],
    ["بيطبخوا", "b", "يطبخوا", "", "يطبخ"],
    ["بيلمّوا", "b", "يلموا", "", "يلم"],
    ["بيقطفوا", "b", "يقطفوا", "", "يقطف"],
    ["بيطلبوا", "b", "يطلبوا", "", "يطلب"],
    ["بتكون", "b", "تكون", "", "يكون"],
    ["بتصير", "b", "تصير", "", "يصير"],
    ["بتتعطّل", "b", "تتعطل", "", "يتعطل"],
    ["بتاخد", "b", "تاخد", "", "ياخد"],
    ["بناكل", "b", "ناكل", "", "ياكل"],
    ["بنطلع", "b", "نطلع", "", "يطلع"],
    ["بنقعد", "b", "نقعد", "", "يقعد"],
    ["بنوخد", "b", "نوخد", "", "يوخد"],
    ["بنصحى", "b", "نصحي", "", "يصحي"],
    ["بنسلق", "b", "نسلق", "", "يسلق"],
    ["بنقلي", "b", "نقلي", "", "يقلي"],
    ["بنزيد", "b", "نزيد", "", "يزيد"],
    ["بنحطّ", "b", "نحط", "", "يحط"],
    ["بنشتكي", "b", "نشتكي", "", "يشتكي"],
    ["بنجتمع", "b", "نجتمع", "", "يجتمع"],
    ["بتقدري", "b", "تقدري", "", "يقدر"],
    ["بيهمّني", "b", "يهم", "-ni"],
    ["بتردّني", "b", "ترد", "-ni", "يرد"],
    ["بتعذّبك", "b", "تعذب", "-ak", "يعذب"],
    ["بيعرفني", "b", "يعرف", "-ni"],
    ["بحبك", "b", "حب", "-ak", "يحب"],
    ["بحبها", "b", "حب", "-ha", "يحب"],
    ["بقدر", "b", "قدر", "", "يقدر"],
    ["بعرف", "b", "عرف", "", "يعرف"],
    ["بستنّاك", "b", "ستنا", "-ak", "يستني"],
    ["بأكل", "b", "اكل", "", "ياكل"],
    ["بتعلّم", "b", "تعلم", "", "يتعلم"],
    ["بيكون", "b", "يكون", ""],
    ["بيصير", "b", "يصير", ""],
    ["بينحمل", "b", "ينحمل", ""],
    ["بيطلع", "b", "يطلع", ""],
    ["بتشربي", "b", "تشربي", "", "يشرب"],
    ["بيجي", "b", "يجي", ""],
    ["بعرفش", "b", "عرف", "-sh", "يعرف"],
  ],
  "ħa- (future)": [
    ["حروح", "ħa", "روح", "", "يروح"],
    ["حيروح", "ħa", "يروح", ""],
    ["حتحكي", "ħa", "تحكي", "", "يحكي"],
    ["حنشوف", "ħa", "نشوف", "", "يشوف"],
    ["حاكل", "ħa", "اكل", "", "ياكل"],
    ["حيصير", "ħa", "يصير", ""],
    ["حتشوفي", "ħa", "تشوفي", "", "يشوف"],
  ],
  "m(n)- (we, present)": [
    ["منحكي", "mn", "نحكي", "", "يحكي"],
    ["منروح", "mn", "نروح", "", "يروح"],
    ["منطلع", "mn", "نطلع", "", "يطلع"],
    ["منتغدّى", "mn", "نتغدي", "", "يتغدي"],
    ["منهرب", "mn", "نهرب", "", "يهرب"],
    ["منرجع", "mn", "نرجع", "", "يرجع"],
    ["منتواصل", "mn", "نتواصل", "", "يتواصل"],
    ["منضحك", "mn", "نضحك", "", "يضحك"],
    ["منكفّي", "mn", "نكفي", "", "يكفي"],
    ["ومنكفّي", "w mn", "نكفي", "", "يكفي"],
    ["منشوف", "mn", "نشوف", "", "يشوف"],
    ["منعرف", "mn", "نعرف", "", "يعرف"],
  ],
  "ʕam (progressive)": [
    ["عمبيحكي", "ʕam b", "يحكي", ""],
    ["عمبحكي", "ʕam b", "حكي", "", "يحكي"],
  ],
  "ma- … -sh (negation)": [
    ["مابعرف", "ma b", "عرف", "", "يعرف"],
    ["مابعرفش", "ma b", "عرف", "-sh", "يعرف"],
    ["ماعندي", "ma", "عند", "-i"],
    ["ماعندوش", "ma", "عند", "-o -sh"],
    ["ماعندهاش", "ma", "عند", "-ha -sh"],
    ["ماعنديش", "ma", "عند", "-i -sh"],
    ["مافي", "ma", "في", ""],
    ["مافيش", "ma", "في", "-sh"],
    ["ماكانش", "ma", "كان", "-sh"],
    ["مابحب", "ma b", "حب", "", "يحب"],
    ["مابيحكي", "ma b", "يحكي", ""],
    ["ومابعرف", "w ma b", "عرف", "", "يعرف"],
    ["مابدي", "ma", "بدي", ""],
  ],
  "pronouns on nouns and prepositions": [
    ["عندي", "", "عند", "-i"],
    ["عنده", "", "عند", "-h"],
    ["عندو", "", "عند", "-o"],
    ["عندك", "", "عند", "-ak"],
    ["عندها", "", "عند", "-ha"],
    ["عندنا", "", "عند", "-na"],
    ["عندكن", "", "عند", "-kon"],
    ["عندهن", "", "عند", "-hon"],
    ["عندكم", "", "عند", "-kom"],
    ["عندهم", "", "عند", "-hom"],
    ["كتابي", "", "كتاب", "-i"],
    ["كتابك", "", "كتاب", "-ak"],
    ["كتابه", "", "كتاب", "-h"],
    ["كتابنا", "", "كتاب", "-na"],
    ["بيتي", "", "بيت", "-i"],
    ["بيتنا", "", "بيت", "-na"],
    ["بيتكن", "", "بيت", "-kon"],
    ["بيتن", "", "بيت", "-on"],
    ["بعدن", "", "بعد", "-on"],
    ["اسمي", "", "اسم", "-i"],
    ["اسمك", "", "اسم", "-ak"],
    ["عمري", "", "عمر", "-i"],
    ["عمرها", "", "عمر", "-ha"],
    ["معي", "", "مع", "-i"],
    ["معك", "", "مع", "-ak"],
    ["معكي", "", "مع", "-ki"],
    ["فيكي", "", "في", "-ki"],
    ["فيك", "", "في", "-ak"],
    ["فيها", "", "في", "-ha"],
    ["فيكن", "", "في", "-kon"],
    ["عليكي", "", "علي", "-ki"],
    ["عليه", "", "علي", "-h"],
    ["منو", "", "من", "-o"],
    ["عيوني", "", "عيون", "-i"],
    ["قلوبكم", "", "قلوب", "-kom"],
    ["أبوي", "", "ابو", "-i"],
    ["أخوي", "", "اخو", "-i"],
    ["إمّي", "", "ام", "-i"],
    ["ستّي", "", "ست", "-i"],
    ["حالك", "", "حال", "-ak"],
    ["شغلك", "", "شغل", "-ak"],
    ["شغلكن", "", "شغل", "-kon"],
    ["أبوه", "", "ابو", "-h"],
    ["لونه", "", "لون", "-h"],
    ["كيفك", "", "كيف", "-ak"],
    ["كيفِك", "", "كيف", "-ak"],
    ["وينك", "", "وين", "-ak"],
    ["إنّو", "", "ان", "-o"],
    ["أخبارك", "", "اخبار", "-ak"],
    ["عقبالك", "", "عقبال", "-ak"],
    ["حواليها", "", "حوالي", "-ha"],
    ["سؤالي", "", "سوال", "-i"],
    ["مساءك", "", "مسا", "-ak"],
  ],
  "ta marbuta in construct": [
    ["مدرستي", "", "مدرست", "-i", "مدرسه"],
    ["مدرستك", "", "مدرست", "-ak", "مدرسه"],
    ["مدرستها", "", "مدرست", "-ha", "مدرسه"],
    ["مدرستنا", "", "مدرست", "-na", "مدرسه"],
    ["سيارتي", "", "سيارت", "-i", "سياره"],
    ["سيارته", "", "سيارت", "-h", "سياره"],
    ["عيلتي", "", "عيلت", "-i", "عيله"],
    ["عيلتك", "", "عيلت", "-ak", "عيله"],
    ["خبرتك", "", "خبرت", "-ak", "خبره"],
    ["جامعتي", "", "جامعت", "-i", "جامعه"],
    ["شغلتك", "", "شغلت", "-ak", "شغله"],
    ["ممنونتك", "", "ممنونت", "-ak", "ممنونه"],
    ["صورتي", "", "صورت", "-i", "صوره"],
    ["ضيعتنا", "", "ضيعت", "-na", "ضيعه"],
    ["أوضتي", "", "اوضت", "-i", "اوضه"],
    ["مسؤوليتي", "", "مسووليت", "-i", "مسووليه"],
    ["مَدْرَسْتِي", "", "مدرست", "-i", "مدرسه"],
  ],
  "indirect object -l-": [
    ["إحكيلك", "", "احكي", "-lak", "يحكي"],
    ["يقولولك", "", "يقولو", "-lak", "يقول"],
    ["بيحكيلي", "b", "يحكي", "-li"],
    ["بتحكيلو", "b", "تحكي", "-lo", "يحكي"],
    ["بيحكيلنا", "b", "يحكي", "-lna"],
    ["بتحكيلهن", "b", "تحكي", "-lhon", "يحكي"],
  ],
  /** Past-tense forms: the lexicon lists حكى, not حكيت, so these are split by rule and not `known`. */
  "past tense + an ending, by rule": [
    ["قلتلك", "", "قلت", "-lak"],
    ["جبتلك", "", "جبت", "-lak"],
    ["حكيتلو", "", "حكيت", "-lo"],
    ["بعتلي", "", "بعت", "-li"],
    ["قلتلها", "", "قلت", "-la"],
    ["جبتلنا", "", "جبت", "-lna"],
    ["كتبتلكن", "", "كتبت", "-lkon"],
    ["ماحكيت", "ma", "حكيت", ""],
    ["ماعرفت", "ma", "عرفت", ""],
  ],
  "w-/f- + a word": [
    ["وإنتَ", "w", "انت", ""],
    ["وأختين", "w", "اختين", ""],
    ["وعنده", "w", "عند", "-h"],
    ["وبعدين", "w", "بعدين", ""],
    ["ووقت", "w", "وقت", ""],
    ["وأحلى", "w", "احلي", ""],
    ["وأغاني", "w", "اغاني", ""],
    ["وزعتر", "w", "زعتر", ""],
    ["وطازة", "w", "طازه", ""],
    ["وهاي", "w", "هاي", ""],
    ["فبعدين", "f", "بعدين", ""],
    ["وبناكلها", "w b", "ناكل", "-ha", "ياكل"],
    ["وبنخلّيهم", "w b", "نخلي", "-hom", "يخلي"],
    ["وبنطلع", "w b", "نطلع", "", "يطلع"],
    ["وبيحكي", "w b", "يحكي", ""],
    ["وحنروح", "w ħa", "نروح", "", "يروح"],
    ["ومنروح", "w mn", "نروح", "", "يروح"],
  ],
  "hamza seats and tashkeel": [
    ["بِيحْكِي", "b", "يحكي", ""],
    ["هَالسَّاعَة", "ha il", "ساعه", ""],
    ["الأستاذ", "il", "استاذ", ""],
    ["لأهلي", "la", "اهل", "-i"],
    ["بالأَرض", "bi il", "ارض", ""],
    ["إلأستاذ", "il", "استاذ", ""],
  ],
};

/** Whole words no rule may cut, with or without a lexicon. */
const WHOLE_WORDS = `
  بيت بنت بدي بس بكرا لبنان ولد وين فيه عيلة كتير مبارح بيروت بنات بيوت منيح منطقة حيوان حياة
  والله الله اللي إلها إلك إلنا بالون عالمي تمام يعني إنتي هلّق هيك ليش لسّا لازم عنجد وقت واحد بعدين بلكي
  ماما ماشي حتى بحر فكرة عيد عمر منين مبروك ممكن يمكن كمان مين بعد مازوت فلسطين عربي وحدة ولاد
`;

describe("analyzeWord with a lexicon: the best split", () => {
  for (const [group, rows] of Object.entries(WITH_LEXICON)) {
    describe(group, () => {
      it.each(rows)("%s → %s [%s] %s", (surface, prefixes, stem, suffixes, lookup) => {
        const [best] = analyzeWord(surface, lexicon);
        expect(describeSplit(best)).toBe(expected(prefixes, stem, suffixes));
        expect(best.lookup).toBe(lookup ?? stem);
        expect(best.known).toBe(!group.startsWith("past tense"));
      });
    });
  }

  it("covers at least 200 forms", () => {
    expect(Object.values(WITH_LEXICON).flat().length).toBeGreaterThanOrEqual(200);
  });
});

describe("words that are never split", () => {
  it.each(words(WHOLE_WORDS))("%s stays whole", (word) => {
    const key = normalizeArabic(word);
    for (const lex of [undefined, lexicon, plainLexicon]) {
      const [best] = analyzeWord(word, lex);
      expect(describeSplit(best), lex ? "with a lexicon" : "without a lexicon").toBe(`[${key}]`);
    }
  });

  it("has at least 30 of them", () => {
    expect(words(WHOLE_WORDS).length).toBeGreaterThanOrEqual(30);
  });

  it("keeps a known whole word over a known shorter stem inside it", () => {
    // في, حر, عد, مر, يد, نت, بنان and كره are all in the lexicon
    for (const word of ["فيه", "بحر", "بعد", "عمر", "عيد", "بنت", "لبنان", "فكرة"]) {
      expect(analyzeWord(word, lexicon)[0].stem).toBe(normalizeArabic(word));
    }
  });
});

describe("analyzeWord without a lexicon", () => {
  /** Splits the analysis is confident of on its own. */
  const CONFIDENT: Row[] = [
    ["البيت", "il", "بيت", ""],
    ["الشام", "il", "شام", ""],
    ["الجو", "il", "جو", ""],
    ["بالأردن", "bi il", "اردن", ""],
    ["والبيت", "w il", "بيت", ""],
    ["للبيت", "la l", "بيت", ""],
    ["عالحميدية", "ʕa il", "حميديه", ""],
    ["هالساعة", "ha il", "ساعه", ""],
    ["هالشي", "ha il", "شي", ""],
    ["وبهالوقت", "w bi ha il", "وقت", ""],
    ["بيبلّش", "b", "يبلش", ""],
    ["بيحكي", "b", "يحكي", ""],
    ["بتحكي", "b", "تحكي", ""],
    ["بنسلق", "b", "نسلق", ""],
    ["بيشتغل", "b", "يشتغل", ""],
    ["وبيحكي", "w b", "يحكي", ""],
    ["بيعرفني", "b", "يعرف", "-ni"],
    ["بيحبها", "b", "يحب", "-ha"],
    ["بيحكيلي", "b", "يحكي", "-li"],
    ["حيروح", "ħa", "يروح", ""],
    ["حتحكي", "ħa", "تحكي", ""],
    ["منحكي", "mn", "نحكي", ""],
    ["منكفّي", "mn", "نكفي", ""],
    ["عمبيحكي", "ʕam b", "يحكي", ""],
    ["مابعرف", "ma b", "عرف", ""],
    ["مابعرفش", "ma b", "عرف", "-sh"],
    ["مافيش", "ma", "في", "-sh"],
    ["ماكانش", "ma", "كان", "-sh"],
    ["مدرستي", "", "مدرست", "-i"],
    ["عيلتك", "", "عيلت", "-ak"],
    ["قلتلك", "", "قلت", "-lak"],
    ["عندها", "", "عند", "-ha"],
    ["بيتي", "", "بيت", "-i"],
    ["بيتنا", "", "بيت", "-na"],
    ["ببيروت", "bi", "بيروت", ""],
  ];
  it.each(CONFIDENT)("%s → %s [%s] %s", (surface, prefixes, stem, suffixes) => {
    const [best] = analyzeWord(surface);
    expect(describeSplit(best)).toBe(expected(prefixes, stem, suffixes));
    expect(best.known).toBe(false);
  });

  it("ranks a split leaving a 2-letter stem below the whole word, except after the article", () => {
    for (const word of ["بدي", "فيك", "كلها", "مافي", "وين", "بنت", "ليش"]) {
      expect(describeSplit(analyzeWord(word)[0]), word).toBe(`[${word}]`);
    }
    expect(describeSplit(analyzeWord("الحب")[0])).toBe("il [حب]");
    expect(describeSplit(analyzeWord("هالقد")[0])).toBe("ha il [قد]");
  });

  it("keeps a bare b-, la-, ʕa-, w- or one-letter ending, which as often belong to the word, for the lexicon", () => {
    for (const word of ["بكرا", "لازم", "عيلة", "وصلت", "عربي", "كتابي", "بحكي", "حروح", "عندي", "فلسطين"]) {
      expect(analyzeWord(word)[0].stem, word).toBe(normalizeArabic(word));
    }
  });
});

describe("the affixes", () => {
  const best = (word: string, lex: StemLexicon | undefined = lexicon) => analyzeWord(word, lex)[0];

  it("tells b- (present) from bi- (in, with) by the stem", () => {
    expect(best("بحكي").prefixes[0]).toMatchObject({ kind: "tense", meaning: "b- (present tense)" });
    expect(best("ببيت").prefixes[0]).toMatchObject({ kind: "preposition", meaning: "bi- (in, with, by)" });
    expect(best("بالبيت").prefixes[0].kind).toBe("preposition");
    // with only `has`, بنص could be b- + a present stem; isVerb settles it, and a noun reading still wins here
    expect(best("بنص").prefixes[0].kind).toBe("preposition");
    expect(best("بيد", stemLexicon(["يد", "يحكي"], { verbs: ["يحكي"] })).prefixes[0].kind).toBe("preposition");
  });

  it("glosses a pronoun as object after a verb, possessive after a noun", () => {
    expect(best("بيعرفني").suffixes[0].meaning).toBe("-ni (me)");
    expect(best("بشوفك").suffixes[0].meaning).toBe("-ak/-ik (you)");
    expect(best("كتابك").suffixes[0].meaning).toBe("-ak/-ik (your)");
    expect(best("مدرستي").suffixes[0].meaning).toBe("-i (my)");
    expect(best("عنده").suffixes[0].meaning).toBe("-o (his)");
    // without a lexicon the class is unknown: both readings
    expect(analyzeWord("مدرستو")[0].suffixes[0].meaning).toBe("-o (him, his)");
    expect(best("قلتلك").suffixes[0]).toMatchObject({ kind: "indirect", meaning: "-lak/-lik (to you)" });
    expect(best("مابعرفش").suffixes.at(-1)).toMatchObject({ kind: "negation", meaning: "-sh (not)" });
  });

  it("gives the article its sound: il-, l- after a vowel, assimilated to a sun letter", () => {
    expect(best("البيت").prefixes[0]).toMatchObject({ meaning: "il- (the)", translit: "il-" });
    expect(best("الشام").prefixes[0].translit).toBe("ish-");
    expect(best("بالصيف").prefixes[1].translit).toBe("is-");
    expect(best("عالشغل").prefixes[1].translit).toBe("sh-");
    expect(best("للبيت").prefixes[1].translit).toBe("l-");
    expect(best("هالساعة").prefixes.map((a) => a.translit)).toEqual(["ha-", "s-"]);
    expect(best("الجو").prefixes[0].translit).toBe("il-"); // ج is a moon letter in Shami
  });

  it("reads a clitic written as its own word", () => {
    for (const [word, meaning] of [
      ["ع", "ʕa (on, to)"],
      ["عم", "ʕam (-ing, right now)"],
      ["رح", "raħ (will)"],
      ["و", "w (and)"],
      ["ما", "ma (not)"],
    ]) {
      const [first] = analyzeWord(word, lexicon);
      expect(first.stem).toBe("");
      expect(first.prefixes).toHaveLength(1);
      expect(first.prefixes[0].meaning).toBe(meaning);
    }
    const line = analyzeLine("بدّي روح ع البيت", lexicon).filter((t) => t.isWord);
    expect(line.map((t) => describeSplit(t.analyses[0]))).toEqual(["[بدي]", "[روح]", "ʕa []", "il [بيت]"]);
  });

  it("keeps عمّ (ʕamm, uncle, with a shadda) a word", () => {
    expect(describeSplit(analyzeWord("عمّ", lexicon)[0])).toBe("[عم]");
    expect(describeSplit(analyzeWord("عم", lexicon)[0])).toBe("ʕam []");
  });

  it("never reads a final ى as the pronoun -i, though the key folds it to ي", () => {
    expect(describeSplit(analyzeWord("إيمتى")[0])).toBe("[ايمتي]");
    expect(describeSplit(analyzeWord("حتى", lexicon)[0])).toBe("[حتي]");
    expect(analyzeWord("إيمتي").some((a) => a.suffixes.length > 0)).toBe(true); // written ي it may be -i
  });

  it("reads و before a written hamza as w- (no word starts وأ or وإ)", () => {
    expect(describeSplit(analyzeWord("وإنتو")[0])).toBe("w [انتو]");
    expect(describeSplit(analyzeWord("وأختين")[0])).toBe("w [اختين]");
    expect(describeSplit(analyzeWord("واحد")[0])).toBe("[واحد]");
  });

  it("never reads a final ة as the pronoun -o", () => {
    expect(describeSplit(best("مدرسة"))).toBe("[مدرسه]");
    // written with ه the word is ambiguous; the known whole word wins
    expect(describeSplit(best("مدرسه"))).toBe("[مدرسه]");
    expect(describeSplit(best("كتابه"))).toBe("[كتاب] -h");
    // without a lexicon, ه after a t is as often a ة written ه (تلاته "three") as the construct + -o
    expect(describeSplit(analyzeWord("تلاته")[0])).toBe("[تلاته]");
  });

  it("returns copies: changing an analysis does not change the next one", () => {
    const first = analyzeWord("بالبيت", lexicon)[0];
    first.prefixes[0].meaning = "changed";
    expect(analyzeWord("بالبيت", lexicon)[0].prefixes[0].meaning).toBe("bi- (in, with, by)");
  });
});

describe("the lexicon's irregular forms", () => {
  it("come first, also after w-", () => {
    expect(analyzeWord("مرتي", lexicon)[0]).toMatchObject({ stem: "مرت", lookup: "مرا", known: true });
    expect(describeSplit(analyzeWord("بقلك", lexicon)[0])).toBe("b [ق] -lak");
    expect(describeSplit(analyzeWord("وبقلك", lexicon)[0])).toBe("w b [ق] -lak");
    expect(analyzeWord("وصرلي", lexicon)[0]).toMatchObject({ stem: "صر", lookup: "صار" });
  });

  it("are ignored when they do not re-join to the word", () => {
    const broken = stemLexicon(["بيت"], {
      irregular: (form) =>
        form === "بيتي"
          ? { surface: form, prefixes: [], stem: "دار", suffixes: [], lookup: "دار", known: true, score: 0 }
          : undefined,
    });
    expect(describeSplit(analyzeWord("بيتي", broken)[0])).toBe("[بيت] -i");
  });
});

describe("every candidate", () => {
  const samples = [
    ...Object.values(WITH_LEXICON)
      .flat()
      .map((row) => row[0]),
    ...words(WHOLE_WORDS),
    "ع",
    "عم",
    "وبقلك",
    "مرتي",
  ];

  it("re-joins to the normalized word", () => {
    for (const surface of samples) {
      for (const lex of [undefined, lexicon, plainLexicon]) {
        for (const analysis of analyzeWord(surface, lex)) {
          expect(rejoin(analysis), `${surface}: ${describeSplit(analysis)}`).toBe(normalizeArabic(surface));
        }
      }
    }
  });

  it("includes the unsplit word and keeps every built stem at 2 letters or more", () => {
    for (const surface of samples) {
      const key = normalizeArabic(surface);
      const analyses = analyzeWord(surface, lexicon);
      expect(analyses.some((a) => a.prefixes.length === 0 && a.suffixes.length === 0 && a.stem === key)).toBe(true);
      for (const a of analyses) {
        const irregular = Object.values(irregularForms).some((form) => form.stem === a.stem);
        if (a.stem === "" || irregular || a.stem === key) continue;
        expect(a.stem.length, `${surface}: ${describeSplit(a)}`).toBeGreaterThanOrEqual(2);
      }
      // best first
      const scores = analyses.map((a) => a.score);
      expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    }
  });

  it("keeps the surface as given", () => {
    expect(analyzeWord("بِيحْكِي", lexicon).every((a) => a.surface === "بِيحْكِي")).toBe(true);
  });

  it("leaves non-Arabic tokens and empty input unsplit", () => {
    expect(analyzeWord("hello")).toMatchObject([{ stem: "hello", prefixes: [], suffixes: [] }]);
    expect(analyzeWord("2026")).toHaveLength(1);
    expect(analyzeWord("")).toMatchObject([{ stem: "" }]);
  });
});
