import { pairByRule, seedOf, type PlayedMatch } from "@arena/core";
import type { Prisma, PrismaClient, Tournament } from "@arena/db";
import { ensureMatchJobs, type TournamentQueues } from "../jobs";
import { lockFor, LockSpace, TX_OPTIONS } from "../lock";
import { createPairingMatches } from "./pairing-matches";
import { pauseIfOverBudget } from "../budget";
import { advanceContinuous } from "./continuous";
import { refitScope, type RatingScope } from "../ratings/snapshots";
import { healthGateBeforePairing, withoutFailing, type HealthGateDeps } from "./health-before-pairing";

export type AdvanceOutcome =
  /** Not running (draft, paused, completed, cancelled): nothing to do. */
  (
    | { kind: "idle"; status: Tournament["status"] }
    /** The current round still has unfinished matches; they were (re)enqueued. */
    | { kind: "waiting"; round: number; unfinished: number; enqueued: number }
    /** A new round was paired and its matches enqueued. */
    | { kind: "paired"; round: number; matches: number; bye: string | null }
    | { kind: "completed"; rounds: number }
  ) & {
    /** Matches counted by the rating snapshot this tick stored, or null when it stored none. */
    snapshot: number | null;
  };

type Step =
  | { kind: "idle"; status: Tournament["status"] }
  | { kind: "waiting"; round: number; matchIds: string[] }
  | { kind: "paired"; round: number; matchIds: string[]; bye: string | null }
  | { kind: "completed"; rounds: number };

/**
 * The tournament job's service (docs/method.md §6), idempotent and safe to run concurrently: everything
 * that reads and writes the tournament's progress happens in one transaction holding the
 * tournament's advisory lock, and the unique constraints (round number, pairing seat A, match
 * tree per pairing) make a duplicate round, pairing or match impossible even so.
 *
 * - current round unfinished → refit (matches finished since the last tick), (re)enqueue them;
 * - paused, completed or cancelled → refit only (a match that was running still finishes);
 * - current round finished → refit; pair the next round (Swiss on the refitted ratings, past
 *   pairings, byes) with its pairings and matches, or mark the tournament completed.
 * Matches are enqueued after the commit; job ids derive from match ids, so a crash between the
 * commit and the enqueue is repaired by the next tick (the reconciler sends one periodically).
 */
export async function advanceTournament(
  db: PrismaClient,
  tournamentId: string,
  queues: Pick<TournamentQueues, "match">,
  health: HealthGateDeps = {},
): Promise<AdvanceOutcome> {
  // Failing agents are health-checked (network calls) before the transaction that pairs them.
  await healthGateBeforePairing(db, tournamentId, health);
  let snapshot: number | null = null;
  const refit = async (tx: Prisma.TransactionClient, scope: RatingScope) => {
    const { rows, written } = await refitScope(tx, scope);
    if (written) snapshot = written.matchesCounted;
    return rows;
  };
  const step = await db.$transaction(async (tx) => {
    snapshot = null; // a retried transaction starts over
    await lockFor(tx, LockSpace.tournament, tournamentId);
    return advanceLocked(tx, tournamentId, refit);
  }, TX_OPTIONS);
  if (step.kind === "idle" || step.kind === "completed") return { ...step, snapshot };
  const enqueued = await ensureMatchJobs(queues.match, step.matchIds);
  return step.kind === "waiting"
    ? { kind: "waiting", round: step.round, unfinished: step.matchIds.length, enqueued, snapshot }
    : { kind: "paired", round: step.round, matches: step.matchIds.length, bye: step.bye, snapshot };
}

type Refitter = (tx: Prisma.TransactionClient, scope: RatingScope) => Promise<Awaited<ReturnType<typeof refitScope>>["rows"]>;

