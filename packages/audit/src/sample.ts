import { Rng, seedOf } from "@arena/core";

export interface Candidate {
  roundId: string;
  /** Strata this round belongs to (a round has two agents, so it can count in two agent strata). */
  strata: readonly string[];
}

export interface Drawn {
  roundId: string;
  stratum: string | null;
  seatsSwapped: boolean;
}

/**
 * Draws `size` rounds: a seeded shuffle, then, when stratified, round-robin over the strata in
 * name order (equal allocation, so a rare verdict or a new agent is audited as often as a common
 * one until its stratum runs out), each round at most once. Exactly ⌊n/2⌋ of the drawn items are
 * shown with the seats swapped, chosen by the same generator, so position bias of the auditors
 * cancels out on average.
 */
export function drawSample(candidates: readonly Candidate[], size: number, seed: string, stratified: boolean): Drawn[] {
  const rng = Rng.fromSeed(seedOf(seed));
  const shuffled = rng.shuffle(candidates);
  const picked: { roundId: string; stratum: string | null }[] = [];
  if (!stratified) {
    for (const c of shuffled.slice(0, size)) picked.push({ roundId: c.roundId, stratum: null });
  } else {
    const strata = new Map<string, Candidate[]>();
    for (const c of shuffled) for (const s of c.strata) strata.set(s, [...(strata.get(s) ?? []), c]);
    const queues = [...strata.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const taken = new Set<string>();
    let progress = true;
    while (picked.length < size && progress) {
      progress = false;
      for (const [name, list] of queues) {
        if (picked.length >= size) break;
        let next = list.shift();
        while (next && taken.has(next.roundId)) next = list.shift();
        if (!next) continue;
        taken.add(next.roundId);
        picked.push({ roundId: next.roundId, stratum: name });
        progress = true;
      }
    }
  }
  const swapped = new Set(rng.shuffle(picked.map((_, i) => i)).slice(0, Math.floor(picked.length / 2)));
  return picked.map((p, i) => ({ ...p, seatsSwapped: swapped.has(i) }));
}
