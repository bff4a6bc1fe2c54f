import { ActionPanel, SelectField } from "../../people/action-panel";
import { PanelNote } from "./panel-note";
import type { PanelProps } from "./types";

export function SwitchPlanPanel({ user, here, resultFor, planOptions }: PanelProps) {
  const subscription = user.subscription;
  const live = user.subscriptionIsLive && subscription;
  if (!live) return <PanelNote here={here}>There is no running subscription to change.</PanelNote>;
  return (
    <ActionPanel
      id="switch-plan"
      title="Switch plan"
      intent="switch-plan"
      submitLabel="Switch plan"
      cancelTo={here}
      result={resultFor("switch-plan")}
      description={
        subscription.provider === "stripe"
          ? "The new price applies now; Stripe prorates the difference on the next invoice."
          : "The new plan applies now; the period already paid keeps its dates and the next renewal charges the new price."
      }
    >
      <SelectField
        id="switch-plan-plan"
        name="plan"
        label="New plan"
        result={resultFor("switch-plan")}
        options={planOptions.filter((option) => option.value !== subscription.planName)}
      />
    </ActionPanel>
  );
}
