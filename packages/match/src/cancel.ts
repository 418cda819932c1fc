import { sqlPool, type PrismaClient } from "@arena/db";
import type { MatchDeps } from "./run";
import { clearPending } from "./persist";
import { parseMatchState } from "./state";

/**
 * Cancels a queued or running match: it ends `cancelled` (unrated) and its job skips it. A round
 * waiting for research runs at the providers has them cancelled there by the next job of the
 * match (`abandonPendingRuns`), which comes at the runs' next look, so they stop being billed.
 * Returns whether the match was cancelled now, and its tournament (whose round it may complete).
 */
export async function cancelMatch(db: PrismaClient, matchId: string): Promise<{ cancelled: boolean; tournamentId: string | null }> {
  const r = await sqlPool(db).query<{ tournamentId: string | null }>(
    `UPDATE "Match" SET status = 'cancelled', "finishedAt" = $2::timestamp(3), error = COALESCE(error, 'cancelled')
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING "tournamentId"`,
    [matchId, new Date().toISOString()],
  );
  if (r.rows[0]) return { cancelled: true, tournamentId: r.rows[0].tournamentId };
  const found = await sqlPool(db).query<{ tournamentId: string | null }>(`SELECT "tournamentId" FROM "Match" WHERE id = $1`, [matchId]);
  if (!found.rows[0]) throw new Error(`no match with id ${matchId}`);
  return { cancelled: false, tournamentId: found.rows[0].tournamentId };
}

/**
 * The pending runs of a match that will not go on (cancelled, failed): each is cancelled at its
 * provider (best effort) and the pending round dropped, so this happens once. Returns the runs cancelled.
 */
export async function abandonPendingRuns(
  db: PrismaClient,
  matchId: string,
  deps: Pick<MatchDeps, "a" | "b">,
  state: unknown,
): Promise<number> {
  if (!state) return 0;
  const pending = parseMatchState(state).pending;
  if (!pending) return 0;
  let cancelled = 0;
  for (const [seat, progress] of [
    [deps.a, pending.a],
    [deps.b, pending.b],
  ] as const) {
    if (!("run" in progress) || !seat.client.background) continue;
    await seat.client.background.cancel(progress.run);
    cancelled++;
  }
  await clearPending(db, matchId);
  return cancelled;
}
