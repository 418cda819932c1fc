import { priceSchema } from "@arena/core";
import { z } from "zod";
import { PROVIDER_TOOLS } from "./protocols";

/**
 * Per-protocol settings read from `Agent.config` (JSON). Unknown keys are ignored so an operator
 * can keep notes there; wrong types are rejected with the zod path. Every number has an upper
 * bound: timers reject delays beyond 2^32 ms at call time, inside a match.
 */

const HOUR_MS = 3_600_000;
/** A duration up to `max` ms. */
const ms = (max: number) => z.number().int().positive().max(max);
/** A response body cap; answers themselves are capped far lower (MAX_ANSWER_BYTES). */
const bytes = z
  .number()
  .int()
  .positive()
  .max(64 * 1024 * 1024);

export const OpenAIConfigSchema = z.object({
  /** One request; deep-research models answer slowly. */
  timeoutMs: ms(HOUR_MS).default(300_000),
  maxBytes: bytes.default(5_000_000),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  /** USD per million tokens, overriding the shared price table for this agent. */
  price: priceSchema.optional(),
});

export const ArenaHttpConfigSchema = z.object({
  /** One HTTP request (the POST or one poll). */
  timeoutMs: ms(HOUR_MS).default(60_000),
  /** Whole answer, polling included (deep research runs take minutes). */
  deadlineMs: ms(6 * HOUR_MS).default(15 * 60_000),
  /** Poll interval when the agent gives no `retry_after_s`. */
  pollIntervalMs: ms(10 * 60_000).default(5_000),
  maxBytes: bytes.default(5_000_000),
});

/** A tool list: each tool once, at least one (a research agent that cannot search is a chat model). */
const tools = <T extends readonly [string, ...string[]]>(names: T, fallback: T[number][]) =>
  z
    .array(z.enum(names))
    .min(1)
    .refine((t) => new Set(t).size === t.length, "each tool once")
    .default(fallback);

export const OpenAIResponsesConfigSchema = z.object({
  tools: tools(PROVIDER_TOOLS.openai_responses, ["web_search"]),
  /** Background mode: the run goes on at OpenAI and is polled (deep-research models need it). */
  background: z.boolean().default(true),
  /** One HTTP request (the create call, one poll); without background mode the create call waits the whole run, up to the deadline. */
  timeoutMs: ms(HOUR_MS).default(120_000),
  /** The whole run, polling included; past it the run is cancelled and the round records `timeout`. */
  deadlineMs: ms(6 * HOUR_MS).default(60 * 60_000),
  /** How long to wait between polls. */
  pollIntervalMs: ms(10 * 60_000).default(15_000),
  /** Bounds the tool calls of one run (the provider's `max_tool_calls`), and so its cost. */
  maxToolCalls: z.number().int().positive().max(10_000).optional(),
  maxOutputTokens: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  reasoningEffort: z.enum(["low", "medium", "high"]).optional(),
  maxBytes: bytes.default(5_000_000),
  price: priceSchema.optional(),
});

export const AnthropicConfigSchema = z.object({
  tools: tools(PROVIDER_TOOLS.anthropic, ["web_search"]),
  /** Searches (and fetches) allowed per request (the tools' `max_uses`). */
  maxUses: z.number().int().positive().max(100).default(5),
  /** Required by the Messages API. */
  maxTokens: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .default(8192),
  temperature: z.number().min(0).max(1).optional(),
  /** One request: the Messages API has no background mode, so a long search loop is waited for. */
  timeoutMs: ms(HOUR_MS).default(600_000),
  /** Follow-up requests when a long server-tool turn pauses (`stop_reason: pause_turn`). */
  maxContinuations: z.number().int().nonnegative().max(20).default(5),
  maxBytes: bytes.default(5_000_000),
  price: priceSchema.optional(),
});

export const GeminiConfigSchema = z.object({
  tools: tools(PROVIDER_TOOLS.gemini, ["google_search"]),
  maxTokens: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  temperature: z.number().min(0).max(2).optional(),
  timeoutMs: ms(HOUR_MS).default(300_000),
  /**
   * Grounding chunk URIs are Google redirect links (`…/grounding-api-redirect/…`); resolve each to
   * the page it points at (one request through the address guard, the page itself not fetched).
   */
  resolveRedirects: z.boolean().default(true),
  maxBytes: bytes.default(5_000_000),
  price: priceSchema.optional(),
});

const BuiltinStrategy = z.enum(["extractive", "researcher"]);
export const BuiltinConfigSchema = z.object({
  strategy: BuiltinStrategy,
  timeoutMs: ms(HOUR_MS).default(30_000),
});

export const SimulatedConfigSchema = z.object({
  p_depth: z.number().min(0).max(1),
  p_width: z.number().min(0).max(1),
  latency_ms: z.number().int().nonnegative().max(HOUR_MS).optional(),
});

export type OpenAIConfig = z.infer<typeof OpenAIConfigSchema>;
export type ArenaHttpConfig = z.infer<typeof ArenaHttpConfigSchema>;
export type BuiltinConfig = z.infer<typeof BuiltinConfigSchema>;
export type OpenAIResponsesConfig = z.infer<typeof OpenAIResponsesConfigSchema>;
export type AnthropicConfig = z.infer<typeof AnthropicConfigSchema>;
export type GeminiConfig = z.infer<typeof GeminiConfigSchema>;
export type SimulatedConfig = z.infer<typeof SimulatedConfigSchema>;

/** Parses an agent's config, naming the agent and the offending path on failure. */
export function parseConfig<S extends z.ZodType>(schema: S, config: unknown, agentName: string): z.infer<S> {
  const r = schema.safeParse(config ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new Error(`agent ${agentName}: invalid config at ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`);
}
