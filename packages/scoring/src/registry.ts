import { citationScorer } from "./scorers/citations";
import { claimScorer } from "./scorers/claims";
import { coverageScorer } from "./scorers/coverage";
import { inteScoreScorer } from "./scorers/intescore";
import { raceScorer } from "./scorers/race";
import type { Scorer } from "./types";

/**
 * Every scorer, run in this order; a new scorer is a file in scorers/, a line here and an entry in
 * descriptors.ts (its metrics, and `knownAnswerTested`: whether the leaderboard shows its columns by default).
 */
export const SCORERS: readonly Scorer[] = [citationScorer, claimScorer, coverageScorer, inteScoreScorer, raceScorer];
