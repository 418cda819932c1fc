import type { LeaderboardMetric } from "@arena/scoring/read";

/**
 * The report-score columns in display order, for client components (the read entry point itself
 * loads the database client); `satisfies` checks each name against the read's metrics.
 */
export const SCORE_COLUMNS = [
  "citation_accuracy",
  "citation_effective",
  "claim_f1",
  "race_share",
] as const satisfies readonly LeaderboardMetric[];

/** Short column headers (the full name is each header's tooltip). */
export const METRIC_LABELS: Record<LeaderboardMetric, string> = {
  citation_accuracy: "Cit. accuracy",
  citation_effective: "Eff. citations",
  claim_f1: "Claim F1",
  race_share: "RACE",
};

/**
 * Why a report-score column is hidden by default, or null when it is shown: a column with no data
 * in the scope, or one whose scorer has not passed its known-answer test (a visitor can still choose it).
 */
export function hiddenScoreReason(mode: string | null | undefined, validated: boolean): string | null {
  if (!mode) return "not scored in this scope";
  return validated ? null : "its scorer is not yet validated against known answers";
}
