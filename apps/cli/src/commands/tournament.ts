import type { Command } from "commander";
import { z } from "zod";
import type { PrismaClient } from "@arena/db";
import type { TournamentStatusReport } from "@arena/tournament";
import { TOURNAMENT_MODES, tournamentModeSchema } from "@arena/core/closed-sets";
import { DEFAULT_PAIRING, pairingRulesInWords, tournamentPairingSchema } from "@arena/core/pairing-rules";
import { DEFAULT_EXAMINER, EXAMINER_MODES_HELP, examinerMode, parseOptions } from "../options";
import { statusText } from "../status-text";

/**
 * `arena tournament create | start | run | status | pause | resume | cancel | add-agent`.
 * The workers do the work; these commands change the tournament's state in PostgreSQL and send
 * a tick to the queue. `start --run` / `run` also run the workers in this process and follow
 * progress until the tournament ends. Packages load when an action runs (help loads none).
 */

const packages = async () => {
  const [{ prisma }, { examinerConfigFor, findAgent }, tournament] = await Promise.all([
    import("@arena/db"),
    import("@arena/match"),
    import("@arena/tournament"),
  ]);
  return { prisma, examinerConfigFor, findAgent, ...tournament };
};

const list = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

const createOptions = z
  .object({
    name: z.string().min(1),
    agents: z.string().transform(list).pipe(z.array(z.string()).min(2, "--agents needs at least two agents")),
    trees: z.string().transform(list).optional(),
    allTrees: z.boolean().default(false),
    rounds: z.coerce.number().int().min(1).optional(),
    treesPerPairing: z.coerce.number().int().min(1).optional(),
    examiner: examinerMode.default(DEFAULT_EXAMINER),
    seed: z.string().min(1).default("1"),
    scoreReports: z.boolean().default(true),
    pairing: tournamentPairingSchema.default(DEFAULT_PAIRING),
    mode: tournamentModeSchema.default("rounds"),
    costCap: z.coerce.number().positive().optional(),
    agentCap: z.coerce.number().positive().optional(),
    json: z.boolean().default(false),
  })
  .refine((o) => Boolean(o.trees?.length) !== o.allTrees, { message: "give either --trees t1,t2 or --all-trees" });

/** `--cost-cap 5` sets a cap, `--cost-cap none` clears it, leaving it out keeps it. */
const capOption = z.union([z.literal("none").transform(() => null), z.coerce.number().positive()]).optional();
const budgetOptions = z.object({ costCap: capOption, agentCap: capOption });
const usdOrNone = (x: number | null) => (x === null ? "none" : `$${x.toFixed(2)}`);

const runOptions = z.object({
  concurrency: z.coerce.number().int().min(1).max(256).optional(),
  json: z.boolean().default(false),
});

/** The tournament as the web app and the API show it (`--json`: the same object as GET /api/tournaments/:id). */
async function printStatus(db: PrismaClient, id: string, json: boolean): Promise<void> {
  const { readTournament } = await import("@arena/tournament/read");
  const t = await readTournament(db, id);
  if (!t) throw new Error(`no tournament ${id}`);
  console.log(json ? JSON.stringify(t) : statusText(t));
}

/**
 * Runs the workers in this process until the tournament completes or is cancelled; null when
 * stopped by SIGINT/SIGTERM (the tournament stays as it is; running it again continues it). A
 * draft or paused tournament gets no work, so waiting for it would never end: that is an error.
 */
