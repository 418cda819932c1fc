import { sqlPool, type PrismaClient } from "@arena/db";
import type { ComputedScoreboard, ControlledLeaderboard } from "../read";
import { scoreboardOf, type ScoreboardOptions } from "./compute";
import { controlledOf } from "./controlled";
import { readControlledMatches, readScoreboardInputs, type ScoreboardScope } from "./inputs";

/**
 * The computations on the caller's own thread, for tests and one-off commands (the workers use
 * the scoreboard thread): the scoreboard of a scope, and its controlled leaderboard alone.
 */
export async function computeScoreboard(
  db: PrismaClient,
  scope: ScoreboardScope,
  opts: ScoreboardOptions = {},
): Promise<ComputedScoreboard> {
  return scoreboardOf(await readScoreboardInputs(sqlPool(db), scope), opts);
}

export async function controlledLeaderboard(
  db: PrismaClient,
  params: { examinerConfigId: string; tournamentId?: string; bootstrapRounds?: number; seed?: number },
): Promise<ControlledLeaderboard> {
  const matches = await readControlledMatches(sqlPool(db), {
    examinerConfigId: params.examinerConfigId,
    tournamentId: params.tournamentId ?? null,
  });
  return controlledOf(matches, params);
}
