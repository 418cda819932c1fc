import { Rng, skillGapVsRounds, spearman, failureStats, type AgentFailureStats, seedOf } from "@arena/core";
import type { ExaminerMode, PrismaClient } from "@arena/db";
import type { JudgedRound } from "../ratings/judged-rounds";
import type { RatedMatch } from "../ratings/rated";
import type { SnapshotRow } from "../read/schemas";

/**
 * Planted-skill simulation (docs/method.md §12): does the tournament recover the planted order, and does
 * failure diagnosis recover planted Deep/Wide weaknesses?
 *
 * Choices:
 * - Overall skills are spread evenly over [0.3, 0.85] (distinct, so a true order exists); each
 *   agent is weaker on one dimension by SKEW (p = overall ∓ SKEW/2), half of them on depth and
 *   half on width, assigned by a seeded shuffle. Overall planted skill = (p_depth + p_width)/2,
 *   which is what the heuristic judge's hard score d + w rewards.
 * - Diagnosed profile: shares of DEEP and WIDE among the agent's lost rounds (BOTH and NONE
 *   counted in neither); the dominant one must equal the planted weaker dimension.
 * - Baselines play the same number of matches as the Swiss run: round robin cycles over every
 *   pair (seats alternating on each cycle, trees in turn, shifted by one per cycle); random draws a pair and a tree per match.
 */
const SKILL_RANGE = [0.3, 0.85] as const;
export const SKEW = 0.3;

export interface PlantedAgent {
  index: number;
  p_depth: number;
  p_width: number;
  /** (p_depth + p_width) / 2. */
  overall: number;
  weaker: "DEEP" | "WIDE";
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Planted skills, evenly spaced over SKILL_RANGE; with `spread`, `spread` apart between neighbours
 * and centred on the range's middle (close agents for the pairing comparison).
 */
export function plantedSkills(n: number, seed: string, spread?: number): PlantedAgent[] {
  if (!Number.isInteger(n) || n < 3) throw new RangeError("a simulation needs at least 3 agents");
  const rng = Rng.fromSeed(seedOf(`planted:${seed}`));
  const depthWeak = new Set(rng.shuffle(Array.from({ length: n }, (_, i) => i)).slice(0, Math.floor(n / 2)));
  const [lo, hi] =
    spread === undefined
      ? SKILL_RANGE
      : [(SKILL_RANGE[0] + SKILL_RANGE[1]) / 2 - (spread * (n - 1)) / 2, (SKILL_RANGE[0] + SKILL_RANGE[1]) / 2 + (spread * (n - 1)) / 2];
  return Array.from({ length: n }, (_, i) => {
    const overall = round3(lo + ((hi - lo) * i) / (n - 1));
    const weaker = depthWeak.has(i) ? "DEEP" : "WIDE";
    const low = round3(overall - SKEW / 2);
    const high = round3(overall + SKEW / 2);
    return weaker === "DEEP"
      ? { index: i, p_depth: low, p_width: high, overall, weaker }
      : { index: i, p_depth: high, p_width: low, overall, weaker };
  });
}

export interface ScheduledMatch {
  a: number;
  b: number;
  tree: number;
}

/**
 * `count` matches cycling over every pair of `agents`; seats swap on odd cycles, and the tree
 * moves on by one per cycle, so (given two trees or more) a pair never replays the tree it had on
 * the previous cycle.
 */
export function roundRobinSchedule(agents: number, trees: number, count: number): ScheduledMatch[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < agents; i++) for (let j = i + 1; j < agents; j++) pairs.push([i, j]);
  return Array.from({ length: count }, (_, k) => {
    const p = k % pairs.length;
    const [i, j] = pairs[p]!;
    const cycle = Math.floor(k / pairs.length);
    const tree = (p + cycle) % trees;
    return cycle % 2 === 0 ? { a: i, b: j, tree } : { a: j, b: i, tree };
  });
}

/** `count` matches between uniformly drawn distinct agents on uniformly drawn trees. */
export function randomSchedule(agents: number, trees: number, count: number, seed: string): ScheduledMatch[] {
  const rng = Rng.fromSeed(seedOf(`random:${seed}`));
  return Array.from({ length: count }, () => {
    const a = rng.int(agents);
    const b = (a + 1 + rng.int(agents - 1)) % agents;
    return { a, b, tree: rng.int(trees) };
  });
}

export interface AgentOutcome extends PlantedAgent {
  agentId: string;
  name: string;
  rating: number;
  lower: number;
  upper: number;
  diagnosed: { lostRounds: number; deep: number; wide: number; both: number; dominant: "DEEP" | "WIDE" | "NONE" };
  recovered: boolean;
}

