import { z } from "zod";
import type { Db, ExaminerConfig } from "@arena/db";
import {
  snapshotRowSchema,
  battleLineSchema,
  leaderboardViewSchema,
  scopesViewSchema,
  snapshotAnalysisSchema,
  type BattleLine,
  type ExaminerSummary,
  type LeaderboardRow,
  type LeaderboardView,
  type ScopesView,
} from "./schemas";
import { describeRating } from "@arena/core";

/**
 * Agents with fewer rated matches than this are marked preliminary: with one tree per pairing
 * an agent needs several Swiss rounds before its interval says much (LMArena marks new entries
 * the same way).
 */
export const PRELIMINARY_MATCHES = 5;

export const scopeParamsSchema = z.object({
  examiner: z.string().min(1).max(200).optional(),
  tournament: z.string().min(1).max(200).optional(),
});
export type ScopeParams = z.infer<typeof scopeParamsSchema>;

async function ratedCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db.match.groupBy({
    by: ["examinerConfigId"],
    where: { status: "completed", winner: { not: null }, rounds: { gt: 0 } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.examinerConfigId, r._count._all]));
}

function examinerSummary(c: ExaminerConfig, rated: number): ExaminerSummary {
  return {
    id: c.id,
    name: c.name,
    mode: c.mode,
    model: c.model,
    baseUrl: c.baseUrl,
    generationTemperature: c.generationTemperature,
    judgeTemperature: c.judgeTemperature,
    doubleJudge: c.doubleJudge,
    promptVersion: c.promptVersion,
    createdAt: c.createdAt.toISOString(),
    ratedMatches: rated,
  };
}

/** Examiner configurations (most rated matches first) and tournaments a visitor can select. */
export async function readScopes(db: Db): Promise<ScopesView> {
  const [configs, rated, tournaments] = await Promise.all([
    db.examinerConfig.findMany({ orderBy: { createdAt: "asc" } }),
    ratedCounts(db),
    db.tournament.findMany({ orderBy: { createdAt: "desc" }, select: { id: true, name: true, status: true, examinerConfigId: true } }),
  ]);
  const examiners = configs.map((c) => examinerSummary(c, rated.get(c.id) ?? 0)).sort((a, b) => b.ratedMatches - a.ratedMatches);
  return scopesViewSchema.parse({ examiners, tournaments });
}

/**
 * Resolves a visitor's selection: the tournament's own examiner configuration when a tournament
 * is given, else the named configuration, else the one with the most rated matches. Returns null
 * for an unknown id; a tournament judged under another configuration than the one asked for is
 * unknown too (numbers are never pooled across configurations).
 */
export async function resolveScope(db: Db, params: ScopeParams) {
  const tournament = params.tournament
    ? await db.tournament.findUnique({
        where: { id: params.tournament },
        select: { id: true, name: true, status: true, examinerConfigId: true },
      })
    : null;
  if (params.tournament && !tournament) return null;
  if (tournament && params.examiner && params.examiner !== tournament.examinerConfigId) return null;
  const examinerId = tournament?.examinerConfigId ?? params.examiner;
  const rated = await ratedCounts(db);
  const chosen = examinerId ?? [...rated].sort((a, b) => b[1] - a[1])[0]?.[0];
  const config = chosen
    ? await db.examinerConfig.findUnique({ where: { id: chosen } })
    : await db.examinerConfig.findFirst({ orderBy: { createdAt: "asc" } });
  if (examinerId && !config) return null;
  return { config, rated: config ? (rated.get(config.id) ?? 0) : 0, tournament };
}

/**
 * The leaderboard of one examiner configuration (all its matches, or one tournament's), served
 * from the latest stored rating snapshot of that scope: never refitted per request, so every
 * reader (web, API, CLI) shows the numbers the worker stored. Null for an unknown scope.
 */
