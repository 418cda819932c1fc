import { describe, expect, it } from "vitest";
import { swapSeatsInText, swapVerdict, type Verdict } from "../src/index";

/** Examiner texts read in swapped seats (audit items shown with seats swapped, double judging). */
describe("swapSeatsInText", () => {
  it("the heuristic judge's reasoning: per-answer checklist marks, soft criteria and the decision", () => {
    const reasoning =
      "Heuristic checklist matching. A: entities 1/2, facts 1/5 (missing: Varden Academy; the year it opened). B: entities 0/2, facts 0/5. Hard constraints decide: A covers more of the checklists decisively.";
    expect(swapSeatsInText(reasoning)).toBe(
      "Heuristic checklist matching. B: entities 1/2, facts 1/5 (missing: Varden Academy; the year it opened). A: entities 0/2, facts 0/5. Hard constraints decide: B covers more of the checklists decisively.",
    );
    expect(
      swapSeatsInText(
        "Equal hard scores. Soft criteria: A 2 (length 180 words within limit, 2 citations), B 1 (none). A wins on presentation.",
      ),
    ).toBe("Equal hard scores. Soft criteria: B 2 (length 180 words within limit, 2 citations), A 1 (none). B wins on presentation.");
  });

  it("an LLM judge's wording: labelled seats, possessives, tokens, parentheses", () => {
    expect(
      swapSeatsInText(
        "Agent A names both hidden entities; Answer B misses one. Response A's references are better [[A_BETTER]] (verdict A_MUCH_BETTER was considered).",
      ),
    ).toBe(
      "Agent B names both hidden entities; Answer A misses one. Response B's references are better [[B_BETTER]] (verdict B_MUCH_BETTER was considered).",
    );
    expect(swapSeatsInText("Both (A) and (B) cite sources, but B is vaguer than A. [[A]]")).toBe(
      "Both (B) and (A) cite sources, but A is vaguer than B. [[B]]",
    );
    expect(swapSeatsInText("Assistant B: 3/5 facts.\n- A lists the founding year.\n- B omits it.")).toBe(
      "Assistant A: 3/5 facts.\n- B lists the founding year.\n- A omits it.",
    );
  });

  it("leaves the article, abbreviations, hyphenated terms and words alone", () => {
    const text =
      "A total of five facts were asked. A bridge opened in 1932. The U.S.A. has an A-level exam; Vitamins and ABC stay. A/B tests too.";
    expect(swapSeatsInText(text)).toBe(text);
    expect(swapSeatsInText("A bridge is named by Response B. A covers it too.")).toBe("A bridge is named by Response A. B covers it too.");
  });

  it("is an involution on seat texts", () => {
    const t = "A: entities 2/2. B: entities 1/2. Agent B's answer [[B_MUCH_BETTER]]; A wins.";
    expect(swapSeatsInText(swapSeatsInText(t))).toBe(t);
  });
});

describe("swapVerdict", () => {
  it("mirrors the reasoning with the token, so a double judging reads in one seat order", () => {
    const v: Verdict = {
      verdict: "[[B_BETTER]]",
      tie_quality: "N/A",
      loser_failure_type: "WIDE",
      reasoning: "B names the school; A does not.",
    };
    expect(swapVerdict(v)).toEqual({ ...v, verdict: "[[A_BETTER]]", reasoning: "A names the school; B does not." });
  });
});
