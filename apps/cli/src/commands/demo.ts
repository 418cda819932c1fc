import type { Command } from "commander";
import { z } from "zod";
import { parseOptions } from "../options";
import { statusText } from "../status-text";
import type { WebServer } from "../web-server";

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
function step(message: string): void {
  console.error(`[demo] ${message}`);
}

/**
 * `arena demo`: the whole arena offline — the synthetic world in the sandbox, built-in and
 * planted-skill agents (packages/runtime's demo workflow: prepareDemo, demoTournament) (answering with realistic latencies, so matches stream in over several
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
      const [{ prisma }, { readTournament }, { startWorkers, prepareDemo, demoTournament, DEMO_SIMULATED }, { ensureWebBuild, startWebServer }] = await Promise.all([
        import("@arena/db"),
        import("@arena/tournament/read"),
        import("@arena/runtime"),
        import("../web-server"),
      ]);
      const db = prisma();
      step("building the sandbox world");
      const arena = await prepareDemo(db, opts);
      const { world } = arena;
      step(`world ${opts.seed}: ${world.trees.length} trees, ${world.pages} pages${world.reused ? " (reused)" : ""}`);
      step(`agents: ${arena.agentIds.length} (2 built-in sandbox researchers, ${DEMO_SIMULATED.length} planted-skill simulations)`);
      let web: WebServer | null = null;
      if (opts.web) {
        await ensureWebBuild(step);
        web = await startWebServer(opts);
      }
      const workers = await startWorkers(db);
      step(`workers running; sandbox web and search at ${workers.ctx.sandboxUrl}`);
      const tournament = await demoTournament(db, workers.ctx.queues, arena, opts, step);
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
