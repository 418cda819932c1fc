import type { Db } from "@arena/db";
import { z } from "zod";
import { readTournaments } from "./tournaments";
import { tournamentSummarySchema } from "./schemas";

export const arenaOverviewSchema = z.object({
  /** Running and paused tournaments, newest first. */
  active: z.array(
    tournamentSummarySchema.pick({
      id: true,
      name: true,
      status: true,
      currentRound: true,
      swissRounds: true,
      mode: true,
      pairing: true,
      matches: true,
    }),
  ),
  /** Agents whose last health check failed (not disabled or retired). */
  failing: z.array(z.object({ id: z.string(), name: z.string(), healthError: z.string().nullable(), healthAt: z.string().nullable() })),
  lastSnapshot: z
    .object({
      createdAt: z.string(),
      matchesCounted: z.number().int(),
      examinerName: z.string(),
      tournamentId: z.string().nullable(),
      tournamentName: z.string().nullable(),
    })
    .nullable(),
});
export type ArenaOverview = z.infer<typeof arenaOverviewSchema>;

/** The console's overview of the arena: what runs, which agents fail their health checks, the newest rating snapshot. */
export async function readArenaOverview(db: Db): Promise<ArenaOverview> {
  const [tournaments, failing, snapshot] = await Promise.all([
    readTournaments(db),
    db.agent.findMany({
      where: { status: "unhealthy", retiredAt: null },
      select: { id: true, name: true, healthError: true, healthAt: true },
      orderBy: { name: "asc" },
    }),
    db.ratingSnapshot.findFirst({
      orderBy: { createdAt: "desc" },
      select: {
        createdAt: true,
        matchesCounted: true,
        tournamentId: true,
        examinerConfig: { select: { name: true } },
        tournament: { select: { name: true } },
      },
    }),
  ]);
  return arenaOverviewSchema.parse({
    active: tournaments.filter((t) => t.status === "running" || t.status === "paused"),
    failing: failing.map((a) => ({ ...a, healthAt: a.healthAt?.toISOString() ?? null })),
    lastSnapshot: snapshot
      ? {
          createdAt: snapshot.createdAt.toISOString(),
          matchesCounted: snapshot.matchesCounted,
          examinerName: snapshot.examinerConfig.name,
          tournamentId: snapshot.tournamentId,
          tournamentName: snapshot.tournament?.name ?? null,
        }
      : null,
  });
}
