import type { PageFetcher } from "@arena/core";
import type { Agent, ExaminerConfig, Prisma, PrismaClient } from "@arena/db";
import { agentLimits, createAgentClient, decryptSecret, loadSecretKey } from "@arena/agents";
import { createExaminer } from "@arena/examiner";
import type { AgentLimiter } from "@arena/jobs";
import { sdkFetch } from "@arena/net";
import { sandboxPageFetcher } from "@arena/trees";
import type { MatchDeps, Seat } from "./run";

export interface DepsOptions {
  /** Base URL of the sandbox web/search (built-in agents, offline expansion). */
  sandboxUrl?: string;
  /** Page fetcher for expansion; default: the sandbox's, when a sandbox URL is given. */
  fetcher?: PageFetcher | null;
  /** Operator allow-list entries (AllowedHost table) on top of ARENA_ALLOW_HOSTS. */
  allow?: string[];
  limiter?: AgentLimiter;
  signal?: AbortSignal;
  log?: MatchDeps["log"];
}

/** Builds the examiner of a stored configuration; its secret is decrypted only here. */
export function examinerFor(config: ExaminerConfig, allow: string[] = []) {
  if (config.mode === "heuristic") return createExaminer({ mode: "heuristic", doubleJudge: config.doubleJudge });
  if (!config.baseUrl || !config.model) throw new Error(`examiner ${config.name}: llm mode needs a base URL and a model`);
  // The operator chose this endpoint, so its host passes the address guard.
  const host = new URL(config.baseUrl).host;
  return createExaminer({
    mode: "llm",
    baseUrl: config.baseUrl,
    model: config.model,
    apiKey: config.apiKeyEnc ? decryptSecret(config.apiKeyEnc, loadSecretKey()) : "",
    temperature: config.temperature,
    doubleJudge: config.doubleJudge,
    promptVersion: config.promptVersion,
    fetch: sdkFetch({ allow: [...allow, host], timeoutMs: 180_000 }) as typeof fetch,
  });
}

function seat(agent: Agent, opts: DepsOptions): Seat {
  return {
    client: createAgentClient(agent, { sandboxUrl: opts.sandboxUrl, allow: opts.allow }),
    simulated: agent.protocol === "simulated",
    limits: { agentId: agent.id, ...agentLimits(agent) },
  };
}

/** What building a match's dependencies reads: the match with its agents, examiner and tree. */
export const matchSetupInclude = {
  agentA: true,
  agentB: true,
  examinerConfig: true,
  tree: { select: { expandable: true } },
} as const;
export type MatchSetup = Prisma.MatchGetPayload<{ include: typeof matchSetupInclude }>;

/** Everything a match needs, from its stored rows. */
export async function matchDeps(db: PrismaClient, matchId: string, opts: DepsOptions = {}): Promise<MatchDeps> {
  return depsFor(await db.match.findUniqueOrThrow({ where: { id: matchId }, include: matchSetupInclude }), opts);
}

/** The same, from a match row already loaded with `matchSetupInclude`. */
export function depsFor(match: MatchSetup, opts: DepsOptions = {}): MatchDeps {
  const fetcher =
    opts.fetcher !== undefined ? opts.fetcher : match.tree.expandable && opts.sandboxUrl ? sandboxPageFetcher(opts.sandboxUrl) : null;
  return {
    examiner: examinerFor(match.examinerConfig, opts.allow),
    examinerModel: match.examinerConfig.mode === "llm" ? match.examinerConfig.model : null,
    a: seat(match.agentA, opts),
    b: seat(match.agentB, opts),
    fetcher,
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
