import type { Agent, PrismaClient } from "@arena/db";
import { BUILTIN_AGENTS } from "./builtin/agent";
import type { AgentRecord } from "./types";

/**
 * Registers or updates the built-in agents (protocol builtin, builtin = true, config {strategy}).
 * Idempotent: running it again leaves one row per built-in agent and keeps their ids, so
 * tournaments and ratings that point at them stay valid. Status is healthy: they need only the
 * sandbox, which runs in-process with the arena.
 */
export async function ensureBuiltinAgents(db: PrismaClient): Promise<Agent[]> {
  const rows: Agent[] = [];
  for (const b of BUILTIN_AGENTS) {
    const data = { protocol: "builtin" as const, builtin: true, config: { strategy: b.strategy }, status: "healthy" as const };
    rows.push(await db.agent.upsert({ where: { name: b.name }, create: { name: b.name, ...data }, update: data }));
  }
  return rows;
}

/**
 * Per-agent limits the match queue enforces across workers (the limiter itself lives there).
 * Defaults follow the schema: 4 concurrent calls, no rate limit.
 */
export function agentLimits(agent: Pick<AgentRecord, "maxConcurrency" | "ratePerMinute">): {
  maxConcurrency: number;
  ratePerMinute: number | null;
} {
  return { maxConcurrency: agent.maxConcurrency ?? 4, ratePerMinute: agent.ratePerMinute ?? null };
}
