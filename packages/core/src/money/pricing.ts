import { z } from "zod";

/**
 * Model prices for cost estimates of examiner and agent calls, in USD per million tokens
 * (input, output), from the providers' public list prices (late 2025). Only an estimate:
 * providers change prices and some bill reasoning tokens separately; per-call tool fees (web
 * searches, code interpreter sessions) and Perplexity's per-request and citation-token fees are
 * not token prices and are not counted. Lookup is by exact name, with
 * a date or "-latest" suffix folded ("gpt-4o-mini-2024-07-18" → "gpt-4o-mini"); any other unknown
 * model ("o3-pro" is not "o3") has no price and its calls no cost.
 */
export const priceSchema = z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() }).strict();
export type Price = z.infer<typeof priceSchema>;

const MODEL_PRICES: Readonly<Record<string, Price>> = Object.freeze({
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "gpt-4.1": { input: 2, output: 8 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "gpt-5": { input: 1.25, output: 10 },
  "gpt-5-mini": { input: 0.25, output: 2 },
  "gpt-5-nano": { input: 0.05, output: 0.4 },
  "gpt-5.1": { input: 1.25, output: 10 },
  o3: { input: 2, output: 8 },
  "o4-mini": { input: 1.1, output: 4.4 },
  "o3-deep-research": { input: 10, output: 40 },
  "o4-mini-deep-research": { input: 2, output: 8 },
  "gemini-2.5-pro": { input: 1.25, output: 10 },
  "gemini-2.5-flash": { input: 0.3, output: 2.5 },
  "claude-sonnet-4-5": { input: 3, output: 15 },
  "claude-opus-4-1": { input: 15, output: 75 },
  "claude-opus-4-5": { input: 5, output: 25 },
  "claude-haiku-4-5": { input: 1, output: 5 },
  sonar: { input: 1, output: 1 },
  "sonar-pro": { input: 3, output: 15 },
  "sonar-reasoning-pro": { input: 2, output: 8 },
  "sonar-deep-research": { input: 2, output: 8 },
});

/**
 * The built-in table extended by an operator's overrides, given as the JSON text of
 * `{"model-name": {"input": 1.25, "output": 10}}` (the ARENA_MODEL_PRICES variable).
 */
export function priceTable(overridesJson?: string): Record<string, Price> {
  if (!overridesJson) return { ...MODEL_PRICES };
  let parsed: unknown;
  try {
    parsed = JSON.parse(overridesJson);
  } catch {
    throw new Error("ARENA_MODEL_PRICES is not valid JSON");
  }
  const result = z.record(z.string(), priceSchema).safeParse(parsed);
  if (!result.success) throw new Error(`ARENA_MODEL_PRICES: ${result.error.issues[0]?.message ?? "invalid"}`);
  return { ...MODEL_PRICES, ...result.data };
}

/** A dated snapshot or "-latest" alias of a model costs what the model does. */
const VERSION_SUFFIX = /-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/;

export function priceFor(model: string, table: Readonly<Record<string, Price>> = MODEL_PRICES): Price | null {
  return ownPrice(table, model) ?? ownPrice(table, model.replace(VERSION_SUFFIX, "")) ?? null;
}

/** Own entries only: a model named "constructor" or "__proto__" must not find Object.prototype's members. */
function ownPrice(table: Readonly<Record<string, Price>>, model: string): Price | undefined {
  return Object.hasOwn(table, model) ? table[model] : undefined;
}

/** USD for a call, or null when the price or a token count is unknown. */
export function callCost(price: Price | null, tokensIn: number | null, tokensOut: number | null): number | null {
  if (!price || tokensIn === null || tokensOut === null) return null;
  return (tokensIn * price.input + tokensOut * price.output) / 1_000_000;
}
