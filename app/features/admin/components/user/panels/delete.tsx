import { ActionPanel, TextField } from "../../people/action-panel";
import type { PanelProps } from "./types";

export function DeletePanel({ user, here, resultFor }: PanelProps) {
  return (
    <ActionPanel
      id="delete"
      title={`Delete ${user.name}'s account?`}
      intent="delete"
      submitLabel="Delete account"
      cancelTo={here}
      danger
      result={resultFor("delete")}
      description="The same as deleting it themselves: their name, email, password, sessions, saved words, study history and private chats are erased; their public comments stay as by a deleted member; billing records are kept; any subscription stops renewing. This cannot be undone."
    >
      <TextField
        id="delete-confirm"
        name="confirmEmail"
        type="email"
        label={`Type ${user.email} to confirm`}
        result={resultFor("delete")}
      />
    </ActionPanel>
  );
}
