import { formatDate } from "#core/format";
import { ActionPanel, NumberField } from "../../people/action-panel";
import { PanelNote } from "./panel-note";
import type { PanelProps } from "./types";

export function ExtendPanel({ user, here, resultFor }: PanelProps) {
  const subscription = user.subscription;
  const live = user.subscriptionIsLive && subscription;
  if (!live) return <PanelNote here={here}>There is no running subscription to extend: give a plan instead.</PanelNote>;
  return (
    <ActionPanel
      id="extend"
      title="Extend the current period"
      intent="extend"
      submitLabel="Extend"
      cancelTo={here}
      result={resultFor("extend")}
      description={`Now ends ${formatDate(subscription.currentPeriodEnd, "long")}. The next charge moves back by the same days, free of charge.`}
    >
      <NumberField id="extend-days" name="days" label="Days to add" result={resultFor("extend")} defaultValue="30" />
    </ActionPanel>
  );
}
