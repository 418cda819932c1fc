import { SPAN_LABELS, VOTE_LABELS, VOTE_VERDICTS, type SpanLabel, type VoteVerdict } from "@arena/votes/options";

/**
 * Words and keys of the vote page and of span marks, on the closed sets of @arena/votes/options
 * (which imports nothing, so client components use both). Digit k picks the k-th verdict, in the
 * seats the voter sees (as on the audit's C1).
 */
export { SPAN_LABELS, VOTE_VERDICTS, type SpanLabel, type VoteVerdict };

export const VERDICT_TEXT: Record<VoteVerdict, string> = VOTE_LABELS.verdict;
export const SPAN_TEXT: Record<SpanLabel, string> = VOTE_LABELS.span;

/** The winning seat of a verdict, or "tie" (what agreement on a round compares). */
export const winnerOf = (v: VoteVerdict): "A" | "B" | "tie" => (v.startsWith("A_") ? "A" : v.startsWith("B_") ? "B" : "tie");

/** The key that marks a selected passage with a label while the marking toolbar is open. */
export const SPAN_KEY: Record<SpanLabel, string> = { unsupported: "u", wrong: "w", insightful: "i" };
/** Chip colours per label; the highlight colours are the same hues (spans/highlights.ts). */
export const SPAN_CHIP: Record<SpanLabel, string> = {
  unsupported: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  wrong: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  insightful: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
};
