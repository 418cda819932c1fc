import type { Command } from "commander";
import { z } from "zod";
import { parseOptions } from "../options";
import { roundInWords } from "@arena/core";
import type { TournamentView } from "@arena/tournament/read";
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
  /** Minutes between fresh synthetic trees for the live tournament. */
  liveTreeMinutes: z.coerce.number().min(0.1).max(1440),
});
/** The live tournament in one line: where it stands and who leads. */
function liveText(t: TournamentView): string {
  const leader = t.ratings[0];
  return `live: ${roundInWords(t)}, ${t.matches.completed} matches done, ${t.matches.running} running${leader ? `; leading: ${leader.name}` : ""}`;
}

function step(message: string): void {
  console.error(`[demo] ${message}`);
}

/**
 * `arena demo`: the whole arena offline — the synthetic world in the sandbox, built-in and
 * planted-skill agents (packages/runtime's demo workflow: prepareDemo, demoTournament) (answering with realistic latencies, so matches stream in over several
 * minutes), a Swiss tournament with the heuristic examiner, workers in this process, the web app
 * (a child process serving the production build) and the tournament's progress in the terminal. Once
 * that first tournament is over the arena stays live (unless --exit-when-done): a continuous
 * tournament among the same agents, fed a fresh synthetic tree every --live-tree-minutes, keeps
 * the leaderboard, the matches and the live events moving. Running it again reuses the world, the
 * agents and unfinished tournaments. Ctrl-C stops everything it started.
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
    .option("--exit-when-done", "stop once the tournament completes (default: stay live with a continuous tournament until Ctrl-C)")
    .option(
      "--live-tree-minutes <minutes>",
      "after the first tournament, a fresh synthetic tree for the live tournament every so many minutes",
      "5",
    )
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const [
        { prisma },
        { readTournament },
        { startWorkers, prepareDemo, demoTournament, demoLiveTournament, freshDemoTree, DEMO_SIMULATED },
        { ensureWebBuild, startWebServer },
      ] = await Promise.all([import("@arena/db"), import("@arena/tournament/read"), import("@arena/runtime"), import("../web-server")]);
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
      let live: { id: string; nextTreeAt: number } | null = null;
      while (!stop.signal.aborted) {
        if (live === null) {
          const status = (await readTournament(db, tournament.id))!;
          const text = statusText(status);
          if (text !== printed) console.log(`\n${text}`);
          printed = text;
          const finished = status.status === "completed" || status.status === "cancelled";
          if (finished && opts.exitWhenDone) break;
          if (finished) {
            const t = await demoLiveTournament(db, workers.ctx.queues, arena, opts, step);
            live = { id: t.id, nextTreeAt: Date.now() + opts.liveTreeMinutes * 60_000 };
            if (web)
              step(`the arena stays live: ${web.url}/tournaments/${t.id} (a fresh tree every ${opts.liveTreeMinutes} min; Ctrl-C stops)`);
          }
        } else {
          // One short line per change: a continuous tournament has no last round to print a table for.
          const status = (await readTournament(db, live.id))!;
          const text = liveText(status);
          if (text !== printed) step(text);
          printed = text;
          if (Date.now() >= live.nextTreeAt) {
            const fresh = await freshDemoTree(db, opts);
            step(`fresh synthetic tree for the live tournament: ${fresh.title ?? fresh.treeId}`);
            live.nextTreeAt = Date.now() + opts.liveTreeMinutes * 60_000;
          }
        }
        await new Promise((r) => setTimeout(r, 2000));
      }
      step("stopping workers");
      await workers.close();
      await web?.stop();
    });
}
