import {
  BattleAggregator,
  computeRatings,
  controlledRatings,
  markdownStyle,
  styleCovariates,
  STYLE_COVARIATES,
  type AnswerStyle,
  type ControlledBattle,
} from "@arena/core";
import { controlledLeaderboardSchema, type ControlledLeaderboard } from "../read/controlled";

/** A rated match of the scope with its counted (not voided) rounds' answers and citation scores. */
export interface ControlledMatch {
  agentAId: string;
  agentBId: string;
  nameA: string;
  nameB: string;
  winner: "A" | "B" | "tie";
  rounds: { answerA: string | null; answerB: string | null; scores: ScoreCell[] }[];
}

export interface ScoreCell {
  side: string;
  metric: string;
  value: number;
  /** The citation_effective row's listed citations (its details' count). */
  count: number | null;
}

function sideStyle(rounds: ControlledMatch["rounds"], side: "A" | "B"): AnswerStyle | null {
  const styles = rounds.flatMap((r) => {
    const answer = side === "A" ? r.answerA : r.answerB;
    if (!answer) return [];
    const score = (m: string) => r.scores.find((s) => s.side === side && s.metric === m);
    return [
      {
        ...markdownStyle(answer),
        citations: score("citation_effective")?.count ?? 0,
        supportedShare: score("citation_accuracy")?.value ?? null,
      },
    ];
  });
  if (styles.length === 0) return null;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const shares = styles.flatMap((s) => (s.supportedShare === null ? [] : [s.supportedShare]));
  return {
    words: mean(styles.map((s) => s.words)),
    markdownDensity: mean(styles.map((s) => s.markdownDensity)),
    citations: mean(styles.map((s) => s.citations)),
    supportedShare: shares.length ? mean(shares) : null,
  };
}

/**
 * The controlled fit of a scope's rated matches (in finishing order), without I/O: Newton with
 * `bootstrapRounds` bootstrap refits (default 200), seconds of CPU for thousands of matches, which
 * is why the workers run it on a thread of their own (thread.ts).
 */
export function controlledOf(
  matches: readonly ControlledMatch[],
  opts: { bootstrapRounds?: number; seed?: number } = {},
): ControlledLeaderboard {
  const names = new Map<string, string>();
  const battles: ControlledBattle[] = [];
  const plain = new BattleAggregator();
  for (const m of matches) {
    const a = sideStyle(m.rounds, "A");
    const b = sideStyle(m.rounds, "B");
    if (!a || !b) continue;
    names.set(m.agentAId, m.nameA).set(m.agentBId, m.nameB);
    const outcome: 0 | 0.5 | 1 = m.winner === "A" ? 1 : m.winner === "B" ? 0 : 0.5;
    battles.push({ a: m.agentAId, b: m.agentBId, outcome, x: styleCovariates(a, b) });
    plain.add(m.agentAId, m.agentBId, outcome);
  }
  if (battles.length === 0) return { battles: 0, ratings: [], coefficients: [] };
  const rounds = opts.bootstrapRounds ?? 200;
  const seed = opts.seed ?? 0;
  const fit = controlledRatings(battles, { names: STYLE_COVARIATES, bootstrapRounds: rounds, seed });
  const plainRows = computeRatings(plain.result(), { bootstrapRounds: rounds, seed });
  const plainOf = new Map(plainRows.map((r) => [r.model, r]));
  return controlledLeaderboardSchema.parse({
    battles: battles.length,
    ratings: fit.ratings.map((r) => {
      const p = plainOf.get(r.model)!;
      return {
        agentId: r.model,
        name: names.get(r.model)!,
        rating: r.rating,
        lower: r.lower,
        upper: r.upper,
        rank: r.rank,
        plainRating: p.rating,
        plainRank: p.rank,
        rankChange: p.rank - r.rank,
        unbounded: p.unbounded,
      };
    }),
    coefficients: fit.coefficients,
  });
}
