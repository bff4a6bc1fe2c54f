/**
 * Learner quotes on the landing page. PLACEHOLDERS written for the launch design: replace them with real
 * quotes from learners who agreed to be quoted (first name and city only) before going live.
 */
export interface Testimonial {
  quote: string;
  name: string;
  city: string;
  /** What they learn for, in their words: shown under the name. */
  context: string;
  /** An Arabic phrase from the quote, if any, rendered right-to-left. */
  phrase?: { arabic: string; meaning: string };
}

export const TESTIMONIALS: Testimonial[] = [
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
