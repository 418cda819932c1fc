import OpenAI from "openai";
import { z } from "zod";
import {
  domainOf,
  enumSchema,
  FAILURE_TYPES,
  parseVerdict,
  priceTable,
  seedOf,
  TIE_QUALITIES,
  VERDICT_TOKENS,
  type ChecklistItem,
  type GeneratedTask,
  type TaskContext,
  type Verdict,
} from "@arena/core";
import { arenaEnv } from "@arena/env";
import { sdkFetch } from "@arena/net";
import { cleanTitle, containsPhrase } from "../text";
import {
  EXAMINER_DEFAULTS,
  GenerationError,
  PROMPT_VERSIONS,
  type Examiner,
  type JudgeInput,
  type JudgeResult,
  type PromptVersion,
} from "../types";
import { StructuredCaller, type StructuredSpec } from "./call";
import { generateMessages, judgeMessages } from "./prompts";
import { judgeTwice } from "../double-judge";

/**
 * An llm examiner's settings as operators give them, validated at the boundary; what is left out
 * takes EXAMINER_DEFAULTS (temperatures as in the reference implementation).
 */
const llmExaminerConfigSchema = z.object({
  baseUrl: z.string().url(),
  model: z.string().min(1),
  /** May be empty for local servers. */
  apiKey: z.string().optional(),
  generationTemperature: z.number().min(0).max(2).default(EXAMINER_DEFAULTS.generationTemperature),
  judgeTemperature: z.number().min(0).max(2).default(EXAMINER_DEFAULTS.judgeTemperature),
  doubleJudge: z.boolean().default(false),
  /** Prompt templates under prompts/<version>. */
  promptVersion: z.enum(PROMPT_VERSIONS).default(EXAMINER_DEFAULTS.promptVersion),
  /** Characters of each page's content generation reads (prompt v3 on; v1/v2 read 800). Default ARENA_EXAMINER_CONTENT_CHARS. */
  contentChars: z.number().int().min(800).max(100_000).optional(),
  /** Attempts per examiner call (unparseable / invalid / failed → next attempt). */
  maxAttempts: z.number().int().min(1).max(10).default(EXAMINER_DEFAULTS.maxAttempts),
  /** HTTP-level retries inside the SDK on 429/5xx/connection errors (exponential backoff). */
  maxRetries: z.number().int().min(0).max(10).default(EXAMINER_DEFAULTS.maxRetries),
  timeoutMs: z.number().int().positive().default(EXAMINER_DEFAULTS.timeoutMs),
});

export type LlmExaminerConfig = z.input<typeof llmExaminerConfigSchema> & {
  /** fetch for the SDK (e.g. the guarded `sdkFetch` from @arena/net); default: a guarded client open to the endpoint's host. */
  fetch?: typeof globalThis.fetch;
};

const str = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

const generationSchema = z.object({
  question: z.string().trim().min(20, "question is missing or too short"),
  word_limit_instruction: z.string().optional(),
  /** v2: the answer drafted before the checklists; kept in the stored raw reply, not in the task. */
  gold_answer: z.string().optional(),
  checklist_depth: z
    .array(z.object({ entity: str.pipe(z.string().min(1)), aliases: z.array(str).optional(), logic: str.optional(), source_url: str }))
    .min(1, "checklist_depth needs at least one target entity"),
  checklist_width: z
    .array(z.object({ attribute: str.pipe(z.string().min(1)), expected: str.pipe(z.string().min(1)), source_url: str }))
    .min(1, "checklist_width needs at least one requested fact"),
  rationale: str.optional(),
});

const stringArray = { type: "array", items: { type: "string" } } as const;
const GENERATION_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["question", "word_limit_instruction", "checklist_depth", "checklist_width", "rationale"],
  properties: {
    question: { type: "string" },
    word_limit_instruction: { type: "string" },
    checklist_depth: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["entity", "aliases", "logic", "source_url"],
        properties: { entity: { type: "string" }, aliases: stringArray, logic: { type: "string" }, source_url: { type: "string" } },
      },
    },
    checklist_width: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["attribute", "expected", "source_url"],
        properties: { attribute: { type: "string" }, expected: { type: "string" }, source_url: { type: "string" } },
      },
    },
    rationale: { type: "string" },
  },
};

