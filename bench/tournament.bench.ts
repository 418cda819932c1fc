/**
 * `npm run bench:tournament`: a full Swiss tournament of 16 simulated agents on 4 synthetic trees
 * (5 rounds × 8 pairings × 4 trees = 160 matches), run through PostgreSQL, BullMQ and the match
 * runner at 32 matches at once. Prints the wall time and its ratio to the critical-path bound:
 * the sum over Swiss rounds of the slowest match of that round (from stored start/finish times),
 * i.e. what an infinitely wide worker pool could not beat. Target ratio ≤ 1.3.
 *
 * SIMULATED LATENCY (this benchmark's, not the product's): every agent call sleeps 200 ms
 * (simulated agent config latency_ms) and every examiner call (task generation and judging)
 * is delayed by 50 ms around the real heuristic examiner, standing in for model latency.
 *
 * To inject the examiner delay, the match jobs run in this process through a BullMQ worker whose
 * processor is the worker app's match processor minus what a benchmark does not need (pause
 * checks, logging): load deps with `matchDeps`, wrap the examiner, `runMatch`, then send the
 * tournament tick. Tournament ticks run `advanceTournament`, as in the worker app.
 *
 * Uses its own database, arena_bench_tournament (created, migrated and emptied at the start),
 * and REDIS_URL; queue keys live under ARENA_QUEUE_PREFIX (default "bench-tournament-<pid>") and
 * are deleted at the end. Matches share tree views and read the sandbox corpus directly, as the
 * worker app's do.
 */
import { Worker, type Job } from "bullmq";
import { createPrisma } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import type { Examiner } from "@arena/examiner";
import { AgentLimiter, createRedis, parsePayload } from "@arena/jobs";
import { heuristicExaminerConfig, matchDeps, runMatch } from "@arena/match";
import {
  advanceTournament,
  createTournament,
  enqueueTick,
  openTournamentQueues,
  startTournament,
  waitForTournament,
} from "@arena/tournament";
import { corpusPageFetcher, importWorld, startSandboxServer, TreeViews } from "@arena/trees";
import { useBenchDatabase } from "./database";