export interface SimulationReport {
  spearman: number;
  spearman_round_robin: number;
  spearman_random: number;
  matches: number;
  rounds_gap_pearson: number | null;
  failure_recovered: number;
  agents: AgentOutcome[];
}

export function dominantFailure(f: Pick<AgentFailureStats, "profile"> | undefined): "DEEP" | "WIDE" | "NONE" {
  if (!f || f.profile.deep === f.profile.wide) return "NONE";
  return f.profile.deep > f.profile.wide ? "DEEP" : "WIDE";
}

/** Spearman between planted overall skill and fitted rating (an unrated agent counts as 1000). */
function skillSpearman(agents: readonly { agentId: string; overall: number }[], ratings: readonly SnapshotRow[]): number {
  const byId = new Map(ratings.map((r) => [r.agentId, r.rating]));
  return spearman(
    agents.map((a) => a.overall),
    agents.map((a) => byId.get(a.agentId) ?? 1000),
  ).r;
}

export function simulationReport(input: {
  agents: readonly (PlantedAgent & { agentId: string; name: string })[];
  swiss: { ratings: SnapshotRow[]; matches: RatedMatch[]; rounds: JudgedRound[] };
  roundRobin: SnapshotRow[];
  random: SnapshotRow[];
}): SimulationReport {
  const { agents, swiss } = input;
  const failures = new Map(failureStats(swiss.rounds).map((f) => [f.agent, f]));
  const rating = new Map(swiss.ratings.map((r) => [r.agentId, r]));
  const planted = Object.fromEntries(agents.map((a) => [a.agentId, a.overall]));
  const gap = skillGapVsRounds(
    swiss.matches.map((m) => ({ agentA: m.agentAId, agentB: m.agentBId, rounds: m.rounds })),
    planted,
  );
  const outcomes: AgentOutcome[] = agents.map((a) => {
    const f = failures.get(a.agentId);
    const r = rating.get(a.agentId);
    const dominant = dominantFailure(f);
    return {
      ...a,
      rating: r?.rating ?? 1000,
      lower: r?.lower ?? 1000,
      upper: r?.upper ?? 1000,
      diagnosed: {
        lostRounds: f?.losses ?? 0,
        deep: f?.profile.deep ?? 0,
        wide: f?.profile.wide ?? 0,
        both: f?.profile.both ?? 0,
        dominant,
      },
      recovered: dominant === a.weaker,
    };
  });
  return {
    spearman: skillSpearman(agents, swiss.ratings),
    spearman_round_robin: skillSpearman(agents, input.roundRobin),
    spearman_random: skillSpearman(agents, input.random),
    matches: swiss.matches.length,
    rounds_gap_pearson: gap.correlation && Number.isFinite(gap.correlation.r) ? gap.correlation.r : null,
    failure_recovered: outcomes.filter((o) => o.recovered).length,
    agents: outcomes,
  };
}

/**
 * Simulated agents `sim:<seed>:<i>` with the planted skills (created or updated). Their
 * concurrency cap is high: a simulated call is a hash and a sleep, the cap would only
 * serialise the simulation.
 */
/** Stores a baseline schedule's matches (standalone, no tournament) in one statement; returns their ids in schedule order. */
export async function createScheduledMatches(
  db: PrismaClient,
  schedule: readonly ScheduledMatch[],
  ctx: {
    label: string;
    seed: string;
    agentIds: readonly string[];
    treeIds: readonly string[];
    examinerConfig: { id: string; mode: ExaminerMode };
  },
): Promise<string[]> {
  const rows = await db.match.createManyAndReturn({
    data: schedule.map((m, k) => ({
      treeId: ctx.treeIds[m.tree]!,
      agentAId: ctx.agentIds[m.a]!,
      agentBId: ctx.agentIds[m.b]!,
      examinerConfigId: ctx.examinerConfig.id,
      examinerMode: ctx.examinerConfig.mode,
      seed: `sim:${ctx.seed}:${ctx.label}:${k}`,
    })),
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

export async function ensureSimulatedAgents<P extends Pick<PlantedAgent, "index" | "p_depth" | "p_width">>(
  db: PrismaClient,
  seed: string,
  planted: readonly P[],
  latencyMs = 0,
): Promise<(P & { agentId: string; name: string })[]> {
  const out: (P & { agentId: string; name: string })[] = [];
  for (const p of planted) {
    const name = `sim:${seed}:${p.index}`;
    const data = {
      protocol: "simulated" as const,
      status: "healthy" as const,
      maxConcurrency: 64,
      config: { p_depth: p.p_depth, p_width: p.p_width, ...(latencyMs ? { latency_ms: latencyMs } : {}) },
    };
    const row = await db.agent.upsert({ where: { name }, create: { name, ...data }, update: data });
    out.push({ ...p, agentId: row.id, name: row.name });
  }
  return out;
}
