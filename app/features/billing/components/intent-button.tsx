import { Form } from "@remix-run/react";
import { useIsPending } from "~/components/form-fields";
import { Button } from "~/components/ui/button";

/** One billing action as a one-button form (resume, switch, update payment method…): works without JavaScript. */
export function IntentButton({
  intent,
  subscriptionId,
  fields = {},
  children,
  pendingLabel,
  variant = "primary",
  size = "md",
  className,
  action,
}: {
  intent: string;
  subscriptionId?: number;
  fields?: Record<string, string>;
  children: React.ReactNode;
  pendingLabel?: string;
  variant?: React.ComponentProps<typeof Button>["variant"];
  size?: React.ComponentProps<typeof Button>["size"];
  className?: string;
  action?: string;
}) {
  const pending = useIsPending(intent);
  return (
    <Form method="post" action={action} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {subscriptionId !== undefined ? <input type="hidden" name="subscriptionId" value={subscriptionId} /> : null}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} size={size} disabled={pending} className="w-full sm:w-auto">
        {pending && pendingLabel ? pendingLabel : children}
      </Button>
    </Form>
  );
}
