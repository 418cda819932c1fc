import {
  applyJudgement,
  infoPairings,
  initialState,
  LOOP_DEFAULTS,
  matchWinner,
  Rng,
  pairingFit,
  seatsForTree,
  seedOf,
  spearman,
  transitionAction,
  PAIRING_RULES,
  SIMULATED_PAIRINGS,
  type PairingInput,
  type PairingRule,
  type PlayedMatch,
  type SimulatedPairingName,
  type FailureType,
  type Verdict,
  type VerdictToken,
} from "@arena/core";
import { z } from "zod";
import { plantedSkills, type PlantedAgent } from "./planted-simulation";

/**
 * Pairing rules under one budget of agent calls (docs/tournaments.md; `arena simulate --pairing`): can the
 * simulation tell Swiss, information-seeking and random pairing apart when planted skills are close?
 *
 * The whole-pipeline simulation (runSimulation) takes minutes per tournament; comparing rules needs
 * many repeats at many budgets, so this one plays the same method in memory:
 * - agents have planted skills `spread` apart (plantedSkills with a spread), each weaker on depth or
 *   width by SKEW as in the pipeline's simulated agents;
 * - a match is the evolvement loop's scoring from packages/core (applyJudgement: mercy rule at a
 *   lead of 2, at most 10 rounds; Table 2's width changes from transitionAction); a round at width W
 *   asks for W entities and one fact about each, each found with the agent's p_depth / p_width; the
 *   verdict follows the heuristic judge's rules (judgeHeuristically) on those counts: both under half
 *   the entities → Tie LOW; a difference in items found → BETTER, MUCH_BETTER when the winner found
 *   everything and the loser under half the entities or half the facts fewer; equal counts → Tie,
 *   HIGH when both found everything. Simulated answers are formatted alike, so soft points never
 *   decide. Tree structure is not modelled (descents always succeed), which the pipeline's simulated
 *   agents do not depend on either: their draws depend on skill, not on the page.
 * - every match costs 2 agent calls per round; a rule starts matches (a round of pairs at a time,
 *   refitting Bradley–Terry between rounds) until the budget is spent; a started match finishes, so
 *   the calls used exceed the budget by less than one round of matches.
 * - measured: Spearman(planted skill, fitted rating) and whether the top three come out in the
 *   planted order, averaged over repeats; repeat r reseeds skills' depth/width split and every draw.
 */

/** A rule by name (a tournament's, or the simulation's random and oracle), or a pairing rule's row given directly. */
export type SimulatedRule = SimulatedPairingName | PairingRule;
const ruleName = (rule: SimulatedRule) => (typeof rule === "string" ? rule : rule.label);

export const pairingSimulationOptionsSchema = z.object({
  agents: z.number().int().min(3).max(64),
  trees: z.number().int().min(1).max(100),
  /** Planted skill between neighbours (0.01–0.1). */
  spread: z.number().min(0.001).max(0.1),
  pairings: z.array(z.enum(SIMULATED_PAIRINGS)).min(1),
  /** Agent calls each rule may start matches with. */
  budget: z.number().int().min(2).max(1_000_000),
  repeats: z.number().int().min(1).max(1000),
  seed: z.string().min(1),
});
export type PairingSimulationOptions = z.infer<typeof pairingSimulationOptionsSchema>;

/** One rule's result, averaged over the repeats (the JSON `arena simulate --pairing --json` prints). */
export interface PairingRuleResult {
  pairing: SimulatedPairingName;
  agentCalls: number;
  matches: number;
  spearman: number;
  top3Exact: number;
}

interface ModelMatch {
  winner: "A" | "B" | "tie";
  rounds: number;
}

const clamp = (p: number) => Math.min(0.98, Math.max(0.02, p));

function draws(k: number, p: number, rng: Rng): number {
  let found = 0;
  for (let i = 0; i < k; i++) if (rng.float() < p) found++;
  return found;
}

/** The heuristic judge's decision on item counts (see the file comment). */
export function modelVerdict(
  a: { d: number; w: number },
  b: { d: number; w: number },
  width: number,
): Pick<Verdict, "verdict" | "tie_quality" | "loser_failure_type"> {
  const miss = (s: { d: number }) => s.d < width / 2;
  const complete = (s: { d: number; w: number }) => s.d === width && s.w === width;
  if (miss(a) && miss(b)) return { verdict: "[[Tie]]", tie_quality: "LOW", loser_failure_type: "NONE" };
  const gap = a.d + a.w - (b.d + b.w);
  if (gap === 0) return { verdict: "[[Tie]]", tie_quality: complete(a) && complete(b) ? "HIGH" : "LOW", loser_failure_type: "NONE" };
  const [win, lose, side] = gap > 0 ? ([a, b, "A"] as const) : ([b, a, "B"] as const);
  const much = complete(win) && (lose.d <= width / 2 || win.w - lose.w >= width / 2);
  const failure: FailureType = lose.d < win.d && lose.w < win.w ? "BOTH" : lose.d < win.d ? "DEEP" : lose.w < win.w ? "WIDE" : "NONE";
  const verdict: VerdictToken = `[[${side}_${much ? "MUCH_BETTER" : "BETTER"}]]`;
  return { verdict, tie_quality: "N/A", loser_failure_type: failure };
}

