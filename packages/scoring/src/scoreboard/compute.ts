import { computedScoreboardSchema, LEADERBOARD_METRICS, type ComputedScoreboard } from "../read/scoreboard";
import { scoreMeans, type ScoreMean } from "../read/scores";
import { controlledOf } from "./controlled";
import type { ScoreboardInputs } from "./inputs";

const SCORE_INTERVAL =
  "95 % percentile bootstrap of the mean over scored rounds, resampling matches (500 resamples, fixed seed); unbounded (—) from fewer than two matches";

export interface ScoreboardOptions {
  /** Bootstrap refits of the controlled fit (default 200). */
  bootstrapRounds?: number;
}

/**
 * The report-score columns of one leaderboard scope from its inputs, without I/O: per agent the
 * mean citation accuracy, effective citations, claim F1 and RACE share with intervals, one mode
 * per column (offline and llm scores are never pooled); the agreement of RACE with the verdicts;
 * and the style- and citation-controlled ratings with their coefficients.
 */
export function scoreboardOf(inputs: ScoreboardInputs, opts: ScoreboardOptions = {}): ComputedScoreboard {
  const means = scoreMeans(inputs.scores);
  const controlled = controlledOf(inputs.matches, opts.bootstrapRounds ? { bootstrapRounds: opts.bootstrapRounds } : {});
  const modeOf = (metric: string) => {
    const modes = new Set(means.agents.filter((a) => a.metric === metric).map((a) => a.mode));
    return modes.has("llm") ? "llm" : modes.has("offline") ? "offline" : null;
  };
  const metrics = LEADERBOARD_METRICS.map((metric) => ({ metric, mode: modeOf(metric) }));
  const agents = new Map<string, { agentId: string; name: string; cells: Map<string, ScoreMean> }>();
  for (const a of means.agents) {
    const row = agents.get(a.agentId) ?? { agentId: a.agentId, name: a.name, cells: new Map<string, ScoreMean>() };
    row.cells.set(`${a.metric}\u0000${a.mode}`, a);
    agents.set(a.agentId, row);
  }
  return computedScoreboardSchema.parse({
    metrics,
    agents: [...agents.values()].map((a) => ({
      agentId: a.agentId,
      name: a.name,
      scores: Object.fromEntries(
        metrics.map(({ metric, mode }) => {
          const c = mode ? a.cells.get(`${metric}\u0000${mode}`) : undefined;
          return [metric, c ? { mean: c.mean, lower: c.lower, upper: c.upper, n: c.n, matches: c.matches } : null];
        }),
      ),
    })),
    interval: SCORE_INTERVAL,
    raceAgreement: means.raceAgreement,
    controlled,
  });
}
