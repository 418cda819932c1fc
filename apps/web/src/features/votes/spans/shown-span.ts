import type { SpanLabel } from "../labels";

/** A mark as a page shows it: stored offsets of the answer, and whether it is the reader's own (who may delete it). */
export interface ShownSpan {
  id: string;
  start: number;
  end: number;
  label: SpanLabel;
  comment: string | null;
  mine: boolean;
}
