import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { LEVEL_LABELS } from "#core/format";
import { LEVELS } from "#core/levels";
import { SelectField, TextField, type ActionResult } from "../../people/action-panel";
import type { PanelProps } from "./types";

export function EditPanel({ user, here, resultFor }: PanelProps) {
  return (
    <ActionPanelNoReason
      id="edit-member"
      title={`Edit ${user.name}`}
      intent="update"
      cancelTo={here}
      result={resultFor("update")}
    >
      <TextField
        id="member-name"
        name="name"
        label="Name"
        result={resultFor("update")}
        defaultValue={user.name}
        autoComplete="off"
      />
      <TextField
        id="member-email"
        name="email"
        type="email"
        label="Email"
        result={resultFor("update")}
        defaultValue={user.pendingEmail ?? user.email}
        hint="A new address becomes their email once they open the link we send to it; until then they sign in with the current one."
      />
      <SelectField
        id="member-level"
        name="level"
        label="Level"
        required={false}
        result={resultFor("update")}
        defaultValue={user.level ?? ""}
        options={LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] }))}
      />
    </ActionPanelNoReason>
  );
}

/** The profile edit: no reason asked (the audit row still records before → after). */
function ActionPanelNoReason({
  id,
  title,
  intent,
  cancelTo,
  result,
  children,
}: {
  id: string;
  title: string;
  intent: string;
  cancelTo: string;
  result: ActionResult;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-primary-200 bg-primary-50 p-5">
      <h2 id={`${id}-title`} className="font-semibold text-ink">
        {title}
      </h2>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <FormErrors errors={result?.error?.[""] ?? undefined} />
        {children}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses("primary", "md")}>
            Save
          </button>
          <Link to={cancelTo} className={buttonClasses("secondary", "md")} preventScrollReset>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