/** One match of the model: the loop's scoring and width changes, counts drawn from planted skill. */
export function playModelMatch(a: PlantedAgent, b: PlantedAgent, rng: Rng): ModelMatch {
  let state = initialState(0);
  let width = LOOP_DEFAULTS.startWidth;
  for (;;) {
    const answer = (x: PlantedAgent) => ({ d: draws(width, clamp(x.p_depth), rng), w: draws(width, clamp(x.p_width), rng) });
    const verdict = modelVerdict(answer(a), answer(b), width);
    const judged = applyJudgement(state, { question: "", answerA: "", answerB: "", verdict });
    state = judged.state;
    if (judged.stop) return { winner: matchWinner(state), rounds: state.round };
    const action = transitionAction(verdict);
    width = action === "backtrack" ? Math.max(LOOP_DEFAULTS.startWidth, width - 1) : action === "probe_depth" ? width : width + 1;
  }
}

/** Matches per pair the oracle's θ is measured on. */
const TRUTH_MATCHES = 40;

/**
 * What the oracle knows: the planted strengths as BT θ, measured rather than assumed. Every pair plays
 * TRUTH_MATCHES model matches (own random stream); θ_k = β·(planted overall_k − mean), β the
 * one-parameter BT fit on all of them (a free θ per agent would carry ~0.1 of noise between
 * neighbours ~0.25 apart).
 */
export function plantedTheta(agents: readonly PlantedAgent[], seed: string): number[] {
  const rng = Rng.fromSeed(seedOf(`truth:${seed}`));
  const games: { x: number; y: number }[] = [];
  for (let i = 0; i < agents.length; i++) {
    for (let j = i + 1; j < agents.length; j++) {
      for (let r = 0; r < TRUTH_MATCHES; r++) {
        const m = playModelMatch(agents[i]!, agents[j]!, rng);
        games.push({ x: agents[i]!.overall - agents[j]!.overall, y: m.winner === "A" ? 1 : m.winner === "tie" ? 0.5 : 0 });
      }
    }
  }
  const mean = agents.reduce((s, a) => s + a.overall, 0) / agents.length;
  const beta = slope(games);
  return agents.map((a) => beta * (a.overall - mean));
}

/** Newton's method for β maximising Σ y·log σ(βx) + (1 − y)·log σ(−βx) (ties half a win). */
function slope(games: readonly { x: number; y: number }[]): number {
  let beta = 0;
  for (let it = 0; it < 50; it++) {
    let g = 0;
    let h = 0;
    for (const { x, y } of games) {
      const p = 1 / (1 + Math.exp(-beta * x));
      g += (y - p) * x;
      h += p * (1 - p) * x * x;
    }
    const step = g / h;
    beta += step;
    if (Math.abs(step) < 1e-9) break;
  }
  return beta;
}

/** Pairs of one round under a rule (agents are "0", "1", …). */
function pairRound(
  rule: SimulatedRule,
  ctx: {
    ids: string[];
    played: readonly PlayedMatch[];
    rounds: [string, string][][];
    byes: Record<string, number>;
    rng: Rng;
    round: number;
    truth?: number[];
  },
): [string, string][] {
  if (rule === "random") {
    const order = ctx.rng.shuffle(ctx.ids);
    return Array.from({ length: Math.floor(order.length / 2) }, (_, k) => [order[2 * k]!, order[2 * k + 1]!]);
  }
  const seed = ctx.rng.int(2 ** 31);
  const r =
    rule === "oracle" ? oracleRound(ctx, seed) : (typeof rule === "string" ? PAIRING_RULES[rule] : rule).pair(tournamentInput(ctx, seed));
  if (r.bye !== null) ctx.byes[r.bye] = (ctx.byes[r.bye] ?? 0) + 1;
  return r.pairs;
}

/** A round's input as a tournament's rule reads it: ratings fitted on the matches so far, every earlier round recent. */
function tournamentInput(
  ctx: { ids: string[]; played: readonly PlayedMatch[]; rounds: [string, string][][]; byes: Record<string, number>; round: number },
  seed: number,
): PairingInput {
  const { theta } = pairingFit(ctx.ids, ctx.played);
  return {
    agents: ctx.ids,
    ratings: Object.fromEntries(ctx.ids.map((id, k) => [id, theta[k]!])),
    played: ctx.played,
    pastPairings: ctx.played.map((m): [string, string] => [m.a, m.b]),
    recentRounds: ctx.rounds,
    byes: ctx.byes,
    round: ctx.round,
    seeds: { round: seed, tournament: seed },
  };
}

