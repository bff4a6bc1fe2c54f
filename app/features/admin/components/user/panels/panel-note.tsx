import { Link } from "@remix-run/react";

/** Said instead of a panel's form when its action does not apply to the member now. */

export function PanelNote({ here, children }: { here: string; children: React.ReactNode }) {
  return (
    <p className="rounded-xl border border-line bg-canvas p-4 text-sm text-ink">
      {children}{" "}
      <Link to={here} className="font-medium text-primary-800 underline" preventScrollReset>
        Back
      </Link>
    </p>
  );
}
