import { formatDate } from "#core/format";
import { ActionPanel } from "../../people/action-panel";
import { PanelNote } from "./panel-note";
import type { PanelProps } from "./types";

export function ResumePanel({ user, here, resultFor }: PanelProps) {
  const subscription = user.subscription;
  const live = user.subscriptionIsLive && subscription;
  if (!live || !subscription.cancelAtPeriodEnd)
    return <PanelNote here={here}>This subscription is not set to end.</PanelNote>;
  return (
    <ActionPanel
      id="resume"
      title="Resume the subscription"
      intent="resume"
      submitLabel="Resume"
      cancelTo={here}
      result={resultFor("resume")}
      description={`It renews again on ${formatDate(subscription.currentPeriodEnd, "long")}.`}
    />
  );
}
