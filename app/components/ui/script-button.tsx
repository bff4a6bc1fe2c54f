import { forwardRef } from "react";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

/** What a control that needs scripts looks like until they arrive: there, greyed, and saying why. */
export const WAITING_FOR_SCRIPTS_CLASS = "cursor-progress opacity-60";

/**
 * A `type="button"` whose onClick is all it does, so it cannot work before hydration (ADR 023: the scripts
 * load after the first paint). Until then it is disabled, visibly so (`data-waiting`, greyed, a
 * "progress" cursor, a title saying it is getting ready), instead of swallowing a tap; after hydration it is
 * the button it was asked to be. A control that can work without scripts should be a link, a form or a
 * `<details>` instead (docs/architecture.md#no-dead-taps).
 */
type ScriptButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  /** The waiting look, when greying would cost readable text its contrast (a transcript line). */
  waitingClassName?: string;
};

export const ScriptButton = forwardRef<HTMLButtonElement, ScriptButtonProps>(function ScriptButton(
  { disabled, className, title, waitingClassName = WAITING_FOR_SCRIPTS_CLASS, ...props },
  ref,
) {
  const hydrated = useHydrated();
  return (
    <button
      ref={ref}
      type="button"
      {...props}
      disabled={!hydrated || disabled}
      data-waiting={hydrated ? undefined : "scripts"}
      title={hydrated ? title : "Getting ready…"}
      className={cn(className, !hydrated && waitingClassName)}
    />
  );
});
