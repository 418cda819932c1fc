import type { TournamentModeName } from "../closed-sets";

/**
 * Tournament budgets (docs/tournaments.md, Budgets): an estimate before a tournament starts and the cap check while it
 * runs. Pure: callers pass the spending and the prices they read.
 */

/** What one agent is known to cost: mean USD per research run over its priced runs so far. */
export interface AgentPrice {
  agentId: string;
  name: string;
  /** Null when no run of the agent was ever priced (unknown model, no usage reported). */
  meanCostUsdPerRun: number | null;
}

export interface TournamentEstimate {
  agents: number;
  rounds: number;
  /** Matches of all rounds: floor(agents / 2) pairings a round, each on treesPerPairing trees. */
  matches: number;
  /** Research runs each agent makes (matches it plays × expected rounds per match). */
  runsPerAgent: number;
  roundsPerMatch: number;
  /** USD of the agents with a known price; agents without one are listed in `unpriced`. */
  knownCostUsd: number;
  perAgent: { agentId: string; name: string; costUsd: number | null }[];
  unpriced: string[];
}

/**
 * Rounds per match when nothing better is known: the mean of the planted-skill simulation's
 * matches (3–4.7 rounds between close agents; the mercy rule ends uneven ones sooner).
 */
export const DEFAULT_ROUNDS_PER_MATCH = 4;

export function estimateTournament(input: {
  agents: readonly AgentPrice[];
  rounds: number;
  treesPerPairing: number;
  roundsPerMatch?: number;
}): TournamentEstimate {
  const n = input.agents.length;
  const roundsPerMatch = input.roundsPerMatch ?? DEFAULT_ROUNDS_PER_MATCH;
  const matches = input.rounds * Math.floor(n / 2) * input.treesPerPairing;
  // With an odd count one agent sits out each round: each plays (n − 1)/n of the rounds on average.
  const runsPerAgent = n === 0 ? 0 : ((matches * 2) / n) * roundsPerMatch;
  const perAgent = input.agents.map((a) => ({
    agentId: a.agentId,
    name: a.name,
    costUsd: a.meanCostUsdPerRun === null ? null : a.meanCostUsdPerRun * runsPerAgent,
  }));
  return {
    agents: n,
    rounds: input.rounds,
    matches,
    runsPerAgent,
    roundsPerMatch,
    knownCostUsd: perAgent.reduce((s, a) => s + (a.costUsd ?? 0), 0),
    perAgent,
    unpriced: perAgent.filter((a) => a.costUsd === null).map((a) => a.name),
  };
}

export interface Spending {
  totalUsd: number;
  perAgent: readonly { agentId: string; name: string; costUsd: number }[];
}

const usd = (x: number) => `$${x.toFixed(2)}`;

/**
 * Why a tournament must pause, or null while it is within its caps: the total reached the cost cap,
 * or one agent's research reached the per-agent cap (the first such agent by name).
 */
export function budgetStop(caps: { costCapUsd: number | null; agentCapUsd: number | null }, spent: Spending): string | null {
  if (caps.costCapUsd !== null && spent.totalUsd >= caps.costCapUsd) {
    return `cost cap reached: ${usd(spent.totalUsd)} spent of ${usd(caps.costCapUsd)}`;
  }
  if (caps.agentCapUsd !== null) {
    const over = [...spent.perAgent].sort((a, b) => (a.name < b.name ? -1 : 1)).find((a) => a.costUsd >= caps.agentCapUsd!);
    if (over) return `per-agent cap reached: ${over.name} spent ${usd(over.costUsd)} of ${usd(caps.agentCapUsd)}`;
  }
  return null;
}

const usdOrNone = (x: number | null) => (x === null ? "none" : usd(x));

/**
 * The estimate as lines of text (what `arena tournament create` prints and the console shows). A
 * continuous tournament has no last round: its estimate is for its first `e.rounds` rounds, and its
 * caps are what bounds the spending.
 */
export function estimateLines(
  e: TournamentEstimate,
  t: { costCapUsd: number | null; agentCapUsd: number | null; mode?: TournamentModeName },
): string[] {
  const scope =
    t.mode === "continuous"
      ? `the first ${e.rounds} rounds of a continuous tournament (no last round: only the caps bound its cost)`
      : `${e.rounds} rounds`;
  const lines = [
    `estimate: ${e.agents} agents, ${scope}, ${e.matches} matches, about ${e.runsPerAgent.toFixed(0)} research runs per agent (${e.roundsPerMatch.toFixed(1)} rounds per match)`,
    `known cost: ${usd(e.knownCostUsd)}${e.unpriced.length ? ` + unknown for ${e.unpriced.join(", ")} (no priced run yet)` : ""}; caps: total ${usdOrNone(t.costCapUsd)}, per agent ${usdOrNone(t.agentCapUsd)}`,
  ];
  for (const a of e.perAgent) if (a.costUsd !== null) lines.push(`  ${a.name}: ${usd(a.costUsd)}`);
  if (t.costCapUsd !== null && e.knownCostUsd > t.costCapUsd)
    lines.push(
      `the known cost exceeds the cost cap: the tournament will pause at ${usd(t.costCapUsd)}${t.mode === "continuous" ? "" : " before its last round"}`,
    );
  return lines;
}
