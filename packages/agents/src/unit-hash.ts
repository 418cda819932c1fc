import { createHash } from "node:crypto";

/**
 * A deterministic uniform number in [0, 1) for a tuple of parts (seed, agent, round, item...).
 * Each decision hashes its own tuple, so decisions are independent of each other and of the
 * order they are taken in, which keeps simulated answers reproducible when callers change.
 * SHA-256 rather than core's seedOf (FNV-1a): tuples differing only in their last part (item 0,
 * item 1...) give FNV-1a values a fixed offset apart, so the planted draws would be correlated.
 */
export function unitHash(...parts: Array<string | number>): number {
  const digest = createHash("sha256").update(parts.join("\u001f")).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}
