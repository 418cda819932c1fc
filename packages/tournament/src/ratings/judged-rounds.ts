import { failureTypeSchema, tieQualitySchema, verdictTokenSchema, type AnalysedRound } from "@arena/core";
import { z } from "zod";
import type { Db } from "@arena/db";
import type { RatedMatch } from "./rated";

/**
 * The judged rounds (not voided, no judge error, not a forfeit) of rated matches, which the
 * leaderboard's analyses (docs/method.md §8) count; see analysis.ts. A forfeit's verdict is the failure
 * policy's, not the examiner's, so it would only blur what the analyses say about judgements;
 * the match it belongs to is still rated.
 */

const judgedRoundSchema = z.object({
  verdictToken: verdictTokenSchema,
  tieQuality: tieQualitySchema,
  loserFailureType: failureTypeSchema,
  depth: z.number().int(),
  width: z.number().int(),
  matchId: z.string(),
});

export interface JudgedRound extends AnalysedRound {
  depth: number;
  width: number;
}

export async function judgedRounds(db: Db, matches: readonly RatedMatch[]): Promise<JudgedRound[]> {
  const byId = new Map(matches.map((m) => [m.id, m]));
  const rows = await db.round.findMany({
    where: { matchId: { in: [...byId.keys()] }, voided: false, forfeit: null, verdictToken: { not: null } },
    select: { verdictToken: true, tieQuality: true, loserFailureType: true, depth: true, width: true, matchId: true },
    orderBy: [{ matchId: "asc" }, { number: "asc" }],
  });
  return rows.map((raw) => {
    const r = judgedRoundSchema.parse(raw);
    const m = byId.get(r.matchId)!;
    return {
      agentA: m.agentAId,
      agentB: m.agentBId,
      verdict: r.verdictToken,
      tieQuality: r.tieQuality,
      loserFailureType: r.loserFailureType,
      depth: r.depth,
      width: r.width,
    };
  });
}
