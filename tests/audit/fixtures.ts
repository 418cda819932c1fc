/**
 * Data for the audit tests: a small Swiss tournament of simulated agents judged by the heuristic
 * examiner, played by workers in this process so rating snapshots are written as in production.
 */
import type { PrismaClient } from "@arena/db";
import { runTournament } from "../web/seed";

export interface Played {
  tournamentId: string;
  examinerConfigId: string;
  agentIds: string[];
}

export async function playTournament(db: PrismaClient): Promise<Played> {
  const run = await runTournament(db, { agents: 4, trees: 2, rounds: 2, latencyMs: 0 });
  try {
    await run.finished();
    // The examiner-wide snapshot is written by the tick after the last match; wait until it counts them all.
    const rated = await db.match.count({ where: { tournamentId: run.tournamentId, status: "completed", rounds: { gt: 0 } } });
    for (let i = 0; i < 300; i++) {
      const s = await db.ratingSnapshot.findFirst({
        where: { examinerConfigId: run.examinerConfigId, tournamentId: null },
        orderBy: { createdAt: "desc" },
      });
      if (s && s.matchesCounted === rated) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await run.close();
  }
  return { tournamentId: run.tournamentId, examinerConfigId: run.examinerConfigId, agentIds: run.agentIds };
}
