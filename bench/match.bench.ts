/**
 * `npm run bench:match`: throughput of the match pipeline itself. Zero-latency simulated agents
 * and the heuristic examiner play matches through the real BullMQ queue, workers and PostgreSQL
 * (one transaction per round), 4 matches at a time. Prints rounds/s and the per-round overhead.
 * Uses its own database (arena_bench_match) and queue prefix; touches nothing else.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createQueue, createRedis, enqueue } from "@arena/jobs";

const base = (process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/arena").replace(/\/[^/]*$/, "");
process.env.DATABASE_URL = `${base}/arena_bench_match`;
process.env.ARENA_QUEUE_PREFIX = `bench-match-${process.pid}`;
const MATCHES = Number(process.env.BENCH_MATCHES ?? 80);
const CONCURRENCY = 4;

const { execSync } = await import("node:child_process");
const root = fileURLToPath(new URL("..", import.meta.url));
execSync("node scripts/db-admin.mjs create arena_bench_match && npx prisma migrate deploy", { cwd: root, stdio: "ignore", env: process.env });

const { createPrisma } = await import("@arena/db");
const { truncateAll } = await import("@arena/db/testing");
const { importTreeFile } = await import("@arena/trees");
const { createMatch, heuristicExaminerConfig } = await import("@arena/match");
const { startWorkers } = await import("@arena/worker");
const { waitForMatches } = await import("@arena/tournament");

const db = createPrisma();
await truncateAll(db);
const dir = fileURLToPath(new URL("../../shared/data/dr-arena-trees/", import.meta.url));
const files = readdirSync(dir).filter((f) => f.startsWith("tree_")).slice(0, 8);
const trees: Array<{ id: string }> = [];
for (const f of files) trees.push(await importTreeFile(db, dir + f));
const skills = [0.9, 0.7, 0.5, 0.3];
const agents = await Promise.all(
  skills.map((p, i) => db.agent.create({ data: { name: `bench-${i}`, protocol: "simulated", config: { p_depth: p, p_width: 1 - p / 2 }, status: "healthy", maxConcurrency: 64 } })),
);
const config = await heuristicExaminerConfig(db);

async function createMatches(pass: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < MATCHES; i++) {
    // An offset of 1..3 seats on 4 agents: never the same agent twice.
    const a = agents[i % agents.length]!;
    const b = agents[(i + 1 + (i % 3)) % agents.length]!;
    const m = await createMatch(db, { treeId: trees[i % trees.length]!.id, agentAId: a.id, agentBId: b.id, examinerConfigId: config.id, seed: `${pass}-${i}` });
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

/** Enqueues the matches and waits for all of them (polling gently: the bench shares the process). */
async function play(ids: string[]): Promise<Pass> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const m0 = machineTicks();
  for (const id of ids) await enqueue(queue, "match", { matchId: id });
  await waitForMatches(db, ids, { pollMs: 250 });
  const seconds = (performance.now() - t0) / 1000;
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

// Cold: freshly imported trees, so rounds also expand them through the sandbox. Warm: new matches
// on the same trees, whose expansions persisted (the steady state of a tournament).
const cold = await play(await createMatches("cold"));
const warm = await play(await createMatches("warm"));
await workers.close();
await queue.close();
redis.disconnect();
await db.$disconnect();

console.log(`matches            ${MATCHES} per pass, ${CONCURRENCY} at once`);
for (const [name, r] of [["cold trees", cold], ["warm trees", warm]] as const) {
  console.log(
    `${name.padEnd(18)} ${r.rounds} rounds in ${r.seconds.toFixed(2)} s → ${(r.rounds / r.seconds).toFixed(1)} rounds/s (target ≥ 100), ` +
      `${((r.seconds * 1000 * CONCURRENCY) / r.rounds).toFixed(1)} ms per round per match slot, ` +
      `worker CPU ${r.cpuMsPerRound.toFixed(1)} ms per round` +
      (r.machineBusy === null ? "" : `, machine ${(r.machineBusy * 100).toFixed(0)} % busy`),
  );
}
process.exit(0);
