import {
  lastOpponents,
  pairByRule,
  PLACEMENT_MATCHES,
  placementPairs,
  rematchWindow,
  recentPairs,
  seedOf,
  withoutQuickRematches,
  type PlayedMatch,
} from "@arena/core";
import type { Prisma, PrismaClient, Tournament } from "@arena/db";
import { lockFor, LockSpace, TX_OPTIONS } from "../lock";
import { createPairingMatches } from "./pairing-matches";
import type { SnapshotRow } from "../read/schemas";
import { withoutFailing } from "./health-before-pairing";

/**
 * A continuous tournament's tick (docs/tournaments.md, Continuous tournaments): no last round. Whenever at least half of the active
 * agents (two at least) are free — not in a queued or running match — the free ones are paired as
 * a new round:
 * - late entrants (joined after round 1) first play PLACEMENT_MATCHES placement matches against
 *   established agents spread across the ratings (core placement.ts), one at a time, and wait for
 *   a free opponent rather than enter normal pairing before they are placed;
 * - everyone else free is paired by the tournament's rule (Swiss on the current ratings, or
 *   information-seeking); an odd one out simply stays free for the next pairing (no bye recorded);
 *   two agents whose last match was against each other are paired again only when every active
 *   agent is free (no one else can become their partner), otherwise they wait;
 * - each pairing plays the freshest trees of the tournament (newest first, retired trees never)
 *   that the two have not played together, seats alternating with each meeting.
 * Agents that left (leftAt), were disabled or retired are not paired; their matches and ratings stay.
 */
export type ContinuousStep =
  | { kind: "waiting"; round: number; matchIds: string[] }
  | { kind: "paired"; round: number; matchIds: string[]; bye: null };

type Tx = Prisma.TransactionClient;

interface TournamentMatch {
  id: string;
  agentAId: string;
  agentBId: string;
  treeId: string;
  status: string;
  winner: "A" | "B" | "tie" | null;
  rounds: number;
  round: number | null;
}

const pairKey = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);

export async function advanceContinuous(tx: Tx, t: Tournament, rated: readonly SnapshotRow[]): Promise<ContinuousStep> {
  const [joined, rows, trees, config] = await Promise.all([
    tx.tournamentParticipant.findMany({
      where: { tournamentId: t.id, leftAt: null, agent: { status: { not: "disabled" }, retiredAt: null } },
      orderBy: [{ createdAt: "asc" }, { agentId: "asc" }],
    }),
    tx.match.findMany({
      where: { tournamentId: t.id, status: { notIn: ["cancelled", "failed"] } },
      select: {
        id: true,
        agentAId: true,
        agentBId: true,
        treeId: true,
        status: true,
        winner: true,
        rounds: true,
        pairing: { select: { round: { select: { number: true } } } },
      },
      orderBy: { id: "asc" },
    }),
    tx.tournamentTree.findMany({
      where: { tournamentId: t.id, tree: { retiredAt: null } },
      select: { treeId: true, ordinal: true, tree: { select: { createdAt: true } } },
    }),
    tx.examinerConfig.findUniqueOrThrow({ where: { id: t.examinerConfigId }, select: { mode: true } }),
  ]);
  // An agent still failing here (its health check before this pairing failed) is not paired.
  const participants = await withoutFailing(tx, joined);
  const matches: TournamentMatch[] = rows.map(({ pairing, ...m }) => ({ ...m, round: pairing?.round.number ?? null }));
  const open = matches.filter((m) => m.status === "queued" || m.status === "running");
  await completeFinishedRounds(tx, t.id, open);
  const busy = new Set(open.flatMap((m) => [m.agentAId, m.agentBId]));
  const active = participants.map((p) => p.agentId);
  const free = active.filter((a) => !busy.has(a));
  if (free.length < Math.max(2, Math.ceil(active.length / 2)) || trees.length === 0) {
    return { kind: "waiting", round: t.currentRound, matchIds: open.map((m) => m.id) };
  }

  const rating = new Map(rated.map((r) => [r.agentId, r.rating]));
  const playedBy = (a: string) => matches.filter((m) => m.agentAId === a || m.agentBId === a);
  const opponentsOf = (a: string) => playedBy(a).map((m) => (m.agentAId === a ? m.agentBId : m.agentAId));
  const entrants = new Set(
    participants.filter((p) => p.joinedRound > 1 && playedBy(p.agentId).length < PLACEMENT_MATCHES).map((p) => p.agentId),
  );
  const established = active.filter((a) => !entrants.has(a));
  const placed = placementPairs({
    entrants: participants
      .filter((p) => entrants.has(p.agentId) && !busy.has(p.agentId))
      .map((p) => ({ agentId: p.agentId, placed: playedBy(p.agentId).length, opponents: opponentsOf(p.agentId) })),
    established: established.map((a) => ({ agentId: a, rating: rating.get(a) ?? 1000, free: !busy.has(a) })),
  });
  const taken = new Set(placed.flat());
  const rest = free.filter((a) => !taken.has(a) && !entrants.has(a));
  const round = t.currentRound + 1;
  const last = lastOpponents(matches.map((m) => ({ a: m.agentAId, b: m.agentBId, round: m.round ?? 0 })));
  const normal = rest.length >= 2 ? withoutQuickRematches(normalPairs(t, rest, round, rating, matches, last), last, busy.size > 0) : [];
  const pairs = [...placed, ...normal];
  if (pairs.length === 0) return { kind: "waiting", round: t.currentRound, matchIds: open.map((m) => m.id) };

  const freshest = [...trees].sort((x, y) => y.tree.createdAt.getTime() - x.tree.createdAt.getTime() || x.ordinal - y.ordinal);
  const row = await tx.tournamentRound.create({ data: { tournamentId: t.id, number: round, status: "running" } });
  const matchIds: string[] = [];
  for (const [p, pair] of pairs.entries()) {
    const together = matches.filter((m) => pairKey(m.agentAId, m.agentBId) === pairKey(pair[0], pair[1]));
    const usedTrees = new Set(together.map((m) => m.treeId));
    const unplayed = freshest.filter((tr) => !usedTrees.has(tr.treeId));
    const chosen = [...unplayed, ...freshest.filter((tr) => usedTrees.has(tr.treeId))].slice(0, t.treesPerPairing);
    // Seats alternate with every meeting of the pair (and every tree of one pairing).
    matchIds.push(
      ...(await createPairingMatches(tx, t, {
        roundId: row.id,
        round,
        index: p,
        pair,
        trees: chosen,
        examinerMode: config.mode,
        seatTurn: (k) => together.length + k,
      })),
    );
  }
  await tx.tournament.update({ where: { id: t.id }, data: { currentRound: round } });
  return { kind: "paired", round, matchIds, bye: null };
}

