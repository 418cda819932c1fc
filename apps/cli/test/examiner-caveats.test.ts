import { describe, expect, it } from "vitest";
import { EXAMINER_MODES_HELP, standInCaveat } from "../src/options";

/** The CLI's words about an examiner mode come from core's EXAMINER_MODE_INFO and stay what they were. */
describe("examiner caveats in the CLI", () => {
  it("names a stand-in as not the method, offline, with the noun each output used", () => {
    expect(`heuristic examiner${standInCaveat("heuristic")}`).toBe("heuristic examiner (offline, not the LLM method)");
    expect(`heuristic examiner${standInCaveat("heuristic", "stand-in")}`).toBe("heuristic examiner (offline stand-in, not the LLM method)");
    expect(`examiner: heuristic${standInCaveat("heuristic", "heuristic")}`).toBe(
      "examiner: heuristic (offline heuristic, not the LLM method)",
    );
  });

  it("adds nothing for the method itself, and lists the default mode first in --examiner's help", () => {
    expect(standInCaveat("llm", "stand-in")).toBe("");
    expect(EXAMINER_MODES_HELP).toBe("heuristic | llm");
  });
});
