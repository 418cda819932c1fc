import type { Command } from "commander";
import { z } from "zod";
import type { RoundReport } from "@arena/match";
import { DEFAULT_EXAMINER, EXAMINER_MODES_HELP, examinerMode, parseOptions } from "../options";

const runOptions = z.object({
  tree: z.string().min(1),
  a: z.string().min(1),
  b: z.string().min(1),
  examiner: examinerMode,
  seed: z.string().min(1),
  json: z.boolean().optional(),
});

function printRound(r: RoundReport, json: boolean | undefined): void {
  if (json) {
    console.log(JSON.stringify(r));
    return;
  }
  const errors = [r.error_a && `A failed: ${r.error_a}`, r.error_b && `B failed: ${r.error_b}`].filter(Boolean).join(", ");
  console.log(
    `round ${r.round}  D=${r.depth} W=${r.width}  ${r.verdict ?? "(not judged)"}${r.forfeit ? ` (forfeit: ${r.forfeit.seat} failed, no judge)` : ""}  ${r.score_a}:${r.score_b}` +
      `${r.action ? `  → ${r.action}${r.stuck ? " (stuck: no child to descend to)" : ""}` : ""}${r.stop ? `  stop: ${r.stop}` : ""}${errors ? `  [${errors}]` : ""}`,
  );
}

/**
 * `arena match run`: one match in this process (the worker runs queued ones the same way),
 * with an in-process sandbox so built-in agents can search and the tree can be expanded offline.
 */
export function register(program: Command): void {
  const match = program.command("match").description("run and inspect matches");
  match
    .command("run")
    .description("run one adaptive match between two agents on a stored tree")
    .requiredOption("--tree <id>", "tree id (see: arena tree list)")
    .requiredOption("--a <agent>", "agent in seat A (id or name)")
    .requiredOption("--b <agent>", "agent in seat B (id or name)")
    .option("--examiner <mode>", EXAMINER_MODES_HELP, DEFAULT_EXAMINER)
    .option("--seed <seed>", "seed of every random choice", "1")
    .option("--json", "one JSON line per round, then the result")
    .action(async (raw: unknown) => {
      const opts = parseOptions(runOptions, raw);
      const [
        { operatorAllowList, prisma },
        { createMatch, findAgent, examinerConfigFor, matchDeps, runMatch },
        { refitExaminerScope },
        { startSandboxServer },
      ] = await Promise.all([import("@arena/db"), import("@arena/match"), import("@arena/tournament"), import("@arena/trees")]);
      const db = prisma();
      const [agentA, agentB] = [await findAgent(db, opts.a), await findAgent(db, opts.b)];
      const config = await examinerConfigFor(db, opts.examiner);
      const row = await createMatch(db, {
        treeId: opts.tree,
        agentAId: agentA.id,
        agentBId: agentB.id,
        examinerConfigId: config.id,
        seed: opts.seed,
      });
      const sandbox = await startSandboxServer(db, { port: 0 });
      try {
        const allow = [...(await operatorAllowList(db)), new URL(sandbox.url).host];
        const deps = await matchDeps(db, row.id, { sandboxUrl: sandbox.url, allow });
        if (!opts.json) console.error(`match ${row.id}: ${agentA.name} (A) vs ${agentB.name} (B), ${config.mode} examiner`);
        const result = await runMatch(db, row.id, deps, (r) => printRound(r, opts.json));
        // The configuration's arena-wide leaderboard counts standalone matches too.
        await refitExaminerScope(db, config.id);
        if (opts.json) console.log(JSON.stringify(result));
        else
          console.log(
            `winner: ${result.winner}  ${result.score_a}:${result.score_b} after ${result.rounds} rounds (${result.voided} voided)`,
          );
      } finally {
        await sandbox.close();
      }
    });

  match
    .command("cancel <id>")
    .description("cancel a queued or running match (unrated); research runs it left going at providers are cancelled there")
    .option("--json", "machine-readable output")
    .action(async (id: string, opts: { json?: boolean }) => {
      const [{ prisma }, { cancelMatch }, { openTournamentQueues, enqueueTick }, { jobIdFor }] = await Promise.all([
        import("@arena/db"),
        import("@arena/match"),
        import("@arena/tournament"),
        import("@arena/jobs"),
      ]);
      const result = await cancelMatch(prisma(), id);
      const queues = openTournamentQueues();
      try {
        // A job waiting for a run's next look runs now, sees the match cancelled and cancels the runs.
        const job = await queues.match.getJob(jobIdFor("match", { matchId: id }));
        if (job && (await job.getState()) === "delayed") await job.promote();
        if (result.cancelled && result.tournamentId) await enqueueTick(queues.tournament, result.tournamentId, `cancel-${id}`);
      } finally {
        await queues.close();
      }
      if (opts.json) return console.log(JSON.stringify({ id, ...result }));
      console.log(result.cancelled ? `cancelled match ${id}` : `match ${id} was not queued or running: nothing to cancel`);
    });
}
