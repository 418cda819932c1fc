import { z } from "zod";
import type { ExaminerConfig, PrismaClient } from "@arena/db";
import { decryptSecret, encryptSecret, loadSecretKey, secretContext } from "@arena/agents";
import { EXAMINER_DEFAULTS } from "@arena/examiner";
import { guardedFetch } from "@arena/net";

/**
 * Creating examiner configurations from explicit settings (the console; the CLI reads the same
 * settings from the environment). Ratings are kept per configuration, so a configuration is
 * never edited in place: the settings that shape verdicts name it, and only the key rotates.
 */

const temperature = z.coerce.number().min(0, "temperature is at least 0").max(2, "temperature is at most 2");

export const newExaminerConfigSchema = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("heuristic"),
    name: z.string().trim().min(1).max(100).regex(/^heuristic[\w:.-]*$/, "heuristic configuration names start with heuristic"),
  }),
  z.object({
    mode: z.literal("llm"),
    baseUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), "base URL must be an http(s) URL"),
    model: z.string().trim().min(1, "model is required").max(200),
    apiKey: z.string().max(4096).optional(),
    generationTemperature: temperature.default(EXAMINER_DEFAULTS.generationTemperature),
    judgeTemperature: temperature.default(EXAMINER_DEFAULTS.judgeTemperature),
    doubleJudge: z.boolean().default(false),
  }),
]);
export type NewExaminerConfig = z.input<typeof newExaminerConfigSchema>;

export class ExaminerConfigExistsError extends Error {}

/** The name of an llm configuration: everything that shapes its verdicts. */
export function llmConfigName(c: { baseUrl: string; model: string; promptVersion: string; generationTemperature: number; judgeTemperature: number; doubleJudge: boolean }): string {
  const endpoint = new URL(c.baseUrl);
  const base = `llm:${c.model}@${endpoint.host}${endpoint.pathname.replace(/\/$/, "")}:${c.promptVersion}:g${c.generationTemperature}:j${c.judgeTemperature}`;
  return c.doubleJudge ? `${base}:double` : base;
}

/** Creates a configuration; refuses one whose name (its verdict-shaping settings) exists already. */
export async function createExaminerConfig(db: PrismaClient, input: NewExaminerConfig, secretKey?: Buffer): Promise<ExaminerConfig> {
  const c = newExaminerConfigSchema.parse(input);
  if (c.mode === "heuristic") {
    if (await db.examinerConfig.findUnique({ where: { name: c.name } })) throw new ExaminerConfigExistsError(`examiner configuration ${c.name} exists already`);
    return db.examinerConfig.create({ data: { name: c.name, mode: "heuristic", promptVersion: "v1" } });
  }
  const promptVersion = EXAMINER_DEFAULTS.promptVersion;
  const name = llmConfigName({ ...c, promptVersion });
  if (await db.examinerConfig.findUnique({ where: { name } })) {
    throw new ExaminerConfigExistsError(`examiner configuration ${name} exists already (configurations are never edited; rotate its key instead)`);
  }
  const apiKeyEnc = c.apiKey ? encryptSecret(c.apiKey, secretKey ?? loadSecretKey(), secretContext("examinerConfig", name, "apiKeyEnc")) : null;
  const { apiKey: _key, mode, ...settings } = c;
  return db.examinerConfig.create({ data: { ...settings, name, mode, promptVersion, apiKeyEnc } });
}

/** Replaces the API key of an llm configuration (the only change a configuration allows). */
export async function rotateExaminerKey(db: PrismaClient, id: string, apiKey: string, secretKey?: Buffer): Promise<void> {
  const key = z.string().min(1).max(4096).parse(apiKey);
  const { name } = await db.examinerConfig.findUniqueOrThrow({ where: { id, mode: "llm" }, select: { name: true } });
  const apiKeyEnc = encryptSecret(key, secretKey ?? loadSecretKey(), secretContext("examinerConfig", name, "apiKeyEnc"));
  await db.examinerConfig.update({ where: { id }, data: { apiKeyEnc } });
}

export interface ConnectionTest {
  ok: boolean;
  latencyMs: number;
  detail: string;
}

/**
 * "Test connection": one real chat completion through the guarded client (examiner allow-list,
 * the configured endpoint's origin). Never throws for the endpoint's failures.
 */
export async function testExaminerConnection(config: Pick<ExaminerConfig, "mode" | "baseUrl" | "model">, apiKey: string | null, allow: string[] = []): Promise<ConnectionTest> {
  if (config.mode !== "llm" || !config.baseUrl || !config.model) return { ok: true, latencyMs: 0, detail: "heuristic examiner: no connection needed" };
  const started = Date.now();
  try {
    const res = await guardedFetch(`${config.baseUrl.replace(/\/$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify({ model: config.model, messages: [{ role: "user", content: "Reply with the word OK." }], max_tokens: 5 }),
      timeoutMs: 30_000,
      maxBytes: 1_000_000,
      purpose: "examiner",
      allow,
      allowOrigin: config.baseUrl,
    });
    const reply = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1) }).safeParse(res.json());
    if (!reply.success) return { ok: false, latencyMs: Date.now() - started, detail: "malformed: the reply is not a chat completion" };
    return { ok: true, latencyMs: Date.now() - started, detail: `answered: ${(reply.data.choices[0]!.message.content ?? "").slice(0, 80)}` };
  } catch (err) {
    return { ok: false, latencyMs: Date.now() - started, detail: err instanceof Error ? err.message : String(err) };
  }
}

export interface ExaminerConfigRow {
  id: string;
  name: string;
  mode: string;
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
    id, name, mode, baseUrl, model, hasKey: apiKeyEnc !== null, generationTemperature, judgeTemperature, doubleJudge, promptVersion,
  }));
}

/** "Test connection" of a stored configuration, with its decrypted key. */
export async function testStoredExaminer(db: PrismaClient, id: string, allow: string[] = []): Promise<ConnectionTest> {
  const c = await db.examinerConfig.findUniqueOrThrow({ where: { id } });
  const key = c.apiKeyEnc ? decryptSecret(c.apiKeyEnc, loadSecretKey(), secretContext("examinerConfig", c.name, "apiKeyEnc")) : null;
  return testExaminerConnection(c, key, allow);
}
