/**
 * A chart with its one-line caption (what is shown, from how much data) and the same numbers as
 * a table for screen readers and for anyone who wants exact values.
 */
export function ChartFigure({
  title,
  caption,
  table,
  children,
  testId,
}: {
  title: string;
  caption: string;
  table: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <figure className="min-w-0 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <figcaption className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">{caption}</figcaption>
      <div className="text-zinc-600 dark:text-zinc-400" aria-hidden>
        {children}
      </div>
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer text-zinc-500 dark:text-zinc-400">Data as a table</summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </figure>
  );
}

/**
 * A compact table of the chart's data (first column text, the rest numbers): the chart's text
 * alternative inside its "Data as a table" disclosure, in the chart's order. Not the DataTable
 * (no sorting, chooser or sticky column to offer; tests/web/one-table.test.ts lists it as the
 * exception).
 */
export function DataTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full border-collapse">
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={h} scope="col" className={`px-1.5 py-1 font-medium text-zinc-500 ${i === 0 ? "text-left" : "text-right"}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className="border-t border-zinc-100 dark:border-zinc-800">
            {r.map((c, j) => (
              <td key={j} className={`px-1.5 py-0.5 ${j === 0 ? "" : "num"}`}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
