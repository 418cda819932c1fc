import type { Command } from "commander";
import { z } from "zod";
import type { ExaminerMode, PrismaClient } from "@arena/db";
import type { ScheduledMatch, SimulationReport } from "@arena/tournament";
import { parseOptions } from "../options";

/**
 * `arena simulate --agents N --trees M [--seed S] [--concurrency C] [--json]`
 *
 * Planted-skill agents play a full Swiss tournament through the real pipeline (PostgreSQL, the
 * queue, in-process workers, heuristic examiner) on a synthetic world of M trees; then the same
 * number of matches under a round-robin schedule and under random pairings, through the same
 * queue and workers (standalone matches). Reported: Spearman(planted skill, rating) for each
 * schedule, Pearson(planted skill gap, mean rounds per match) over the Swiss pairs, and whether
 * each agent's dominant diagnosed failure (DEEP vs WIDE among its lost rounds) is its planted
 * weaker dimension.
 *
 * Simulation matches use their own examiner configuration ("heuristic:simulation", heuristic
 * mode), so planted agents never enter the ratings of real agents (ratings are per examiner
 * configuration). Agents are `sim:<seed>:<i>`; a rerun with the same seed reuses them and the
 * world, and plays a fresh tournament.
 */
const optionsSchema = z.object({
  agents: z.coerce.number().int().min(3).max(64).default(8),
  trees: z.coerce.number().int().min(1).max(100).default(10),
  seed: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "--seed: letters, digits, '-' or '_'").default("1"),
  concurrency: z.coerce.number().int().min(1).max(128).default(8),
  json: z.boolean().default(false),
});
type Options = z.infer<typeof optionsSchema>;

const WORLD_ENTITIES = 8;

/** Stores a baseline schedule's matches in one statement (the schedules never seat an agent twice). */
async function scheduleMatches(
  db: PrismaClient,
  schedule: ScheduledMatch[],
  ctx: { label: string; seed: string; agentIds: string[]; treeIds: string[]; examinerConfig: { id: string; mode: ExaminerMode } },
): Promise<string[]> {
  const rows = await db.match.createManyAndReturn({
    data: schedule.map((m, k) => ({
      treeId: ctx.treeIds[m.tree]!,
      agentAId: ctx.agentIds[m.a]!,
      agentBId: ctx.agentIds[m.b]!,
      examinerConfigId: ctx.examinerConfig.id,
      examinerMode: ctx.examinerConfig.mode,
      seed: `sim:${ctx.seed}:${ctx.label}:${k}`,
    })),
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

async function simulate(opts: Options, say: (line: string) => void): Promise<SimulationReport> {
  const [{ prisma }, tournaments, { heuristicExaminerConfig }, { importWorld }, { startWorkers }] = await Promise.all([
    import("@arena/db"),
    import("@arena/tournament"),
    import("@arena/match"),
    import("@arena/trees"),
    import("@arena/runtime"),
  ]);
  const { createTournament, ensureMatchJobs, ensureSimulatedAgents, fitRatings, judgedRounds, plantedSkills, randomSchedule, ratedMatches } = tournaments;
  const { roundRobinSchedule, launchTournament, simulationReport, waitForMatches, waitForTournament } = tournaments;
  const db = prisma();
  const world = await importWorld(db, { seed: `sim-${opts.seed}`, hubs: opts.trees, entities: WORLD_ENTITIES });
  const treeIds = world.trees.map((t) => t.id);
  // Its own configuration: simulated agents stay off the arena's heuristic leaderboard.
  const config = await heuristicExaminerConfig(db, "heuristic:simulation");
  const agents = await ensureSimulatedAgents(db, opts.seed, plantedSkills(opts.agents, opts.seed));
  const agentIds = agents.map((a) => a.agentId);
  const tournament = await createTournament(db, { name: `simulation ${opts.seed}`, agentIds, treeIds, examinerConfigId: config.id, seed: `sim:${opts.seed}` });
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
      rr: await scheduleMatches(db, roundRobinSchedule(opts.agents, treeIds.length, count), { ...ctx, label: "rr" }),
      random: await scheduleMatches(db, randomSchedule(opts.agents, treeIds.length, count, opts.seed), { ...ctx, label: "random" }),
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

const f2 = (x: number | null) => (x === null || Number.isNaN(x) ? "n/a" : x.toFixed(2));

function printReport(r: SimulationReport): void {
  console.log(`${"agent".padEnd(12)}${"p_depth".padStart(8)}${"p_width".padStart(8)}${"skill".padStart(7)}${"rating".padStart(8)}  ${"lost".padStart(4)} ${"DEEP".padStart(5)} ${"WIDE".padStart(5)} ${"BOTH".padStart(5)}  weaker/diagnosed`);
  for (const a of [...r.agents].sort((x, y) => y.rating - x.rating)) {
    const d = a.diagnosed;
    console.log(
      `${a.name.slice(0, 11).padEnd(12)}${f2(a.p_depth).padStart(8)}${f2(a.p_width).padStart(8)}${f2(a.overall).padStart(7)}${a.rating.toFixed(0).padStart(8)}  ` +
        `${String(d.lostRounds).padStart(4)} ${f2(d.deep).padStart(5)} ${f2(d.wide).padStart(5)} ${f2(d.both).padStart(5)}  ${a.weaker}/${d.dominant}${a.recovered ? "" : "  ✗"}`,
    );
  }
  console.log(`matches per schedule: ${r.matches}`);
  console.log(`Spearman(planted skill, rating): swiss ${f2(r.spearman)}, round robin ${f2(r.spearman_round_robin)}, random ${f2(r.spearman_random)}`);
  console.log(`Pearson(planted skill gap, mean rounds per match): ${f2(r.rounds_gap_pearson)}`);
  console.log(`dominant failure recovered: ${r.failure_recovered} of ${r.agents.length}`);
}

export function register(program: Command): void {
  program
    .command("simulate")
    .description("planted-skill agents through a full Swiss tournament and two baseline schedules")
    .option("--agents <n>", "simulated agents (default 8)")
    .option("--trees <m>", "synthetic trees (default 10)")
    .option("--seed <s>", "seed of skills, world and schedules (default 1)")
    .option("--concurrency <c>", "matches at once (default 8)")
    .option("--json", "print only the JSON report")
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const report = await simulate(opts, (line) => console.error(line));
      if (opts.json) {
        const { spearman, spearman_round_robin, spearman_random, matches, rounds_gap_pearson, failure_recovered, agents } = report;
        console.log(JSON.stringify({ spearman, spearman_round_robin, spearman_random, matches, rounds_gap_pearson, failure_recovered, agents }));
      } else printReport(report);
    });
}