async function advanceLocked(tx: Prisma.TransactionClient, id: string, refitScope: Refitter): Promise<Step> {
  const t = await tx.tournament.findUniqueOrThrow({ where: { id } });
  const scope = { examinerConfigId: t.examinerConfigId, tournamentId: id };
  if (await pauseIfOverBudget(tx, t)) {
    // Queued matches are skipped by the match worker while paused; running ones finish and are rated.
    await refitScope(tx, scope);
    return { kind: "idle", status: "paused" };
  }
  if (t.status !== "running") {
    // Matches running when the tournament was paused or cancelled still finish: rate them.
    if (t.status !== "draft") await refitScope(tx, scope);
    return { kind: "idle", status: t.status };
  }
  if (t.mode === "continuous") return advanceContinuous(tx, t, await refitScope(tx, scope));
  if (t.currentRound > 0) {
    const unfinished = await tx.match.findMany({
      where: { tournamentId: id, status: { in: ["queued", "running"] }, pairing: { round: { number: t.currentRound } } },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    if (unfinished.length > 0) {
      await refitScope(tx, scope);
      return { kind: "waiting", round: t.currentRound, matchIds: unfinished.map((m) => m.id) };
    }
    await tx.tournamentRound.updateMany({
      where: { tournamentId: id, number: t.currentRound, status: { not: "completed" } },
      data: { status: "completed", finishedAt: new Date() },
    });
  }
  // Refit after the check above, so a match that finished in between is counted (READ COMMITTED:
  // each statement sees every commit made before it).
  const rated = await refitScope(tx, scope);
  if (t.currentRound >= t.swissRounds) {
    await tx.tournament.update({ where: { id }, data: { status: "completed", finishedAt: new Date() } });
    return { kind: "completed", rounds: t.currentRound };
  }
  const ratings = Object.fromEntries(rated.map((r) => [r.agentId, r.rating]));
  return pairRound(tx, t, t.currentRound + 1, ratings);
}

/**
 * The trees one pairing plays: all of them in tournament order, or K consecutive ones (cyclic)
 * starting where the previous pairing of the tournament stopped, so trees are used evenly and
 * the choice depends only on (round, pairing index).
 */
export function treesForPairing<T>(trees: readonly T[], perPairing: number, pairingSerial: number): T[] {
  if (perPairing >= trees.length) return [...trees];
  const start = (pairingSerial * perPairing) % trees.length;
  return Array.from({ length: perPairing }, (_, k) => trees[(start + k) % trees.length]!);
}

/** The pairs of every round before `round`, one list per round, oldest first (a rule's rematch cooldown reads the last few). */
function earlierRounds(
  past: readonly { agentAId: string; agentBId: string | null; round: { number: number } }[],
  round: number,
): [string, string][][] {
  return Array.from({ length: round - 1 }, (_, k) => k + 1).map((n) =>
    past.filter((p) => p.round.number === n).map((p): [string, string] => [p.agentAId, p.agentBId!]),
  );
}

/** The tournament's rated matches as a pairing rule reads them (agent calls: two per round). */
async function playedMatches(tx: Prisma.TransactionClient, tournamentId: string): Promise<PlayedMatch[]> {
  const rows = await tx.match.findMany({
    where: { tournamentId, status: "completed", winner: { not: null }, rounds: { gt: 0 } },
    select: { agentAId: true, agentBId: true, winner: true, rounds: true },
    orderBy: { id: "asc" },
  });
  return rows.map((m) => ({ a: m.agentAId, b: m.agentBId, winner: m.winner!, calls: 2 * m.rounds }));
}

async function pairRound(tx: Prisma.TransactionClient, t: Tournament, round: number, ratings: Record<string, number>): Promise<Step> {
  const [joined, allTrees, past, config] = await Promise.all([
    // Disabled agents (an operator's decision) are not paired from the next round on.
    tx.tournamentParticipant.findMany({
      where: { tournamentId: t.id, joinedRound: { lte: round }, agent: { status: { not: "disabled" } } },
      orderBy: { agentId: "asc" },
    }),
    tx.tournamentTree.findMany({
      where: { tournamentId: t.id },
      orderBy: { ordinal: "asc" },
      include: { tree: { select: { retiredAt: true } } },
    }),
    tx.pairing.findMany({
      where: { round: { tournamentId: t.id }, agentBId: { not: null } },
      select: { agentAId: true, agentBId: true, round: { select: { number: true } } },
    }),
    tx.examinerConfig.findUniqueOrThrow({ where: { id: t.examinerConfigId }, select: { mode: true } }),
  ]);
  // An agent still failing here (its health check before this pairing failed) sits the round out.
  const participants = await withoutFailing(tx, joined);
  // A retired tree (by an operator, or older than the tree schedule's age limit) plays no new match;
  // its finished matches stay. With every tree retired the tournament pauses and says why.
  const trees = allTrees.filter((x) => x.tree.retiredAt === null);
  if (!trees.length) {
    await tx.tournament.update({
      where: { id: t.id },
      data: { status: "paused", pauseReason: "every tree of this tournament is retired: no new match can be paired" },
    });
    return { kind: "idle", status: "paused" };
  }
  const agents = participants.map((p) => p.agentId);
  const byes = Object.fromEntries(participants.map((p) => [p.agentId, p.byes]));
  const paired = pairByRule(t.pairing, {
    agents,
    ratings,
    played: await playedMatches(tx, t.id),
    pastPairings: past.map((p) => [p.agentAId, p.agentBId!] as const),
    recentRounds: earlierRounds(past, round),
    byes,
    round,
    seeds: { round: seedOf(`${t.seed}:r${round}`), tournament: seedOf(t.seed) },
  });
  const row = await tx.tournamentRound.create({ data: { tournamentId: t.id, number: round, status: "running" } });
  const matchIds: string[] = [];
  for (const [p, pair] of paired.pairs.entries()) {
    const chosen = treesForPairing(trees, t.treesPerPairing, past.length + p);
    // Seats follow the tree's tournament ordinal (odd swaps A/B), not its place in this pairing.
    matchIds.push(
      ...(await createPairingMatches(tx, t, {
        roundId: row.id,
        round,
        index: p,
        pair,
        trees: chosen,
        examinerMode: config.mode,
        seatTurn: (_k, tree) => tree.ordinal,
      })),
    );
  }
  if (paired.bye) {
    await tx.pairing.create({ data: { roundId: row.id, agentAId: paired.bye, agentBId: null } });
    await tx.tournamentParticipant.update({
      where: { tournamentId_agentId: { tournamentId: t.id, agentId: paired.bye } },
      data: { byes: { increment: 1 } },
    });
  }
  await tx.tournament.update({ where: { id: t.id }, data: { currentRound: round } });
  return { kind: "paired", round, matchIds, bye: paired.bye };
}
