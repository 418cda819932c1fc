"use client";

/** A disclosure listing the table's columns with a checkbox each; says how many are shown. */
export function ColumnChooser({
  testId,
  columns,
  onChange,
  onReset,
}: {
  testId: string;
  columns: { id: string; label: string; title?: string; shown: boolean }[];
  onChange: (id: string, shown: boolean) => void;
  onReset: () => void;
}) {
  const shown = columns.filter((c) => c.shown).length;
  return (
    <details className="relative" data-testid={testId}>
      <summary className="cursor-pointer rounded border border-zinc-300 px-2 py-1 text-sm select-none dark:border-zinc-700">
        Columns: {shown} of {columns.length} shown
      </summary>
      <fieldset className="absolute z-30 mt-1 w-64 rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        <legend className="sr-only">Columns to show</legend>
        <ul className="max-h-80 space-y-0.5 overflow-y-auto">
          {columns.map((c) => (
            <li key={c.id}>
              <label className="flex items-center gap-2 text-sm" title={c.title}>
                <input type="checkbox" checked={c.shown} data-column={c.id} onChange={(e) => onChange(c.id, e.target.checked)} />
                {c.label}
              </label>
            </li>
          ))}
        </ul>
        <button type="button" onClick={onReset} className="mt-2 text-xs text-sky-700 hover:underline dark:text-sky-400">
          Back to the default columns
        </button>
      </fieldset>
    </details>
  );
}
