import type { PrismaClient } from "@arena/db";
import { plantWins, refitAfterMatches } from "./helpers/planted";
import { draftTournament } from "./tournament-fixtures";

/**
 * Planted results whose ratings are known in kind: agent 0 wins every match (unbeaten: no finite
 * rating), agent 7 loses every match (winless), agents 1–5 beat each other in a circle (finite),
 * agent 6 plays two (preliminary). Stored in two batches, each followed by the refits a worker
 * does, so the tournament and the examiner-wide scope have two snapshots (a rating history).
 */
export function unbeatenResults(): [number, number][] {
  const results: [number, number][] = [];
  for (const k of [1, 2, 3, 4, 5, 6]) results.push([0, k]);
  for (const k of [1, 2, 3, 4, 5, 6]) results.push([k, 7]);
  for (const k of [1, 2, 3, 4, 5]) results.push([k, (k % 5) + 1], [(k % 5) + 1, k]);
  for (const k of [1, 2, 3]) results.push([k, k + 2]);
  return results;
}

/** The draft tournament of eight simulated agents with the results above planted in two batches. */
export async function plantUnbeaten(
  db: PrismaClient,
): Promise<{ tournamentId: string; configId: string; agentIds: string[]; names: string[] }> {
  const { tournament, agentIds, treeIds, config } = await draftTournament(db, { agents: 8, trees: 1, rounds: 3 });
  const agents = await db.agent.findMany({ where: { id: { in: agentIds } } });
  const names = agentIds.map((id) => agents.find((a) => a.id === id)!.name);
  const results = unbeatenResults();
  const start = Date.now() - results.length * 60_000;
  const half = Math.ceil(results.length / 2);
  const scope = { tournamentId: tournament.id, treeId: treeIds[0]!, agentIds, config };
  for (const [from, to] of [
    [0, half],
    [half, results.length],
  ] as const) {
    await plantWins(db, scope, results.slice(from, to), {
      seed: (i) => `planted-${from + i}`,
      finishedAt: (i) => new Date(start + (from + i) * 60_000),
    });
    await refitAfterMatches(db, scope);
  }
  return { tournamentId: tournament.id, configId: config.id, agentIds, names };
}
