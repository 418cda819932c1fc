import { unsafeUniformIntDistribution, xoroshiro128plus, type RandomGenerator } from "pure-rand";

/** Seeded randomness for the world generator: the same seed string gives the same sequence. */
export class Random {
  private readonly rng: RandomGenerator;

  constructor(seed: string) {
    // FNV-1a over the seed's UTF-16 code units: a stable 32-bit seed for the generator.
    let h = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
    this.rng = xoroshiro128plus(h | 0);
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return unsafeUniformIntDistribution(min, max, this.rng);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  /** `n` distinct items in random order (all of them when n ≥ length). */
  sample<T>(items: readonly T[], n: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, Math.min(n, pool.length));
  }
}
