import { describe, expect, it } from "vitest";
import {
  enumSchema,
  initialState,
  parseLoopState,
  roundInWords,
  TRANSITION_ACTIONS,
  transitionAction,
  transitionActionSchema,
  VERDICT_TOKENS,
  verdictTokenSchema,
} from "../src/index";

describe("closed sets", () => {
  it("schemas accept exactly the listed values", () => {
    for (const t of VERDICT_TOKENS) expect(verdictTokenSchema.parse(t)).toBe(t);
    expect(verdictTokenSchema.safeParse("[[A_WORSE]]").success).toBe(false);
    expect(transitionActionSchema.safeParse("probe_depth:stuck").success).toBe(false);
  });

  it("gives the LLM's JSON Schema the same values", () => {
    expect(enumSchema(VERDICT_TOKENS)).toEqual({ type: "string", enum: [...VERDICT_TOKENS] });
  });

  it("every transition Table 2 can produce is a listed transition", () => {
    const produced = new Set(
      VERDICT_TOKENS.flatMap((verdict) =>
        (["HIGH", "LOW", "N/A"] as const).flatMap((tie_quality) =>
          (["DEEP", "WIDE", "BOTH", "NONE"] as const).map((loser_failure_type) =>
            transitionAction({ verdict, tie_quality, loser_failure_type }),
          ),
        ),
      ),
    );
    expect([...produced].sort()).toEqual([...TRANSITION_ACTIONS].sort());
  });

  it("a stored loop state with an unknown stop reason is refused", () => {
    const state = initialState(1);
    expect(() => parseLoopState({ ...state, stopReason: "gave_up" })).toThrow();
    expect(parseLoopState({ ...state, stopReason: "mercy_rule" }).stopReason).toBe("mercy_rule");
  });

  it("a tournament's round in words: Swiss, other pairing, continuous", () => {
    expect(roundInWords({ mode: "rounds", pairing: "swiss", currentRound: 2, swissRounds: 4 })).toBe("Swiss round 2 of 4");
    expect(roundInWords({ mode: "rounds", pairing: "info", currentRound: 2, swissRounds: 4 })).toBe("round 2 of 4");
    expect(roundInWords({ mode: "continuous", pairing: "info", currentRound: 7, swissRounds: 4 })).toBe("continuous, round 7");
    expect(roundInWords({ mode: "continuous", pairing: "swiss", currentRound: 0, swissRounds: 4 })).toBe("continuous, not started");
  });
});
