import {
  failureStats,
  histogram,
  skillGapVsRounds,
  verdictDistribution,
  VERDICT_TOKENS,
  type AgentFailureStats,
  type AnalysedRound,
  type SkillGapPoint,
  type VerdictDistribution,
} from "@arena/core";
import type { Correlation } from "@arena/core";
import { z } from "zod";
import type { Db } from "@arena/db";
import { agentNames, fitRatings, LEADERBOARD_BOOTSTRAP_ROUNDS, ratedMatches, type RatedMatch, type SnapshotRow } from "./ratings";

/**
 * Leaderboard analyses (SPEC §8) computed from stored rounds and matches of one examiner
 * configuration (optionally one tournament) — never pooled across configurations.
 * Rounds counted: judged rounds (not voided, no judge error) of the rated matches.
 */

const judgedRoundSchema = z.object({
  verdictToken: z.enum(VERDICT_TOKENS),
  tieQuality: z.enum(["HIGH", "LOW", "N/A"]),
  loserFailureType: z.enum(["DEEP", "WIDE", "BOTH", "NONE"]),
  depth: z.number().int(),
  width: z.number().int(),
  matchId: z.string(),
});

export interface JudgedRound extends AnalysedRound {
  depth: number;
  width: number;
}

export async function judgedRounds(db: Db, matches: readonly RatedMatch[]): Promise<JudgedRound[]> {
  const byId = new Map(matches.map((m) => [m.id, m]));
  const rows = await db.round.findMany({
    where: { matchId: { in: [...byId.keys()] }, voided: false, verdictToken: { not: null } },
    select: { verdictToken: true, tieQuality: true, loserFailureType: true, depth: true, width: true, matchId: true },
    orderBy: [{ matchId: "asc" }, { number: "asc" }],
  });
  return rows.map((raw) => {
    const r = judgedRoundSchema.parse(raw);
    const m = byId.get(r.matchId)!;
    return { agentA: m.agentAId, agentB: m.agentBId, verdict: r.verdictToken, tieQuality: r.tieQuality, loserFailureType: r.loserFailureType, depth: r.depth, width: r.width };
  });
}

export interface LeaderboardAgent extends SnapshotRow {
  /** Matches won / matches played (ties are not wins). */
  winRate: number;
  /** Per judged round (SPEC §8): failure rate and DEEP/WIDE/BOTH profile of lost rounds. */
  failure: Pick<AgentFailureStats, "rounds" | "wins" | "losses" | "ties" | "failureRate" | "lost" | "profile">;
}

export interface Leaderboard {
  examinerConfigId: string;
  tournamentId: string | null;
  matches: number;
  rounds: number;
  /** Mean counted rounds per rated match. */
  meanRoundsPerMatch: number;
  agents: LeaderboardAgent[];
  verdicts: VerdictDistribution;
  depthHistogram: { value: number; count: number }[];
  widthHistogram: { value: number; count: number }[];
  skillGap: { points: (SkillGapPoint & { names: [string, string] })[]; correlation: Correlation | null };
}

const EMPTY_FAILURE: LeaderboardAgent["failure"] = {
  rounds: 0,
  wins: 0,
  losses: 0,
  ties: 0,
  failureRate: 0,
  lost: { DEEP: 0, WIDE: 0, BOTH: 0, NONE: 0 },
  profile: { deep: 0, wide: 0, both: 0 },
};

export async function leaderboard(db: Db, opts: { examinerConfigId: string; tournamentId?: string }): Promise<Leaderboard> {
  const matches = await ratedMatches(db, opts);
  const names = await agentNames(db, matches.flatMap((m) => [m.agentAId, m.agentBId]));
  const ratings = fitRatings(matches, names, LEADERBOARD_BOOTSTRAP_ROUNDS);
  const rounds = await judgedRounds(db, matches);
  const failures = new Map(failureStats(rounds).map((f) => [f.agent, f]));
  const gap = skillGapVsRounds(
    matches.map((m) => ({ agentA: m.agentAId, agentB: m.agentBId, rounds: m.rounds })),
    Object.fromEntries(ratings.map((r) => [r.agentId, r.rating])),
  );
  return {
    examinerConfigId: opts.examinerConfigId,
    tournamentId: opts.tournamentId ?? null,
    matches: matches.length,
    rounds: rounds.length,
    meanRoundsPerMatch: matches.length ? matches.reduce((s, m) => s + m.rounds, 0) / matches.length : 0,
    agents: ratings.map((r) => {
      const { rounds: played, wins, losses, ties, failureRate, lost, profile } = failures.get(r.agentId) ?? EMPTY_FAILURE;
      return { ...r, winRate: r.games ? r.wins / r.games : 0, failure: { rounds: played, wins, losses, ties, failureRate, lost, profile } };
    }),
    verdicts: verdictDistribution(rounds),
    depthHistogram: histogram(rounds.map((r) => r.depth)),
    widthHistogram: histogram(rounds.map((r) => r.width)),
    skillGap: {
      points: gap.points.map((p) => ({ ...p, names: [names.get(p.agents[0]) ?? p.agents[0], names.get(p.agents[1]) ?? p.agents[1]] })),
      correlation: gap.correlation,
    },
  };
}
