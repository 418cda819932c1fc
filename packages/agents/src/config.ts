import { z } from "zod";

/**
 * Per-protocol settings read from `Agent.config` (JSON). Unknown keys are ignored so an operator
 * can keep notes there; wrong types are rejected with the zod path.
 */

const ms = z.number().int().positive();
const bytes = z.number().int().positive();

/** USD per million tokens. */
export const PriceSchema = z.object({ inputPerMTok: z.number().nonnegative(), outputPerMTok: z.number().nonnegative() });
export type Price = z.infer<typeof PriceSchema>;

export const OpenAIConfigSchema = z.object({
  /** One request; deep-research models answer slowly. */
  timeoutMs: ms.default(300_000),
  maxBytes: bytes.default(5_000_000),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().positive().optional(),
  /** Overrides the built-in price table for this agent's model. */
  price: PriceSchema.optional(),
});

export const ArenaHttpConfigSchema = z.object({
  /** One HTTP request (the POST or one poll). */
  timeoutMs: ms.default(60_000),
  /** Whole answer, polling included (deep research runs take minutes). */
  deadlineMs: ms.default(15 * 60_000),
  /** Poll interval when the agent gives no `retry_after_s`. */
  pollIntervalMs: ms.default(5_000),
  maxBytes: bytes.default(5_000_000),
});

export const BuiltinStrategy = z.enum(["extractive", "researcher"]);
export const BuiltinConfigSchema = z.object({
  strategy: BuiltinStrategy,
  timeoutMs: ms.default(30_000),
});

export const SimulatedConfigSchema = z.object({
  p_depth: z.number().min(0).max(1),
  p_width: z.number().min(0).max(1),
  latency_ms: z.number().int().nonnegative().optional(),
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

/**
 * USD per million tokens (input, output), list prices as published by the providers at the time of
 * writing; matched by the longest model-name prefix. Only an estimate: providers change prices and
 * some bill reasoning tokens separately. Unknown models get no cost.
 */
const PRICE_TABLE: Record<string, Price> = {
  "gpt-4o-mini": { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  "gpt-4o": { inputPerMTok: 2.5, outputPerMTok: 10 },
  "gpt-4.1-nano": { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  "gpt-4.1-mini": { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  "gpt-4.1": { inputPerMTok: 2, outputPerMTok: 8 },
  "gpt-5-nano": { inputPerMTok: 0.05, outputPerMTok: 0.4 },
  "gpt-5-mini": { inputPerMTok: 0.25, outputPerMTok: 2 },
  "gpt-5": { inputPerMTok: 1.25, outputPerMTok: 10 },
  "o4-mini": { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  "o3": { inputPerMTok: 2, outputPerMTok: 8 },
  "sonar-pro": { inputPerMTok: 3, outputPerMTok: 15 },
  "sonar": { inputPerMTok: 1, outputPerMTok: 1 },
};

export function priceFor(model: string, override?: Price): Price | null {
  if (override) return override;
  const key = Object.keys(PRICE_TABLE)
    .filter((k) => model.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return key ? PRICE_TABLE[key]! : null;
}

export function estimateCost(price: Price | null, promptTokens: number, completionTokens: number): number | null {
  if (!price) return null;
  return (promptTokens * price.inputPerMTok + completionTokens * price.outputPerMTok) / 1_000_000;
}
