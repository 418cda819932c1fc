/**
 * What each scorer is, apart from how it scores: its metrics and whether its offline version has
 * been tested on answers whose truth is known (statements generated from the synthetic world's
 * facts, true and altered, in several wordings: test/world-*.test.ts). A column whose scorer is
 * not known-answer tested is hidden by default on the leaderboard. Free of imports, so the web
 * app reads it through `@arena/scoring/read` without loading the scorers.
 */
export interface ScorerInfo {
  /** Whether a deterministic version means something; without it `offline` yields nothing. */
  offline: boolean;
  /** The offline version gets ≥ 90 % of generated true and altered statements right (see the file comment). */
  knownAnswerTested: boolean;
  /**
   * The test that shows it, relative to this package (`test/world-*.test.ts`), naming the scorer's
   * metrics; null when not known-answer tested. test/known-answer-descriptors.test.ts checks that
   * every scorer claiming `knownAnswerTested` names such a file.
   */
  knownAnswerTest: string | null;
  /** The metrics (ReportScore rows) it writes. */
  metrics: readonly string[];
}

export const SCORER_INFO = {
  citations: {
    offline: true,
    knownAnswerTested: true,
    knownAnswerTest: "test/world-support.test.ts",
    metrics: ["citation_effective", "citation_accuracy"],
  },
  claims: {
    offline: true,
    knownAnswerTested: true,
    knownAnswerTest: "test/world-claims.test.ts",
    metrics: ["claim_f1", "claim_precision", "claim_recall", "claim_strict_f1", "info_recall"],
  },
  coverage: { offline: true, knownAnswerTested: false, knownAnswerTest: null, metrics: ["citation_coverage"] },
  intescore: { offline: true, knownAnswerTested: false, knownAnswerTest: null, metrics: ["intescore"] },
  race: { offline: false, knownAnswerTested: false, knownAnswerTest: null, metrics: ["race_criteria", "race_share"] },
} as const satisfies Record<string, ScorerInfo>;

/** Whether the scorer writing this metric is known-answer tested (false for a metric no scorer writes). */
export function metricKnownAnswerTested(metric: string): boolean {
  return Object.values(SCORER_INFO).some((s: ScorerInfo) => s.knownAnswerTested && s.metrics.includes(metric));
}
