import { describe, expect, it } from "vitest";
import { parseReferenceText, ReferenceParseError, suggestMapping } from "../src/references/parse";
import { referenceLine } from "../src/references/read";

describe("reference leaderboard text", () => {
  it("reads name,score lines, skipping a header and blank lines; a tab or semicolon separates too", () => {
    expect(parseReferenceText('model,score\nGPT Researcher,1201\n\n"Deep, Wide",1142.5\nsonar\t1139\nx;-3\n')).toEqual([
      { name: "GPT Researcher", score: 1201 },
      { name: "Deep, Wide", score: 1142.5 },
      { name: "sonar", score: 1139 },
      { name: "x", score: -3 },
    ]);
  });
  it("the last separator splits, so a name may hold commas", () => {
    expect(parseReferenceText("a, b, c,7")).toEqual([{ name: "a, b, c", score: 7 }]);
  });
  it("errors name the line", () => {
    expect(() => parseReferenceText("a,1\nb,two")).toThrow(/line 2: the score "two" is not a number/);
    expect(() => parseReferenceText("a,1\nno separator")).toThrow(/line 2: expected "name,score"/);
    expect(() => parseReferenceText("a,1\na,2")).toThrow(/line 2: "a" is listed twice/);
    expect(() => parseReferenceText("a,1\n,2")).toThrow(/line 2: the name is empty/);
    expect(() => parseReferenceText("\n\n")).toThrow(ReferenceParseError);
  });
});

describe("suggested mapping", () => {
  const agents = [
    { id: "1", name: "Sonar Pro" },
    { id: "2", name: "sonar pro" },
    { id: "3", name: "GPT-Researcher" },
    { id: "4", name: "Open  Deep Research" },
  ];
  it("exact names first, then case and spacing ignored; two loose matches suggest neither", () => {
    const m = suggestMapping(["Sonar Pro", "SONAR PRO ", "gpt-researcher", "open deep research", "unknown"], agents);
    expect(Object.fromEntries(m)).toEqual({
      "Sonar Pro": "1",
      "SONAR PRO ": null,
      "gpt-researcher": "3",
      "open deep research": "4",
      unknown: null,
    });
  });
});

describe("reference line", () => {
  const base = { examinerConfigId: "c", examinerSnapshotId: "s", agents: 6, computedAt: "2026-11-28T00:00:00Z" };
  it("figures with intervals, or why there are none", () => {
    expect(
      referenceLine({ ...base, spearman: { value: 0.9428, lower: 0.6, upper: 1 }, kendall: { value: 0.8667, lower: 0.47, upper: 1 } }),
    ).toBe("ρ 0.94 [0.60, 1.00], τ 0.87 [0.47, 1.00], 6 agents");
    expect(referenceLine({ ...base, agents: 2, spearman: null, kendall: null })).toBe(
      "2 mapped agents are rated by the examiner: 3 needed",
    );
    expect(referenceLine(null)).toBe("not computed yet");
  });
});
