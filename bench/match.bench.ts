/**
 * `npm run bench:match`: throughput of the match pipeline itself. Zero-latency simulated agents
 * and the heuristic examiner play matches through the real BullMQ queue, workers and PostgreSQL
 * (one transaction per round), 4 matches at a time. Prints rounds/s and the per-round overhead.
 * Uses its own database (arena_bench_match) and queue prefix; touches nothing else.
 *
 * Passes: a short warm-up on two trees the other passes never use (a fresh process runs its
 * first rounds unoptimised and fills the examiner's memos; that one-off cost is printed, not
 * measured against the target), then 200 matches on 8 freshly imported trees (cold: rounds
 * also expand them), then 200 new matches on the same trees (warm: their expansions persisted,
 * the steady state of a tournament).
 */
import { readFileSync } from "node:fs";
import { createQueue, createRedis, enqueue } from "@arena/jobs";
import { useBenchDatabase } from "./database";
import { DR_ARENA_TREE_FILES, drArenaTreesDir } from "@arena/dr-arena-trees";

useBenchDatabase("arena_bench_match");
process.env.ARENA_QUEUE_PREFIX = `bench-match-${process.pid}`;
// Long enough passes that start-up (JIT warm-up, first reads of each tree) does not dominate.
const MATCHES = Number(process.env.BENCH_MATCHES ?? 200);
const CONCURRENCY = 4;

const { createPrisma } = await import("@arena/db");
const { truncateAll } = await import("@arena/db/testing");
const { importTreeFile } = await import("@arena/trees");
const { createMatch, heuristicExaminerConfig } = await import("@arena/match");
const { startWorkers } = await import("@arena/runtime");
const { waitForMatches } = await import("@arena/tournament");

const db = createPrisma();
await truncateAll(db);
const dir = await drArenaTreesDir();
const files = [...DR_ARENA_TREE_FILES];
const trees: Array<{ id: string }> = [];
for (const f of files.slice(0, 8)) trees.push(await importTreeFile(db, dir + f));
// The process warms up (JIT, the examiner's text memos) on trees the measured passes never use.
const warmUpTrees: Array<{ id: string }> = [];
for (const f of files.slice(8, 10)) warmUpTrees.push(await importTreeFile(db, dir + f));
const skills = [0.9, 0.7, 0.5, 0.3];
const agents = await Promise.all(
  skills.map((p, i) =>
    db.agent.create({
      data: {
        name: `bench-${i}`,
        protocol: "simulated",
        config: { p_depth: p, p_width: 1 - p / 2 },
        status: "healthy",
        maxConcurrency: 64,
      },
    }),
  ),
);
const config = await heuristicExaminerConfig(db);

async function createMatches(pass: string, on = trees, count = MATCHES): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    // An offset of 1..3 seats on 4 agents: never the same agent twice.
    const a = agents[i % agents.length]!;
    const b = agents[(i + 1 + (i % 3)) % agents.length]!;
    const m = await createMatch(db, {
      treeId: on[i % on.length]!.id,
      agentAId: a.id,
      agentBId: b.id,
      examinerConfigId: config.id,
      seed: `${pass}-${i}`,
    });
    ids.push(m.id);
  }
  return ids;
}

const redis = createRedis();
const queue = createQueue("match", redis);
const workers = await startWorkers(db, { matchConcurrency: CONCURRENCY, reconcileEveryMs: 0 });

/** Busy and total CPU ticks of the whole machine (all processes: this one, PostgreSQL, Redis); null off Linux. */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = cpu[3]! + (cpu[4] ?? 0);
    const total = cpu.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

interface Pass {
  rounds: number;
  seconds: number;
  /** CPU time of this process (workers and bench) per stored round, ms. */
  cpuMsPerRound: number;
  /** Share of the machine's CPU capacity busy during the pass (all cores), or null. */
  machineBusy: number | null;
}

/**
 * Enqueues the matches and waits for all of them, polling gently (the bench shares the process).
 * The pass ends when the last match finished (its finishedAt), not when the poll noticed.
 */
async function play(ids: string[]): Promise<Pass> {
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  const m0 = machineTicks();
  for (const id of ids) await enqueue(queue, "match", { matchId: id });
  await waitForMatches(db, ids, { pollMs: 250 });
  const last = await db.match.aggregate({ _max: { finishedAt: true }, where: { id: { in: ids } } });
  const seconds = (last._max.finishedAt!.getTime() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const m1 = machineTicks();
  const rounds = await db.round.count({ where: { matchId: { in: ids } } });
  return {
    rounds,
    seconds,
    cpuMsPerRound: (cpu.user + cpu.system) / 1000 / rounds,
    machineBusy: m0 && m1 ? (m1.busy - m0.busy) / (m1.total - m0.total) : null,
  };
}

const warmUp = await play(await createMatches("warm-up", warmUpTrees, 40));
const cold = await play(await createMatches("cold"));
const warm = await play(await createMatches("warm"));
await workers.close();
await queue.close();
redis.disconnect();
await db.$disconnect();

console.log(`matches            ${MATCHES} per pass, ${CONCURRENCY} at once`);
const passes = [
  ["process warm-up", warmUp, "other trees, not measured against the target"],
  ["cold trees", cold, "target ≥ 100"],
  ["warm trees", warm, "target ≥ 100"],
] as const;
for (const [name, r, note] of passes) {
  console.log(
    `${name.padEnd(18)} ${r.rounds} rounds in ${r.seconds.toFixed(2)} s → ${(r.rounds / r.seconds).toFixed(1)} rounds/s (${note}), ` +
      `${((r.seconds * 1000 * CONCURRENCY) / r.rounds).toFixed(1)} ms per round per match slot, ` +
      `worker CPU ${r.cpuMsPerRound.toFixed(1)} ms per round` +
      (r.machineBusy === null ? "" : `, machine ${(r.machineBusy * 100).toFixed(0)} % busy`),
  );
}
process.exit(0);
