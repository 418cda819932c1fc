import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { JumpableRandomGenerator } from "pure-rand/types/JumpableRandomGenerator";

/**
 * Seeded randomness whose whole state is four 32-bit integers (xoroshiro128+ from pure-rand).
 * Choice: a stateful generator rather than hashing (seed, round, purpose), because the loop makes
 * a variable number of draws per round (jumps, retries); storing `state()` in the LoopState lets a
 * crashed match resume and make exactly the random choices it would have made.
 */
export type RngState = number[];

/**
 * A 32-bit seed from free-form text (match seeds, world seeds): FNV-1a, so the same text gives the
 * same seed on every platform without a crypto dependency in core.
 */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private constructor(private readonly gen: JumpableRandomGenerator) {}

  /** Seeds are 32-bit integers; larger or fractional numbers are rejected rather than silently truncated. */
  static fromSeed(seed: number): Rng {
    if (!Number.isSafeInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 32) {
      throw new RangeError(`seed must be a 32-bit integer, got ${seed}`);
    }
    return new Rng(xoroshiro128plus(seed | 0));
  }

  static fromState(state: readonly number[]): Rng {
    if (state.length !== 4 || !state.every((v) => Number.isInteger(v))) {
      throw new RangeError("rng state must be four integers");
    }
    return new Rng(xoroshiro128plusFromState(state));
  }

  /** Plain-number copy of the state, safe to JSON-serialise. */
  state(): RngState {
    return [...this.gen.getState()];
  }

  /** Uniform in [0, 1). */
  float(): number {
    return uniformFloat64(this.gen);
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0) throw new RangeError(`int(n) needs a positive integer, got ${n}`);
    return uniformInt(this.gen, 0, n - 1);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("cannot pick from an empty list");
    return items[this.int(items.length)]!;
  }

  /** Fisher–Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
