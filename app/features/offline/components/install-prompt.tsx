import { useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { pendingInstallPrompt, rememberInstallAnswer, type InstallPromptEvent } from "~/lib/install-prompt";

/**
 * "Install Ahla", offered once, right after the learner finishes a lesson (docs/offline.md): only when the
 * browser offers installing (Chromium's `beforeinstallprompt`, kept by app/root.tsx), and never again once
 * answered, installed or "Not now" (remembered on the device).
 */
export function InstallPrompt({ when }: { when: boolean }) {
  const [answered, setAnswered] = useState(false);
  // Read when the lesson is finished (never on the server: `when` starts false).
  const offer = useMemo<InstallPromptEvent | null>(() => (when ? pendingInstallPrompt() : null), [when]);

  if (!offer || answered) return null;
  const answer = (outcome: string) => {
    rememberInstallAnswer(outcome);
    setAnswered(true);
  };
  return (
    <aside
      aria-labelledby="install-heading"
      data-testid="install-prompt"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-primary-200 bg-primary-50 px-4 py-3 text-sm text-primary-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="install-heading" className="font-semibold">
          Lesson done. Take Ahla with you?
        </h2>
        <p>Install the app to open it from your home screen and watch downloaded lessons offline.</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          className="min-h-11"
          onClick={async () => {
            await offer.prompt();
            const { outcome } = await offer.userChoice;
            answer(outcome);
          }}
        >
          Install
        </Button>
        <Button variant="ghost" className="min-h-11" onClick={() => answer("not-now")}>
          Not now
        </Button>
      </div>
    </aside>
  );
}
