import { ActionPanel, NumberField, SelectField } from "../../people/action-panel";
import { PanelNote } from "./panel-note";
import type { PanelProps } from "./types";

export function CompPanel({ user, here, resultFor, planOptions }: PanelProps) {
  const subscription = user.subscription;
  const live = user.subscriptionIsLive && subscription;
  if (live)
    return <PanelNote here={here}>{user.name} already has a running subscription: extend it instead.</PanelNote>;
  return (
    <ActionPanel
      id="comp"
      title="Give a plan free of charge"
      intent="comp"
      submitLabel="Give access"
      cancelTo={here}
      result={resultFor("comp")}
      description="Premium starts at once, with nothing charged. It ends by itself after the days given; the member can subscribe then."
    >
      <SelectField id="comp-plan" name="plan" label="Plan" result={resultFor("comp")} options={planOptions} />
      <NumberField id="comp-days" name="days" label="Days" result={resultFor("comp")} defaultValue="30" />
    </ActionPanel>
  );
}
