import type { LeaderboardMetric } from "@arena/scoring/read";

/**
 * The report-score columns in display order, for client components (the read entry point itself
 * loads the database client); `satisfies` checks each name against the read's metrics.
 */
export const SCORE_COLUMNS = ["citation_accuracy", "citation_effective", "claim_f1", "race_share"] as const satisfies readonly LeaderboardMetric[];

export const METRIC_LABELS: Record<LeaderboardMetric, string> = {
  citation_accuracy: "Citation accuracy",
  citation_effective: "Effective citations",
  claim_f1: "Claim F1",
  race_share: "RACE share",
};
