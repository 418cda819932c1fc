import type { PrismaClient } from "@arena/db";
import { publishEvent, withRedis } from "@arena/jobs";
import { voidRound, type VoidOutcome } from "./void";

/**
 * An operator's void as the web (POST /api/audit/rounds/{id}/void) runs it: the round voided and
 * the ratings refitted (voidRound), then a snapshot event per rewritten scope, on which every web
 * server drops its cached leaderboards. The events go after the commit, so no server re-reads the
 * old ratings; a lost event only leaves a cache to expire on its own.
 */
export async function voidAndPublish(db: PrismaClient, roundId: string, voidedById: string, reason: string): Promise<VoidOutcome> {
  const out = await voidRound(db, roundId, voidedById, reason);
  await withRedis(async (redis) => {
    for (const s of out.snapshots)
      await publishEvent(redis, {
        type: "snapshot",
        examinerConfigId: s.examinerConfigId,
        tournamentId: s.tournamentId,
        matchesCounted: s.matchesCounted,
      });
  });
  return out;
}
