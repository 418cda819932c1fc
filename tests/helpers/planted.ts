/**
 * Planted results for tests whose ratings are known in kind: completed matches written straight to
 * the database, each won 2–0 by its first agent over two rounds, then the refits a worker does
 * after matches (the tournament's scope, then the examiner-wide one), so the pages read snapshots
 * as in production without a tournament being played.
 */
import type { PrismaClient } from "@arena/db";
import type { heuristicExaminerConfig } from "@arena/match";
import { refitExaminerScope, refitScope } from "@arena/tournament";

export interface PlantScope {
  tournamentId: string;
  treeId: string;
  /** Results name agents by their index here. */
  agentIds: string[];
  config: Pick<Awaited<ReturnType<typeof heuristicExaminerConfig>>, "id" | "mode">;
}

/** One completed match per `[winner, loser]` (indexes into `scope.agentIds`); `i` is the result's index. */
export async function plantWins(
  db: PrismaClient,
  scope: PlantScope,
  results: readonly (readonly [number, number])[],
  at: { seed: (i: number) => string; finishedAt: (i: number) => Date },
): Promise<void> {
  for (const [i, [w, l]] of results.entries()) {
    await db.match.create({
      data: {
        tournamentId: scope.tournamentId,
        treeId: scope.treeId,
        agentAId: scope.agentIds[w]!,
        agentBId: scope.agentIds[l]!,
        examinerConfigId: scope.config.id,
        examinerMode: scope.config.mode,
        seed: at.seed(i),
        status: "completed",
        winner: "A",
        scoreA: 2,
        scoreB: 0,
        rounds: 2,
        finishedAt: at.finishedAt(i),
      },
    });
  }
}

/** The refits a worker runs after matches complete: the tournament's snapshot, then the examiner-wide one. */
export async function refitAfterMatches(db: PrismaClient, scope: Pick<PlantScope, "tournamentId" | "config">): Promise<void> {
  await db.$transaction((tx) => refitScope(tx, { examinerConfigId: scope.config.id, tournamentId: scope.tournamentId }), {
    timeout: 60_000,
  });
  await refitExaminerScope(db, scope.config.id);
}
