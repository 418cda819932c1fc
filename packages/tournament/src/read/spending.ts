import { estimateTournament, type Spending, type TournamentEstimate } from "@arena/core";
import type { Db } from "@arena/db";
import { z } from "zod";
import { researchStats, totalOf, type AgentResearchStats } from "./research";

/** What a tournament's research has cost so far, in total and per participant (names from the agents). */
export async function tournamentSpending(db: Db, tournamentId: string): Promise<Spending> {
  const [stats, agents] = await Promise.all([
    researchStats(db, { tournamentId }),
    db.tournamentParticipant.findMany({ where: { tournamentId }, select: { agentId: true, agent: { select: { name: true } } } }),
  ]);
  return spendingOf(stats, new Map(agents.map((a) => [a.agentId, a.agent.name])));
}

export function spendingOf(stats: readonly AgentResearchStats[], names: ReadonlyMap<string, string>): Spending {
  return {
    totalUsd: totalOf(stats).costUsd,
    perAgent: stats.map((s) => ({ agentId: s.agentId, name: names.get(s.agentId) ?? s.agentId, costUsd: s.costUsd })),
  };
}

export const tournamentEstimateSchema = z.object({
  agents: z.number().int(),
  rounds: z.number().int(),
  matches: z.number().int(),
  runsPerAgent: z.number(),
  roundsPerMatch: z.number(),
  knownCostUsd: z.number(),
  perAgent: z.array(z.object({ agentId: z.string(), name: z.string(), costUsd: z.number().nullable() })),
  unpriced: z.array(z.string()),
  /**
   * Wall-clock time, roughly: each round's matches run side by side, and a match's rounds one
   * after another at the pace of its slower agent, so rounds × rounds per match × the slowest
   * known mean research latency. Null while no agent has a timed run.
   */
  timeMs: z.number().nullable(),
});

/**
 * The estimate printed before a tournament starts: its agents, expected matches and rounds, and
 * the cost at each agent's known price (its mean USD per research run over every round it played;
 * agents never priced are listed as unpriced). Rounds per match: the mean over the stored matches
 * of these agents when there are any, else DEFAULT_ROUNDS_PER_MATCH.
 */
export async function readTournamentEstimate(
  db: Db,
  input: { agentIds: readonly string[]; rounds: number; treesPerPairing: number },
): Promise<TournamentEstimate> {
  const ids = [...input.agentIds];
  const [agents, played] = await Promise.all([
    db.agent.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
    db.match.aggregate({
      where: { status: "completed", rounds: { gt: 0 }, OR: [{ agentAId: { in: ids } }, { agentBId: { in: ids } }] },
      _avg: { rounds: true },
    }),
  ]);
  const prices = await Promise.all(
    agents.map(async (a) => {
      const [stats] = await researchStats(db, { agentId: a.id });
      return { agentId: a.id, name: a.name, meanCostUsdPerRun: stats?.meanCostUsd ?? null, meanLatencyMs: stats?.meanLatencyMs ?? null };
    }),
  );
  const estimate = estimateTournament({
    agents: prices,
    rounds: input.rounds,
    treesPerPairing: input.treesPerPairing,
    ...(played._avg.rounds ? { roundsPerMatch: played._avg.rounds } : {}),
  });
  const latencies = prices.flatMap((p) => (p.meanLatencyMs === null ? [] : [p.meanLatencyMs]));
  const timeMs = latencies.length ? estimate.rounds * estimate.roundsPerMatch * Math.max(...latencies) : null;
  return tournamentEstimateSchema.parse({ ...estimate, timeMs });
}
