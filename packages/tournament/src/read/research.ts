import type { Db } from "@arena/db";
import { z } from "zod";

/**
 * Cost and time of research runs: one run per agent per stored round (every round asked both
 * agents, voided and judge-error rounds too), from the figures stored with the round: USD from the
 * provider's usage and the price table (null when the model has no price or no usage came back),
 * tokens, wall time. Means are over the runs that have the figure; wall time over answered runs
 * (a failure's time is the time to fail).
 */
export const researchStatsSchema = z.object({
  /** Research runs (rounds the agent was asked in). */
  runs: z.number().int(),
  /** Runs that came back with an answer (no error class). */
  answered: z.number().int(),
  /** Runs with a cost (priced model and usage reported). */
  pricedRuns: z.number().int(),
  /** USD over the priced runs. */
  costUsd: z.number(),
  meanCostUsd: z.number().nullable(),
  /** Runs that reported a token count. */
  tokenRuns: z.number().int(),
  meanTokens: z.number().nullable(),
  meanLatencyMs: z.number().nullable(),
});
export type ResearchStats = z.infer<typeof researchStatsSchema>;

export const agentResearchStatsSchema = researchStatsSchema.extend({ agentId: z.string() });
export type AgentResearchStats = z.infer<typeof agentResearchStatsSchema>;

export type ResearchScope = { matchIds: readonly string[] } | { tournamentId: string } | { agentId: string };

const row = z.object({
  agentId: z.string(),
  runs: z.number(),
  answered: z.number(),
  pricedRuns: z.number(),
  costUsd: z.number().nullable(),
  meanCostUsd: z.number().nullable(),
  tokenRuns: z.number(),
  meanTokens: z.number().nullable(),
  meanLatencyMs: z.number().nullable(),
});

/**
 * The scope as a condition on matches `m` and its bound parameters. Written as text with
 * positional parameters (no Prisma.sql fragments): this module is imported by pages whose client
 * components must not load the database client.
 */
function matchFilter(scope: ResearchScope): { where: string; params: unknown[]; only: string } {
  if ("matchIds" in scope) return { where: `m.id = ANY($1::text[])`, params: [[...scope.matchIds]], only: "" };
  if ("tournamentId" in scope) return { where: `m."tournamentId" = $1`, params: [scope.tournamentId], only: "" };
  return { where: `(m."agentAId" = $1 OR m."agentBId" = $1)`, params: [scope.agentId], only: `WHERE agent = $1` };
}

/** Per agent of the scope's matches (for an agent scope: that agent only), agents in id order. */
export async function researchStats(db: Db, scope: ResearchScope): Promise<AgentResearchStats[]> {
  const { where, params, only } = matchFilter(scope);
  const rows = await db.$queryRawUnsafe<unknown[]>(
    `WITH seats AS (
      SELECT m."agentAId" AS agent, r."costA" AS cost, r."tokensA" AS tokens, r."latencyAMs" AS latency, r."errorA" AS error
      FROM "Round" r JOIN "Match" m ON m.id = r."matchId" WHERE ${where}
      UNION ALL
      SELECT m."agentBId", r."costB", r."tokensB", r."latencyBMs", r."errorB"
      FROM "Round" r JOIN "Match" m ON m.id = r."matchId" WHERE ${where}
    )
    SELECT agent AS "agentId", count(*)::int AS runs, (count(*) FILTER (WHERE error IS NULL))::int AS answered,
      count(cost)::int AS "pricedRuns", sum(cost)::float8 AS "costUsd", avg(cost)::float8 AS "meanCostUsd",
      count(tokens)::int AS "tokenRuns", avg(tokens)::float8 AS "meanTokens", (avg(latency) FILTER (WHERE error IS NULL))::float8 AS "meanLatencyMs"
    FROM seats ${only} GROUP BY agent ORDER BY agent`,
    ...params,
  );
  return rows.map((raw) => {
    const r = row.parse(raw);
    return { ...r, costUsd: r.costUsd ?? 0 };
  });
}

/** The whole scope summed (a tournament's running cost): every agent's runs together. */
export function totalOf(stats: readonly AgentResearchStats[]): ResearchStats {
  const sum = (f: (s: AgentResearchStats) => number) => stats.reduce((n, s) => n + f(s), 0);
  const runs = sum((s) => s.runs);
  const pricedRuns = sum((s) => s.pricedRuns);
  const answered = sum((s) => s.answered);
  const weighted = (mean: (s: AgentResearchStats) => number | null, weight: (s: AgentResearchStats) => number) => {
    const parts = stats.filter((s) => mean(s) !== null);
    const w = parts.reduce((n, s) => n + weight(s), 0);
    return w ? parts.reduce((n, s) => n + mean(s)! * weight(s), 0) / w : null;
  };
  const costUsd = sum((s) => s.costUsd);
  return {
    runs,
    answered,
    pricedRuns,
    costUsd,
    meanCostUsd: pricedRuns ? costUsd / pricedRuns : null,
    tokenRuns: sum((s) => s.tokenRuns),
    meanTokens: weighted(
      (s) => s.meanTokens,
      (s) => s.tokenRuns,
    ),
    meanLatencyMs: weighted(
      (s) => s.meanLatencyMs,
      (s) => s.answered,
    ),
  };
}
