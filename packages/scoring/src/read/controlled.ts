import { BattleAggregator, computeRatings, controlledRatings, markdownStyle, styleCovariates, STYLE_COVARIATES, type AnswerStyle, type ControlledBattle } from "@arena/core";
import { sqlPool, type PrismaClient } from "@arena/db";
import { z } from "zod";

/**
 * The style- and citation-controlled leaderboard of one examiner configuration (ratings are never
 * pooled across configurations), optionally one tournament: one battle per completed match, as
 * the plain ratings count them, with covariates from the match's answers averaged over its
 * rounds (length, Markdown density) and its stored citation scores (citations listed, supported
 * share). Beside each controlled rating: the plain Bradley–Terry rating on the same battles and
 * the rank change between the two.
 */
export const controlledLeaderboardSchema = z.object({
  battles: z.int(),
  ratings: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      rating: z.number(),
      lower: z.number(),
      upper: z.number(),
      rank: z.int(),
      plainRating: z.number(),
      plainRank: z.int(),
      /** plainRank − rank: positive when controlling for style moves the agent up. */
      rankChange: z.int(),
    }),
  ),
  coefficients: z.array(z.object({ name: z.string(), value: z.number(), lower: z.number(), upper: z.number() })),
});
export type ControlledLeaderboard = z.infer<typeof controlledLeaderboardSchema>;

type ScoreCell = { side: string; metric: string; value: number; count: number | null };
type RoundRow = { answerA: string | null; answerB: string | null; scores: ScoreCell[] };

function sideStyle(rounds: RoundRow[], side: "A" | "B"): AnswerStyle | null {
  const styles = rounds.flatMap((r) => {
    const answer = side === "A" ? r.answerA : r.answerB;
    if (!answer) return [];
    const score = (m: string) => r.scores.find((s) => s.side === side && s.metric === m);
    return [{ ...markdownStyle(answer), citations: score("citation_effective")?.count ?? 0, supportedShare: score("citation_accuracy")?.value ?? null }];
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
 * The citation scores of a scope's rated matches, straight from the pool: only the listed count
 * is read from each answer's citation details (not its judged pairs, up to 200 statements each).
 */
async function citationCells(db: PrismaClient, params: { examinerConfigId: string; tournamentId?: string }): Promise<Map<string, ScoreCell[]>> {
  const { rows } = await sqlPool(db).query<ScoreCell & { roundId: string }>(
    `SELECT s."roundId", s.side, s.metric, s.value, (s.details->>'count')::int AS count
     FROM "ReportScore" s JOIN "Round" r ON r.id = s."roundId" JOIN "Match" m ON m.id = r."matchId"
     WHERE m."examinerConfigId" = $1 AND ($2::text IS NULL OR m."tournamentId" = $2) AND m.status = 'completed'
       AND s.metric IN ('citation_effective', 'citation_accuracy')`,
    [params.examinerConfigId, params.tournamentId ?? null],
  );
  const byRound = new Map<string, ScoreCell[]>();
  for (const { roundId, ...cell } of rows) byRound.set(roundId, [...(byRound.get(roundId) ?? []), cell]);
  return byRound;
}

export async function controlledLeaderboard(
  db: PrismaClient,
  params: { examinerConfigId: string; tournamentId?: string; bootstrapRounds?: number; seed?: number },
): Promise<ControlledLeaderboard> {
  const [matches, cells] = await Promise.all([
    db.match.findMany({
      where: { status: "completed", winner: { not: null }, rounds: { gt: 0 }, examinerConfigId: params.examinerConfigId, ...(params.tournamentId ? { tournamentId: params.tournamentId } : {}) },
      orderBy: [{ finishedAt: "asc" }, { id: "asc" }],
      select: {
        agentAId: true,
        agentBId: true,
        winner: true,
        agentA: { select: { name: true } },
        agentB: { select: { name: true } },
        roundRows: {
          where: { voided: false },
          select: { id: true, answerA: true, answerB: true },
        },
      },
    }),
    citationCells(db, params),
  ]);
  const names = new Map<string, string>();
  const battles: ControlledBattle[] = [];
  const plain = new BattleAggregator();
  for (const m of matches) {
    const rounds = m.roundRows.map((r) => ({ answerA: r.answerA, answerB: r.answerB, scores: cells.get(r.id) ?? [] }));
    const a = sideStyle(rounds, "A");
    const b = sideStyle(rounds, "B");
    if (!a || !b) continue;
    names.set(m.agentAId, m.agentA.name).set(m.agentBId, m.agentB.name);
    const outcome: 0 | 0.5 | 1 = m.winner === "A" ? 1 : m.winner === "B" ? 0 : 0.5;
    battles.push({ a: m.agentAId, b: m.agentBId, outcome, x: styleCovariates(a, b) });
    plain.add(m.agentAId, m.agentBId, outcome);
  }
  if (battles.length === 0) return { battles: 0, ratings: [], coefficients: [] };
  const fit = controlledRatings(battles, { names: STYLE_COVARIATES, bootstrapRounds: params.bootstrapRounds ?? 200, seed: params.seed ?? 0 });
  const plainRows = computeRatings(plain.result(), { bootstrapRounds: params.bootstrapRounds ?? 200, seed: params.seed ?? 0 });
  const plainOf = new Map(plainRows.map((r) => [r.model, r]));
  return controlledLeaderboardSchema.parse({
    battles: battles.length,
    ratings: fit.ratings.map((r) => {
      const p = plainOf.get(r.model)!;
      return { agentId: r.model, name: names.get(r.model)!, rating: r.rating, lower: r.lower, upper: r.upper, rank: r.rank, plainRating: p.rating, plainRank: p.rank, rankChange: p.rank - r.rank };
    }),
    coefficients: fit.coefficients,
  });
}
