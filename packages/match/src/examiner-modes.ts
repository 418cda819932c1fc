import { z } from "zod";
import type { ExaminerModeName } from "@arena/core";
import type { ExaminerConfig, PrismaClient } from "@arena/db";
import { decryptSecret, encryptSecret, loadSecretKey, secretContext } from "@arena/agents";
import { EXAMINER_DEFAULTS, HEURISTIC_VERSION, PROMPT_VERSIONS, type Examiner, type PromptVersion } from "@arena/examiner";
import { createHeuristicExaminer } from "@arena/examiner/heuristic";
import { createLlmExaminer } from "@arena/examiner/llm";
import { guardedFetch, sdkFetch } from "@arena/net";
import { arenaEnv, parseArenaEnv } from "@arena/env";
import { heuristicExaminerConfig } from "./create";

/**
 * What the match package does differently per examiner mode (EXAMINER_MODES in @arena/core), one
 * row per mode: a new mode adds its settings schema and its row here, whose `build` calls the
 * builder of the mode's folder in @arena/examiner (`@arena/examiner/<mode>`). Ratings are kept per configuration, so a configuration is never edited in
 * place: the settings that shape verdicts name it, and only the key rotates.
 */

const temperature = z.coerce.number().min(0, "temperature is at least 0").max(2, "temperature is at most 2");

