import type { PageFetcher } from "@arena/core";
import { sqlPool, type Agent, type ExaminerConfig, type Match, type PrismaClient, type TournamentStatus } from "@arena/db";
import { agentLimits, createAgentClient } from "@arena/agents";
import type { AgentLimiter } from "@arena/jobs";
import { sandboxPageFetcher, type TreeViews } from "@arena/trees";
import { EXAMINER_MODE_TABLE, examinerFor } from "./examiner-modes";
import type { MatchDeps, Seat } from "./run";

export interface DepsOptions {
  /** Base URL of the sandbox web/search (built-in agents, offline expansion). */
  sandboxUrl?: string;
  /** Page fetcher for expanding expandable trees; default: the sandbox's over HTTP, when a sandbox URL is given. */
  fetcher?: PageFetcher;
  /** The worker's shared tree views (see TreeViews). */
  trees?: TreeViews;
  /**
   * Operator allow-list entries (AllowedHost table, sandbox host) for the agents: each endpoint
   * agent may use them for its own origin only. The examiner has its own list.
   */
  allow?: string[];
  limiter?: AgentLimiter;
  signal?: AbortSignal;
  log?: MatchDeps["log"];
}

function seat(agent: Agent, opts: DepsOptions): Seat {
  return {
    client: createAgentClient(agent, { sandboxUrl: opts.sandboxUrl, allow: opts.allow }),
    simulated: agent.protocol === "simulated",
    limits: { agentId: agent.id, ...agentLimits(agent) },
  };
}

/** What building a match's dependencies reads: the match with its agents, examiner, tree and tournament. */
export interface MatchSetup extends Match {
  agentA: Agent;
  agentB: Agent;
  examinerConfig: ExaminerConfig;
  tree: { expandable: boolean };
  tournament: { status: TournamentStatus } | null;
}

/**
 * Reads a match's setup: three queries sent at once through node-postgres (a worker does this
 * for every match; through the ORM's includes it took ~3 ms of CPU). `SELECT *` rows are the
 * Prisma model rows: same column names, enums as text, jsonb parsed, timestamps read as UTC.
 * Null when there is no such match.
 */
export async function loadMatchSetup(db: PrismaClient, matchId: string): Promise<MatchSetup | null> {
  const pool = sqlPool(db);
  const [match, agents, examiner] = await Promise.all([
    pool.query<Match & { treeExpandable: boolean; tournamentStatus: TournamentStatus | null }>(
      `SELECT m.*, t.expandable AS "treeExpandable", tn.status AS "tournamentStatus"
       FROM "Match" m JOIN "Tree" t ON t.id = m."treeId" LEFT JOIN "Tournament" tn ON tn.id = m."tournamentId"
       WHERE m.id = $1`,
      [matchId],
    ),
    pool.query<Agent>(`SELECT a.* FROM "Agent" a JOIN "Match" m ON a.id IN (m."agentAId", m."agentBId") WHERE m.id = $1`, [matchId]),
    pool.query<ExaminerConfig>(`SELECT e.* FROM "ExaminerConfig" e JOIN "Match" m ON e.id = m."examinerConfigId" WHERE m.id = $1`, [
      matchId,
    ]),
  ]);
  const row = match.rows[0];
  if (!row) return null;
  const { treeExpandable, tournamentStatus, ...rest } = row;
  const agent = (id: string) => agents.rows.find((a) => a.id === id)!;
  return {
    ...rest,
    agentA: agent(row.agentAId),
    agentB: agent(row.agentBId),
    examinerConfig: examiner.rows[0]!,
    tree: { expandable: treeExpandable },
    tournament: tournamentStatus === null ? null : { status: tournamentStatus },
  };
}

/** Everything a match needs, from its stored rows. */
export async function matchDeps(db: PrismaClient, matchId: string, opts: DepsOptions = {}): Promise<MatchDeps> {
  const setup = await loadMatchSetup(db, matchId);
  if (!setup) throw new Error(`no match with id ${matchId}`);
  return depsFor(setup, opts);
}

/** The same, from a match already read with `loadMatchSetup`. */
export function depsFor(match: MatchSetup, opts: DepsOptions = {}): MatchDeps {
  const fetcher = !match.tree.expandable ? null : (opts.fetcher ?? (opts.sandboxUrl ? sandboxPageFetcher(opts.sandboxUrl) : null));
  return {
    examiner: examinerFor(match.examinerConfig),
    examinerModel: EXAMINER_MODE_TABLE[match.examinerConfig.mode].model(match.examinerConfig),
    a: seat(match.agentA, opts),
    b: seat(match.agentB, opts),
    fetcher,
    ...(opts.trees ? { trees: opts.trees } : {}),
    ...(opts.limiter ? { limiter: opts.limiter } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  };
}

/** Finds an agent by id or by name. */
export async function findAgent(db: PrismaClient, ref: string): Promise<Agent> {
  const agent = await db.agent.findFirst({ where: { OR: [{ id: ref }, { name: ref }] } });
  if (!agent) throw new Error(`no agent with id or name "${ref}" (see: arena agent list)`);
  return agent;
}
