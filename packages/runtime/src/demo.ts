import { ensureBuiltinAgents } from "@arena/agents";
import type { PrismaClient, Tournament } from "@arena/db";
import { heuristicExaminerConfig } from "@arena/match";
import { attachFreshTree, createTournament, enqueueTick, launchTournament, resumeAndTick, type TournamentQueues } from "@arena/tournament";
import { importWorld } from "@arena/trees";

/**
 * The demo's workflow (`arena demo`): a synthetic world in the sandbox, the built-in agents and
 * planted-skill ones, and a Swiss tournament under the heuristic examiner, reusing what an earlier
 * run left (world, agents, an unfinished tournament). The CLI serves the web app and prints progress.
 */

/**
 * Planted-skill agents that join the built-in ones so the demo leaderboard has a known answer:
 * the strong agent should lead, the weak one trail, and the two lopsided agents should be
 * diagnosed with DEEP and WIDE failures respectively. They are labelled as simulations.
 */
export const DEMO_SIMULATED = [
  { name: "sim:strong", p_depth: 0.9, p_width: 0.9, latency: 1.5 },
  { name: "sim:shallow", p_depth: 0.35, p_width: 0.85, latency: 0.6 },
  { name: "sim:narrow", p_depth: 0.85, p_width: 0.35, latency: 1 },
  { name: "sim:weak", p_depth: 0.25, p_width: 0.25, latency: 0.4 },
] as const;
const DEMO_NAME = "demo";
/** The demo's own tournaments ("demo", "demo #2", …), not every tournament whose name starts with "demo". */
const DEMO_TOURNAMENTS = { OR: [{ name: DEMO_NAME }, { name: { startsWith: `${DEMO_NAME} #` } }] };

export interface DemoOptions {
  seed: string;
  hubs: number;
  entities: number;
  treesPerPairing: number;
  /** Typical answer time of the simulated agents (each has its own multiple of it). */
  latencyMs: number;
}

export interface DemoArena {
  world: { trees: string[]; pages: number; reused: boolean };
  agentIds: string[];
}

/** The demo's world and agents (idempotent per seed). */
export async function prepareDemo(db: PrismaClient, opts: DemoOptions): Promise<DemoArena> {
  const world = await importWorld(db, { seed: opts.seed, hubs: opts.hubs, entities: opts.entities });
  const builtin = await ensureBuiltinAgents(db);
  const simulated = [];
  for (const s of DEMO_SIMULATED) {
    const config = { p_depth: s.p_depth, p_width: s.p_width, latency_ms: Math.round(s.latency * opts.latencyMs) };
    const data = { protocol: "simulated" as const, config, status: "healthy" as const };
    simulated.push(await db.agent.upsert({ where: { name: s.name }, create: { name: s.name, ...data }, update: data }));
  }
  return {
    world: { trees: world.trees.map((t) => t.id), pages: world.pages, reused: world.reused },
    agentIds: [...builtin, ...simulated].map((a) => a.id),
  };
}

/** The live arena's tournament: continuous, among the demo's agents, kept across runs. */
export const DEMO_LIVE_NAME = "demo live";

/**
 * After the first Swiss tournament, the demo stays live: a continuous tournament among the same
 * agents, one tree per pairing, fed a fresh synthetic tree now and then (freshDemoTree), so the
 * leaderboard, the matches and the live events keep moving while the demo runs. An open one from
 * an earlier run is continued.
 */
export async function demoLiveTournament(
  db: PrismaClient,
  queues: Pick<TournamentQueues, "tournament">,
  arena: DemoArena,
  opts: Pick<DemoOptions, "seed">,
  say: (line: string) => void,
): Promise<Tournament> {
  const open = await db.tournament.findFirst({
    where: { name: DEMO_LIVE_NAME, status: { in: ["draft", "running", "paused"] } },
    orderBy: { createdAt: "desc" },
  });
  if (open) {
    say(`continuing the live tournament (${open.id}), ${open.status}`);
    if (open.status === "paused") return resumeAndTick(db, queues, open.id);
    if (open.status === "draft") return launchTournament(db, queues, open.id);
    await enqueueTick(queues.tournament, open.id, `demo-live-${Date.now()}`);
    return open;
  }
  const config = await heuristicExaminerConfig(db);
  const t = await createTournament(db, {
    name: DEMO_LIVE_NAME,
    agentIds: arena.agentIds,
    treeIds: arena.world.trees,
    treesPerPairing: 1,
    examinerConfigId: config.id,
    mode: "continuous",
    seed: `${opts.seed}-live`,
  });
  say(
    `created the live tournament (${t.id}): continuous, ${arena.agentIds.length} agents, one tree per pairing, fresh synthetic trees as it goes`,
  );
  return launchTournament(db, queues, t.id);
}

/**
 * One fresh synthetic tree for the live tournament: a one-hub world of its own seed (the n-th of
 * this demo seed), attached to every open continuous tournament, whose next pairings prefer it.
 */
export async function freshDemoTree(
  db: PrismaClient,
  opts: Pick<DemoOptions, "seed" | "entities">,
): Promise<{ treeId: string; title: string | null }> {
  const prefix = `${opts.seed}-live-`;
  const n = (await db.tree.count({ where: { source: "synthetic", worldSeed: { startsWith: prefix } } })) + 1;
  const world = await importWorld(db, { seed: `${prefix}${n}`, hubs: 1, entities: opts.entities });
  const tree = world.trees[0]!;
  await attachFreshTree(db, tree.id);
  return { treeId: tree.id, title: tree.title };
}

/**
 * Reuses an unfinished demo tournament (running twice continues it); otherwise starts a new one.
 * Either way the workers get a tick, through the same commands the console and the CLI use.
 */
export async function demoTournament(
  db: PrismaClient,
  queues: Pick<TournamentQueues, "tournament">,
  arena: DemoArena,
  opts: Pick<DemoOptions, "seed" | "treesPerPairing">,
  say: (line: string) => void,
): Promise<Tournament> {
  const open = await db.tournament.findFirst({
    where: { ...DEMO_TOURNAMENTS, status: { in: ["draft", "running", "paused"] } },
    orderBy: { createdAt: "desc" },
  });
  if (open) {
    say(`continuing tournament ${open.name} (${open.id}), ${open.status}`);
    if (open.status === "paused") return resumeAndTick(db, queues, open.id);
    if (open.status === "draft") return launchTournament(db, queues, open.id);
    await enqueueTick(queues.tournament, open.id, `demo-${Date.now()}`);
    return open;
  }
  const earlier = await db.tournament.count({ where: DEMO_TOURNAMENTS });
  const config = await heuristicExaminerConfig(db);
  const t = await createTournament(db, {
    name: earlier ? `${DEMO_NAME} #${earlier + 1}` : DEMO_NAME,
    agentIds: arena.agentIds,
    treeIds: arena.world.trees,
    treesPerPairing: Math.min(opts.treesPerPairing, arena.world.trees.length),
    examinerConfigId: config.id,
    seed: `${opts.seed}-${earlier + 1}`,
  });
  say(`created tournament ${t.name} (${t.id}): ${arena.agentIds.length} agents, ${t.swissRounds} Swiss rounds, heuristic examiner`);
  return launchTournament(db, queues, t.id);
}
