/**
 * A Swiss tournament already running when a browser test starts, for owners' agents to enter late:
 * three simulated agents of falling skill on two published trees, played by workers in this
 * process. The caller closes the workers it returns.
 */
import type { PrismaClient } from "@arena/db";
import { heuristicExaminerConfig } from "@arena/match";
import { startWorkers } from "@arena/runtime";
import { createTournament, ensureSimulatedAgents, launchTournament } from "@arena/tournament";
import { importSharedTree } from "./arena";

/**
 * `prefix` names the agents and seeds the tournament; `latencyMs` is the agents' answer time and
 * `swissRounds` how long the tournament runs (long enough for the test to finish inside it).
 */
export async function runOpenTournament(
  db: PrismaClient,
  opts: { prefix: string; latencyMs: number; swissRounds: number },
): Promise<Awaited<ReturnType<typeof startWorkers>>> {
  const trees = [await importSharedTree(db, "tree_0003.json"), await importSharedTree(db, "tree_0008.json")];
  const sims = await ensureSimulatedAgents(
    db,
    opts.prefix,
    [
      { index: 0, p_depth: 0.8, p_width: 0.8 },
      { index: 1, p_depth: 0.5, p_width: 0.5 },
      { index: 2, p_depth: 0.3, p_width: 0.3 },
    ],
    opts.latencyMs,
  );
  const config = await heuristicExaminerConfig(db);
  const t = await createTournament(db, {
    name: "open",
    agentIds: sims.map((s) => s.agentId),
    treeIds: trees.map((x) => x.id),
    swissRounds: opts.swissRounds,
    treesPerPairing: 1,
    examinerConfigId: config.id,
    seed: opts.prefix,
  });
  const workers = await startWorkers(db, { matchConcurrency: 4 });
  await launchTournament(db, workers.ctx.queues, t.id);
  return workers;
}