async function runToEnd(db: PrismaClient, id: string, opts: z.infer<typeof runOptions>): Promise<TournamentStatusReport | null> {
  const [{ tournamentStatus, waitForTournament }, { startWorkers }] = await Promise.all([
    import("@arena/tournament"),
    import("@arena/runtime"),
  ]);
  const { status } = await tournamentStatus(db, id);
  if (status === "draft" || status === "paused") {
    throw new Error(
      `tournament ${id} is ${status}: ${status === "draft" ? "start" : "resume"} it first (arena tournament ${status === "draft" ? "start" : "resume"} ${id})`,
    );
  }
  const workers = await startWorkers(db, opts.concurrency ? { matchConcurrency: opts.concurrency } : {});
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, onSignal);
  try {
    return await waitForTournament(db, id, {
      signal: stop.signal,
      onProgress: (s) =>
        opts.json
          ? console.log(JSON.stringify({ status: s.status, round: s.currentRound, done: s.matches.completed, total: s.matches.total }))
          : console.error(`round ${s.currentRound}/${s.swissRounds}: ${s.matches.completed}/${s.matches.total} matches done (${s.status})`),
    });
  } catch (err) {
    if (!stop.signal.aborted) throw err;
    console.error(`stopped; tournament ${id} continues when workers run again (arena tournament run ${id})`);
    process.exitCode = 130;
    return null;
  } finally {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.off(signal, onSignal);
    await workers.close();
  }
}

/** The final report of a run, unless it was stopped. */
async function printFinal(db: PrismaClient, final: TournamentStatusReport | null, json: boolean): Promise<void> {
  if (final) await printStatus(db, final.id, json);
}

