/**
 * Shared setup of the tournament integration tests: a small synthetic world, simulated agents
 * with planted skill and a little latency, the heuristic examiner, queues under the file's own
 * ARENA_QUEUE_PREFIX (set by each test file before it calls anything here), and checks that a
 * finished tournament has exactly the matches its pairings call for.
 */
import { afterAll, beforeEach, expect } from "vitest";
import { Redis } from "ioredis";
import { createPrisma, type PrismaClient } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import { keyPrefix } from "@arena/jobs";
import { heuristicExaminerConfig } from "@arena/match";
import { createTournament, enqueueTick, ensureSimulatedAgents, openTournamentQueues, startTournament } from "@arena/tournament";
import { startWorkers, type RunningWorkers, type WorkerOptions } from "@arena/runtime";
import { importWorld } from "@arena/trees";

export function requireEnv(): void {
  for (const name of ["DATABASE_URL", "REDIS_URL", "ARENA_QUEUE_PREFIX"]) {
    if (!process.env[name]) throw new Error(`set ${name} (tournament integration tests use their own database and Redis DB index)`);
  }
}

/** Planted skills, strongest first. */
const SKILLS = [
  { p_depth: 0.95, p_width: 0.9 },
  { p_depth: 0.7, p_width: 0.6 },
  { p_depth: 0.5, p_width: 0.4 },
  { p_depth: 0.2, p_width: 0.3 },
  { p_depth: 0.6, p_width: 0.6 },
] as const;

async function simulatedAgents(db: PrismaClient, count: number, latencyMs: number): Promise<string[]> {
  const planted = Array.from({ length: count }, (_, index) => ({ index, ...SKILLS[index % SKILLS.length]! }));
  return (await ensureSimulatedAgents(db, "itest", planted, latencyMs)).map((a) => a.agentId);
}

export async function worldTrees(db: PrismaClient, hubs: number): Promise<string[]> {
  const world = await importWorld(db, { seed: `tour-${hubs}`, hubs, entities: 6 });
  return world.trees.map((t) => t.id);
}

export async function draftTournament(
  db: PrismaClient,
  opts: { agents: number; trees: number; rounds: number; latencyMs?: number; treesPerPairing?: number },
) {
  const [agentIds, treeIds, config] = [
    await simulatedAgents(db, opts.agents, opts.latencyMs ?? 20),
    await worldTrees(db, opts.trees),
    await heuristicExaminerConfig(db),
  ];
  const t = await createTournament(db, {
    name: "itest",
    agentIds,
    treeIds,
    swissRounds: opts.rounds,
    ...(opts.treesPerPairing ? { treesPerPairing: opts.treesPerPairing } : {}),
    examinerConfigId: config.id,
    seed: "itest",
  });
  return { tournament: t, agentIds, treeIds, config };
}

/**
 * Deletes every key under this file's ARENA_QUEUE_PREFIX (queues, jobs, limiter slots): what
 * "Redis restarted with an empty store" means to this test, without touching the keys of
 * anyone else sharing the Redis DB.
 */
export async function flushRedis(): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL!);
  try {
    for await (const keys of redis.scanStream({ match: `${keyPrefix()}:*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * A completed tournament has, per round, one pairing per two active agents (plus a bye for an
 * odd count), one match per pairing and tree, every match completed, and every match's stored
 * rounds numbered 1..n without gaps or repeats.
 */
export async function expectConsistent(db: PrismaClient, tournamentId: string, expected: { rounds: number; matchesPerRound: number }) {
  const t = await db.tournament.findUniqueOrThrow({
    where: { id: tournamentId },
    include: { rounds: { include: { pairings: { include: { matches: true } } }, orderBy: { number: "asc" } } },
  });
  expect(t.status).toBe("completed");
  expect(t.rounds.map((r) => r.number)).toEqual(Array.from({ length: expected.rounds }, (_, i) => i + 1));
  for (const r of t.rounds) {
    expect(r.status).toBe("completed");
    const matches = r.pairings.flatMap((p) => p.matches);
    expect(matches).toHaveLength(expected.matchesPerRound);
    expect(matches.every((m) => m.status === "completed")).toBe(true);
    const seated = r.pairings.flatMap((p) => [p.agentAId, p.agentBId].filter(Boolean));
    expect(new Set(seated).size).toBe(seated.length);
  }
  expect(await db.match.count({ where: { tournamentId } })).toBe(expected.rounds * expected.matchesPerRound);
  const rounds = await db.round.findMany({
    where: { match: { tournamentId } },
    select: { matchId: true, number: true },
    orderBy: [{ matchId: "asc" }, { number: "asc" }],
  });
  const byMatch = new Map<string, number[]>();
  for (const r of rounds) byMatch.set(r.matchId, [...(byMatch.get(r.matchId) ?? []), r.number]);
  for (const numbers of byMatch.values()) expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  return t;
}

/**
 * What every tournament test file sets up: a client, producer queues, and workers it runs and
 * stops; before each test the workers are stopped and the database and this file's Redis keys
 * emptied, after the file everything is closed.
 */
export function tournamentHarness() {
  requireEnv();
  const db = createPrisma();
  const queues = openTournamentQueues();
  let workers: RunningWorkers | null = null;
  const stopWorkers = async () => {
    await workers?.close();
    workers = null;
  };
  beforeEach(async () => {
    await stopWorkers();
    await truncateAll(db);
    await flushRedis();
  });
  afterAll(async () => {
    await stopWorkers();
    await queues.close();
    await db.$disconnect();
  });
  return {
    db,
    queues,
    stopWorkers,
    runWorkers: async (opts: WorkerOptions) => {
      workers = await startWorkers(db, opts);
    },
    /** Starts a draft tournament and sends its first tick. */
    start: async (id: string) => {
      await startTournament(db, id);
      await enqueueTick(queues.tournament, id, "start");
    },
  };
}