export async function readLeaderboard(db: Db, params: ScopeParams = {}): Promise<LeaderboardView | null> {
  const scope = await resolveScope(db, params);
  if (!scope) return null;
  const { config, tournament } = scope;
  // The latest snapshot, and the one before it for the "new since" count of the last-updated line.
  const [snapshot, previous] = config
    ? await db.ratingSnapshot.findMany({
        where: { examinerConfigId: config.id, tournamentId: tournament?.id ?? null },
        orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }],
        take: 2,
      })
    : [];
  const ratings = snapshot ? z.array(snapshotRowSchema).parse(snapshot.ratings) : [];
  const analysis = snapshot?.analysis ? snapshotAnalysisSchema.parse(snapshot.analysis) : null;
  const stats = new Map(analysis?.agents.map((a) => [a.agentId, a]));
  const meta = new Map(
    (
      await db.agent.findMany({
        where: { id: { in: ratings.map((r) => r.agentId) } },
        select: { id: true, organisation: true, model: true, createdAt: true },
      })
    ).map((a) => [a.id, a]),
  );
  const research = new Map(analysis?.research.map(({ agentId, ...r }) => [agentId, r]));
  const rows: LeaderboardRow[] = ratings.map((r) => {
    const s = stats.get(r.agentId);
    return {
      agentId: r.agentId,
      name: r.name,
      rank: r.rank,
      rating: r.rating,
      lower: r.lower,
      upper: r.upper,
      sandwich: r.sandwich ?? null,
      elo: r.elo,
      matches: r.games,
      wins: r.wins,
      losses: r.losses,
      ties: r.ties,
      winRate: r.games ? r.wins / r.games : 0,
      rounds: s
        ? { rounds: s.rounds, wins: s.wins, losses: s.losses, ties: s.ties, failureRate: s.failureRate, lost: s.lost, profile: s.profile }
        : null,
      research: research.get(r.agentId) ?? null,
      preliminary: r.games < PRELIMINARY_MATCHES,
      unbounded: r.unbounded ?? null,
      ratingFlag: describeRating(r).flag,
      organisation: meta.get(r.agentId)?.organisation ?? null,
      model: meta.get(r.agentId)?.model ?? null,
      submittedAt: meta.get(r.agentId)?.createdAt.toISOString() ?? null,
    };
  });
  return leaderboardViewSchema.parse({
    examiner: config ? examinerSummary(config, scope.rated) : null,
    tournament: tournament ? { id: tournament.id, name: tournament.name, status: tournament.status } : null,
    snapshot: snapshot
      ? {
          id: snapshot.id,
          createdAt: snapshot.createdAt.toISOString(),
          matchesCounted: snapshot.matchesCounted,
          ciMethod: snapshot.ciMethod,
          previousMatchesCounted: previous?.matchesCounted ?? null,
        }
      : null,
    preliminaryMatches: PRELIMINARY_MATCHES,
    rows,
    analysis,
  });
}

/**
 * The rated matches of a scope as battles in the public arena format, agent names as models, in
 * finishing order: exactly the matches the scope's ratings are fitted on. Null for an unknown scope.
 */
export async function readBattles(db: Db, params: ScopeParams = {}): Promise<BattleLine[] | null> {
  const scope = await resolveScope(db, params);
  if (!scope) return null;
  if (!scope.config) return [];
  const matches = await db.match.findMany({
    where: {
      examinerConfigId: scope.config.id,
      ...(scope.tournament ? { tournamentId: scope.tournament.id } : {}),
      status: "completed",
      winner: { not: null },
      rounds: { gt: 0 },
    },
    select: {
      id: true,
      winner: true,
      finishedAt: true,
      treeId: true,
      tree: { select: { title: true } },
      agentA: { select: { name: true } },
      agentB: { select: { name: true } },
    },
    orderBy: [{ finishedAt: "asc" }, { id: "asc" }],
  });
  const config = scope.config;
  return matches.map((m) =>
    battleLineSchema.parse({
      model_a: m.agentA.name,
      model_b: m.agentB.name,
      winner: m.winner === "A" ? "model_a" : m.winner === "B" ? "model_b" : "tie",
      match_id: m.id,
      finished_at: m.finishedAt?.toISOString() ?? null,
      tree_id: m.treeId,
      tree: m.tree.title,
      examiner_config_id: config.id,
      examiner_config: config.name,
    }),
  );
}
