import { quantileSorted, Rng } from "@arena/core";
import type { Prisma, PrismaClient } from "@arena/db";
import { z } from "zod";

/**
 * Reads of stored report scores, (db, params) → zod-checked plain data, for the match page
 * (per-round panels) and the leaderboard / agent page (per-agent means with intervals).
 */
const scoreSchema = z.object({
  side: z.string(),
  metric: z.string(),
  value: z.number(),
  mode: z.string(),
  model: z.string().nullable(),
  details: z.unknown(),
});

export const roundScoresSchema = z.object({
  matchId: z.string(),
  rounds: z.array(z.object({ roundId: z.string(), number: z.int(), verdictWinner: z.enum(["A", "B", "tie"]), scores: z.array(scoreSchema) })),
});
export type RoundScores = z.infer<typeof roundScoresSchema>;

const winnerOf = (a: number, b: number) => (a > b ? "A" : b > a ? "B" : "tie") as "A" | "B" | "tie";

/** Every stored score of a match's rounds, round by round (details hold e.g. which citations held). */
export async function roundScores(db: PrismaClient, params: { matchId: string }): Promise<RoundScores> {
  const rounds = await db.round.findMany({
    where: { matchId: params.matchId },
    orderBy: { number: "asc" },
    select: { id: true, number: true, scoreA: true, scoreB: true, reportScores: { orderBy: [{ side: "asc" }, { metric: "asc" }] } },
  });
  return roundScoresSchema.parse({
    matchId: params.matchId,
    rounds: rounds.map((r) => ({
      roundId: r.id,
      number: r.number,
      verdictWinner: winnerOf(r.scoreA, r.scoreB),
      scores: r.reportScores.map((s) => ({ side: s.side, metric: s.metric, value: s.value, mode: s.mode, model: s.model, details: s.details })),
    })),
  });
}

const meanSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  metric: z.string(),
  mode: z.string(),
  n: z.int(),
  mean: z.number(),
  lower: z.number(),
  upper: z.number(),
});
export const agentScoreMeansSchema = z.object({
  agents: z.array(meanSchema),
  /** Rounds where RACE picked a side and the examiner's verdict did too; agreement = same side. */
  raceAgreement: z.object({ rounds: z.int(), agree: z.int(), rate: z.number().nullable() }),
});
export type AgentScoreMeans = z.infer<typeof agentScoreMeansSchema>;

const BOOTSTRAP = 500;

/** Percentile bootstrap interval (95 %) of a mean over rounds, fixed seed: the same data read twice gives the same interval. */
export function meanInterval(values: number[], seed = 7): { mean: number; lower: number; upper: number } {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, lower: mean, upper: mean };
  const rng = Rng.fromSeed(seed);
  const means = new Float64Array(BOOTSTRAP);
  for (let b = 0; b < BOOTSTRAP; b++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[rng.int(n)]!;
    means[b] = s / n;
  }
  means.sort();
  return { mean, lower: quantileSorted(means, 0.025), upper: quantileSorted(means, 0.975) };
}

/**
 * Per-agent means of every metric (and mode: offline and llm scores are never pooled) over the
 * scored rounds of finished matches in a scope, with bootstrap intervals; and the agreement rate
 * of RACE with the examiner's round verdicts.
 */
export async function agentScoreMeans(db: PrismaClient, params: { examinerConfigId?: string; tournamentId?: string; agentId?: string } = {}): Promise<AgentScoreMeans> {
  const match: Prisma.MatchWhereInput = {
    status: "completed",
    ...(params.examinerConfigId ? { examinerConfigId: params.examinerConfigId } : {}),
    ...(params.tournamentId ? { tournamentId: params.tournamentId } : {}),
    ...(params.agentId ? { OR: [{ agentAId: params.agentId }, { agentBId: params.agentId }] } : {}),
  };
  const rows = await db.reportScore.findMany({
    where: { side: { in: ["A", "B"] }, round: { match } },
    select: {
      side: true,
      metric: true,
      mode: true,
      value: true,
      roundId: true,
      round: { select: { scoreA: true, scoreB: true, match: { select: { agentA: { select: { id: true, name: true } }, agentB: { select: { id: true, name: true } } } } } },
    },
  });
  const groups = new Map<string, { agentId: string; name: string; metric: string; mode: string; values: number[] }>();
  const race = new Map<string, { A?: number; verdict: "A" | "B" | "tie" }>();
  for (const r of rows) {
    const agent = r.side === "A" ? r.round.match.agentA : r.round.match.agentB;
    if (params.agentId && agent.id !== params.agentId) continue;
    const key = `${agent.id}\u0000${r.metric}\u0000${r.mode}`;
    const g = groups.get(key) ?? { agentId: agent.id, name: agent.name, metric: r.metric, mode: r.mode, values: [] };
    g.values.push(r.value);
    groups.set(key, g);
    if (r.metric === "race_share" && r.side === "A") race.set(r.roundId, { A: r.value, verdict: winnerOf(r.round.scoreA, r.round.scoreB) });
  }
  const decided = [...race.values()].filter((x) => x.verdict !== "tie" && x.A !== undefined && x.A !== 0.5);
  const agree = decided.filter((x) => (x.A! > 0.5 ? "A" : "B") === x.verdict).length;
  return agentScoreMeansSchema.parse({
    agents: [...groups.values()]
      .sort((a, b) => a.name.localeCompare(b.name) || a.metric.localeCompare(b.metric) || a.mode.localeCompare(b.mode))
      .map(({ values, ...g }) => ({ ...g, n: values.length, ...meanInterval(values) })),
    raceAgreement: { rounds: decided.length, agree, rate: decided.length ? agree / decided.length : null },
  });
}
