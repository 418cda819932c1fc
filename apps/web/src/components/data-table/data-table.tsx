"use client";

import { useMemo, useState, type ReactNode } from "react";
import {
  columnVisibilityFeature,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type ColumnVisibilityState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { ColumnChooser } from "./column-chooser";
import { formatSort, parseColumns, parseSort, useUrlState } from "./url-state";

/** One column: how it looks, and what it sorts by (no sortValue: not sortable). */
export interface DataColumn<T> {
  id: string;
  /** Plain header text (also the chooser's label). */
  header: string;
  /** Longer explanation: the header's tooltip. */
  title?: string;
  /** A small line under the header (e.g. the mode that produced a score). */
  sub?: ReactNode;
  numeric?: boolean;
  /** Missing values (undefined) sort last in either direction. */
  sortValue?: (row: T) => number | string | undefined;
  cell: (row: T) => ReactNode;
  /** Extra attributes of the cell (test ids, tooltips). */
  cellProps?: (row: T) => Record<string, string | undefined>;
  /** Hidden until chosen in the column chooser. */
  optional?: boolean;
  /** What the column means in the table's legend (default: `title`). */
  legend?: ReactNode;
}

export interface DataTableProps<T> {
  testId: string;
  /** A caption read by screen readers (and shown when `showCaption`). */
  caption: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => Record<string, string | undefined>;
  defaultSort?: { id: string; desc: boolean };
  /**
   * Keep sort, visible columns and the text filter in the page URL under this prefix ("" for the
   * page's main table); omitted: the view lives only in the page.
   */
  urlPrefix?: string;
  /** Offer a column chooser (needs optional columns to be useful). */
  chooser?: boolean;
  /** A text box that keeps rows whose text contains what is typed. */
  filter?: { label: string; text: (row: T) => string };
  /**
   * Leading columns that stay put while the rest scroll sideways: 1, or 2 when the first is a
   * narrow number (rank) kept at 3 rem so the second can sit right of it.
   */
  sticky?: 1 | 2;
  /** Minimum table width in Tailwind's arbitrary-value form, e.g. "min-w-[720px]". */
  minWidth?: string;
  empty?: ReactNode;
  /** A legend under the table: each visible column's header and meaning, in step with the column chooser. */
  legend?: boolean;
}

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, sortedRowModel: createSortedRowModel() });

const thBase = "px-2 py-1.5 text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400 whitespace-nowrap align-bottom";
const stickyBase = "sticky z-10 bg-white dark:bg-zinc-950";
/** Classes of the k-th cell of a row: the sticky ones get a background and, the last, an edge. */
function stickyClass(k: number, sticky: 1 | 2): string {
  if (k >= sticky) return "";
  const edge = k === sticky - 1 ? "shadow-[1px_0_0_0] shadow-zinc-200 dark:shadow-zinc-800" : "";
  const place = k === 0 ? (sticky === 2 ? "left-0 w-12 min-w-12" : "left-0") : "left-12";
  return `${stickyBase} ${place} ${edge}`;
}

/** One line per visible column: its header and what it means, so the table reads without hovering. */
function Legend<T>({ testId, columns }: { testId: string; columns: DataColumn<T>[] }) {
  return (
    <dl data-testid={testId} className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
      {columns.map((c) => (
        <div key={c.id} data-column={c.id} className="contents">
          <dt className="font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{c.header}</dt>
          <dd>{c.legend ?? c.title ?? ""}</dd>
        </div>
      ))}
    </dl>
  );
}

const apply = <S,>(u: Updater<S>, old: S): S => (typeof u === "function" ? (u as (o: S) => S)(old) : u);

