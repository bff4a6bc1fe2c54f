import type { RegionNotes, VerbForms } from "#core/schemas/lexicon";
import { cn } from "~/lib/cn";

/** A lemma as the popup and the lemma page show it (server/services/words/lookup.ts `LemmaSummary`). */
export interface LemmaView {
  id: number;
  key: string;
  arabic: string;
  transliteration: string;
  meanings: string[];
  partOfSpeech: string;
  root: string;
  gender: "m" | "f" | null;
  plural: string;
  verbForms: VerbForms | null;
  forms: string[];
  regions: RegionNotes;
  notes: string;
}

const REGION_NAMES: Record<string, string> = {
  syrian: "Syrian",
  lebanese: "Lebanese",
  palestinian: "Palestinian",
  jordanian: "Jordanian",
};

const VERB_FORM_NAMES: Array<[keyof VerbForms, string]> = [
  ["past", "past (he)"],
  ["present", "present (he)"],
  ["imperative", "imperative"],
  ["masdar", "verbal noun"],
];

/** "noun, feminine", "verb", "name". */
export function partOfSpeechLabel(lemma: Pick<LemmaView, "partOfSpeech" | "gender">): string {
  const gender = lemma.gender === "m" ? "masculine" : lemma.gender === "f" ? "feminine" : null;
  return gender ? `${lemma.partOfSpeech}, ${gender}` : lemma.partOfSpeech;
}

/**
 * The grammar of a lemma: root, plural or the verb's forms, region notes and the team's note (notes mix English
 * and transliteration, so they are shown as written, whatever the learner's scheme).
 */
export function LemmaFacts({
  lemma,
  compact = false,
  className,
}: {
  lemma: LemmaView;
  /** The popup's: one line per fact, smaller. */
  compact?: boolean;
  className?: string;
}) {
  const facts: Array<[string, React.ReactNode]> = [];
  if (lemma.root) {
    facts.push([
      "Root",
      <span key="root" lang="ar" dir="rtl">
        {lemma.root}
      </span>,
    ]);
  }
  if (lemma.plural) {
    facts.push([
      "Plural",
      <span key="plural" lang="ar" dir="rtl">
        {lemma.plural}
      </span>,
    ]);
  }
  if (lemma.verbForms) {
    for (const [field, label] of VERB_FORM_NAMES) {
      const form = lemma.verbForms[field];
      if (form) {
        facts.push([
          label.charAt(0).toUpperCase() + label.slice(1),
          <span key={field} lang="ar" dir="rtl">
            {form}
          </span>,
        ]);
      }
    }
  }
  const regions = Object.entries(lemma.regions).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (facts.length === 0 && regions.length === 0 && !lemma.notes) return null;
  const usage = (
    <>
      {regions.length > 0 ? (
        <ul className="space-y-1">
          {regions.map(([region, note]) => (
            <li key={region} className="text-ink">
              <span className="font-semibold">{REGION_NAMES[region] ?? region}:</span> {note}
            </li>
          ))}
        </ul>
      ) : null}
      {lemma.notes ? <p className="text-muted">{lemma.notes}</p> : null}
    </>
  );
  return (
    <div className={cn("space-y-2", compact ? "text-[13px]" : "text-sm", className)}>
      {facts.length > 0 ? (
        <dl className={cn("grid grid-cols-[auto_1fr] items-baseline gap-x-3", compact ? "gap-y-0.5" : "gap-y-1.5")}>
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className={cn("text-ink", compact ? "text-base leading-7" : "text-lg leading-8")}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {compact && (regions.length > 0 || lemma.notes) ? (
        <details className="group">
          <summary className="cursor-pointer text-primary-800 marker:text-muted">
            {regions.length > 0 ? "Across the Levant" : "Usage note"}
          </summary>
          <div className="mt-1 space-y-1">{usage}</div>
        </details>
      ) : (
        usage
      )}
    </div>
  );
}
