import type { Prisma } from "./generated/client";

/**
 * Query conditions shared by the packages that read the same rows. Imports no value (no pg, no
 * client), so read modules that also reach the browser's bundles can use them.
 */

/** A match that counts for the ratings: completed and judged (a winner), with at least one round. */
export const RATED_MATCH = { status: "completed", winner: { not: null }, rounds: { gt: 0 } } satisfies Prisma.MatchWhereInput;

/**
 * Agents the public pages and the public API show: approved ones, and any with a rated match
 * (its results are public). Pending and withdrawn submissions stay with their owner and the admins.
 */
export const PUBLIC_AGENT = {
  OR: [{ approval: "approved" }, { matchesA: { some: RATED_MATCH } }, { matchesB: { some: RATED_MATCH } }],
} satisfies Prisma.AgentWhereInput;
