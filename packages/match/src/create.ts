import type { ExaminerConfig, PrismaClient } from "@arena/db";
import { encryptSecret, loadSecretKey } from "@arena/agents";

export interface NewMatch {
  treeId: string;
  agentAId: string;
  agentBId: string;
  examinerConfigId: string;
  seed: string;
  tournamentId?: string;
  pairingId?: string;
}

export async function createMatch(db: PrismaClient, m: NewMatch) {
  if (m.agentAId === m.agentBId) throw new Error("an agent cannot play itself");
  const config = await db.examinerConfig.findUniqueOrThrow({ where: { id: m.examinerConfigId } });
  return db.match.create({ data: { ...m, examinerMode: config.mode } });
}

/** The default offline examiner configuration (one per database, reused). */
export function heuristicExaminerConfig(db: PrismaClient): Promise<ExaminerConfig> {
  const data = { mode: "heuristic" as const, promptVersion: "v1" };
  return db.examinerConfig.upsert({ where: { name: "heuristic" }, create: { name: "heuristic", ...data }, update: {} });
}

/**
 * An `llm` examiner configuration from the environment (ARENA_EXAMINER_BASE_URL, _MODEL,
 * _API_KEY, _TEMPERATURE), named after its model; the key is stored encrypted.
 */
export async function llmExaminerConfigFromEnv(db: PrismaClient, env = process.env): Promise<ExaminerConfig> {
  const baseUrl = env.ARENA_EXAMINER_BASE_URL;
  const model = env.ARENA_EXAMINER_MODEL;
  if (!baseUrl || !model) throw new Error("llm examiner: set ARENA_EXAMINER_BASE_URL and ARENA_EXAMINER_MODEL");
  const apiKeyEnc = env.ARENA_EXAMINER_API_KEY ? encryptSecret(env.ARENA_EXAMINER_API_KEY, loadSecretKey()) : null;
  const temperature = env.ARENA_EXAMINER_TEMPERATURE ? Number(env.ARENA_EXAMINER_TEMPERATURE) : 0.2;
  const name = `llm:${model}@${new URL(baseUrl).host}`;
  const data = { mode: "llm" as const, baseUrl, model, apiKeyEnc, temperature };
  return db.examinerConfig.upsert({ where: { name }, create: { name, ...data }, update: data });
}
