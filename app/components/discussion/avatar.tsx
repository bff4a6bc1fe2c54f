import { cn } from "~/lib/cn";

/** A member's picture, or their initials on a tinted disc. Decorative: the name is always written beside it. */
export function Avatar({ name, url, size = "md" }: { name: string; url: string | null; size?: "sm" | "md" }) {
  const sizeClass = size === "sm" ? "size-8 text-xs" : "size-10 text-sm";
  if (url) return <img src={url} alt="" className={cn(sizeClass, "shrink-0 rounded-full object-cover")} />;
  const letters =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join("") || "?";
  return (
    <span
      aria-hidden="true"
      className={cn(
        sizeClass,
        "grid shrink-0 place-items-center rounded-full bg-accent-100 font-semibold text-accent-700",
      )}
    >
      {letters}
    </span>
  );
}