/**
 * The arena's one table: sortable columns (click a header), the first column sticky while the
 * rest scroll sideways on a narrow screen, an optional column chooser and text filter, and the
 * view kept in the URL so it can be shared. Server pages pass plain rows and column renderers.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, urlPrefix } = props;
  const sticky = props.sticky ?? 1;
  const url = useUrlState(urlPrefix ?? "");
  const inUrl = urlPrefix !== undefined;
  const ids = useMemo(() => new Set(columns.map((c) => c.id)), [columns]);
  const sortable = useMemo(() => new Set(columns.filter((c) => c.sortValue).map((c) => c.id)), [columns]);

  const [sorting, setSorting] = useState<SortingState>(() => {
    const s = (inUrl ? parseSort(url.get("sort"), sortable) : null) ?? props.defaultSort;
    return s ? [s] : [];
  });
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() => {
    const chosen = inUrl ? parseColumns(url.get("cols"), ids) : null;
    return Object.fromEntries(columns.map((c, k) => [c.id, k < sticky || (chosen ? chosen.includes(c.id) : !c.optional)]));
  });
  const [text, setText] = useState(() => (inUrl ? (url.get("q") ?? "") : ""));

  const defs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((c, k) => ({
        id: c.id,
        accessorFn: (row: T) => c.sortValue?.(row),
        enableSorting: Boolean(c.sortValue),
        enableHiding: k >= sticky,
        sortDescFirst: Boolean(c.numeric) && c.id !== "rank",
        sortUndefined: "last" as const,
        header: c.header,
      })),
    [columns, sticky],
  );
  const filtered = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const f = props.filter;
    return needle && f ? props.rows.filter((r) => f.text(r).toLowerCase().includes(needle)) : [...props.rows];
  }, [props.rows, props.filter, text]);

  const table = useTable<typeof features, T>({
    features,
    columns: defs,
    data: filtered,
    getRowId: (row: T) => props.rowKey(row),
    state: { sorting, columnVisibility: visibility },
    enableSortingRemoval: false,
    onSortingChange: (u: Updater<SortingState>) => {
      const next = apply(u, sorting);
      setSorting(next);
      if (inUrl) url.set({ sort: next[0] ? formatSort(next[0]) : null });
    },
    onColumnVisibilityChange: (u: Updater<ColumnVisibilityState>) => {
      const next = apply(u, visibility);
      setVisibility(next);
      if (inUrl)
        url.set({
          cols: columns
            .filter((c) => next[c.id] !== false)
            .map((c) => c.id)
            .join(","),
        });
    },
  });

  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const visible = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;

  return (
    <div data-testid={props.testId}>
      {props.chooser || props.filter ? (
        <div className="mb-2 flex flex-wrap items-center gap-3 text-sm">
          {props.filter ? (
            <label className="flex items-center gap-1.5">
              <span className="text-zinc-600 dark:text-zinc-400">{props.filter.label}</span>
              <input
                type="search"
                value={text}
                data-testid={`${props.testId}-filter`}
                onChange={(e) => {
                  setText(e.target.value);
                  if (inUrl) url.set({ q: e.target.value });
                }}
                className="rounded border border-zinc-300 bg-transparent px-2 py-1 text-sm dark:border-zinc-700"
              />
            </label>
          ) : null}
          {props.chooser ? (
            <ColumnChooser
              testId={`${props.testId}-columns`}
              columns={columns.slice(sticky).map((c) => ({ id: c.id, label: c.header, title: c.title, shown: visibility[c.id] !== false }))}
              onChange={(id, shown) => table.getColumn(id)?.toggleVisibility(shown)}
              onReset={() => table.setColumnVisibility(Object.fromEntries(columns.map((c, k) => [c.id, k < sticky || !c.optional])))}
            />
          ) : null}
        </div>
      ) : null}
      {/* Focusable, so a keyboard can scroll it sideways (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0" aria-label={props.caption} tabIndex={0}>
        <table className={`w-full border-collapse text-sm ${props.minWidth ?? ""}`}>
          <caption className="sr-only">{props.caption}</caption>
          <thead className="bg-white dark:bg-zinc-950">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((h, k) => {
                  const spec = byId.get(h.column.id)!;
                  const sorted = h.column.getIsSorted();
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      data-column={spec.id}
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                      className={`${thBase} ${spec.numeric ? "text-right" : "text-left"} ${k < sticky ? `${stickyClass(k, sticky)} z-20` : ""}`}
                    >
                      {h.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={h.column.getToggleSortingHandler()}
                          title={spec.title}
                          className="uppercase hover:text-zinc-900 dark:hover:text-zinc-100"
                        >
                          {spec.header}
                          <span aria-hidden className="ml-0.5 inline-block w-2">
                            {sorted === "asc" ? "↑" : sorted === "desc" ? "↓" : ""}
                          </span>
                        </button>
                      ) : (
                        <span title={spec.title}>{spec.header}</span>
                      )}
                      {spec.sub ? <span className="block text-[0.65rem] font-normal normal-case tracking-normal">{spec.sub}</span> : null}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.id}
                {...props.rowProps?.(r.original)}
                className="group border-t border-zinc-100 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-900"
              >
                {visible.map((col, k) => {
                  const spec = byId.get(col.id)!;
                  return (
                    <td
                      key={col.id}
                      {...spec.cellProps?.(r.original)}
                      className={`px-2 py-1.5 align-top ${spec.numeric ? "num text-right whitespace-nowrap" : ""} ${k < sticky ? `${stickyClass(k, sticky)} group-hover:bg-zinc-50 dark:group-hover:bg-zinc-900` : ""}`}
                    >
                      {spec.cell(r.original)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {rows.length === 0 ? (
        <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {props.empty ?? (text ? `No row matches “${text}”.` : "No rows.")}
        </div>
      ) : null}
      {props.legend ? <Legend testId={`${props.testId}-legend`} columns={visible.map((c) => byId.get(c.id)!)} /> : null}
    </div>
  );
}
