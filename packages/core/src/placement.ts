/**
 * Placement of a new entrant in a continuous tournament (issue 22): instead of starting at 1000 by
 * assumption and waiting for the pairing to find its level, it first plays PLACEMENT_MATCHES
 * matches against agents spread across the ratings (the top, the middle, the bottom of the field
 * for three), then joins normal pairing. Each placement match goes to the established agent whose
 * rating is nearest the next target quantile and whom the entrant has not met yet, once it is free.
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
