import {
  aggregateBattles,
  computeRatings,
  failureStats,
  histogram,
  onlineElo,
  skillGapVsRounds,
  verdictDistribution,
  type AgentRating,
  type Correlation,
} from "@arena/core";
import type { Db } from "@arena/db";
import { judgedRounds } from "./judged-rounds";
import { battlesOf, type RatedMatch } from "./rated";
import { researchStats } from "../read/research";
import type { RatedAgent, SnapshotAnalysis } from "../read/schemas";

/** Points kept of the Elo history (evenly thinned, the last match always kept). */
export const ELO_HISTORY_POINTS = 200;

const finite = (x: number) => (Number.isFinite(x) ? x : null);
const correlationOf = (c: Correlation | null) => (c ? { r: finite(c.r), p: finite(c.p), n: c.n } : null);

/**
 * The leaderboard's analyses (docs/method.md §8) of one scope's rated matches, computed when its rating
 * snapshot is written so that pages and the API read them instead of recomputing per request.
 */
export async function snapshotAnalysis(
  db: Db,
  matches: readonly RatedMatch[],
  ratings: Readonly<Record<string, number>>,
): Promise<SnapshotAnalysis> {
  const rounds = await judgedRounds(db, matches);
  const gap = skillGapVsRounds(
    matches.map((m) => ({ agentA: m.agentAId, agentB: m.agentBId, rounds: m.rounds })),
    ratings,
  );
  return {
    rounds: rounds.length,
    meanRoundsPerMatch: matches.length ? matches.reduce((s, m) => s + m.rounds, 0) / matches.length : 0,
    agents: failureStats(rounds).map(({ agent, rounds: played, wins, losses, ties, failureRate, lost, profile }) => ({
      agentId: agent,
      rounds: played,
      wins,
      losses,
      ties,
      failureRate,
      lost,
      profile,
    })),
    verdicts: verdictDistribution(rounds),
    depthHistogram: histogram(rounds.map((r) => r.depth)),
    widthHistogram: histogram(rounds.map((r) => r.width)),
    skillGap: { points: gap.points, correlation: correlationOf(gap.correlation) },
    pairwise: pairwiseRecords(matches),
    eloHistory: eloHistory(matches),
    research: await researchStats(db, { matchIds: matches.map((m) => m.id) }),
    categories: await categoryRatings(db, matches),
  };
}

/**
 * Ratings per tree topic (the trees' categories): a Bradley–Terry fit on the matches played on
 * trees of that topic only, with sandwich intervals (a bootstrap per topic would multiply the
 * snapshot's cost), ranked and flagged like the main table. Matches on trees without a topic
 * count only in the main table.
 */
async function categoryRatings(db: Db, matches: readonly RatedMatch[]): Promise<SnapshotAnalysis["categories"]> {
  const trees = await db.match.findMany({
    where: { id: { in: matches.map((m) => m.id) } },
    select: { id: true, tree: { select: { topic: true } } },
  });
  const topicOf = new Map(trees.map((t) => [t.id, t.tree.topic]));
  const byTopic = new Map<string, RatedMatch[]>();
  for (const m of matches) {
    const topic = topicOf.get(m.id);
    if (topic) byTopic.set(topic, [...(byTopic.get(topic) ?? []), m]);
  }
  return [...byTopic.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([topic, subset]) => ({
      topic,
      matches: subset.length,
      rows: computeRatings(aggregateBattles(battlesOf(subset)), { ci: "sandwich" }).map(ratedAgent),
    }));
}

/** A fitted agent as stored (core's `model` is the agent's id). */
export function ratedAgent(r: AgentRating): RatedAgent {
  return {
    agentId: r.model,
    rating: r.rating,
    lower: r.lower,
    upper: r.upper,
    rank: r.rank,
    games: r.games,
    wins: r.wins,
    losses: r.losses,
    ties: r.ties,
    unbounded: r.unbounded,
  };
}

/** Each directed pair's match record (a's wins, ties and games against b). */
function pairwiseRecords(matches: readonly RatedMatch[]): SnapshotAnalysis["pairwise"] {
  const records = new Map<string, { a: string; b: string; games: number; wins: number; ties: number }>();
  const add = (a: string, b: string, won: boolean, tie: boolean) => {
    const key = `${a}\u0000${b}`;
    const r = records.get(key) ?? { a, b, games: 0, wins: 0, ties: 0 };
    r.games++;
    if (won) r.wins++;
    if (tie) r.ties++;
    records.set(key, r);
  };
  for (const m of matches) {
    add(m.agentAId, m.agentBId, m.winner === "A", m.winner === "tie");
    add(m.agentBId, m.agentAId, m.winner === "B", m.winner === "tie");
  }
  return [...records.values()].sort((x, y) => (x.a === y.a ? (x.b < y.b ? -1 : 1) : x.a < y.a ? -1 : 1));
}

/** Online Elo of every agent after each rated match, thinned evenly to ELO_HISTORY_POINTS. */
function eloHistory(matches: readonly RatedMatch[]): SnapshotAnalysis["eloHistory"] {
  const { history } = onlineElo(battlesOf(matches));
  const current: Record<string, number> = {};
  const every = Math.max(1, Math.ceil(history.length / ELO_HISTORY_POINTS));
  const points: SnapshotAnalysis["eloHistory"] = [];
  history.forEach((step, i) => {
    current[step.model_a] = step.rating_a;
    current[step.model_b] = step.rating_b;
    if ((i + 1) % every === 0 || i === history.length - 1) {
      points.push({ matches: i + 1, at: matches[i]!.finishedAt?.toISOString() ?? null, elo: { ...current } });
    }
  });
  return points;
}
