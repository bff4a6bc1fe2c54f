import { cn } from "~/lib/cn";

/**
 * A chart's numbers as a table, folded in a <details> under the chart: what a screen reader (or anyone
 * who wants exact figures) reads instead of the drawing.
 */
export function ChartTable({
  summary = "Show the numbers",
  caption,
  columns,
  rows,
  testId,
  className,
}: {
  summary?: string;
  caption: string;
  columns: ReadonlyArray<string>;
  rows: ReadonlyArray<{ key: string; cells: ReadonlyArray<React.ReactNode>; current?: boolean }>;
  testId?: string;
  className?: string;
}) {
  return (
    <details className={cn("mt-4 rounded-lg border border-line bg-canvas/50", className)}>
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-primary-700 hover:bg-primary-50">
        {summary}
        <span className="sr-only">: {caption.toLowerCase()}</span>
      </summary>
      <div
        className="max-h-80 overflow-auto border-t border-line"
        // Scrolls when long or wide: focusable, so a keyboard can scroll it too.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <table className="w-full text-sm" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-surface text-start text-xs text-muted">
            <tr>
              {columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={cn("px-3 py-2 font-medium", index === 0 ? "text-start" : "text-end")}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.key} data-row={row.key} className={row.current ? "bg-accent-50" : undefined}>
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="px-3 py-1.5 text-start font-normal text-ink">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="px-3 py-1.5 text-end text-ink tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
