import type { PrismaClient } from "@arena/db";
import { heuristicExaminerConfig } from "@arena/match";
import {
  createScheduledMatches,
  createTournament,
  ensureMatchJobs,
  ensureSimulatedAgents,
  fitRatings,
  judgedRounds,
  launchTournament,
  plantedSkills,
  randomSchedule,
  ratedMatches,
  roundRobinSchedule,
  simulationReport,
  waitForMatches,
  waitForTournament,
  type SimulationReport,
} from "@arena/tournament";
import { importWorld } from "@arena/trees";
import { startWorkers } from "./workers";

/**
 * The planted-skill simulation (`arena simulate`, docs/method.md §12): agents with planted skill play a full
 * Swiss tournament through the real pipeline (PostgreSQL, the queue, workers in this process,
 * heuristic examiner) on a synthetic world of M trees; then as many matches under a round-robin
 * schedule and under random pairings, through the same queue and workers (standalone matches).
 * Reported: Spearman(planted skill, rating) per schedule, Pearson(planted skill gap, mean rounds
 * per match) over the Swiss pairs, and whether each agent's dominant diagnosed failure is its
 * planted weaker dimension.
 *
 * Simulation matches use their own examiner configuration ("heuristic:simulation"), so planted
 * agents never enter the ratings of real agents. Agents are `sim:<seed>:<i>`; a rerun with the
 * same seed reuses them and the world, and plays a fresh tournament.
 */
export interface SimulationOptions {
  agents: number;
  trees: number;
  seed: string;
  /** Matches at once. */
  concurrency: number;
}

const WORLD_ENTITIES = 8;

export async function runSimulation(db: PrismaClient, opts: SimulationOptions, say: (line: string) => void): Promise<SimulationReport> {
  const world = await importWorld(db, { seed: `sim-${opts.seed}`, hubs: opts.trees, entities: WORLD_ENTITIES });
  const treeIds = world.trees.map((t) => t.id);
  const config = await heuristicExaminerConfig(db, "heuristic:simulation");
  const agents = await ensureSimulatedAgents(db, opts.seed, plantedSkills(opts.agents, opts.seed));
  const agentIds = agents.map((a) => a.agentId);
  const tournament = await createTournament(db, {
    name: `simulation ${opts.seed}`,
    agentIds,
    treeIds,
    examinerConfigId: config.id,
    seed: `sim:${opts.seed}`,
  });
  say(`tournament ${tournament.id}: ${opts.agents} agents, ${treeIds.length} trees, ${tournament.swissRounds} Swiss rounds`);

  const workers = await startWorkers(db, { matchConcurrency: opts.concurrency });
  let baseline: { rr: string[]; random: string[] };
  try {
    await launchTournament(db, workers.ctx.queues, tournament.id);
    const done = await waitForTournament(db, tournament.id, {
      onProgress: (s) => say(`swiss round ${s.currentRound}/${s.swissRounds}: ${s.matches.completed}/${s.matches.total} matches`),
    });
    const count = done.matches.total;
    const ctx = { seed: opts.seed, agentIds, treeIds, examinerConfig: config };
    baseline = {
      rr: await createScheduledMatches(db, roundRobinSchedule(opts.agents, treeIds.length, count), { ...ctx, label: "rr" }),
      random: await createScheduledMatches(db, randomSchedule(opts.agents, treeIds.length, count, opts.seed), { ...ctx, label: "random" }),
    };
    const all = [...baseline.rr, ...baseline.random];
    await ensureMatchJobs(workers.ctx.queues.match, all);
    say(`baselines: ${count} round-robin and ${count} random-pairing matches queued`);
    await waitForMatches(db, all);
  } finally {
    await workers.close();
  }

  const names = new Map(agents.map((a) => [a.agentId, a.name]));
  const swissMatches = await ratedMatches(db, { examinerConfigId: config.id, tournamentId: tournament.id });
  const ratingsOf = async (ids: string[]) => fitRatings(await ratedMatches(db, { examinerConfigId: config.id, ids }), names);
  return simulationReport({
    agents,
    swiss: { ratings: fitRatings(swissMatches, names), matches: swissMatches, rounds: await judgedRounds(db, swissMatches) },
    roundRobin: await ratingsOf(baseline.rr),
    random: await ratingsOf(baseline.random),
  });
}