/** v2 adds the gold answer, placed before the checklists so the model drafts it first. */
const GENERATION_JSON_SCHEMA_V2 = {
  ...GENERATION_JSON_SCHEMA,
  required: ["question", "word_limit_instruction", "gold_answer", "checklist_depth", "checklist_width", "rationale"],
  properties: {
    question: GENERATION_JSON_SCHEMA.properties.question,
    word_limit_instruction: GENERATION_JSON_SCHEMA.properties.word_limit_instruction,
    gold_answer: { type: "string" },
    checklist_depth: GENERATION_JSON_SCHEMA.properties.checklist_depth,
    checklist_width: GENERATION_JSON_SCHEMA.properties.checklist_width,
    rationale: GENERATION_JSON_SCHEMA.properties.rationale,
  },
};
/**
 * v3 orders the keys as the prompt orders the work: gold answer, key, rationale, and the
 * question last. Schema-constrained decoding writes keys in schema order, so under v2's order a
 * model wrote the question before the answer it was meant to follow from.
 */
const GENERATION_JSON_SCHEMA_V3 = {
  ...GENERATION_JSON_SCHEMA,
  required: ["gold_answer", "checklist_depth", "checklist_width", "rationale", "word_limit_instruction", "question"],
  properties: {
    gold_answer: { type: "string" },
    checklist_depth: GENERATION_JSON_SCHEMA.properties.checklist_depth,
    checklist_width: GENERATION_JSON_SCHEMA.properties.checklist_width,
    rationale: GENERATION_JSON_SCHEMA.properties.rationale,
    word_limit_instruction: GENERATION_JSON_SCHEMA.properties.word_limit_instruction,
    question: GENERATION_JSON_SCHEMA.properties.question,
  },
};
export const GENERATION_SCHEMAS: Record<PromptVersion, { required: string[]; properties: Record<string, unknown> }> = {
  v1: GENERATION_JSON_SCHEMA,
  v2: GENERATION_JSON_SCHEMA_V2,
  v3: GENERATION_JSON_SCHEMA_V3,
};

const VERDICT_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["reasoning", "verdict", "tie_quality", "loser_failure_type"],
  properties: {
    reasoning: { type: "string" },
    verdict: enumSchema(VERDICT_TOKENS),
    tie_quality: enumSchema(TIE_QUALITIES),
    loser_failure_type: enumSchema(FAILURE_TYPES),
  },
};

/** Non-negative 31-bit integer for the API's `seed` parameter (some servers reject larger values). */
const apiSeed = (seed: string): number => seedOf(seed) & 0x7fffffff;

/**
 * Maps a source reference to a context URL: the exact URL, or the material's tag ("P2", "[C1]").
 * Anything else is rejected so every rubric item traces to a page the examiner was shown.
 */
function resolveSource(ref: string, ctx: TaskContext): string {
  const urls = new Set([...ctx.reasoningChain, ...ctx.aggregationPool].map((n) => n.url));
  if (urls.has(ref)) return ref;
  const tag = /^\[?([CP])(\d+)\]?$/i.exec(ref.trim());
  if (tag) {
    const list = tag[1]!.toUpperCase() === "C" ? ctx.reasoningChain : ctx.aggregationPool;
    const node = list[Number(tag[2]) - 1];
    if (node) return node.url;
  }
  throw new Error(`source_url ${JSON.stringify(ref)} is not the URL of any page in the material`);
}

/** Rule 2: the question must not name a target (pool page titles, cleaned, or the model's own entity names). */
function namedTarget(question: string, ctx: TaskContext, entities: string[]): string | null {
  const names = [...ctx.aggregationPool.flatMap((n) => [n.title, cleanTitle(n.title, n.url, domainOf(n.url))]), ...entities].filter(
    (n) => n.trim().length >= 3,
  );
  return names.find((n) => containsPhrase(question, n)) ?? null;
}

