import { describe, expect, it } from "vitest";
import { fmtSpread, intervalTitle, rating, share } from "../../apps/web/src/features/leaderboard/intervals";

/** How the web writes intervals: — only when there is none, ±0 for one of no spread, never `+0/−0`. */
describe("interval formatting", () => {
  it("a missing interval is —, a zero-width one ±0, each with a tooltip saying why", () => {
    expect(fmtSpread(0.5, null, null, share)).toBe("—");
    expect(fmtSpread(1000, 1000, 1000, rating)).toBe("±0");
    expect(intervalTitle(null, null, share)).toMatch(/^unbounded/);
    expect(intervalTitle(0.5, 0.5, share)).toMatch(/^no spread/);
  });

  it("a bounded interval is +upper/−lower around the value; a small non-zero part gets a digit more", () => {
    expect(fmtSpread(1012.4, 990, 1040, rating)).toBe("+28/−22");
    expect(fmtSpread(0.79, 0.786, 0.8, share)).toBe("+1/−0.4");
    expect(intervalTitle(0.7, 0.9, share)).toBe("95 % interval 70 to 90");
  });
});