useBenchDatabase("arena_bench_tournament");
process.env.ARENA_QUEUE_PREFIX ||= `bench-tournament-${process.pid}`;
const AGENTS = 16;
const TREES = 4;
const CONCURRENCY = 32;
const AGENT_LATENCY_MS = 200;
const EXAMINER_LATENCY_MS = 50;
const RUN = `${Date.now().toString(36)}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real examiner, each call delayed by the benchmark's simulated model latency. */
function withLatency(examiner: Examiner, ms: number): Examiner {
  return {
    mode: examiner.mode,
    model: examiner.model,
    generateTask: async (ctx, opts) => {
      await sleep(ms);
      return examiner.generateTask(ctx, opts);
    },
    judge: async (input, opts) => {
      await sleep(ms);
      return examiner.judge(input, opts);
    },
  };
}

const db = createPrisma();
await truncateAll(db);
const world = await importWorld(db, { seed: "bench-tournament", hubs: TREES, entities: 8 });
const config = await heuristicExaminerConfig(db);
const agentIds: string[] = [];
for (let i = 0; i < AGENTS; i++) {
  // Skills spread evenly; weaker agents lose faster or slower, so match lengths vary as in a real run.
  const skill = 0.2 + (0.75 * i) / (AGENTS - 1);
  const agent = await db.agent.create({
    data: {
      name: `bench:${RUN}:${i}`,
      protocol: "simulated",
      status: "healthy",
      maxConcurrency: CONCURRENCY,
      config: { p_depth: skill, p_width: Math.min(1, skill + 0.05), latency_ms: AGENT_LATENCY_MS },
    },
  });
  agentIds.push(agent.id);
}
const tournament = await createTournament(db, {
  name: `bench ${RUN}`,
  agentIds,
  treeIds: world.trees.map((t) => t.id),
  examinerConfigId: config.id,
  seed: `bench:${RUN}`,
});

const queues = openTournamentQueues();
const redis = createRedis();
const limiter = new AgentLimiter(redis);
const sandbox = await startSandboxServer(db, { port: 0 });
const allow = [new URL(sandbox.url).host];
const trees = new TreeViews(db);
const fetcher = corpusPageFetcher(db);

const connections = [createRedis(), createRedis()];
const matchWorker = new Worker(
  "match",
  async (job: Job) => {
    const { matchId } = parsePayload("match", job.data);
    const deps = await matchDeps(db, matchId, { sandboxUrl: sandbox.url, fetcher, trees, allow, limiter });
    await runMatch(db, matchId, { ...deps, examiner: withLatency(deps.examiner, EXAMINER_LATENCY_MS) });
    await enqueueTick(queues.tournament, tournament.id, `after-${matchId}`);
  },
  { connection: connections[0]!, prefix: process.env.ARENA_QUEUE_PREFIX, concurrency: CONCURRENCY },
);
const tickWorker = new Worker(
  "tournament",
  async (job: Job) => advanceTournament(db, parsePayload("tournament", job.data).tournamentId, queues),
  { connection: connections[1]!, prefix: process.env.ARENA_QUEUE_PREFIX, concurrency: 2 },
);
for (const w of [matchWorker, tickWorker]) w.on("failed", (job, err) => console.error(`job ${job?.id} failed: ${err.message}`));

console.log(`${AGENTS} agents, ${TREES} trees, ${tournament.swissRounds} Swiss rounds, concurrency ${CONCURRENCY}`);
console.log(`simulated latency: agent ${AGENT_LATENCY_MS} ms per answer, examiner ${EXAMINER_LATENCY_MS} ms per call`);
const t0 = performance.now();
await startTournament(db, tournament.id);
await enqueueTick(queues.tournament, tournament.id, "start");
const final = await waitForTournament(db, tournament.id, { pollMs: 50 });
const wallMs = performance.now() - t0;

const matches = await db.match.findMany({
  where: { tournamentId: tournament.id },
  select: {
    startedAt: true,
    finishedAt: true,
    voidedRounds: true,
    rounds: true,
    pairing: { select: { round: { select: { number: true } } } },
  },
});
/** Per Swiss round: slowest stored match duration, and the most stored rounds any match played. */
const perRound = new Map<number, { slowest: number; matches: number; rounds: number; longest: number }>();
for (const m of matches) {
  const n = m.pairing!.round.number;
  const ms = m.finishedAt!.getTime() - m.startedAt!.getTime();
  const stored = m.rounds + m.voidedRounds;
  const r = perRound.get(n) ?? { slowest: 0, matches: 0, rounds: 0, longest: 0 };
  perRound.set(n, {
    slowest: Math.max(r.slowest, ms),
    matches: r.matches + 1,
    rounds: r.rounds + m.rounds,
    longest: Math.max(r.longest, stored),
  });
}
const rows = [...perRound].sort((a, b) => a[0] - b[0]);
const bound = rows.reduce((s, [, r]) => s + r.slowest, 0);
// A stored round waits for both agents (in parallel) and two examiner calls (generate, judge).
const perRoundLatency = AGENT_LATENCY_MS + 2 * EXAMINER_LATENCY_MS;
const latencyBound = rows.reduce((s, [, r]) => s + r.longest * perRoundLatency, 0);
for (const [n, r] of rows) {
  console.log(
    `swiss round ${n}: ${r.matches} matches, ${r.rounds} counted rounds, longest match ${r.longest} rounds, slowest match ${(r.slowest / 1000).toFixed(2)} s`,
  );
}
console.log(`status ${final.status}: ${final.matches.completed}/${final.matches.total} matches`);
console.log(`wall time ${(wallMs / 1000).toFixed(2)} s`);
console.log(
  `critical-path bound (slowest stored match per Swiss round) ${(bound / 1000).toFixed(2)} s → ratio ${(wallMs / bound).toFixed(3)} (target ≤ 1.3)`,
);
console.log(
  `latency-only bound (longest match × ${perRoundLatency} ms per round) ${(latencyBound / 1000).toFixed(2)} s → ratio ${(wallMs / latencyBound).toFixed(3)}`,
);

await Promise.all([matchWorker.close(), tickWorker.close()]);
await Promise.all([queues.match.obliterate({ force: true }), queues.tournament.obliterate({ force: true })]);
await queues.close();
for (const c of connections) c.disconnect();
redis.disconnect();
await sandbox.close();
await db.$disconnect();