function toGeneratedTask(data: unknown, ctx: TaskContext): GeneratedTask {
  const parsed = generationSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`invalid task JSON at ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  const g = parsed.data;
  const named = namedTarget(
    g.question,
    ctx,
    g.checklist_depth.map((d) => d.entity),
  );
  if (named) throw new Error(`the question names the target entity "${named}"; describe it through clues instead (rule 2)`);
  const checklistDepth: ChecklistItem[] = g.checklist_depth.map((d) => ({
    item: d.entity,
    detail: d.logic ?? "",
    sourceUrl: resolveSource(d.source_url, ctx),
    aliases: d.aliases ?? [],
  }));
  const checklistWidth: ChecklistItem[] = g.checklist_width.map((w) => ({
    item: w.attribute,
    detail: w.expected,
    sourceUrl: resolveSource(w.source_url, ctx),
  }));
  return {
    question: g.question,
    wordLimitInstruction: ctx.wordLimit.instruction,
    checklistDepth,
    checklistWidth,
    rationale: g.rationale ?? "",
    sourceUrls: [...new Set([...ctx.reasoningChain, ...ctx.aggregationPool].map((n) => n.url))],
    mode: "llm",
  };
}

/**
 * The paper's method: an OpenAI-compatible model generates the task and judges (docs/method.md §3, §4).
 * Output is validated strictly; invalid output is retried (see call.ts). The word-limit
 * instruction always comes from the formula, whatever the model echoes.
 */
export function createLlmExaminer(config: LlmExaminerConfig): Examiner {
  const { fetch, ...rest } = config;
  const s = llmExaminerConfigSchema.parse(rest);
  const contentChars = s.contentChars ?? arenaEnv().ARENA_EXAMINER_CONTENT_CHARS;
  const client = new OpenAI({
    baseURL: s.baseUrl,
    // The SDK refuses an empty key; local servers ignore the Authorization header.
    apiKey: s.apiKey || "none",
    maxRetries: s.maxRetries,
    timeout: s.timeoutMs,
    // The examiner endpoint is operator-configured, so its host:port is allow-listed for the guard.
    fetch: fetch ?? sdkFetch({ allow: [new URL(s.baseUrl).host], timeoutMs: s.timeoutMs }),
  });
  const caller = new StructuredCaller({
    client,
    model: s.model,
    maxAttempts: s.maxAttempts,
    prices: priceTable(arenaEnv().ARENA_MODEL_PRICES),
  });

  const judgeOnce = async (input: JudgeInput, seed: string): Promise<JudgeResult> => {
    const spec: StructuredSpec<Verdict> = {
      kind: "judge",
      messages: judgeMessages(s.promptVersion, input),
      schemaName: "arena_verdict",
      jsonSchema: VERDICT_JSON_SCHEMA,
      temperature: s.judgeTemperature,
      validate: parseVerdict,
    };
    const r = await caller.call(spec, apiSeed(seed));
    return r.ok ? { verdict: r.value, error: null, calls: r.calls } : { verdict: null, error: r.error, calls: r.calls };
  };

  return {
    mode: "llm",
    model: s.model,
    async generateTask(ctx, opts) {
      const spec: StructuredSpec<GeneratedTask> = {
        kind: "generate",
        messages: generateMessages(s.promptVersion, ctx, ctx.wordLimit.instruction, contentChars),
        schemaName: "arena_task",
        jsonSchema: GENERATION_SCHEMAS[s.promptVersion],
        temperature: s.generationTemperature,
        validate: (data) => toGeneratedTask(data, ctx),
      };
      const r = await caller.call(spec, apiSeed(opts.seed));
      if (!r.ok) throw new GenerationError(r.error, r.calls);
      return { task: r.value, calls: r.calls };
    },
    judge: (input, opts) => (s.doubleJudge ? judgeTwice(judgeOnce, input, opts.seed) : judgeOnce(input, opts.seed)),
  };
}
