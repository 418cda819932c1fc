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

/** The round's verdict as a side: the judge's token, not the cumulative score (null: not judged). */
export const verdictSide = (token: string | null): "A" | "B" | "tie" | null =>
  token === null ? null : token.startsWith("[[A_") ? "A" : token.startsWith("[[B_") ? "B" : "tie";

const citationPairSchema = z.object({
  n: z.int(),
  statement: z.string(),
  url: z.string(),
  support: z.enum(["supported", "unsupported", "unknown"]),
  /** An unsupported statement the page states with another figure. */
  contradicted: z.boolean().optional(),
  /** The node of the match's tree stored under this URL (its page text), when there is one. */
  nodeId: z.string().nullable(),
});
const citationViewSchema = z.object({
  mode: z.string(),
  model: z.string().nullable(),
  count: z.int(),
  supported: z.int(),
  unsupported: z.int(),
  /** Of the unsupported, those the page contradicts (another figure for the same relation). */
  contradicted: z.int(),
  unknown: z.int(),
  /** Statements beyond the judged cap, in no count. */
  truncated: z.int(),
  /** supported / (supported + unsupported); null when nothing could be judged. */
  accuracy: z.number().nullable(),
  pairs: z.array(citationPairSchema),
});
export type CitationView = z.infer<typeof citationViewSchema>;

export const roundScoresSchema = z.object({
  matchId: z.string(),
  treeId: z.string(),
  rounds: z.array(
    z.object({
      roundId: z.string(),
      number: z.int(),
      /** The examiner's verdict of this round; null when it was not judged (voided, judge error). */
      verdictWinner: z.enum(["A", "B", "tie"]).nullable(),
      /** Every stored score; the citation rows' judged pairs are in `citations` instead. */
      scores: z.array(scoreSchema),
      citations: z.object({ A: citationViewSchema.nullable(), B: citationViewSchema.nullable() }),
      /** RACE's pairwise share of A, and whether the side it favours is the verdict's (null: a tie either way). */
      race: z.object({ shareA: z.number(), mode: z.string(), agrees: z.boolean().nullable() }).nullable(),
    }),
  ),
});
export type RoundScores = z.infer<typeof roundScoresSchema>;

const storedCitations = z.object({
  count: z.int(),
  supported: z.int(),
  unsupported: z.int(),
  // rows scored before contradictions were counted have none
  contradicted: z.int().default(0),
  unknown: z.int(),
  truncated: z.int().default(0),
  pairs: z
    .array(
      z.object({
        n: z.int(),
        statement: z.string(),
        url: z.string(),
        support: z.enum(["supported", "unsupported", "unknown"]),
        contradicted: z.boolean().optional(),
      }),
    )
    .default([]),
});

/** RACE agrees with a verdict when it favours the same side; a tie on either side says nothing. */
function raceAgrees(shareA: number, verdict: "A" | "B" | "tie" | null): boolean | null {
  if (verdict === null || verdict === "tie" || shareA === 0.5) return null;
  return (shareA > 0.5 ? "A" : "B") === verdict;
}

/**
 * Every stored score of a match's rounds, round by round, with each answer's judged citations
 * (supported / unsupported / unknown) linked to the stored page of the match's tree when the
 * cited URL is one of its nodes. Null for an unknown match.
 */
export async function roundScores(db: PrismaClient, params: { matchId: string }): Promise<RoundScores | null> {
  const match = await db.match.findUnique({
    where: { id: params.matchId },
    select: {
      treeId: true,
      roundRows: {
        orderBy: { number: "asc" },
        select: { id: true, number: true, verdictToken: true, reportScores: { orderBy: [{ side: "asc" }, { metric: "asc" }] } },
      },
    },
  });
  if (!match) return null;
  const cited = new Set<string>();
  const parsed = new Map<string, z.infer<typeof storedCitations>>();
  for (const r of match.roundRows) {
    for (const s of r.reportScores) {
      if (s.metric !== "citation_effective") continue;
      const c = storedCitations.safeParse(s.details);
      if (!c.success) continue;
      parsed.set(s.id, c.data);
      for (const p of c.data.pairs) cited.add(p.url);
    }
  }
  const nodes = cited.size
    ? await db.node.findMany({
        where: { treeId: match.treeId, url: { in: [...cited] } },
        select: { id: true, url: true },
        orderBy: { id: "asc" },
      })
    : [];
  const nodeOf = new Map<string, string>();
  for (const n of nodes) if (!nodeOf.has(n.url)) nodeOf.set(n.url, n.id);

  return roundScoresSchema.parse({
    matchId: params.matchId,
    treeId: match.treeId,
    rounds: match.roundRows.map((r) => {
      const verdict = verdictSide(r.verdictToken);
      const citations = (side: "A" | "B"): CitationView | null => {
        const row = r.reportScores.find((s) => s.side === side && s.metric === "citation_effective");
        const c = row ? parsed.get(row.id) : undefined;
        if (!row || !c) return null;
        const judged = c.supported + c.unsupported;
        return {
          mode: row.mode,
          model: row.model,
          count: c.count,
          supported: c.supported,
          unsupported: c.unsupported,
          contradicted: c.contradicted,
          unknown: c.unknown,
          truncated: c.truncated,
          accuracy: judged ? c.supported / judged : null,
          pairs: c.pairs.map((p) => ({ ...p, nodeId: nodeOf.get(p.url) ?? null })),
        };
      };
      const race = r.reportScores.find((s) => s.side === "A" && s.metric === "race_share");
      return {
        roundId: r.id,
        number: r.number,
        verdictWinner: verdict,
        scores: r.reportScores.map((s) => ({
          side: s.side,
          metric: s.metric,
          value: s.value,
          mode: s.mode,
          model: s.model,
          details: s.metric === "citation_effective" ? {} : s.details,
        })),
        citations: { A: citations("A"), B: citations("B") },
        race: race ? { shareA: race.value, mode: race.mode, agrees: raceAgrees(race.value, verdict) } : null,
      };
    }),
  });
}

const meanSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  metric: z.string(),
  mode: z.string(),
  /** Scored answers (rounds) and the matches they come from. */
  n: z.int(),
  matches: z.int(),
  mean: z.number(),
  /** 95 % bootstrap bounds; null (unbounded) from fewer than two matches. */
  lower: z.number().nullable(),
  upper: z.number().nullable(),
});
export const agentScoreMeansSchema = z.object({
  agents: z.array(meanSchema),
  /** Rounds where RACE picked a side and the examiner's verdict did too; agreement = same side. */
  raceAgreement: z.object({ rounds: z.int(), agree: z.int(), rate: z.number().nullable() }),
});
export type AgentScoreMeans = z.infer<typeof agentScoreMeansSchema>;
export type ScoreMean = z.infer<typeof meanSchema>;

const BOOTSTRAP = 500;

/**
 * Mean over rounds with a 95 % percentile bootstrap interval that resamples matches (clusters),
 * not rounds: the rounds of one match share a question tree and the agents' conversation, so they
 * are not independent draws. With fewer than two matches a resample can only repeat the data, so
 * the interval is unbounded (null), never a zero-width one. Fixed seed: the same data read twice
 * gives the same interval.
 */
export function meanInterval(clusters: number[][], seed = 7): { mean: number; lower: number | null; upper: number | null } {
  const sums = clusters.map((c) => c.reduce((a, b) => a + b, 0));
  const sizes = clusters.map((c) => c.length);
  const total = sizes.reduce((a, b) => a + b, 0);
  const mean = sums.reduce((a, b) => a + b, 0) / total;
  const k = clusters.length;
  if (k < 2) return { mean, lower: null, upper: null };
  const rng = Rng.fromSeed(seed);
  const means = new Float64Array(BOOTSTRAP);
  for (let b = 0; b < BOOTSTRAP; b++) {
    let s = 0;
    let n = 0;
    for (let i = 0; i < k; i++) {
      const j = rng.int(k);
      s += sums[j]!;
      n += sizes[j]!;
    }
    means[b] = s / n;
  }
  means.sort();
  return { mean, lower: quantileSorted(means, 0.025), upper: quantileSorted(means, 0.975) };
}

/**
 * Per-agent means of every metric (and mode: offline and llm scores are never pooled) over the
 * scored rounds of finished matches in a scope, with bootstrap intervals over matches; and the
 * agreement rate of RACE with the examiner's round verdicts.
 */
export async function agentScoreMeans(
  db: PrismaClient,
  params: { examinerConfigId?: string; tournamentId?: string; agentId?: string } = {},
): Promise<AgentScoreMeans> {
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
      round: {
        select: {
          matchId: true,
          verdictToken: true,
          match: { select: { agentA: { select: { id: true, name: true } }, agentB: { select: { id: true, name: true } } } },
        },
      },
    },
  });
  return scoreMeans(
    rows.map((r) => ({
      side: r.side,
      metric: r.metric,
      mode: r.mode,
      value: r.value,
      roundId: r.roundId,
      matchId: r.round.matchId,
      verdictToken: r.round.verdictToken,
      agentA: r.round.match.agentA,
      agentB: r.round.match.agentB,
    })),
    params.agentId,
  );
}

/** One stored score of an answer with what the means need of its round and match. */
export interface ScoreRow {
  side: string;
  metric: string;
  mode: string;
  value: number;
  roundId: string;
  matchId: string;
  verdictToken: string | null;
  agentA: { id: string; name: string };
  agentB: { id: string; name: string };
}

/**
 * The means of agentScoreMeans from score rows, without I/O (the workers' scoreboard computation
 * reads the rows itself): per agent, metric and mode, with bootstrap intervals over matches, and
 * RACE's agreement with the verdicts over every row's round. `agentId`: that agent's means only.
 */
export function scoreMeans(rows: readonly ScoreRow[], agentId?: string): AgentScoreMeans {
  const groups = new Map<string, { agentId: string; name: string; metric: string; mode: string; byMatch: Map<string, number[]> }>();
  const race = new Map<string, boolean | null>();
  for (const r of rows) {
    const agent = r.side === "A" ? r.agentA : r.agentB;
    if (r.metric === "race_share" && r.side === "A") race.set(r.roundId, raceAgrees(r.value, verdictSide(r.verdictToken)));
    if (agentId && agent.id !== agentId) continue;
    const key = `${agent.id}\u0000${r.metric}\u0000${r.mode}`;
    const g = groups.get(key) ?? {
      agentId: agent.id,
      name: agent.name,
      metric: r.metric,
      mode: r.mode,
      byMatch: new Map<string, number[]>(),
    };
    const values = g.byMatch.get(r.matchId) ?? [];
    values.push(r.value);
    g.byMatch.set(r.matchId, values);
    groups.set(key, g);
  }
  const decided = [...race.values()].filter((x) => x !== null);
  const agree = decided.filter(Boolean).length;
  return agentScoreMeansSchema.parse({
    agents: [...groups.values()]
      .sort((a, b) => a.name.localeCompare(b.name) || a.metric.localeCompare(b.metric) || a.mode.localeCompare(b.mode))
      .map(({ byMatch, ...g }) => {
        const clusters = [...byMatch.values()];
        return { ...g, n: clusters.reduce((s, c) => s + c.length, 0), matches: clusters.length, ...meanInterval(clusters) };
      }),
    raceAgreement: { rounds: decided.length, agree, rate: decided.length ? agree / decided.length : null },
  });
}
