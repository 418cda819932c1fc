import { describe, expect, it } from "vitest";
import {
  combineDoubleJudgement,
  parseVerdict,
  swapVerdict,
  VerdictError,
  verdictPoints,
  verdictWinner,
  wordLimit,
  type Verdict,
} from "../src/index";

const V = (verdict: string, tie_quality = "N/A", loser_failure_type = "NONE", reasoning = "") => ({
  verdict,
  tie_quality,
  loser_failure_type,
  reasoning,
});

describe("parseVerdict", () => {
  it("accepts the five tokens", () => {
    for (const t of ["[[A_MUCH_BETTER]]", "[[A_BETTER]]", "[[B_BETTER]]", "[[B_MUCH_BETTER]]"]) {
      expect(parseVerdict(V(t, "N/A", "WIDE")).verdict).toBe(t);
    }
    expect(parseVerdict(V("[[Tie]]", "HIGH"))).toEqual({
      verdict: "[[Tie]]",
      tie_quality: "HIGH",
      loser_failure_type: "NONE",
      reasoning: "",
    });
  });

  it("tolerates whitespace, case and missing brackets", () => {
    expect(parseVerdict(V("  a_better ", " n/a", "deep ")).verdict).toBe("[[A_BETTER]]");
    expect(parseVerdict(V("TIE", "low")).tie_quality).toBe("LOW");
    expect(parseVerdict(V("[[ B_MUCH_BETTER ]]")).verdict).toBe("[[B_MUCH_BETTER]]");
  });

  it("rejects anything else with a clear message", () => {
    expect(() => parseVerdict(V("A is better"))).toThrow(/unknown verdict token "A is better"/);
    expect(() => parseVerdict(V("[A_BETTER]"))).toThrow(VerdictError);
    expect(() => parseVerdict(V("[[A_BETTER]]", "MEDIUM"))).toThrow(/tie_quality must be HIGH, LOW or N\/A/);
    expect(() => parseVerdict(V("[[A_BETTER]]", "N/A", "LOGIC"))).toThrow(/loser_failure_type must be/);
    expect(() => parseVerdict({ tie_quality: "N/A" })).toThrow(/verdict/);
    expect(() => parseVerdict("[[A_BETTER]]")).toThrow(VerdictError);
  });

  it("tie consistency: a Tie with N/A quality is a Tie HIGH (pressure test); non-ties are normalised to N/A", () => {
    expect(parseVerdict(V("[[Tie]]", "N/A"))).toEqual({
      verdict: "[[Tie]]",
      tie_quality: "HIGH",
      loser_failure_type: "NONE",
      reasoning: "",
    });
    expect(parseVerdict(V("[[A_BETTER]]", "HIGH", "WIDE")).tie_quality).toBe("N/A");
    expect(parseVerdict(V("[[Tie]]", "LOW", "DEEP")).loser_failure_type).toBe("NONE");
  });

  it("missing fields take the reference's defaults: tie quality → Tie HIGH, failure → NONE, reasoning → empty", () => {
    expect(parseVerdict({ verdict: "[[Tie]]" })).toEqual({
      verdict: "[[Tie]]",
      tie_quality: "HIGH",
      loser_failure_type: "NONE",
      reasoning: "",
    });
    expect(parseVerdict({ verdict: "[[Tie]]", tie_quality: null, reasoning: null }).tie_quality).toBe("HIGH");
    expect(parseVerdict({ verdict: "[[Tie]]", tie_quality: "LOW" }).tie_quality).toBe("LOW");
    expect(parseVerdict({ verdict: "[[B_BETTER]]", reasoning: "B cites more" })).toEqual({
      verdict: "[[B_BETTER]]",
      tie_quality: "N/A",
      loser_failure_type: "NONE",
      reasoning: "B cites more",
    });
  });

  it("still rejects what cannot be read: no verdict, a non-object, an unknown value", () => {
    expect(() => parseVerdict({})).toThrow(VerdictError);
    expect(() => parseVerdict(null)).toThrow(VerdictError);
    expect(() => parseVerdict({ verdict: "[[Tie]]", tie_quality: "SO-SO" })).toThrow(/tie_quality must be HIGH, LOW or N\/A/);
  });
});

