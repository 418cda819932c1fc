import type { PrismaClient } from "@arena/db";
import { refitExaminerScope, refitScope } from "@arena/tournament";
import { draftTournament } from "./tournament-fixtures";

/**
 * Planted results whose ratings are known in kind: agent 0 wins every match (unbeaten: no finite
 * rating), agent 7 loses every match (winless), agents 1–5 beat each other in a circle (finite),
 * agent 6 plays two (preliminary). Stored in two batches, each followed by the refits a worker
 * does, so the tournament and the examiner-wide scope have two snapshots (a rating history).
 */
export async function plantUnbeaten(db: PrismaClient): Promise<{ tournamentId: string; configId: string; agentIds: string[]; names: string[] }> {
  const { tournament, agentIds, treeIds, config } = await draftTournament(db, { agents: 8, trees: 1, rounds: 3 });
  const agents = await db.agent.findMany({ where: { id: { in: agentIds } } });
  const names = agentIds.map((id) => agents.find((a) => a.id === id)!.name);
  const results: [number, number][] = []; // [winner, loser]
  for (const k of [1, 2, 3, 4, 5, 6]) results.push([0, k]);
  for (const k of [1, 2, 3, 4, 5, 6]) results.push([k, 7]);
  for (const k of [1, 2, 3, 4, 5]) results.push([k, (k % 5) + 1], [(k % 5) + 1, k]);
  for (const k of [1, 2, 3]) results.push([k, k + 2]);
  const start = Date.now() - results.length * 60_000;
  const half = Math.ceil(results.length / 2);
  for (const [from, to] of [[0, half], [half, results.length]] as const) {
    for (let n = from; n < to; n++) {
      const [w, l] = results[n]!;
      await db.match.create({
        data: {
          tournamentId: tournament.id,
          treeId: treeIds[0]!,
          agentAId: agentIds[w]!,
          agentBId: agentIds[l]!,
          examinerConfigId: config.id,
          examinerMode: config.mode,
          seed: `planted-${n}`,
          status: "completed",
          winner: "A",
          scoreA: 2,
          scoreB: 0,
          rounds: 2,
          finishedAt: new Date(start + n * 60_000),
        },
      });
    }
    await db.$transaction((tx) => refitScope(tx, { examinerConfigId: config.id, tournamentId: tournament.id }), { timeout: 60_000 });
    await refitExaminerScope(db, config.id);
  }
  return { tournamentId: tournament.id, configId: config.id, agentIds, names };
}