/**
 * The free established agents paired by the tournament's rule; an odd one out stays free (byes
 * are not counted). The rematch cooldown is one meeting: every agent's last pairing, as one
 * "recent round"; Swiss counts as met only each agent's last few opponents (core recentPairs), so
 * opponents keep rotating once everyone has met everyone. Round 1 (no ratings yet) orders at random; later the ratings order (a continuous
 * tournament has them from its first matches).
 */
function normalPairs(
  t: Tournament,
  agents: string[],
  round: number,
  rating: ReadonlyMap<string, number>,
  matches: readonly TournamentMatch[],
  last: ReadonlyMap<string, string>,
): [string, string][] {
  const seed = seedOf(`${t.seed}:r${round}`);
  const played: PlayedMatch[] = matches.flatMap((m) =>
    m.status === "completed" && m.winner && m.rounds > 0 ? [{ a: m.agentAId, b: m.agentBId, winner: m.winner, calls: 2 * m.rounds }] : [],
  );
  const recent = agents.flatMap((a) => (last.has(a) ? [[a, last.get(a)!] as [string, string]] : []));
  return pairByRule(t.pairing, {
    agents,
    ratings: Object.fromEntries(agents.map((a) => [a, rating.get(a) ?? 1000])),
    played,
    pastPairings: recentPairs(
      matches.map((m) => ({ a: m.agentAId, b: m.agentBId, round: m.round ?? 0 })),
      rematchWindow(agents.length),
    ),
    recentRounds: [recent],
    cooldown: 1,
    byes: {},
    round: rating.size === 0 ? 1 : Math.max(2, round),
    seeds: { round: seed, tournament: seed },
  }).pairs;
}

/** Rounds whose matches have all finished are marked completed (continuous rounds overlap). */
async function completeFinishedRounds(tx: Tx, tournamentId: string, open: readonly TournamentMatch[]): Promise<void> {
  const stillOpen = [...new Set(open.flatMap((m) => (m.round === null ? [] : [m.round])))];
  await tx.tournamentRound.updateMany({
    where: { tournamentId, status: "running", number: { notIn: stillOpen } },
    data: { status: "completed", finishedAt: new Date() },
  });
}

/**
 * A fresh tree (a scheduled crawl's) joins every running or paused continuous tournament with the
 * next ordinal; their next pairings prefer it (freshest first). Returns the tournaments it joined.
 */
export async function attachFreshTree(db: PrismaClient, treeId: string): Promise<string[]> {
  const open = await db.tournament.findMany({ where: { mode: "continuous", status: { in: ["running", "paused"] } }, select: { id: true } });
  const joined: string[] = [];
  for (const t of open) {
    await db.$transaction(async (tx) => {
      await lockFor(tx, LockSpace.tournament, t.id);
      if (await tx.tournamentTree.findUnique({ where: { tournamentId_treeId: { tournamentId: t.id, treeId } } })) return;
      const last = await tx.tournamentTree.aggregate({ where: { tournamentId: t.id }, _max: { ordinal: true } });
      await tx.tournamentTree.create({ data: { tournamentId: t.id, treeId, ordinal: (last._max.ordinal ?? -1) + 1 } });
      joined.push(t.id);
    }, TX_OPTIONS);
  }
  return joined;
}
