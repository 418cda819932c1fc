import { pearson, type Correlation } from "../stats/stats";
import type { FailureType, TieQuality, VerdictToken } from "../closed-sets";
import { verdictWinner } from "../loop/verdict";

/** One judged round as the analyses need it (docs/method.md §8). */
export interface AnalysedRound {
  agentA: string;
  agentB: string;
  verdict: VerdictToken;
  tieQuality: TieQuality;
  loserFailureType: FailureType;
}

const FAILURES: readonly FailureType[] = ["DEEP", "WIDE", "BOTH", "NONE"];
const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

export interface AgentFailureStats {
  agent: string;
  rounds: number;
  wins: number;
  losses: number;
  ties: number;
  /** (losses + ties) / rounds. */
  failureRate: number;
  /** Loser failure types of this agent's lost rounds. */
  lost: Record<FailureType, number>;
  /** Shares of DEEP / WIDE / BOTH among lost rounds (NONE makes up the rest). */
  profile: { deep: number; wide: number; both: number };
}

/** Failure rate and failure profile per agent, sorted by agent id. */
export function failureStats(rounds: readonly AnalysedRound[]): AgentFailureStats[] {
  const by = new Map<string, AgentFailureStats>();
  const get = (agent: string) => {
    let s = by.get(agent);
    if (!s) {
      s = {
        agent,
        rounds: 0,
        wins: 0,
        losses: 0,
        ties: 0,
        failureRate: 0,
        lost: { DEEP: 0, WIDE: 0, BOTH: 0, NONE: 0 },
        profile: { deep: 0, wide: 0, both: 0 },
      };
      by.set(agent, s);
    }
    return s;
  };
  for (const r of rounds) {
    const a = get(r.agentA);
    const b = get(r.agentB);
    a.rounds++;
    b.rounds++;
    const w = verdictWinner(r);
    if (w === null) {
      a.ties++;
      b.ties++;
      continue;
    }
    const [winner, loser] = w === "A" ? [a, b] : [b, a];
    winner.wins++;
    loser.losses++;
    loser.lost[r.loserFailureType]++;
  }
  return [...by.values()]
    .map((s) => ({
      ...s,
      failureRate: share(s.losses + s.ties, s.rounds),
      profile: { deep: share(s.lost.DEEP, s.losses), wide: share(s.lost.WIDE, s.losses), both: share(s.lost.BOTH, s.losses) },
    }))
    .sort((x, y) => (x.agent < y.agent ? -1 : 1));
}

export type VerdictCategory = "MUCH_BETTER" | "BETTER" | "TIE_HIGH" | "TIE_LOW";

export interface VerdictDistribution {
  rounds: number;
  counts: Record<VerdictCategory, number>;
  shares: Record<VerdictCategory, number>;
  /** Loser failure types over decided (non-tie) rounds. */
  failureCounts: Record<FailureType, number>;
  failureShares: Record<FailureType, number>;
}

function verdictCategory(r: Pick<AnalysedRound, "verdict" | "tieQuality">): VerdictCategory {
  if (verdictWinner(r) === null) return r.tieQuality === "HIGH" ? "TIE_HIGH" : "TIE_LOW";
  return r.verdict.includes("MUCH_BETTER") ? "MUCH_BETTER" : "BETTER";
}

export function verdictDistribution(rounds: readonly AnalysedRound[]): VerdictDistribution {
  const counts: Record<VerdictCategory, number> = { MUCH_BETTER: 0, BETTER: 0, TIE_HIGH: 0, TIE_LOW: 0 };
  const failureCounts: Record<FailureType, number> = { DEEP: 0, WIDE: 0, BOTH: 0, NONE: 0 };
  let decided = 0;
  for (const r of rounds) {
    counts[verdictCategory(r)]++;
    if (verdictWinner(r) !== null) {
      decided++;
      failureCounts[r.loserFailureType]++;
    }
  }
  const shares = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, share(v, rounds.length)])) as Record<
    VerdictCategory,
    number
  >;
  const failureShares = Object.fromEntries(FAILURES.map((f) => [f, share(failureCounts[f], decided)])) as Record<FailureType, number>;
  return { rounds: rounds.length, counts, shares, failureCounts, failureShares };
}

export interface MatchLength {
  agentA: string;
  agentB: string;
  /** Counted rounds the match took. */
  rounds: number;
}

export interface SkillGapPoint {
  /** The pair, ids in sorted order. */
  agents: [string, string];
  /** |rating difference|. */
  gap: number;
  meanRounds: number;
  matches: number;
}

/**
 * Skill gap vs rounds (paper Fig. 5): per unordered pair, |rating gap| against the mean rounds
 * per match, and Pearson r over the pairs (null with fewer than 3 pairs). Pairs with an unrated
 * agent are left out.
 */
export function skillGapVsRounds(
  matches: readonly MatchLength[],
  ratings: Readonly<Record<string, number>>,
): { points: SkillGapPoint[]; correlation: Correlation | null } {
  const groups = new Map<string, { agents: [string, string]; total: number; matches: number }>();
  for (const m of matches) {
    const agents = [m.agentA, m.agentB].sort() as [string, string];
    const key = agents.join("\u0000");
    const g = groups.get(key) ?? { agents, total: 0, matches: 0 };
    g.total += m.rounds;
    g.matches++;
    groups.set(key, g);
  }
  const points: SkillGapPoint[] = [];
  for (const g of groups.values()) {
    const [x, y] = g.agents;
    if (ratings[x] === undefined || ratings[y] === undefined) continue;
    points.push({ agents: g.agents, gap: Math.abs(ratings[x] - ratings[y]), meanRounds: g.total / g.matches, matches: g.matches });
  }
  points.sort((p, q) => p.gap - q.gap);
  const correlation =
    points.length >= 3
      ? pearson(
          points.map((p) => p.gap),
          points.map((p) => p.meanRounds),
        )
      : null;
  return { points, correlation };
}

/** Counts per integer value, ascending (depth / width at the moment of verdict). */
export function histogram(values: readonly number[]): { value: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => a.value - b.value);
}