/**
 * The oracle: information-seeking pairing on the truth. θ is the planted strength (not an estimate),
 * the covariance is what the matches played so far give at that θ, and rematches are free. Every
 * match is valued alike whatever it costs: on other seeds that beat dividing by the pair's true
 * expected calls. It bounds what a pairing rule can save here: no rule that must estimate θ knows more.
 */
function oracleRound(
  ctx: { ids: string[]; played: readonly PlayedMatch[]; rounds: [string, string][][]; byes: Record<string, number>; truth?: number[] },
  seed: number,
) {
  if (!ctx.truth) throw new Error("the oracle needs the planted truth");
  const { covariance } = pairingFit(ctx.ids, ctx.played, { at: ctx.truth });
  return infoPairings({
    agents: ctx.ids,
    theta: ctx.truth,
    thetaKnown: true,
    covariance,
    recentRounds: ctx.rounds,
    byes: ctx.byes,
    cooldown: 0,
    seed,
  });
}

/** One run of a rule: rounds of matches until the budget of agent calls is spent. */
export function runPairingRule(
  rule: SimulatedRule,
  agents: readonly PlantedAgent[],
  opts: { trees: number; budget: number; seed: string },
): { agentCalls: number; matches: number; spearman: number; top3Exact: boolean; theta: number[]; played: PlayedMatch[] } {
  const ids = agents.map((_, k) => String(k));
  const rng = Rng.fromSeed(seedOf(`pairing:${ruleName(rule)}:${opts.seed}`));
  // Match outcomes draw from their own stream, so two rules see the same luck for the same schedule.
  const luck = Rng.fromSeed(seedOf(`luck:${opts.seed}`));
  const played: PlayedMatch[] = [];
  const rounds: [string, string][][] = [];
  const byes: Record<string, number> = {};
  const meetings = new Map<string, number>();
  const truth = rule === "oracle" ? plantedTheta(agents, opts.seed) : undefined;
  let calls = 0;
  while (calls < opts.budget) {
    const pairs = pairRound(rule, { ids, played, rounds, byes, rng, round: rounds.length + 1, truth });
    const started: [string, string][] = [];
    for (const pair of pairs) {
      if (calls >= opts.budget) break;
      const key = [...pair].sort().join(":");
      // A pair moves to its next tree at each meeting; seats follow the tree (seatsForTree).
      const meeting = meetings.get(key) ?? 0;
      meetings.set(key, meeting + 1);
      const { a, b } = seatsForTree(pair, meeting % opts.trees);
      const m = playModelMatch(agents[Number(a)]!, agents[Number(b)]!, luck);
      calls += 2 * m.rounds;
      played.push({ a, b, winner: m.winner, calls: 2 * m.rounds });
      started.push(pair);
    }
    rounds.push(started);
  }
  const { theta } = pairingFit(ids, played);
  const overall = agents.map((a) => a.overall);
  const top = (xs: readonly number[]) =>
    xs
      .map((x, i) => ({ x, i }))
      .sort((p, q) => q.x - p.x)
      .slice(0, 3)
      .map((p) => p.i)
      .join(",");
  return {
    agentCalls: calls,
    matches: played.length,
    spearman: spearman(overall, theta).r,
    top3Exact: top(theta) === top(overall),
    theta,
    played,
  };
}

/** Every rule, averaged over the repeats; repeat r uses seed `${seed}:${r}` for skills and draws. */
export function runPairingSimulation(input: PairingSimulationOptions): PairingRuleResult[] {
  const opts = pairingSimulationOptionsSchema.parse(input);
  const results = opts.pairings.map((pairing) => ({ pairing, agentCalls: 0, matches: 0, spearman: 0, top3Exact: 0 }));
  for (let r = 0; r < opts.repeats; r++) {
    const seed = `${opts.seed}:${r}`;
    const agents = plantedSkills(opts.agents, seed, opts.spread);
    for (const res of results) {
      const one = runPairingRule(res.pairing, agents, { trees: opts.trees, budget: opts.budget, seed });
      res.agentCalls += one.agentCalls;
      res.matches += one.matches;
      res.spearman += Number.isFinite(one.spearman) ? one.spearman : 0;
      res.top3Exact += one.top3Exact ? 1 : 0;
    }
  }
  const avg = (x: number) => Math.round((x / opts.repeats) * 1000) / 1000;
  return results.map((r) => ({
    pairing: r.pairing,
    agentCalls: avg(r.agentCalls),
    matches: avg(r.matches),
    spearman: avg(r.spearman),
    top3Exact: avg(r.top3Exact),
  }));
}
