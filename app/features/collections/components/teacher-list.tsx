import { initialsOf } from "~/components/account-menu";
import { cn } from "~/lib/cn";

export interface TeacherItem {
  id: number;
  name: string;
  nameAr: string | null;
  country: { name: string; dialect: string } | null;
}

/** Overlapping initials and the first names: the compact line on a card. */
export function TeacherLine({ teachers, className }: { teachers: TeacherItem[]; className?: string }) {
  if (teachers.length === 0) return null;
  const shown = teachers.slice(0, 2).map((teacher) => teacher.name);
  const more = teachers.length - shown.length;
  return (
    <div className={cn("flex items-center gap-2.5 text-sm text-muted", className)}>
      <span className="flex -space-x-1.5 rtl:space-x-reverse" aria-hidden="true">
        {teachers.slice(0, 3).map((teacher) => (
          <span
            key={teacher.id}
            className="inline-flex size-8 items-center justify-center rounded-full bg-accent-100 text-[11px] font-semibold text-accent-700 ring-2 ring-surface"
          >
            {initialsOf(teacher.name)}
          </span>
        ))}
      </span>
      <span className="min-w-0 truncate">
        <span className="sr-only">With </span>
        <span className="font-medium text-ink/85">{shown.join(", ")}</span>
        {more > 0 ? ` +${more}` : null}
      </span>
    </div>
  );
}

/** Each teacher with where they are from and the dialect you will hear: the detail page's list. */
export function TeacherCards({ teachers }: { teachers: TeacherItem[] }) {
  if (teachers.length === 0) return null;
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {teachers.map((teacher) => (
        <li key={teacher.id} className="flex items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2.5">
          <span
            aria-hidden="true"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-100 text-sm font-semibold text-accent-700"
          >
            {initialsOf(teacher.name)}
          </span>
          <span className="min-w-0">
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold text-ink">{teacher.name}</span>
              {teacher.nameAr ? (
                <span lang="ar" dir="rtl" className="text-sm text-ink/75">
                  {teacher.nameAr}
                </span>
              ) : null}
            </span>
            {teacher.country ? (
              <span className="block text-sm text-muted">
                {teacher.country.name}
                {teacher.country.dialect ? ` · ${teacher.country.dialect} dialect` : null}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