describe("scoring and double judgement", () => {
  const p = (t: string, tq = "N/A", f = "NONE") => parseVerdict(V(t, tq, f));

  it("scores MUCH_BETTER 2, BETTER 1, Tie 0 to the winner", () => {
    expect(verdictPoints(p("[[A_MUCH_BETTER]]"))).toEqual({ a: 2, b: 0 });
    expect(verdictPoints(p("[[B_BETTER]]"))).toEqual({ a: 0, b: 1 });
    expect(verdictPoints(p("[[Tie]]", "HIGH"))).toEqual({ a: 0, b: 0 });
    expect(verdictWinner(p("[[B_MUCH_BETTER]]"))).toBe("B");
  });

  it("swapVerdict mirrors A and B and is an involution", () => {
    const x = p("[[A_MUCH_BETTER]]", "N/A", "DEEP");
    expect(swapVerdict(x).verdict).toBe("[[B_MUCH_BETTER]]");
    expect(swapVerdict(swapVerdict(x))).toEqual(x);
    expect(swapVerdict(p("[[Tie]]", "LOW")).verdict).toBe("[[Tie]]");
  });

  it("combines agreeing judgements conservatively", () => {
    const c = combineDoubleJudgement(p("[[A_MUCH_BETTER]]", "N/A", "DEEP"), p("[[A_BETTER]]", "N/A", "WIDE"));
    expect(c).toMatchObject({ verdict: "[[A_BETTER]]", loser_failure_type: "BOTH" });
    expect(combineDoubleJudgement(p("[[B_MUCH_BETTER]]", "N/A", "NONE"), p("[[B_MUCH_BETTER]]", "N/A", "WIDE"))).toMatchObject({
      verdict: "[[B_MUCH_BETTER]]",
      loser_failure_type: "WIDE",
    });
    expect(combineDoubleJudgement(p("[[Tie]]", "HIGH"), p("[[Tie]]", "LOW")).tie_quality).toBe("LOW");
  });

  it("disagreement on the winner → Tie; LOW on hard failures, HIGH on soft ones", () => {
    const hard = combineDoubleJudgement(p("[[A_BETTER]]", "N/A", "WIDE"), p("[[B_BETTER]]", "N/A", "NONE"));
    expect(hard).toMatchObject({ verdict: "[[Tie]]", tie_quality: "LOW", loser_failure_type: "NONE" });
    const soft = combineDoubleJudgement(p("[[A_BETTER]]", "N/A", "NONE"), p("[[Tie]]", "HIGH"));
    expect(soft).toMatchObject({ verdict: "[[Tie]]", tie_quality: "HIGH" });
  });

  it("a position-biased judge (always prefers seat A) cancels out", () => {
    const first: Verdict = p("[[A_BETTER]]", "N/A", "NONE");
    const secondAsSeen: Verdict = p("[[A_BETTER]]", "N/A", "NONE"); // judged with answers swapped
    expect(combineDoubleJudgement(first, swapVerdict(secondAsSeen)).verdict).toBe("[[Tie]]");
  });
});

describe("wordLimit", () => {
  it("follows min(100+30W+20D, 300) and min(min+100, 400)", () => {
    expect(wordLimit(2, 2)).toEqual({ min: 200, max: 300, instruction: "Answer length: 200-300 words." });
    expect(wordLimit(3, 3)).toEqual({ min: 250, max: 350, instruction: "Answer length: 250-350 words." });
    expect(wordLimit(6, 2)).toEqual({ min: 300, max: 400, instruction: "Answer length: 300-400 words." });
    expect(() => wordLimit(0, 2)).toThrow(RangeError);
  });
});
