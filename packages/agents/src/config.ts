import { priceSchema } from "@arena/core";
import { z } from "zod";

/**
 * Per-protocol settings read from `Agent.config` (JSON). Unknown keys are ignored so an operator
 * can keep notes there; wrong types are rejected with the zod path. Every number has an upper
 * bound: timers reject delays beyond 2^32 ms at call time, inside a match.
 */

const HOUR_MS = 3_600_000;
/** A duration up to `max` ms. */
const ms = (max: number) => z.number().int().positive().max(max);
/** A response body cap; answers themselves are capped far lower (MAX_ANSWER_BYTES). */
const bytes = z.number().int().positive().max(64 * 1024 * 1024);

export const OpenAIConfigSchema = z.object({
  /** One request; deep-research models answer slowly. */
  timeoutMs: ms(HOUR_MS).default(300_000),
  maxBytes: bytes.default(5_000_000),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().positive().max(2 ** 31 - 1).optional(),
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
export type SimulatedConfig = z.infer<typeof SimulatedConfigSchema>;

/** Parses an agent's config, naming the agent and the offending path on failure. */
export function parseConfig<S extends z.ZodType>(schema: S, config: unknown, agentName: string): z.infer<S> {
  const r = schema.safeParse(config ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new Error(`agent ${agentName}: invalid config at ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`);
}
