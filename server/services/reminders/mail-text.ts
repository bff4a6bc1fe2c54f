import type { AppContext } from "../../context";
import { STREAK_WINDOW_DAYS, type ReminderDigest } from "./digest";

// The reminder mail's subject and text.

const plural = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

function streakLength(days: number): string {
  return days >= STREAK_WINDOW_DAYS ? `${STREAK_WINDOW_DAYS}+ day` : `${days}-day`;
}

/** The subject leads with the most pressing news: a streak about to break, then reviews, then lessons. */
export function reminderSubject(digest: ReminderDigest): string {
  const reviews = digest.flashcardsDue + digest.wordsDue;
  if (digest.streakAtRisk !== null) return `Keep your ${streakLength(digest.streakAtRisk)} streak going today`;
  if (reviews > 0) return `${plural(reviews, "review is", "reviews are")} waiting for you`;
  const [first] = digest.lessons;
  return first ? `New at your level: ${first.title}` : "Your Shami practice";
}

export function reminderText(
  ctx: AppContext,
  {
    member,
    digest,
    unsubscribeUrl,
  }: { member: { name: string; frequency: "daily" | "weekly" }; digest: ReminderDigest; unsubscribeUrl: string },
): string {
  const link = (path: string) => new URL(path, ctx.config.appUrl).toString();
  const firstName = member.name.trim().split(/\s+/)[0] ?? "";
  const lines: string[] = [firstName ? `Ahlan ${firstName},` : "Ahlan,", ""];
  if (digest.streakAtRisk !== null) {
    lines.push(
      `You have a ${streakLength(digest.streakAtRisk)} streak. Study a little today and it keeps going:`,
      link("/progress"),
      "",
    );
  }
  if (digest.flashcardsDue > 0) {
    lines.push(
      `${plural(digest.flashcardsDue, "flashcard is", "flashcards are")} due for review:`,
      link("/flashcards/review"),
      "",
    );
  }
  if (digest.wordsDue > 0) {
    lines.push(
      `${plural(digest.wordsDue, "saved word is", "saved words are")} due for review:`,
      link("/flashcards/my-words"),
      "",
    );
  }
  if (digest.lessons.length > 0) {
    lines.push(`New at your level this week:`);
    for (const lesson of digest.lessons) lines.push(`- ${lesson.title}: ${lesson.url}`);
    lines.push("");
  }
  lines.push(
    "Yalla, see you soon!",
    `The ${ctx.config.appName} team`,
    "",
    "--",
    `You get this email because you turned on ${member.frequency} reminders. Change how often or the hour in your settings: ${link("/settings")}`,
    `Stop reminder emails: ${unsubscribeUrl}`,
  );
  return lines.join("\n");
}
