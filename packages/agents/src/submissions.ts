import type { Prisma } from "@arena/db";
import { recentSubmissions } from "./owners";

/**
 * How often an owner may submit agents and test endpoints: enough for honest retries, not for
 * flooding the health checker or the providers behind the endpoints. The web answers 429 past them.
 */
export const SUBMISSIONS_PER_HOUR = 10;
/** Endpoint tests ("Test endpoint") per user and hour, counted in Redis: every web process draws on one budget. */
export const PROBES_PER_HOUR = 30;
/** The window both limits count in. */
export const LIMIT_WINDOW_MS = 3_600_000;

/** Whether an owner may submit another agent now: fewer than SUBMISSIONS_PER_HOUR in the last hour. */
export async function submissionAllowed(db: Prisma.TransactionClient, ownerId: string): Promise<boolean> {
  return (await recentSubmissions(db, ownerId, LIMIT_WINDOW_MS)) < SUBMISSIONS_PER_HOUR;
}
