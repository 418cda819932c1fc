/**
 * The answers of Instrument II (docs/method.md §9, Appendix H.1 of the paper), one `as const` source for
 * the package, the web form, the exports and the report. Imports nothing, so client components
 * can use it (`@arena/audit/options`). Option order is the order shown, so
 * digit keys pick them (1 = first).
 */
export const VALIDITY = ["yes", "no", "broken"] as const;
export const EVOLUTION = ["yes", "no"] as const;
export const FACTUALITY = ["correct", "minor", "major"] as const;
/** C1 in seat terms; stored in the match's seats whatever the page showed. */
export const VERDICTS = ["A_MUCH_BETTER", "A_BETTER", "TIE", "B_BETTER", "B_MUCH_BETTER"] as const;
export const SUFFICIENCY = ["sufficient", "insufficient", "excessive"] as const;
/** Instrument I: the three generation configurations of the paper's Table 5. */
export const VARIANTS = ["full_tree", "flat_context", "no_logic_chain"] as const;
/** How a queue draws its rounds: at random, or stratified by one of these. */
export const SAMPLINGS = ["random", "verdict", "tournament", "agent", "examiner"] as const;

export type Validity = (typeof VALIDITY)[number];
export type Evolution = (typeof EVOLUTION)[number];
export type Factuality = (typeof FACTUALITY)[number];
export type AuditVerdict = (typeof VERDICTS)[number];
export type Sufficiency = (typeof SUFFICIENCY)[number];
export type Variant = (typeof VARIANTS)[number];

export const LABELS = {
  validity: { yes: "Yes (valid)", no: "No (single-hop / narrow)", broken: "Broken question" },
  evolution: { yes: "Yes, successful evolution", no: "No, failed to change as intended" },
  factuality: {
    correct: "Completely factually correct",
    minor: "Mostly correct (minor inaccuracies)",
    major: "Contains major hallucinations / falsehoods",
  },
  verdict: { A_MUCH_BETTER: "A much better", A_BETTER: "A better", TIE: "Tie", B_BETTER: "B better", B_MUCH_BETTER: "B much better" },
  sufficiency: {
    sufficient: "Sufficient (difference is clear / topic exhausted)",
    insufficient: "Insufficient (agents too close / need harder task)",
    excessive: "Excessive (should have stopped earlier)",
  },
  variant: { full_tree: "Full tree", flat_context: "Flat context", no_logic_chain: "No logic chain" },
} as const;

/** Mirror of a verdict: what seat A of a swapped page means in the match's seats. */
export function swapSeats(v: AuditVerdict): AuditVerdict {
  return v.startsWith("A_") ? (`B_${v.slice(2)}` as AuditVerdict) : v.startsWith("B_") ? (`A_${v.slice(2)}` as AuditVerdict) : v;
}

/** Win/loss/tie of a verdict: the three categories the paper's κ compares. */
export function winnerOf(v: AuditVerdict): "A" | "B" | "tie" {
  return v.startsWith("A_") ? "A" : v.startsWith("B_") ? "B" : "tie";
}
