import { createHash } from "node:crypto";

/**
 * A deterministic uniform number in [0, 1) for a tuple of parts (seed, agent, round, item...).
 * Each decision hashes its own tuple, so decisions are independent of each other and of the
 * order they are taken in, which keeps simulated answers reproducible when callers change.
 */
export function unitHash(...parts: Array<string | number>): number {
  const digest = createHash("sha256").update(parts.join("\u001f")).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** Picks one element deterministically; the array must be non-empty. */
export function pickHash<T>(items: readonly T[], ...parts: Array<string | number>): T {
  return items[Math.floor(unitHash(...parts) * items.length)]!;
}
