import { GOLD } from "@arena/votes/options";

/**
 * The chance that a voter who always picks seat A is still counted after `votes` votes, computed
 * exactly from the serving rule (packages/votes/src/votes/next.ts): while gold rounds are left,
 * a served round is gold with probability GOLD.earlyRate until GOLD.minVotes gold votes, then
 * GOLD.rate, and gold for sure once the other rounds are used up; no gold once none is left.
 * With balanced gold seats such a voter agrees with half of an even number of gold votes and with
 * (g ± 1) / 2 of an odd number g, each half the time. So it is counted when it has fewer than
 * GOLD.minVotes gold votes, or at an odd count where (g + 1) / 2 reaches GOLD.minAgreement (only 5
 * with the defaults), half the time there. It is what makes the people-simulation test's
 * always-A voter a sure catch or a flake.
 */
export function alwaysACountedChance(votes: number, pool: { gold: number; other: number }): number {
  // dist[g]: probability of g gold votes so far.
  let dist = [1];
  for (let n = 0; n < votes; n++) {
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((p, g) => {
      const goldLeft = pool.gold - g;
      const otherLeft = pool.other - (n - g);
      const gold = goldLeft <= 0 ? 0 : otherLeft <= 0 ? 1 : g < GOLD.minVotes ? GOLD.earlyRate : GOLD.rate;
      next[g + 1]! += p * gold;
      next[g]! += p * (1 - gold);
    });
    dist = next;
  }
  return dist.reduce((sum, p, g) => {
    if (g < GOLD.minVotes) return sum + p;
    const bestAgreement = Math.ceil(g / 2) / g;
    return g % 2 === 1 && bestAgreement >= GOLD.minAgreement ? sum + p / 2 : sum;
  }, 0);
}
