import type { Command } from "commander";
import { z } from "zod";
import type { PrismaClient, Tournament } from "@arena/db";
import type { TournamentQueues } from "@arena/tournament";
import { parseOptions } from "../options";
import { statusText } from "../status-text";
import type { WebServer } from "../web-server";

/**
 * Planted-skill agents that join the built-in ones so the demo leaderboard has a known answer:
 * the strong agent should lead, the weak one trail, and the two lopsided agents should be
 * diagnosed with DEEP and WIDE failures respectively. They are labelled as simulations.
 */
const DEMO_SIMULATED = [
  { name: "sim:strong", p_depth: 0.9, p_width: 0.9, latency: 1.5 },
  { name: "sim:shallow", p_depth: 0.35, p_width: 0.85, latency: 0.6 },
  { name: "sim:narrow", p_depth: 0.85, p_width: 0.35, latency: 1 },
  { name: "sim:weak", p_depth: 0.25, p_width: 0.25, latency: 0.4 },
];
const DEMO_NAME = "demo";
/** The demo's own tournaments ("demo", "demo #2", …), not every tournament whose name starts with "demo". */
const DEMO_TOURNAMENTS = { OR: [{ name: DEMO_NAME }, { name: { startsWith: `${DEMO_NAME} #` } }] };

const optionsSchema = z.object({
  seed: z.string().min(1),
  hubs: z.coerce.number().int().min(1).max(50),
  entities: z.coerce.number().int().min(2).max(200),
  treesPerPairing: z.coerce.number().int().min(1),
  /** Typical answer time of the simulated agents (each has its own multiple of it). */
  latencyMs: z.coerce.number().int().min(0).max(600_000),
  web: z.boolean(),
  port: z.coerce.number().int().min(1).max(65535),
  host: z.string().min(1),
  exitWhenDone: z.boolean().optional(),
});
type DemoOptions = z.infer<typeof optionsSchema>;

function step(message: string): void {
  console.error(`[demo] ${message}`);
}

async function demoAgents(db: PrismaClient, latencyMs: number): Promise<string[]> {
  const { ensureBuiltinAgents } = await import("@arena/agents");
  const builtin = await ensureBuiltinAgents(db);
  const simulated = [];
  for (const s of DEMO_SIMULATED) {
    const config = { p_depth: s.p_depth, p_width: s.p_width, latency_ms: Math.round(s.latency * latencyMs) };
    const data = { protocol: "simulated" as const, config, status: "healthy" as const };
    simulated.push(await db.agent.upsert({ where: { name: s.name }, create: { name: s.name, ...data }, update: data }));
  }
  return [...builtin, ...simulated].map((a) => a.id);
}

/**
 * Reuses an unfinished demo tournament (running twice continues it); otherwise starts a new one.
 * Either way the workers get a tick, through the same commands the console and the CLI use.
 */
async function demoTournament(db: PrismaClient, queues: Pick<TournamentQueues, "tournament">, agentIds: string[], treeIds: string[], opts: DemoOptions): Promise<Tournament> {
  const [{ heuristicExaminerConfig }, { createTournament, enqueueTick, launchTournament, resumeAndTick }] = await Promise.all([import("@arena/match"), import("@arena/tournament")]);
  const open = await db.tournament.findFirst({
    where: { ...DEMO_TOURNAMENTS, status: { in: ["draft", "running", "paused"] } },
    orderBy: { createdAt: "desc" },
  });
  if (open) {
    step(`continuing tournament ${open.name} (${open.id}), ${open.status}`);
    if (open.status === "paused") return resumeAndTick(db, queues, open.id);
    if (open.status === "draft") return launchTournament(db, queues, open.id);
    await enqueueTick(queues.tournament, open.id, `demo-${Date.now()}`);
    return open;
  }
  const earlier = await db.tournament.count({ where: DEMO_TOURNAMENTS });
  const config = await heuristicExaminerConfig(db);
  const t = await createTournament(db, {
    name: earlier ? `${DEMO_NAME} #${earlier + 1}` : DEMO_NAME,
    agentIds,
    treeIds,
    treesPerPairing: Math.min(opts.treesPerPairing, treeIds.length),
    examinerConfigId: config.id,
    seed: `${opts.seed}-${earlier + 1}`,
  });
  step(`created tournament ${t.name} (${t.id}): ${agentIds.length} agents, ${t.swissRounds} Swiss rounds, heuristic examiner`);
  return launchTournament(db, queues, t.id);
}

/**
 * `arena demo`: the whole arena offline — the synthetic world in the sandbox, built-in and
 * planted-skill agents (answering with realistic latencies, so matches stream in over several
 * minutes), a Swiss tournament with the heuristic examiner, workers in this process, the web app
 * (a child process serving the production build) and the tournament's progress in the terminal. Running it again
 * reuses the world, the agents and an unfinished tournament. Ctrl-C stops everything it started.
 */
export function register(program: Command): void {
  program
    .command("demo")
    .description("run the arena offline: sandbox world, agents, a live Swiss tournament, workers")
    .option("--seed <seed>", "world and tournament seed", "demo")
    .option("--hubs <n>", "hub pages (trees) in the synthetic world", "4")
    .option("--entities <n>", "entities per hub", "12")
    .option("--trees-per-pairing <n>", "trees each pairing plays", "2")
    .option("--latency-ms <ms>", "typical answer time of the simulated agents", "3000")
    .option("--no-web", "do not serve the web app")
    .option("--port <port>", "web app port", "3000")
    .option("--host <host>", "web app address", "127.0.0.1")
    .option("--exit-when-done", "stop once the tournament completes (default: keep serving until Ctrl-C)")
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const [{ prisma }, { readTournament }, { importWorld }, { startWorkers }, { ensureWebBuild, startWebServer }] = await Promise.all([
        import("@arena/db"),
        import("@arena/tournament/read"),
        import("@arena/trees"),
        import("@arena/runtime"),
        import("../web-server"),
      ]);
      const db = prisma();
      step("building the sandbox world");
      const world = await importWorld(db, { seed: opts.seed, hubs: opts.hubs, entities: opts.entities });
      step(`world ${opts.seed}: ${world.trees.length} trees, ${world.pages} pages${world.reused ? " (reused)" : ""}`);
      const agentIds = await demoAgents(db, opts.latencyMs);
      step(`agents: ${agentIds.length} (2 built-in sandbox researchers, ${DEMO_SIMULATED.length} planted-skill simulations)`);
      let web: WebServer | null = null;
      if (opts.web) {
        await ensureWebBuild(step);
        web = await startWebServer(opts);
      }
      const workers = await startWorkers(db);
      step(`workers running; sandbox web and search at ${workers.ctx.sandboxUrl}`);
      const tournament = await demoTournament(db, workers.ctx.queues, agentIds, world.trees.map((t) => t.id), opts);
      if (web) step(`the arena is live at ${web.url} (tournament: ${web.url}/tournaments/${tournament.id}); Ctrl-C stops`);

      const stop = new AbortController();
      const shutdown = () => stop.abort();
      process.once("SIGINT", shutdown);
      process.once("SIGTERM", shutdown);
      let printed = "";
      while (!stop.signal.aborted) {
        const status = (await readTournament(db, tournament.id))!;
        const text = statusText(status);
        if (text !== printed) console.log(`\n${text}`);
        printed = text;
        const finished = status.status === "completed" || status.status === "cancelled";
        if (finished && opts.exitWhenDone) break;
        await new Promise((r) => setTimeout(r, 2000));
      }
      step("stopping workers");
      await workers.close();
      await web?.stop();
    });
}
