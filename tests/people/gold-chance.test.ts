import { describe, expect, it } from "vitest";
import { alwaysACountedChance } from "./gold-chance";

describe("the chance that an always-A voter is counted", () => {
  const pool = { gold: 10, other: 50 };

  it("matches the serving rule worked by hand on short runs", () => {
    // Four votes: counted unless all four were gold (½ each): 1 − 1/16.
    expect(alwaysACountedChance(4, pool)).toBeCloseTo(15 / 16, 12);
    // Five: at least four gold is 1/16 (four of four) + 4/16 · ½ (three of four, then gold at the
    // early rate) = 3/16; exactly five is 1/16 · 0.2, counted half the time.
    expect(alwaysACountedChance(5, pool)).toBeCloseTo(13 / 16 + (1 / 16) * 0.2 * 0.5, 12);
  });

  it("serves gold for sure once the other rounds are used up, and none once the gold is", () => {
    // No other rounds: every vote gold, ten gold votes agree 5 of 10: never counted.
    expect(alwaysACountedChance(10, { gold: 10, other: 0 })).toBe(0);
    // Two gold rounds only: never four gold votes, always counted.
    expect(alwaysACountedChance(30, { gold: 2, other: 50 })).toBeCloseTo(1, 12);
  });

  it("falls with more votes: about 6 % at 24, under 1 % at 40", () => {
    expect(alwaysACountedChance(24, pool)).toBeCloseTo(0.061, 3);
    expect(alwaysACountedChance(40, pool)).toBeLessThan(0.004);
  });
});
