import type { SpanLabel } from "../labels";

/**
 * Marked passages are painted with the CSS Custom Highlight API: ranges over the rendered text,
 * no element inserted into the answer React rendered (wrapping text nodes in <mark> would fight
 * React over the DOM). One highlight per label for everyone's marks and one for the reader's own,
 * shared by every answer on the page: each answer registers its ranges under its own key.
 * Browsers without the API show the marks in the list under the answer only.
 */
export type HighlightName = `arena-span-${SpanLabel}` | "arena-span-mine";

export const highlightName = (label: SpanLabel): HighlightName => `arena-span-${label}`;

/** The look of each highlight (only colours and decorations apply to ::highlight). */
export const HIGHLIGHT_CSS = `
::highlight(arena-span-unsupported) { background-color: rgb(251 191 36 / 0.35); }
::highlight(arena-span-wrong) { background-color: rgb(248 113 113 / 0.35); }
::highlight(arena-span-insightful) { background-color: rgb(52 211 153 / 0.35); }
::highlight(arena-span-mine) { text-decoration: underline 2px rgb(2 132 199); text-underline-offset: 3px; }
`;

const owners = new Map<string, Map<HighlightName, Range[]>>();

const supported = () => typeof CSS !== "undefined" && "highlights" in CSS && typeof Highlight !== "undefined";

/** Replaces the ranges `owner` (one answer) contributes; null removes them. */
export function setHighlights(owner: string, ranges: Map<HighlightName, Range[]> | null): void {
  if (!supported()) return;
  if (ranges) owners.set(owner, ranges);
  else owners.delete(owner);
  const all = new Map<HighlightName, Range[]>();
  for (const byName of owners.values()) {
    for (const [name, list] of byName) all.set(name, [...(all.get(name) ?? []), ...list]);
  }
  for (const name of ["arena-span-unsupported", "arena-span-wrong", "arena-span-insightful", "arena-span-mine"] as const) {
    const list = all.get(name);
    if (list?.length) CSS.highlights.set(name, new Highlight(...list));
    else CSS.highlights.delete(name);
  }
}
