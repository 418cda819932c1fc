import { parseArenaEnv } from "@arena/core/env";
import type { ExaminerConfig, PrismaClient } from "@arena/db";
import { encryptSecret, loadSecretKey, secretContext } from "@arena/agents";
import { EXAMINER_DEFAULTS } from "@arena/examiner";

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

/**
 * An offline examiner configuration, created once and reused: "heuristic" by default; another
 * name keeps its ratings apart (ratings are kept per configuration), as simulations do.
 */
export function heuristicExaminerConfig(db: PrismaClient, name = "heuristic"): Promise<ExaminerConfig> {
  const data = { mode: "heuristic" as const, promptVersion: "v1" };
  return db.examinerConfig.upsert({ where: { name }, create: { name, ...data }, update: {} });
}

/**
 * An `llm` examiner configuration from the environment (ARENA_EXAMINER_BASE_URL, _MODEL,
 * _API_KEY, _GENERATION_TEMPERATURE (default 0.7), _JUDGE_TEMPERATURE (default 0.1)); the key is
 * stored encrypted. Ratings are kept per configuration, so the settings that shape verdicts
 * (endpoint, model, prompt version, temperatures) name it and are never changed in place: other
 * settings make another configuration. New configurations take the current prompt version;
 * older ones (named "…:t<temperature>", prompts v1) keep theirs, so versions never pool. Only a
 * key that is given replaces the stored one (rotation); running without a key leaves it.
 */
export async function llmExaminerConfigFromEnv(db: PrismaClient, raw: NodeJS.ProcessEnv = process.env): Promise<ExaminerConfig> {
  const env = parseArenaEnv(raw);
  const baseUrl = env.ARENA_EXAMINER_BASE_URL;
  const model = env.ARENA_EXAMINER_MODEL;
  if (!baseUrl || !model) throw new Error("llm examiner: set ARENA_EXAMINER_BASE_URL and ARENA_EXAMINER_MODEL");
  const generationTemperature = env.ARENA_EXAMINER_GENERATION_TEMPERATURE ?? EXAMINER_DEFAULTS.generationTemperature;
  const judgeTemperature = env.ARENA_EXAMINER_JUDGE_TEMPERATURE ?? EXAMINER_DEFAULTS.judgeTemperature;
  const promptVersion = EXAMINER_DEFAULTS.promptVersion;
  const endpoint = new URL(baseUrl);
  const name = `llm:${model}@${endpoint.host}${endpoint.pathname.replace(/\/$/, "")}:${promptVersion}:g${generationTemperature}:j${judgeTemperature}`;
  const key = env.ARENA_EXAMINER_API_KEY;
  const apiKeyEnc = key ? encryptSecret(key, loadSecretKey(), secretContext("examinerConfig", name, "apiKeyEnc")) : null;
  return db.examinerConfig.upsert({
    where: { name },
    create: { name, mode: "llm", baseUrl, model, apiKeyEnc, generationTemperature, judgeTemperature, promptVersion },
    update: apiKeyEnc ? { apiKeyEnc } : {},
  });
}
