/**
 * Data for the web tests, made by the real pipeline: a synthetic world, simulated agents, and a
 * Swiss tournament played by workers in this process (events published as in production), plus
 * a standalone match against an agent whose answers are hostile HTML.
 */
import type { PrismaClient } from "@arena/db";
import { createMatch, heuristicExaminerConfig, matchDeps, runMatch } from "@arena/match";
import { enqueueTick, openTournamentQueues, startTournament, waitForTournament } from "@arena/tournament";
import { startWorkers } from "@arena/runtime";
import { draftTournament } from "../tournament-fixtures";
import type { HostileAgentServer } from "./hostile-agent-server";

export interface TournamentRun {
  tournamentId: string;
  examinerConfigId: string;
  agentIds: string[];
  treeIds: string[];
  /** Resolves when the tournament has completed. */
  finished(): Promise<void>;
  /** Stops the workers and closes the queues. */
  close(): Promise<void>;
}

/** Starts a tournament and the workers that play it; the caller waits for it or watches it. */
export async function runTournament(
  db: PrismaClient,
  opts: { agents: number; trees: number; rounds: number; latencyMs: number },
): Promise<TournamentRun> {
  const { tournament, agentIds, treeIds, config } = await draftTournament(db, opts);
  const queues = openTournamentQueues();
  const workers = await startWorkers(db, { matchConcurrency: 4, reconcileEveryMs: 0 });
  await startTournament(db, tournament.id);
  await enqueueTick(queues.tournament, tournament.id, "start");
  return {
    tournamentId: tournament.id,
    examinerConfigId: config.id,
    agentIds,
    treeIds,
    finished: async () => void (await waitForTournament(db, tournament.id, { pollMs: 100 })),
    close: async () => {
      await workers.close();
      await queues.close();
    },
  };
}

/** One standalone match (heuristic examiner) of the hostile agent against a simulated one; returns its id. */
export async function playHostileMatch(db: PrismaClient, hostile: HostileAgentServer, treeId: string): Promise<string> {
  const a = await db.agent.create({
    data: {
      name: "hostile-html",
      protocol: "arena_http",
      endpoint: hostile.url,
      config: { timeoutMs: 5000, deadlineMs: 10_000 },
      status: "healthy",
    },
  });
  const b = await db.agent.create({
    data: { name: "sim-steady", protocol: "simulated", config: { p_depth: 0.6, p_width: 0.6 }, status: "healthy" },
  });
  const config = await heuristicExaminerConfig(db);
  const m = await createMatch(db, { treeId, agentAId: a.id, agentBId: b.id, examinerConfigId: config.id, seed: "hostile" });
  await runMatch(db, m.id, await matchDeps(db, m.id, { allow: [hostile.hostPort] }));
  return m.id;
}