export function register(program: Command): void {
  const t = program.command("tournament").description("Swiss tournaments: create, run, follow");

  t.command("create")
    .description("create a draft Swiss tournament")
    .requiredOption("--name <name>", "tournament name")
    .requiredOption("--agents <a,b,c>", "agents (ids or names), comma-separated")
    .option("--trees <t1,t2>", "tree ids, comma-separated")
    .option("--all-trees", "every stored tree")
    .option("--rounds <n>", "Swiss rounds (default ceil(log2 n) + 1)")
    .option("--trees-per-pairing <k>", "trees each pairing plays (default all)")
    .option("--examiner <mode>", EXAMINER_MODES_HELP)
    .option("--seed <seed>", "seed of the round-1 order and every match")
    .option("--no-score-reports", "do not score the answers of finished rounds (citation support, claims, RACE; on by default)")
    .option(
      "--mode <mode>",
      `${TOURNAMENT_MODES.join(" | ")}: a fixed number of rounds (default) or continuous (no last round; agents join and leave)`,
    )
    .option("--cost-cap <usd>", "pause the tournament when its research has cost this much (USD)")
    .option("--agent-cap <usd>", "pause the tournament when one agent's research has cost this much (USD)")
    .option("--pairing <rule>", pairingRulesInWords())
    .option("--json", "machine-readable output")
    .action(async (raw: unknown) => {
      const opts = parseOptions(createOptions, raw);
      const { prisma, findAgent, examinerConfigFor, createTournament } = await packages();
      const db = prisma();
      const agents = await Promise.all(opts.agents.map((a) => findAgent(db, a)));
      const treeIds = opts.allTrees
        ? (await db.tree.findMany({ select: { id: true }, orderBy: { createdAt: "asc" } })).map((x) => x.id)
        : opts.trees!;
      const config = await examinerConfigFor(db, opts.examiner);
      const row = await createTournament(db, {
        name: opts.name,
        agentIds: agents.map((a) => a.id),
        treeIds,
        ...(opts.rounds ? { swissRounds: opts.rounds } : {}),
        ...(opts.treesPerPairing ? { treesPerPairing: opts.treesPerPairing } : {}),
        examinerConfigId: config.id,
        seed: opts.seed,
        scoreReports: opts.scoreReports,
        pairing: opts.pairing,
        mode: opts.mode,
        costCapUsd: opts.costCap ?? null,
        agentCapUsd: opts.agentCap ?? null,
      });
      const { readTournamentEstimate } = await import("@arena/tournament/read");
      const estimate = await readTournamentEstimate(db, {
        agentIds: agents.map((a) => a.id),
        rounds: row.swissRounds,
        treesPerPairing: row.treesPerPairing,
      });
      if (opts.json) return console.log(JSON.stringify({ ...row, estimate }));
      const { estimateLines } = await import("@arena/core");
      console.log(estimateLines(estimate, row).join("\n"));
      console.log(
        `created tournament ${row.id}: ${agents.length} agents, ${treeIds.length} trees, ${row.swissRounds} rounds, ${row.treesPerPairing} trees per pairing, ${row.pairing} pairing, ${row.mode === "continuous" ? "continuous" : `${row.swissRounds} rounds`}${row.scoreReports ? "" : ", report scoring off"}`,
      );
    });

  t.command("start <id>")
    .description("start a draft tournament (pairs round 1); --run also runs the workers here")
    .option("--run", "run the workers in this process until the tournament ends")
    .option("--concurrency <n>", "matches at once (with --run)")
    .option("--json", "machine-readable progress (with --run)")
    .action(async (id: string, raw: { run?: boolean }) => {
      const opts = parseOptions(runOptions, raw);
      const { prisma, launchTournament, withQueues } = await packages();
      const db = prisma();
      await withQueues((q) => launchTournament(db, q, id));
      if (!raw.run) return console.log(`tournament ${id} started; workers pair and play it (arena tournament status ${id})`);
      await printFinal(db, await runToEnd(db, id, opts), opts.json);
    });

  t.command("run <id>")
    .description("run the workers in this process until the tournament ends")
    .option("--concurrency <n>", "matches at once")
    .option("--json", "machine-readable progress")
    .action(async (id: string, raw: unknown) => {
      const opts = parseOptions(runOptions, raw);
      const { prisma } = await packages();
      await printFinal(prisma(), await runToEnd(prisma(), id, opts), opts.json);
    });

  t.command("status <id>")
    .description("round, matches done/total, current ratings")
    .option("--json", "machine-readable output")
    .action(async (id: string, opts: { json?: boolean }) => {
      const { prisma } = await import("@arena/db");
      await printStatus(prisma(), id, opts.json ?? false);
    });

  t.command("pause <id>")
    .description("pause: running matches finish, queued ones wait")
    .action(async (id: string) => {
      const { prisma, pauseTournament } = await packages();
      await pauseTournament(prisma(), id);
      console.log(`tournament ${id} paused`);
    });

  t.command("resume <id>")
    .description("resume a paused tournament")
    .action(async (id: string) => {
      const { prisma, resumeAndTick, withQueues } = await packages();
      await withQueues((q) => resumeAndTick(prisma(), q, id));
      console.log(`tournament ${id} resumed`);
    });

  t.command("leave <id> <agent>")
    .description("an agent leaves a continuous tournament: paired no more, its matches and ratings stay")
    .action(async (id: string, agentRef: string) => {
      const { prisma, findAgent, removeParticipant } = await packages();
      const db = prisma();
      const agent = await findAgent(db, agentRef);
      await removeParticipant(db, id, agent.id);
      console.log(`${agent.name} left tournament ${id}`);
    });

  t.command("budget <id>")
    .description("set or clear (--cost-cap none) the cost cap and the per-agent cap of a tournament (USD)")
    .option("--cost-cap <usd|none>", "cap on the tournament's research cost")
    .option("--agent-cap <usd|none>", "cap on one agent's research cost")
    .action(async (id: string, raw: unknown) => {
      const opts = parseOptions(budgetOptions, raw);
      const { prisma, setTournamentBudget } = await packages();
      const t = await setTournamentBudget(prisma(), id, { costCapUsd: opts.costCap, agentCapUsd: opts.agentCap });
      console.log(
        `tournament ${id}: cost cap ${usdOrNone(t.costCapUsd)}, per-agent cap ${usdOrNone(t.agentCapUsd)}${t.status === "paused" ? " (paused: resume it to go on)" : ""}`,
      );
    });

  t.command("cancel <id>")
    .description("cancel: queued matches are cancelled, running ones finish")
    .action(async (id: string) => {
      const { prisma, cancelTournament } = await packages();
      const { cancelledMatches } = await cancelTournament(prisma(), id);
      console.log(`tournament ${id} cancelled (${cancelledMatches} queued matches cancelled)`);
    });

  t.command("add-agent <id> <agent>")
    .description("late entrant: paired from the next round on")
    .action(async (id: string, agentRef: string) => {
      const { prisma, findAgent, addAgentAndTick, withQueues } = await packages();
      const db = prisma();
      const agent = await findAgent(db, agentRef);
      const p = await withQueues((q) => addAgentAndTick(db, q, id, agent.id));
      console.log(`${agent.name} joins tournament ${id} from round ${p.joinedRound}`);
    });
}
