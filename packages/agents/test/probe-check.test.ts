import { describe, expect, it } from "vitest";
import { probeAnswerProblems } from "../src/probe-check";

const ok = { error: null };

describe("what Test endpoint flags in a probe answer", () => {
  it("an answer with no citation the arena reads, naming the formats it reads", () => {
    for (const text of ["Six lighthouses (source: the coast's page).", "Six lighthouses [1].", "Six lighthouses, see example.org/coast."]) {
      const [problem, ...rest] = probeAnswerProblems({ ...ok, text });
      expect(problem).toMatch(/^The answer has no citation the arena can read/);
      expect(problem).toContain('"[1] https://…"');
      expect(problem).toContain('"References"');
      expect(rest.filter((p) => !p.startsWith("Inline markers"))).toEqual([]);
    }
  });

  it("sources listed but no statement citing one; markers without an entry", () => {
    expect(probeAnswerProblems({ ...ok, text: "Six lighthouses.\n\n## References\n[1] https://example.org/coast" })[0]).toMatch(
      /no statement cites one/,
    );
    expect(probeAnswerProblems({ ...ok, text: "Six [1], area 6352 km² [2].\n\n## References\n[1] https://example.org/coast" })).toEqual([
      "Inline markers with no References entry: [2].",
    ]);
  });

  it("nothing for a cited answer in any accepted style, or a failed call (its error is shown instead)", () => {
    for (const refs of [
      "[1] https://example.org/coast",
      "1. https://example.org/coast",
      "- [The coast](https://example.org/coast)",
      "[1]: https://example.org/coast",
    ]) {
      expect(probeAnswerProblems({ ...ok, text: `Six lighthouses [1].\n\n## Sources\n${refs}` })).toEqual([]);
    }
    expect(probeAnswerProblems({ text: "", error: { class: "timeout", detail: "no answer in 120 s" } })).toEqual([]);
    expect(probeAnswerProblems({ ...ok, text: "  " })[0]).toMatch(/empty/);
  });
});
