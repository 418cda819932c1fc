import { matchWinner } from "@arena/core";
import { Prisma, type PrismaClient } from "@arena/db";
import {
  agentNames,
  fitRatings,
  lockFor,
  LockSpace,
  ratedMatches,
  snapshotAnalysis,
  TX_OPTIONS,
  type RatingScope,
} from "@arena/tournament";
import { markScoreboardsStale } from "@arena/scoring/scoreboard";
import { AuditError } from "./errors";
import { voidRequestSchema } from "./requests";

export interface VoidOutcome {
  roundId: string;
  matchId: string;
  winnerBefore: string | null;
  winnerAfter: string | null;
  /** Rating snapshots rewritten per scope. */
  snapshots: { examinerConfigId: string; tournamentId: string | null; rewritten: number; matchesCounted: number }[];
}

/**
 * Voids a judged round of a completed match after an audit (e.g. its checklist contained major
 * hallucinations): the round stops counting, the match loses the points it gave (the difference of
 * the stored cumulative scores, so a round of any verdict, failure or tie is undone exactly), its
 * result follows the new scores, and every rating snapshot written since the match finished, in
 * the examiner configuration's scope and the tournament's, is refitted from the matches it
 * counted, with their analyses, so the rating history shows the change from that point on. The
 * loop itself is not replayed: later rounds stay as they were played. Runs under the same
 * advisory locks as the workers' refits (tournament, then examiner), so no refit interleaves.
 * The scopes' scoreboards are marked stale; a worker recomputes them.
 */
export async function voidRound(db: PrismaClient, roundId: string, voidedById: string, reason: string): Promise<VoidOutcome> {
  const outcome = await voidInTransaction(db, roundId, voidedById, reason);
  // After the commit: a scoreboard computation that started before it read the round as counted.
  await markScoreboardsStale(db, { roundId });
  return outcome;
}

function voidInTransaction(db: PrismaClient, roundId: string, voidedById: string, reason: string): Promise<VoidOutcome> {
  const { reason: why } = voidRequestSchema.parse({ reason });
  return db.$transaction(async (tx) => {
    const round = await tx.round.findUnique({
      where: { id: roundId },
      select: {
        number: true,
        voided: true,
        verdictToken: true,
        scoreA: true,
        scoreB: true,
        matchId: true,
        match: { select: { status: true, tournamentId: true, examinerConfigId: true } },
      },
    });
    if (!round) throw new AuditError(404, "round not found");
    const { match } = round;
    if (match.tournamentId) await lockFor(tx, LockSpace.tournament, match.tournamentId);
    await lockFor(tx, LockSpace.examiner, match.examinerConfigId);
    // Re-read under the locks: a concurrent void of the same round waits above, then sees it voided.
    const now = await tx.round.findUniqueOrThrow({ where: { id: roundId }, select: { voided: true } });
    if (now.voided || round.voided) throw new AuditError(409, "this round is already voided");
    if (!round.verdictToken) throw new AuditError(409, "this round has no verdict to void");
    if (match.status !== "completed") throw new AuditError(409, "only rounds of completed matches can be voided");
    const prev = await tx.round.findFirst({
      where: { matchId: round.matchId, number: { lt: round.number } },
      orderBy: { number: "desc" },
      select: { scoreA: true, scoreB: true },
    });
    const pointsA = round.scoreA - (prev?.scoreA ?? 0);
    const pointsB = round.scoreB - (prev?.scoreB ?? 0);
    const m = await tx.match.findUniqueOrThrow({
      where: { id: round.matchId },
      select: { scoreA: true, scoreB: true, rounds: true, winner: true, finishedAt: true },
    });
    const scores = { scoreA: m.scoreA - pointsA, scoreB: m.scoreB - pointsB };
    await tx.round.update({ where: { id: roundId }, data: { voided: true } });
    await tx.roundVoid.create({ data: { roundId, voidedById, reason: why, pointsA, pointsB } });
    const after = await tx.match.update({
      where: { id: round.matchId },
      data: { ...scores, rounds: { decrement: 1 }, voidedRounds: { increment: 1 }, winner: matchWinner(scores) },
      select: { winner: true },
    });
    const since = m.finishedAt ?? new Date(0);
    const scopes: RatingScope[] = [{ examinerConfigId: match.examinerConfigId, tournamentId: null }];
    if (match.tournamentId) scopes.push({ examinerConfigId: match.examinerConfigId, tournamentId: match.tournamentId });
    const snapshots = [];
    for (const scope of scopes) snapshots.push({ ...scope, ...(await refitSnapshotsSince(tx, scope, since)) });
    return { roundId, matchId: round.matchId, winnerBefore: m.winner, winnerAfter: after.winner, snapshots };
  }, TX_OPTIONS);
}

/**
 * Rewrites, in place, every snapshot of `scope` written at or after `since`: each is refitted from
 * the rated matches that had finished by the time of the match that triggered it (the matches it
 * counted), as they stand now.
 */
async function refitSnapshotsSince(
  tx: Prisma.TransactionClient,
  scope: RatingScope,
  since: Date,
): Promise<{ rewritten: number; matchesCounted: number }> {
  const snaps = await tx.ratingSnapshot.findMany({
    where: { examinerConfigId: scope.examinerConfigId, tournamentId: scope.tournamentId, createdAt: { gte: since } },
    orderBy: [{ createdAt: "asc" }, { matchesCounted: "asc" }],
    select: { id: true, matchId: true, createdAt: true },
  });
  if (snaps.length === 0) return { rewritten: 0, matchesCounted: 0 };
  const all = await ratedMatches(tx, {
    examinerConfigId: scope.examinerConfigId,
    ...(scope.tournamentId ? { tournamentId: scope.tournamentId } : {}),
  });
  const names = await agentNames(
    tx,
    all.flatMap((m) => [m.agentAId, m.agentBId]),
  );
  const triggers = new Map(
    (
      await tx.match.findMany({
        where: { id: { in: snaps.flatMap((s) => (s.matchId ? [s.matchId] : [])) } },
        select: { id: true, finishedAt: true },
      })
    ).map((t) => [t.id, t.finishedAt]),
  );
  let counted = 0;
  for (const s of snaps) {
    const cutoff = (s.matchId ? triggers.get(s.matchId) : null) ?? s.createdAt;
    const prefix = all.filter((m) => m.finishedAt !== null && m.finishedAt <= cutoff);
    const rows = fitRatings(prefix, names);
    const analysis = prefix.length ? await snapshotAnalysis(tx, prefix, Object.fromEntries(rows.map((r) => [r.agentId, r.rating]))) : null;
    await tx.ratingSnapshot.update({
      where: { id: s.id },
      data: {
        ratings: rows as unknown as Prisma.InputJsonValue,
        analysis: analysis === null ? Prisma.DbNull : (analysis as unknown as Prisma.InputJsonValue),
        matchesCounted: prefix.length,
      },
    });
    counted = prefix.length;
  }
  return { rewritten: snaps.length, matchesCounted: counted };
}
