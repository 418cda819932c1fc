/** Plain-language names for the stored codes of matches and rounds. */

const VERDICTS: Record<string, { seat: "A" | "B" | null; text: string }> = {
  "[[A_MUCH_BETTER]]": { seat: "A", text: "much better" },
  "[[A_BETTER]]": { seat: "A", text: "better" },
  "[[Tie]]": { seat: null, text: "tie" },
  "[[B_BETTER]]": { seat: "B", text: "better" },
  "[[B_MUCH_BETTER]]": { seat: "B", text: "much better" },
};

export function verdictOf(token: string | null): { seat: "A" | "B" | null; text: string } | null {
  return token ? (VERDICTS[token] ?? { seat: null, text: token }) : null;
}

const ACTIONS: Record<string, string> = {
  probe_depth: "descend one level (probe depth)",
  probe_width: "widen by one (probe width)",
  pressure_test: "widen and descend (pressure test)",
  backtrack: "back up one level (backtrack)",
};

/** A transition code; `stuck`: the descend found no child to go to. */
export function actionText(action: string | null, stuck: boolean): string {
  if (!action) return "—";
  const text = ACTIONS[action] ?? action.replaceAll("_", " ");
  return stuck ? `${text}; stuck: no child to descend to` : text;
}

const STOP_REASONS: Record<string, string> = {
  mercy_rule: "mercy rule (score gap reached the threshold)",
  max_rounds: "maximum number of rounds reached",
  no_start: "no usable start node in the tree",
};

export const stopReasonText = (reason: string | null) => (reason ? (STOP_REASONS[reason] ?? reason) : "—");

const FAILURES: Record<string, string> = {
  DEEP: "DEEP: missed the hidden entities",
  WIDE: "WIDE: missed facts about them",
  BOTH: "BOTH: missed entities and facts",
  NONE: "NONE: no specific failure",
};

export const failureText = (type: string | null) => (type ? (FAILURES[type] ?? type) : "—");

export function resultText(winner: "A" | "B" | "tie" | null, a: string, b: string): string {
  if (winner === "A") return `${a} won`;
  if (winner === "B") return `${b} won`;
  if (winner === "tie") return "tie";
  return "no result yet";
}
