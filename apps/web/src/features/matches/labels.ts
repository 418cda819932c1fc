import type { FailureType, StopReason, TransitionAction, VerdictToken } from "@arena/core";

/** Plain-language names for the stored codes of matches and rounds (one per value of core's closed sets). */

type Label = { seat: "A" | "B" | null; text: string };
const VERDICT_LABELS: Record<VerdictToken, Label> = {
  "[[A_MUCH_BETTER]]": { seat: "A", text: "much better" },
  "[[A_BETTER]]": { seat: "A", text: "better" },
  "[[Tie]]": { seat: null, text: "tie" },
  "[[B_BETTER]]": { seat: "B", text: "better" },
  "[[B_MUCH_BETTER]]": { seat: "B", text: "much better" },
};

// Typed by the closed sets (every value named), read by any stored string.
const VERDICTS: Readonly<Record<string, Label>> = VERDICT_LABELS;

export function verdictOf(token: string | null): { seat: "A" | "B" | null; text: string } | null {
  return token ? (VERDICTS[token] ?? { seat: null, text: token }) : null;
}

const ACTION_LABELS: Record<TransitionAction, string> = {
  probe_depth: "descend one level (probe depth)",
  probe_width: "widen by one (probe width)",
  probe_both: "widen and descend (probe both)",
  pressure_test: "widen and descend (pressure test)",
  backtrack: "back up one level (backtrack)",
};

const ACTIONS: Readonly<Record<string, string>> = ACTION_LABELS;

/** A transition code; `stuck`: the descend found no child to go to. */
export function actionText(action: string | null, stuck: boolean): string {
  if (!action) return "—";
  const text = ACTIONS[action] ?? action.replaceAll("_", " ");
  return stuck ? `${text}; stuck: no child to descend to` : text;
}

const STOP_REASON_LABELS: Record<StopReason, string> = {
  mercy_rule: "mercy rule (score gap reached the threshold)",
  max_rounds: "maximum number of rounds reached",
  no_start: "no usable start node in the tree",
};

const STOP_REASONS: Readonly<Record<string, string>> = STOP_REASON_LABELS;

export const stopReasonText = (reason: string | null) => (reason ? (STOP_REASONS[reason] ?? reason) : "—");

const FAILURE_LABELS: Record<FailureType, string> = {
  DEEP: "DEEP: missed the hidden entities",
  WIDE: "WIDE: missed facts about them",
  BOTH: "BOTH: missed entities and facts",
  NONE: "NONE: no specific failure",
};

const FAILURES: Readonly<Record<string, string>> = FAILURE_LABELS;

export const failureText = (type: string | null) => (type ? (FAILURES[type] ?? type) : "—");

export function resultText(winner: "A" | "B" | "tie" | null, a: string, b: string): string {
  if (winner === "A") return `${a} won`;
  if (winner === "B") return `${b} won`;
  if (winner === "tie") return "tie";
  return "no result yet";
}
