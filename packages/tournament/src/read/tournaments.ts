import { researchStats, totalOf } from "./research";
import { spendingOf } from "./spending";
import type { Db, JobStatus, Prisma } from "@arena/db";
import { PUBLIC_AGENT } from "@arena/db/where";
import { z } from "zod";
import { snapshotRowSchema, tournamentSummarySchema, tournamentViewSchema, type TournamentSummary, type TournamentView } from "./schemas";
import { PRELIMINARY_MATCHES } from "./leaderboard";
import { iso, matchRefSelect } from "./shared";
import { describeRating } from "@arena/core";

const summarySelect = {
  id: true,
  name: true,
  status: true,
  examinerConfigId: true,
  currentRound: true,
  swissRounds: true,
  treesPerPairing: true,
  pairing: true,
  mode: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  examinerConfig: { select: { name: true, mode: true } },
  // Only public agents (PUBLIC_AGENT) are counted and named, as on every public read.
  _count: { select: { participants: { where: { agent: PUBLIC_AGENT } }, trees: true } },
} satisfies Prisma.TournamentSelect;
type SummaryRow = Prisma.TournamentGetPayload<{ select: typeof summarySelect }>;

type StatusCounts = TournamentSummary["matches"];
const EMPTY_COUNTS: StatusCounts = { total: 0, completed: 0, running: 0, queued: 0, failed: 0, cancelled: 0 };

async function matchCounts(db: Db, ids: readonly string[]): Promise<Map<string, StatusCounts>> {
  const rows = await db.match.groupBy({
    by: ["tournamentId", "status"],
    where: { tournamentId: { in: [...ids] } },
    _count: { _all: true },
  });
  const out = new Map<string, StatusCounts>();
  for (const r of rows) {
    const c = out.get(r.tournamentId!) ?? { ...EMPTY_COUNTS };
    c[r.status as JobStatus] += r._count._all;
    c.total += r._count._all;
    out.set(r.tournamentId!, c);
  }
  return out;
}

function summaryOf(t: SummaryRow, counts: StatusCounts | undefined): TournamentSummary {
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    examinerConfigId: t.examinerConfigId,
    examinerName: t.examinerConfig.name,
    examinerMode: t.examinerConfig.mode,
    currentRound: t.currentRound,
    swissRounds: t.swissRounds,
    treesPerPairing: t.treesPerPairing,
    pairing: t.pairing,
    mode: t.mode,
    agents: t._count.participants,
    trees: t._count.trees,
    matches: counts ?? EMPTY_COUNTS,
    createdAt: t.createdAt.toISOString(),
    startedAt: iso(t.startedAt),
    finishedAt: iso(t.finishedAt),
  };
}

/** Every tournament, newest first, with its progress. */
export async function readTournaments(db: Db): Promise<TournamentSummary[]> {
  const rows = await db.tournament.findMany({ select: summarySelect, orderBy: { createdAt: "desc" } });
  const counts = await matchCounts(
    db,
    rows.map((t) => t.id),
  );
  return rows.map((t) => tournamentSummarySchema.parse(summaryOf(t, counts.get(t.id))));
}

/**
 * One tournament: participants, Swiss rounds with pairings, byes and match results, its latest
 * ratings. Null if unknown. Agents that are not public (PUBLIC_AGENT: pending, withdrawn, never
 * rated) are left out of its participants, pairings and spending per agent.
 */
export async function readTournament(db: Db, id: string): Promise<TournamentView | null> {
  const t = await db.tournament.findUnique({
    where: { id },
    select: {
      ...summarySelect,
      seed: true,
      costCapUsd: true,
      agentCapUsd: true,
      pauseReason: true,
      participants: {
        where: { agent: PUBLIC_AGENT },
        select: { agentId: true, joinedRound: true, byes: true, agent: { select: { name: true } } },
        orderBy: { createdAt: "asc" },
      },
      rounds: {
        orderBy: { number: "asc" },
        select: {
          number: true,
          status: true,
          pairings: {
            // a bye has no seat B
            where: { agentA: PUBLIC_AGENT, OR: [{ agentBId: null }, { agentB: PUBLIC_AGENT }] },
            orderBy: { id: "asc" },
            select: {
              id: true,
              agentA: { select: { id: true, name: true } },
              agentB: { select: { id: true, name: true } },
              matches: {
                orderBy: { createdAt: "asc" },
                select: matchRefSelect,
              },
            },
          },
        },
      },
      snapshots: { orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }], take: 1, select: { ratings: true } },
    },
  });
  if (!t) return null;
  const counts = await matchCounts(db, [t.id]);
  const stats = await researchStats(db, { tournamentId: id });
  const names = new Map(t.participants.map((p) => [p.agentId, p.agent.name]));
  const all = spendingOf(stats, names);
  const spending = { ...all, perAgent: all.perAgent.filter((a) => names.has(a.agentId)) };
  const ratings = t.snapshots[0] ? z.array(snapshotRowSchema).parse(t.snapshots[0].ratings) : [];
  return tournamentViewSchema.parse({
    ...summaryOf(t, counts.get(t.id)),
    seed: t.seed,
    participants: t.participants.map((p) => ({ agentId: p.agentId, name: p.agent.name, joinedRound: p.joinedRound, byes: p.byes })),
    rounds: t.rounds.map((r) => ({
      number: r.number,
      status: r.status,
      pairings: r.pairings.map((p) => ({
        id: p.id,
        agentA: p.agentA,
        agentB: p.agentB,
        matches: p.matches.map(({ tree, ...m }) => ({ ...m, treeTitle: tree.title })),
      })),
    })),
    cost: totalOf(stats),
    budget: {
      costCapUsd: t.costCapUsd,
      agentCapUsd: t.agentCapUsd,
      pauseReason: t.pauseReason,
      spentUsd: spending.totalUsd,
      perAgent: spending.perAgent,
    },
    ratings: ratings.map((r) => ({
      agentId: r.agentId,
      name: r.name,
      rank: r.rank,
      rating: r.rating,
      lower: r.lower,
      upper: r.upper,
      elo: r.elo,
      matches: r.games,
      wins: r.wins,
      losses: r.losses,
      ties: r.ties,
      preliminary: r.games < PRELIMINARY_MATCHES,
      unbounded: r.unbounded ?? null,
      ratingFlag: describeRating(r).flag,
    })),
  });
}
