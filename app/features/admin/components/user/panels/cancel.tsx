import { formatDate } from "#core/format";
import { ActionPanel } from "../../people/action-panel";
import { PanelNote } from "./panel-note";
import type { PanelProps } from "./types";

export function CancelPanel({ user, here, resultFor }: PanelProps) {
  const subscription = user.subscription;
  const live = user.subscriptionIsLive && subscription;
  if (!live) return <PanelNote here={here}>There is no running subscription to cancel.</PanelNote>;
  return (
    <ActionPanel
      id="cancel"
      title="Cancel the subscription"
      intent="cancel"
      submitLabel="Cancel subscription"
      cancelTo={here}
      danger
      result={resultFor("cancel")}
      description="Nothing is refunded by canceling: refund a payment separately if that was agreed."
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-red-900">When does access end?</legend>
        {subscription.cancelAtPeriodEnd ? null : (
          <label className="flex items-start gap-2 text-sm text-red-900">
            <input type="radio" name="when" value="period-end" defaultChecked className="mt-1" />
            <span>
              At the end of the period ({formatDate(subscription.currentPeriodEnd, "long")}): no more renewals
            </span>
          </label>
        )}
        <label className="flex items-start gap-2 text-sm text-red-900">
          <input
            type="radio"
            name="when"
            value="now"
            defaultChecked={subscription.cancelAtPeriodEnd}
            className="mt-1"
          />
          <span>Now: premium ends at once</span>
        </label>
        {resultFor("cancel")?.error?.when ? (
          <p className="text-sm text-red-800">{resultFor("cancel")?.error?.when?.[0]}</p>
        ) : null}
      </fieldset>
    </ActionPanel>
  );
}
