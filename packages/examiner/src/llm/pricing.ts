import { z } from "zod";

/**
 * USD per million tokens (input, output) for common examiner models, from the providers' public
 * list prices (late 2025). Operators override or extend it with ARENA_MODEL_PRICES, a JSON object
 * `{"model-name": {"input": 1.25, "output": 10}}` (same units). Unknown model → cost null.
 * Lookup is exact first, then the longest table key that prefixes the model name
 * ("gpt-4o-mini-2024-07-18" → "gpt-4o-mini").
 */
export interface Price {
  input: number;
  output: number;
}

const BUILTIN: Record<string, Price> = {
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
  "gemini-2.5-pro": { input: 1.25, output: 10 },
  "gemini-2.5-flash": { input: 0.3, output: 2.5 },
  "claude-sonnet-4-5": { input: 3, output: 15 },
  "claude-opus-4-1": { input: 15, output: 75 },
};

const envSchema = z.record(z.string(), z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() }));

export function priceTable(env: NodeJS.ProcessEnv = process.env): Record<string, Price> {
  const raw = env.ARENA_MODEL_PRICES;
  if (!raw) return BUILTIN;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error("ARENA_MODEL_PRICES is not valid JSON");
  }
  const result = envSchema.safeParse(parsed);
  if (!result.success) throw new Error(`ARENA_MODEL_PRICES: ${result.error.issues[0]?.message ?? "invalid"}`);
  return { ...BUILTIN, ...result.data };
}

export function priceFor(model: string, table: Record<string, Price>): Price | null {
  if (table[model]) return table[model];
  const key = Object.keys(table)
    .filter((k) => model.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return key ? table[key]! : null;
}

export function costUsd(model: string, tokensIn: number | null, tokensOut: number | null, table: Record<string, Price>): number | null {
  const price = priceFor(model, table);
  if (!price || tokensIn === null || tokensOut === null) return null;
  return (tokensIn * price.input + tokensOut * price.output) / 1_000_000;
}
