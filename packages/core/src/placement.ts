/**
 * Placement of a new entrant in a continuous tournament (issue 22): instead of starting at 1000 by
 * assumption and waiting for the pairing to find its level, it first plays PLACEMENT_MATCHES
 * matches against agents spread across the ratings (the top, the middle, the bottom of the field
 * for three), then joins normal pairing. Each placement match goes to the free established agent
 * whose rating is nearest the next target quantile and whom the entrant has not met yet.
 */
export const PLACEMENT_MATCHES = 3;

/** Target rating quantiles from the top: k = 0..count−1 → (k + ½)/count (½ for one match). */
export function placementQuantiles(count: number): number[] {
  return Array.from({ length: count }, (_, k) => (k + 0.5) / count);
}

export interface PlacementInput {
  /** Entrants still in placement, in join order, with the placement matches they have (played or running). */
  entrants: readonly { agentId: string; placed: number; opponents: readonly string[] }[];
  /** Established agents free to play now, with their ratings. */
  free: readonly { agentId: string; rating: number }[];
  /** Ratings of every established agent (the spread the quantiles are taken over). */
  field: readonly number[];
  matches?: number;
}

/** One placement pairing per entrant while free opponents last: [entrant, opponent]. */
export function placementPairs(input: PlacementInput): [string, string][] {
  const total = input.matches ?? PLACEMENT_MATCHES;
  const field = [...input.field].sort((a, b) => b - a);
  if (field.length === 0) return [];
  const targets = placementQuantiles(total);
  const free = new Map(input.free.map((f) => [f.agentId, f.rating]));
  const pairs: [string, string][] = [];
  for (const e of input.entrants) {
    if (e.placed >= total) continue;
    const q = targets[e.placed]!;
    const target = field[Math.min(field.length - 1, Math.floor(q * field.length))]!;
    const candidates = [...free].filter(([id]) => !e.opponents.includes(id));
    const pool = candidates.length ? candidates : [...free];
    if (pool.length === 0) break;
    const [opponent] = pool.reduce((best, c) => (Math.abs(c[1] - target) < Math.abs(best[1] - target) ? c : best));
    pairs.push([e.agentId, opponent]);
    free.delete(opponent);
  }
  return pairs;
}
