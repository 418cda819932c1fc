import type { Db, Prisma, PrismaClient } from "@arena/db";
import { z } from "zod";
import { snapshotAnalysis } from "./analysis";
import { lockFor, LockSpace, TX_OPTIONS } from "../lock";
import { agentNames, fitRatings, ratedMatches, ratedWhere, SNAPSHOT_BOOTSTRAP } from "./rated";
import { snapshotRowSchema, type SnapshotRow } from "../read/schemas";

/**
 * Rating snapshots: a scope's refitted ratings stored with the leaderboard's analyses of the same
 * matches (rated.ts fits, analysis.ts analyses), written by the workers after every match.
 */

export interface RatingScope {
  examinerConfigId: string;
  /** Null: every rated match of the examiner configuration (all tournaments, and none). */
  tournamentId: string | null;
}

export interface Refit {
  rows: SnapshotRow[];
  /** Set when this call stored a new snapshot. */
  written: { matchesCounted: number } | null;
}

/**
 * Refits the ratings of one scope and stores a RatingSnapshot, with the leaderboard's analyses
 * of the same matches, when new matches were rated since its last snapshot, so repeated ticks do
 * not pile up identical snapshots; returns the current rows. Counting first keeps a tick with
 * nothing new from loading every rated match. The caller holds the scope's lock.
 */
export async function refitScope(tx: Prisma.TransactionClient, scope: RatingScope): Promise<Refit> {
  const where = { examinerConfigId: scope.examinerConfigId, ...(scope.tournamentId ? { tournamentId: scope.tournamentId } : {}) };
  const [count, last] = await Promise.all([
    tx.match.count({ where: ratedWhere(where) }),
    tx.ratingSnapshot.findFirst({
      where: scope,
      orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }],
      select: { matchesCounted: true, ratings: true },
    }),
  ]);
  if (count === 0) return { rows: [], written: null };
  if (last && last.matchesCounted === count) return { rows: z.array(snapshotRowSchema).parse(last.ratings), written: null };
  const matches = await ratedMatches(tx, where);
  const rows = fitRatings(
    matches,
    await agentNames(
      tx,
      matches.flatMap((m) => [m.agentAId, m.agentBId]),
    ),
  );
  const analysis = await snapshotAnalysis(tx, matches, Object.fromEntries(rows.map((r) => [r.agentId, r.rating])));
  await tx.ratingSnapshot.create({
    data: {
      ...scope,
      matchId: matches[matches.length - 1]!.id,
      matchesCounted: matches.length,
      ratings: rows as unknown as Prisma.InputJsonValue,
      analysis: analysis as unknown as Prisma.InputJsonValue,
      ciMethod: `bootstrap:${SNAPSHOT_BOOTSTRAP.rounds}+sandwich`,
    },
  });
  return { rows, written: { matchesCounted: matches.length } };
}

/**
 * Refits the examiner-wide scope of one examiner configuration (every tournament, and matches
 * outside tournaments) under its own lock; tournament ticks and standalone matches call it.
 */
export async function refitExaminerScope(db: PrismaClient, examinerConfigId: string): Promise<Refit> {
  return db.$transaction(async (tx) => {
    await lockFor(tx, LockSpace.examiner, examinerConfigId);
    return refitScope(tx, { examinerConfigId, tournamentId: null });
  }, TX_OPTIONS);
}

/** Latest stored snapshot rows of a scope (empty before the first rated match). */
export async function latestSnapshot(db: Db, scope: { examinerConfigId?: string; tournamentId: string | null }): Promise<SnapshotRow[]> {
  const last = await db.ratingSnapshot.findFirst({
    where: { tournamentId: scope.tournamentId, ...(scope.examinerConfigId ? { examinerConfigId: scope.examinerConfigId } : {}) },
    orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }],
    select: { ratings: true },
  });
  return last ? z.array(snapshotRowSchema).parse(last.ratings) : [];
}
