import { z } from "zod";
import { FAILURE_TYPES, TIE_QUALITIES, VERDICT_TOKENS, type FailureType, type TieQuality, type VerdictToken } from "../closed-sets";
import { swapSeatsInText } from "./seats";
import type { Verdict } from "../types";

/** Thrown for judge output that is not a valid verdict; the message says what is wrong. */
export class VerdictError extends Error {}

const TOKEN_BY_BARE = new Map<string, VerdictToken>(VERDICT_TOKENS.map((t) => [t.slice(2, -2).toUpperCase(), t]));

/**
 * Tolerance (a choice): surrounding whitespace, letter case and missing `[[ ]]` brackets are
 * accepted ("a_better" → "[[A_BETTER]]"), since judges drop them often and the meaning is
 * unambiguous. Anything else (extra words, single brackets, unknown names) is rejected.
 */
function normaliseToken(raw: string): VerdictToken | undefined {
  const s = raw.trim();
  const bare = s.startsWith("[[") && s.endsWith("]]") ? s.slice(2, -2).trim() : s;
  return TOKEN_BY_BARE.get(bare.toUpperCase());
}

/** "A, B or C" for error messages. */
const oneOf = (values: readonly string[]) => `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;

/** JSON null counts as a missing field (judges write `"tie_quality": null` for "not applicable"). */
const upperTrim = (v: unknown) => (typeof v === "string" ? v.trim().toUpperCase() : v === null ? undefined : v);

/**
 * Missing fields get the reference implementation's defaults (its `judge_answers` requires only
 * `verdict`; the loop reads `tie_quality` with default "N/A" and `loser_failure_type` with
 * default "NONE"): tie_quality → "N/A", loser_failure_type → "NONE", reasoning → "". A value
 * that is present but unknown stays an error, so a retry can correct it.
 */
const rawVerdictSchema = z.object({
  verdict: z.string({ error: "verdict must be a string" }),
  tie_quality: z.preprocess(upperTrim, z.enum(TIE_QUALITIES, { error: `tie_quality must be ${oneOf(TIE_QUALITIES)}` }).default("N/A")),
  loser_failure_type: z.preprocess(
    upperTrim,
    z.enum(FAILURE_TYPES, { error: `loser_failure_type must be ${oneOf(FAILURE_TYPES)}` }).default("NONE"),
  ),
  reasoning: z.preprocess((v) => (v === null ? undefined : v), z.string().default("")),
});

export const isTie = (v: Pick<Verdict, "verdict">) => v.verdict === "[[Tie]]";

/**
 * Validates a judge's verdict object (docs/method.md §4). Consistency rules:
 * - a Tie whose tie_quality is missing or N/A is a Tie HIGH (a pressure test), as the reference
 *   reads it: its loop backtracks only on an explicit LOW;
 * - a non-tie's tie_quality is normalised to N/A (it carries no meaning there);
 * - a Tie's loser_failure_type is normalised to NONE (there is no loser).
 */
export function parseVerdict(input: unknown): Verdict {
  const parsed = rawVerdictSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
    throw new VerdictError(`invalid verdict: ${where}${issue.message}`);
  }
  const { verdict: rawToken, tie_quality, loser_failure_type, reasoning } = parsed.data;
  const verdict = normaliseToken(rawToken);
  if (!verdict) {
    throw new VerdictError(
      `invalid verdict: unknown verdict token ${JSON.stringify(rawToken)}; expected one of ${VERDICT_TOKENS.join(", ")}`,
    );
  }
  if (verdict === "[[Tie]]") {
    return { verdict, tie_quality: tie_quality === "LOW" ? "LOW" : "HIGH", loser_failure_type: "NONE", reasoning };
  }
  return { verdict, tie_quality: "N/A", loser_failure_type, reasoning };
}

export type Winner = "A" | "B" | null;

export function verdictWinner(v: Pick<Verdict, "verdict">): Winner {
  if (v.verdict.startsWith("[[A_")) return "A";
  if (v.verdict.startsWith("[[B_")) return "B";
  return null;
}

/** Points added to each side's score: MUCH_BETTER = 2, BETTER = 1 to the winner, Tie = 0. */
export function verdictPoints(v: Pick<Verdict, "verdict">): { a: number; b: number } {
  const points = v.verdict.includes("MUCH_BETTER") ? 2 : 1;
  const winner = verdictWinner(v);
  return { a: winner === "A" ? points : 0, b: winner === "B" ? points : 0 };
}

const SWAPPED: Record<VerdictToken, VerdictToken> = {
  "[[A_MUCH_BETTER]]": "[[B_MUCH_BETTER]]",
  "[[A_BETTER]]": "[[B_BETTER]]",
  "[[Tie]]": "[[Tie]]",
  "[[B_BETTER]]": "[[A_BETTER]]",
  "[[B_MUCH_BETTER]]": "[[A_MUCH_BETTER]]",
};

/**
 * Mirrors A and B (for a judgement made with the answers presented in swapped order): the token,
 * and the reasoning's seat names, so the combined reasoning of a double judging reads in one
 * seat order.
 */
export function swapVerdict(v: Verdict): Verdict {
  return { ...v, verdict: SWAPPED[v.verdict], reasoning: swapSeatsInText(v.reasoning) };
}

const HARD_FAILURES: ReadonlySet<FailureType> = new Set(["DEEP", "WIDE", "BOTH"]);

function mergeFailures(x: FailureType, y: FailureType): FailureType {
  if (x === y || y === "NONE") return x;
  if (x === "NONE") return y;
  return "BOTH"; // DEEP+WIDE, or either with BOTH
}

/**
 * Combines two judgements of the same pair for position-bias control; `second` must already be
 * mapped back to the original seat order (see swapVerdict).
 * - Same winner: the smaller margin (MUCH_BETTER only if both say so), failure types merged
 *   (DEEP+WIDE → BOTH, X+NONE → X).
 * - Both Tie: HIGH only if both say HIGH.
 * - Different winners (a Tie against a winner counts as different): Tie. Its quality (a choice)
 *   is LOW when either judgement reported a LOW tie or a hard (DEEP/WIDE/BOTH) failure, since the
 *   judges then disagree on facts and the task is not a reliable separator; HIGH when they only
 *   disagree on soft criteria.
 */
export function combineDoubleJudgement(first: Verdict, second: Verdict): Verdict {
  const reasoning = [first.reasoning, second.reasoning].filter(Boolean).join("\n---\n");
  const w1 = verdictWinner(first);
  const w2 = verdictWinner(second);
  if (w1 !== null && w1 === w2) {
    const much = first.verdict.includes("MUCH") && second.verdict.includes("MUCH");
    const verdict = `[[${w1}_${much ? "MUCH_BETTER" : "BETTER"}]]` as VerdictToken;
    const failure = mergeFailures(first.loser_failure_type, second.loser_failure_type);
    return { verdict, tie_quality: "N/A", loser_failure_type: failure, reasoning };
  }
  if (w1 === null && w2 === null) {
    const tq: TieQuality = first.tie_quality === "HIGH" && second.tie_quality === "HIGH" ? "HIGH" : "LOW";
    return { verdict: "[[Tie]]", tie_quality: tq, loser_failure_type: "NONE", reasoning };
  }
  const low = [first, second].some((v) => (isTie(v) && v.tie_quality === "LOW") || (!isTie(v) && HARD_FAILURES.has(v.loser_failure_type)));
  return { verdict: "[[Tie]]", tie_quality: low ? "LOW" : "HIGH", loser_failure_type: "NONE", reasoning };
}
