/**
 * Links each vocabulary word of the demo catalogue to its lemma in seed/lexicon.ts (hand-written, checked by
 * `npx tsx scripts/check-glosses.ts`):
 * - "<lesson slug>:<index>" → the lemma of DEMO_LESSONS[].vocabulary[index]; every lesson word is linked.
 *   A word taught as an idiom (مع السلامة) links to its "phrase" entry; a construction built on one word
 *   (ما بدّي، كان بدّي، مش مشكلة، نهار السبت) links to that word's lemma.
 * - "deck:<deck slug>:<index>" → the lemma of DEMO_DECKS[].words[index], for the deck words whose lemma is in
 *   the lexicon (the lexicon holds the words of the transcripts; the other deck words are not linked).
 */
export const DEMO_VOCABULARY_LEMMAS: Record<string, string> = {
  // greetings-in-damascus
  "greetings-in-damascus:0": "marhaba", // مرحبا
  "greetings-in-damascus:1": "kiif", // كيفك
  "greetings-in-damascus:2": "mnii7", // منيح
  "greetings-in-damascus:3": "il7amdilla", // الحمدلله
  "greetings-in-damascus:4": "tsharraf", // تشرّفنا
  "greetings-in-damascus:5": "ma3-is-salaame", // مع السلامة
  // ordering-coffee-in-beirut
  "ordering-coffee-in-beirut:0": "badd", // بدّي
  "ordering-coffee-in-beirut:1": "ahwe", // قهوة
  "ordering-coffee-in-beirut:2": "sikkar", // سكّر
  "ordering-coffee-in-beirut:3": "addeesh", // قدّيش
  "ordering-coffee-in-beirut:4": "sa7teen", // صحتين
  "ordering-coffee-in-beirut:5": "silim", // يسلمو
  // introducing-your-family
  "introducing-your-family:0": "3eele", // عيلتي
  "introducing-your-family:1": "ab", // أبوي
  "introducing-your-family:2": "imm", // إمّي
  "introducing-your-family:3": "akh", // أخوي
  "introducing-your-family:4": "mitjawwiz", // متجوّز
  "introducing-your-family:5": "sitt", // ستّي
  // at-the-vegetable-market
  "at-the-vegetable-market:0": "ya3tiik-il-3aafye", // يعطيك العافية
  "at-the-vegetable-market:1": "bandoora", // بندورة
  "at-the-vegetable-market:2": "taaza", // طازة
  "at-the-vegetable-market:3": "khyaar", // خيار
  "at-the-vegetable-market:4": "min-3yuuni", // من عيوني
  "at-the-vegetable-market:5": "khalas", // خلص
  // taking-a-taxi-in-amman
  "taking-a-taxi-in-amman:0": "ween", // وين
  "taking-a-taxi-in-amman:1": "raayi7", // رايح
  "taking-a-taxi-in-amman:2": "3addaad", // العدّاد
  "taking-a-taxi-in-amman:3": "hassa", // هسّا
  "taking-a-taxi-in-amman:4": "mushkile", // مش مشكلة
  "taking-a-taxi-in-amman:5": "nazzal", // نزّلني
  // telling-the-time
  "telling-the-time:0": "saa3a", // الساعة
  "telling-the-time:1": "halla2", // هلّق
  "telling-the-time:2": "rub3", // ربع
  "telling-the-time:3": "eemta", // إيمتى
  "telling-the-time:4": "tilt", // تلت
  "telling-the-time:5": "da2ii2a", // دقيقة
  // making-weekend-plans
  "making-weekend-plans:0": "sabt", // نهار السبت
  "making-weekend-plans:1": "khitta", // خطط
  "making-weekend-plans:2": "dee3a", // ضيعة
  "making-weekend-plans:3": "bakkiir", // بكّير
  "making-weekend-plans:4": "3aj2a", // العجقة
  "making-weekend-plans:5": "ttafa2", // اتّفقنا
  // cooking-mujaddara-with-grandma
  "cooking-mujaddara-with-grandma:0": "3adas", // عدس
  "cooking-mujaddara-with-grandma:1": "ruzz", // رز
  "cooking-mujaddara-with-grandma:2": "sala2", // بنسلق
  "cooking-mujaddara-with-grandma:3": "naar-haadye", // نار هادية
  "cooking-mujaddara-with-grandma:4": "ala", // بنقلي
  "cooking-mujaddara-with-grandma:5": "laban", // لبن
  // asking-for-directions-in-damascus
  "asking-for-directions-in-damascus:0": "ariib", // قريب
  "asking-for-directions-in-damascus:1": "dighri", // دغري
  "asking-for-directions-in-damascus:2": "laff", // لفّ
  "asking-for-directions-in-damascus:3": "yamiin", // يمين
  "asking-for-directions-in-damascus:4": "madkhal", // مدخل
  "asking-for-directions-in-damascus:5": "3ala-raasi", // على راسي
  // a-job-interview-in-beirut
  "a-job-interview-in-beirut:0": "khibra", // خبرتك
  "a-job-interview-in-beirut:1": "saar", // صرلي
  "a-job-interview-in-beirut:2": "shighl", // شغلك
  "a-job-interview-in-beirut:3": "fursa", // فرصة
  "a-job-interview-in-beirut:4": "ballash", // تبلّشي
  "a-job-interview-in-beirut:5": "jaaye", // الجاي
  // talking-about-the-weather
  "talking-about-the-weather:0": "bard", // برد
  "talking-about-the-weather:1": "jaww", // الجو
  "talking-about-the-weather:2": "thallaj", // تثلّج
  "talking-about-the-weather:3": "sooba", // الصوبة
  "talking-about-the-weather:4": "zali2", // زلقة
  "talking-about-the-weather:5": "shoob", // الشوب
  // saying-what-you-want-with-baddi
  "saying-what-you-want-with-baddi:0": "badd", // بدّي
  "saying-what-you-want-with-baddi:1": "badd", // بدّك
  "saying-what-you-want-with-baddi:2": "badd", // بدّها
  "saying-what-you-want-with-baddi:3": "badd", // بدنا
  "saying-what-you-want-with-baddi:4": "badd", // ما بدّي
  "saying-what-you-want-with-baddi:5": "badd", // كان بدّي
  // memories-of-old-damascus
  "memories-of-old-damascus:0": "zghiir", // زغير
  "memories-of-old-damascus:1": "ba7ra", // بحرة
  "memories-of-old-damascus:2": "yasmiin", // ياسمينة
  "memories-of-old-damascus:3": "jaar", // الجيران
  "memories-of-old-damascus:4": "mashghuul", // مشغول
  "memories-of-old-damascus:5": "lissa", // لسّا
  // traffic-and-power-cuts-in-beirut
  "traffic-and-power-cuts-in-beirut:0": "3aj2a", // العجقة
  "traffic-and-power-cuts-in-beirut:1": "mbaari7", // مبارح
  "traffic-and-power-cuts-in-beirut:2": "kahraba", // الكهربا
  "traffic-and-power-cuts-in-beirut:3": "motiir", // الموتير
  "traffic-and-power-cuts-in-beirut:4": "kaffa", // منكفّي
  "traffic-and-power-cuts-in-beirut:5": "fi", // ما فيك
  // olive-harvest-season
  "olive-harvest-season:0": "moosim", // موسم
  "olive-harvest-season:1": "sawa", // سوا
  "olive-harvest-season:2": "lamm", // بيلمّوا
  "olive-harvest-season:3": "taabuun", // طابون
  "olive-harvest-season:4": "ma3sara", // المعصرة
  "olive-harvest-season:5": "3amuud", // عمود
  // wedding-traditions-in-jordan
  "wedding-traditions-in-jordan:0": "3irs", // العرس
  "wedding-traditions-in-jordan:1": "jaaha", // الجاهة
  "wedding-traditions-in-jordan:2": "mansaf", // منسف
  "wedding-traditions-in-jordan:3": "ma3zuum", // المعازيم
  "wedding-traditions-in-jordan:4": "mabruuk", // مبروك
  "wedding-traditions-in-jordan:5": "3u2baal", // عقبالك
  // answering-the-phone (draft)
  "answering-the-phone:0": "miin", // مين
  "answering-the-phone:1": "maktab", // المكتب
  "answering-the-phone:2": "ijtimaa3", // الاجتماع
  "answering-the-phone:3": "bukra", // بكرا
  "answering-the-phone:4": "nisi", // إنسى

  // Deck words whose lemma is in the lexicon
  "deck:family-members:0": "imm", // إمّ
  "deck:family-members:2": "akh", // أخ
  "deck:family-members:3": "ukht", // أخت
  "deck:family-members:6": "3amm", // عمّ
  "deck:family-members:8": "ibn", // ابن عمّ (cousin: ibn + ʕamm)
  "deck:around-the-house:0": "beet", // بيت
  "deck:getting-around-town:0": "shaari3", // شارع
  "deck:getting-around-town:1": "duwwaar", // دوّار
  "deck:getting-around-town:3": "yamiin", // يمين
  "deck:getting-around-town:5": "dighri", // دغري
  "deck:getting-around-town:6": "ariib", // قريب
};
