/**
 * Continuous tournaments' pairing decisions (docs/tournaments.md, Continuous tournaments): the rematch rule (below), and placement of a
 * new entrant: instead of starting at 1000 by assumption and waiting for the pairing to find its
 * level, it first plays PLACEMENT_MATCHES matches against agents spread across the ratings (the top,
 * the middle, the bottom of the field for three), then joins normal pairing. Each placement match goes
 * to the established agent whose rating is nearest the next target quantile and whom the entrant has
 * not met yet, once it is free.
 */
export const PLACEMENT_MATCHES = 3;

/** Target rating quantiles from the top: k = 0..count−1 → (k + ½)/count (½ for one match). */
export function placementQuantiles(count: number): number[] {
  return Array.from({ length: count }, (_, k) => (k + 0.5) / count);
}

export interface PlacementInput {
  /** Entrants still in placement, in join order, with the placement matches they have (played or running). */
  entrants: readonly { agentId: string; placed: number; opponents: readonly string[] }[];
  /** Every established agent: its rating (the field the quantiles are taken over) and whether it is free now. */
  established: readonly { agentId: string; rating: number; free: boolean }[];
  matches?: number;
}

/**
 * One placement pairing per entrant whose opponent is free: [entrant, opponent]. The opponent is the
 * established agent nearest the entrant's next target rating among those it has not met (all of them
 * once it has met everyone), busy or not; when that agent is busy (or taken by an earlier entrant in
 * this call) the entrant waits for it rather than settle for whoever is free, so placement reaches
 * the top and the bottom of the field even while they are playing.
 */
export function placementPairs(input: PlacementInput): [string, string][] {
  const total = input.matches ?? PLACEMENT_MATCHES;
  const field = input.established.map((a) => a.rating).sort((a, b) => b - a);
  if (field.length === 0) return [];
  const targets = placementQuantiles(total);
  const taken = new Set<string>();
  const pairs: [string, string][] = [];
  for (const e of input.entrants) {
    if (e.placed >= total) continue;
    const target = field[Math.min(field.length - 1, Math.floor(targets[e.placed]! * field.length))]!;
    const unmet = input.established.filter((a) => !e.opponents.includes(a.agentId));
    const pool = unmet.length ? unmet : input.established;
    const opponent = pool.reduce((best, c) => (Math.abs(c.rating - target) < Math.abs(best.rating - target) ? c : best));
    if (!opponent.free || taken.has(opponent.agentId)) continue;
    pairs.push([e.agentId, opponent.agentId]);
    taken.add(opponent.agentId);
  }
  return pairs;
}

/**
 * Each agent's opponent in its latest meeting (highest round number). A continuous tournament's
 * rounds overlap, so "the last rounds" of the tournament say little about a pair; an agent's own
 * last opponent does.
 */
export function lastOpponents(meetings: readonly { a: string; b: string; round: number }[]): Map<string, string> {
  const latest = new Map<string, { round: number; opponent: string }>();
  for (const m of meetings) {
    for (const [agent, opponent] of [
      [m.a, m.b],
      [m.b, m.a],
    ] as const) {
      if ((latest.get(agent)?.round ?? -1) <= m.round) latest.set(agent, { round: m.round, opponent });
    }
  }
  return new Map([...latest].map(([agent, l]) => [agent, l.opponent]));
}

/**
 * The pairs Swiss treats as "already met" in a continuous tournament: each agent with its last
 * `perAgent` distinct opponents (latest rounds first). Swiss avoids met pairs; given every pairing
 * ever played, a continuous tournament soon has met everyone, every pair is a rematch, and Swiss
 * falls back to rating neighbours for good — the same few pairs, round after round, which splits
 * the field into groups that never meet and leaves the ratings without a finite estimate. A window
 * of recent opponents keeps opponents rotating while Swiss still prefers the nearest ratings.
 */
export function recentPairs(meetings: readonly { a: string; b: string; round: number }[], perAgent: number): [string, string][] {
  const byAgent = new Map<string, { round: number; opponent: string }[]>();
  for (const m of meetings) {
    for (const [agent, opponent] of [
      [m.a, m.b],
      [m.b, m.a],
    ] as const)
      byAgent.set(agent, [...(byAgent.get(agent) ?? []), { round: m.round, opponent }]);
  }
  const pairs: [string, string][] = [];
  for (const [agent, seen] of byAgent) {
    const latestFirst = [...seen].sort((x, y) => y.round - x.round);
    const opponents = [...new Set(latestFirst.map((s) => s.opponent))].slice(0, perAgent);
    for (const opponent of opponents) pairs.push([agent, opponent]);
  }
  return pairs;
}

/** How many recent opponents each agent avoids in continuous Swiss: half the others, at least one. */
export function rematchWindow(agents: number): number {
  return Math.max(1, Math.floor((agents - 1) / 2));
}

/**
 * The pairs of a continuous round that may start now: two agents whose last match was against each
 * other meet again only when nobody else could become their partner (no active agent is busy);
 * while some still play, they wait for them.
 */
export function withoutQuickRematches<P extends readonly [string, string]>(
  pairs: readonly P[],
  last: ReadonlyMap<string, string>,
  someoneBusy: boolean,
): P[] {
  if (!someoneBusy) return [...pairs];
  return pairs.filter(([x, y]) => last.get(x) !== y && last.get(y) !== x);
}