/** A new configuration's settings (the console), per mode. */
const SETTINGS = {
  heuristic: z.object({
    mode: z.literal("heuristic"),
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^heuristic[\w:.-]*$/, "heuristic configuration names start with heuristic"),
  }),
  llm: z.object({
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
} satisfies { [M in ExaminerModeName]: z.ZodObject<{ mode: z.ZodLiteral<M> }> };

export const newExaminerConfigSchema = z.discriminatedUnion("mode", [SETTINGS.heuristic, SETTINGS.llm]);
export type NewExaminerConfig = z.input<typeof newExaminerConfigSchema>;

export class ExaminerConfigExistsError extends Error {}

export interface ConnectionTest {
  ok: boolean;
  latencyMs: number;
  detail: string;
}

/** The name of an llm configuration: everything that shapes its verdicts. */
export function llmConfigName(c: {
  baseUrl: string;
  model: string;
  promptVersion: string;
  generationTemperature: number;
  judgeTemperature: number;
  doubleJudge: boolean;
}): string {
  const endpoint = new URL(c.baseUrl);
  const base = `llm:${c.model}@${endpoint.host}${endpoint.pathname.replace(/\/$/, "")}:${c.promptVersion}:g${c.generationTemperature}:j${c.judgeTemperature}`;
  return c.doubleJudge ? `${base}:double` : base;
}

/** A mode's settings for a new configuration, as its schema outputs them. */
export type ExaminerSettings<M extends ExaminerModeName> = z.output<(typeof SETTINGS)[M]>;

/**
 * What the match package does with one mode: build its examiner, store its configurations, test
 * its connection. What pages and the CLI say about it is EXAMINER_MODE_INFO in @arena/core.
 */
export interface ExaminerModeRow<M extends ExaminerModeName> {
  /** The examiner of a stored configuration. */
  build(config: ExaminerConfig): Examiner;
  /** Model name recorded on each round. */
  model(config: ExaminerConfig): string | null;
  /** The configuration `--examiner <mode>` runs with. */
  fromEnv(db: PrismaClient): Promise<ExaminerConfig>;
  /** Stores a new configuration; refuses one whose name (its verdict-shaping settings) exists already. */
  create(db: PrismaClient, settings: ExaminerSettings<M>, secretKey?: Buffer): Promise<ExaminerConfig>;
  /** "Test connection"; never throws for the endpoint's failures. */
  testConnection(config: Pick<ExaminerConfig, "baseUrl" | "model">, apiKey: string | null, allow: string[]): Promise<ConnectionTest>;
}

/** The name and stored row of an llm configuration: its key encrypted under that name. */
function llmRecord(s: z.output<typeof SETTINGS.llm>, secretKey?: Buffer) {
  const promptVersion = EXAMINER_DEFAULTS.promptVersion;
  const name = llmConfigName({ ...s, promptVersion });
  const apiKeyEnc = s.apiKey
    ? encryptSecret(s.apiKey, secretKey ?? loadSecretKey(), secretContext("examinerConfig", name, "apiKeyEnc"))
    : null;
  const { apiKey: _key, ...settings } = s;
  return { name, data: { ...settings, name, promptVersion, apiKeyEnc } };
}

/**
 * The `llm` configuration the environment names (ARENA_EXAMINER_BASE_URL, _MODEL, _API_KEY,
 * _GENERATION_TEMPERATURE, _JUDGE_TEMPERATURE), created on first use with the console's settings
 * schema and naming. New configurations take the current prompt version; older ones keep theirs,
 * so versions never pool. Only a key that is given replaces the stored one (rotation).
 */
export async function llmExaminerConfigFromEnv(db: PrismaClient, raw?: Record<string, string | undefined>): Promise<ExaminerConfig> {
  const env = raw ? parseArenaEnv(raw) : arenaEnv();
  if (!env.ARENA_EXAMINER_BASE_URL || !env.ARENA_EXAMINER_MODEL)
    throw new Error("llm examiner: set ARENA_EXAMINER_BASE_URL and ARENA_EXAMINER_MODEL");
  const { name, data } = llmRecord(
    SETTINGS.llm.parse({
      mode: "llm",
      baseUrl: env.ARENA_EXAMINER_BASE_URL,
      model: env.ARENA_EXAMINER_MODEL,
      apiKey: env.ARENA_EXAMINER_API_KEY,
      generationTemperature: env.ARENA_EXAMINER_GENERATION_TEMPERATURE,
      judgeTemperature: env.ARENA_EXAMINER_JUDGE_TEMPERATURE,
    }),
  );
  return db.examinerConfig.upsert({ where: { name }, create: data, update: data.apiKeyEnc ? { apiKeyEnc: data.apiKeyEnc } : {} });
}

async function refuseExisting(db: PrismaClient, name: string, hint = ""): Promise<void> {
  if (await db.examinerConfig.findUnique({ where: { name } }))
    throw new ExaminerConfigExistsError(`examiner configuration ${name} exists already${hint}`);
}

/** A stored configuration's prompt version; one this build does not know is a configuration error. */
function promptVersionOf(config: ExaminerConfig): PromptVersion {
  const version = PROMPT_VERSIONS.find((v) => v === config.promptVersion);
  if (!version) throw new Error(`examiner ${config.name}: unknown prompt version "${config.promptVersion}"`);
  return version;
}

export const EXAMINER_MODE_TABLE: { [M in ExaminerModeName]: ExaminerModeRow<M> } = {
  heuristic: {
    // doubleJudge does not apply: the heuristic judge is seat-symmetric (see createHeuristicExaminer).
    build: () => createHeuristicExaminer(),
    model: () => null,
    fromEnv: (db) => heuristicExaminerConfig(db),
    create: async (db, s) => {
      await refuseExisting(db, s.name);
      return db.examinerConfig.create({ data: { name: s.name, mode: "heuristic", promptVersion: HEURISTIC_VERSION } });
    },
    testConnection: async () => ({ ok: true, latencyMs: 0, detail: "heuristic examiner: no connection needed" }),
  },
  llm: {
    /**
     * Its secret is decrypted only here. Its address guard opens its configured endpoint and
     * ARENA_EXAMINER_ALLOW_HOSTS, nothing the agents or the crawler may reach.
     */
    build: (config) => {
      if (!config.baseUrl || !config.model) throw new Error(`examiner ${config.name}: llm mode needs a base URL and a model`);
      // The operator chose this endpoint, so its host passes the address guard.
      const host = new URL(config.baseUrl).host;
      return createLlmExaminer({
        baseUrl: config.baseUrl,
        model: config.model,
        apiKey: config.apiKeyEnc
          ? decryptSecret(config.apiKeyEnc, loadSecretKey(), secretContext("examinerConfig", config.name, "apiKeyEnc"))
          : "",
        generationTemperature: config.generationTemperature,
        judgeTemperature: config.judgeTemperature,
        doubleJudge: config.doubleJudge,
        promptVersion: promptVersionOf(config),
        fetch: sdkFetch({ allow: [host], purpose: "examiner", timeoutMs: 180_000 }) as typeof fetch,
      });
    },
    model: (config) => config.model,
    fromEnv: (db) => llmExaminerConfigFromEnv(db),
    create: async (db, s, secretKey) => {
      const { name, data } = llmRecord(s, secretKey);
      await refuseExisting(db, name, " (configurations are never edited; rotate its key instead)");
      return db.examinerConfig.create({ data });
    },
    /** One real chat completion through the guarded client (examiner allow-list, the configured endpoint's origin). */
    testConnection: async (config, apiKey, allow) => {
      if (!config.baseUrl || !config.model) return { ok: false, latencyMs: 0, detail: "llm examiner: no base URL or model" };
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
        const reply = z
          .object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1) })
          .safeParse(res.json());
        if (!reply.success) return { ok: false, latencyMs: Date.now() - started, detail: "malformed: the reply is not a chat completion" };
        return {
          ok: true,
          latencyMs: Date.now() - started,
          detail: `answered: ${(reply.data.choices[0]!.message.content ?? "").slice(0, 80)}`,
        };
      } catch (err) {
        return { ok: false, latencyMs: Date.now() - started, detail: err instanceof Error ? err.message : String(err) };
      }
    },
  },
};

/** The examiner configuration of a mode (`--examiner`): the shared heuristic one, or the llm one the environment names. */
export function examinerConfigFor(db: PrismaClient, mode: ExaminerModeName): Promise<ExaminerConfig> {
  return EXAMINER_MODE_TABLE[mode].fromEnv(db);
}

/** Builds the examiner of a stored configuration. */
export function examinerFor(config: ExaminerConfig): Examiner {
  return EXAMINER_MODE_TABLE[config.mode].build(config);
}
