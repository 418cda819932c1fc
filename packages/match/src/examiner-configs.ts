import { z } from "zod";
import { EXAMINER_MODE_INFO, EXAMINER_MODES, examinerModeSchema, type ExaminerModeName } from "@arena/core";
import type { ExaminerConfig, PrismaClient } from "@arena/db";
import { decryptSecret, encryptSecret, loadSecretKey, secretContext } from "@arena/agents";
import {
  EXAMINER_MODE_TABLE,
  newExaminerConfigSchema,
  type ConnectionTest,
  type ExaminerModeRow,
  type ExaminerSettings,
  type NewExaminerConfig,
} from "./examiner-modes";

/**
 * Creating examiner configurations from explicit settings (the console; the CLI reads the same
 * settings from the environment); what differs per mode is in examiner-modes.ts.
 */
export {
  newExaminerConfigSchema,
  llmConfigName,
  ExaminerConfigExistsError,
  type ConnectionTest,
  type NewExaminerConfig,
} from "./examiner-modes";

/** A replacement API key (POST /api/console/examiners/{id}/key). */
export const examinerKeyRequestSchema = z.object({ apiKey: z.string().min(1).max(4096) });

/** A configuration as the console lists it (GET /api/console/examiners); never its key. */
export const examinerConfigRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mode: examinerModeSchema,
    baseUrl: z.string().nullable(),
    model: z.string().nullable(),
    hasKey: z.boolean(),
    generationTemperature: z.number(),
    judgeTemperature: z.number(),
  })
  .loose();

/** A stored configuration's connection test (POST /api/console/examiners/{id}/test). */
export const connectionTestSchema = z.object({ ok: z.boolean(), latencyMs: z.number(), detail: z.string() });

/** Creates a configuration; refuses one whose name (its verdict-shaping settings) exists already. */
export function createExaminerConfig(db: PrismaClient, input: NewExaminerConfig, secretKey?: Buffer): Promise<ExaminerConfig> {
  const settings = newExaminerConfigSchema.parse(input);
  return createIn(db, settings.mode, settings, secretKey);
}

/** The mode's row creates it (one generic call, so the compiler pairs each mode with its settings). */
function createIn<M extends ExaminerModeName>(
  db: PrismaClient,
  mode: M,
  settings: ExaminerSettings<M>,
  secretKey?: Buffer,
): Promise<ExaminerConfig> {
  const row: ExaminerModeRow<M> = EXAMINER_MODE_TABLE[mode];
  return row.create(db, settings, secretKey);
}

/** Modes whose configurations hold a key (the only thing a configuration lets change). */
const KEYED_MODES = EXAMINER_MODES.filter((m) => EXAMINER_MODE_INFO[m].needsKey);

/** Replaces the API key of a configuration whose mode takes one (the only change a configuration allows). */
export async function rotateExaminerKey(db: PrismaClient, id: string, apiKey: string, secretKey?: Buffer): Promise<void> {
  const key = z.string().min(1).max(4096).parse(apiKey);
  const { name } = await db.examinerConfig.findUniqueOrThrow({ where: { id, mode: { in: KEYED_MODES } }, select: { name: true } });
  const apiKeyEnc = encryptSecret(key, secretKey ?? loadSecretKey(), secretContext("examinerConfig", name, "apiKeyEnc"));
  await db.examinerConfig.update({ where: { id }, data: { apiKeyEnc } });
}

/** "Test connection" of a configuration with its key in clear (see each mode's testConnection). */
export function testExaminerConnection(
  config: Pick<ExaminerConfig, "mode" | "baseUrl" | "model">,
  apiKey: string | null,
  allow: string[] = [],
): Promise<ConnectionTest> {
  return EXAMINER_MODE_TABLE[config.mode].testConnection(config, apiKey, allow);
}

export interface ExaminerConfigRow {
  id: string;
  name: string;
  mode: ExaminerModeName;
  baseUrl: string | null;
  model: string | null;
  hasKey: boolean;
  generationTemperature: number;
  judgeTemperature: number;
  doubleJudge: boolean;
  promptVersion: string;
}

/** Every configuration, without key material (the console shows only whether a key is set). */
export async function listExaminerConfigs(db: PrismaClient): Promise<ExaminerConfigRow[]> {
  const rows = await db.examinerConfig.findMany({ orderBy: { name: "asc" } });
  return rows.map(({ apiKeyEnc, id, name, mode, baseUrl, model, generationTemperature, judgeTemperature, doubleJudge, promptVersion }) => ({
    id,
    name,
    mode,
    baseUrl,
    model,
    hasKey: apiKeyEnc !== null,
    generationTemperature,
    judgeTemperature,
    doubleJudge,
    promptVersion,
  }));
}

/** "Test connection" of a stored configuration, with its decrypted key. */
export async function testStoredExaminer(db: PrismaClient, id: string, allow: string[] = []): Promise<ConnectionTest> {
  const c = await db.examinerConfig.findUniqueOrThrow({ where: { id } });
  const key = c.apiKeyEnc ? decryptSecret(c.apiKeyEnc, loadSecretKey(), secretContext("examinerConfig", c.name, "apiKeyEnc")) : null;
  return testExaminerConnection(c, key, allow);
}
