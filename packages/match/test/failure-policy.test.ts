import { describe, expect, it } from "vitest";
import { initialState } from "@arena/core";
import { ExaminerUnavailableError, GenerationError } from "@arena/examiner";
import {
  afterAnswers,
  afterGenerationError,
  afterRunError,
  ConcurrentRunError,
  failureOf,
  forfeitVerdict,
  thrownByAgent,
  MatchNotRunnableError,
  MAX_GENERATION_FAILURES,
  roundLimitReached,
} from "../src/index";

describe("match failure policy", () => {
  it("a generation failure jumps to a new start until the limit, then ends the match", () => {
    const err = new GenerationError("no passage", []);
    expect(afterGenerationError(err, 1)).toEqual({ kind: "jump", detail: "no passage" });
    expect(afterGenerationError(err, MAX_GENERATION_FAILURES)).toEqual({ kind: "jump", detail: "no passage" });
    expect(afterGenerationError(err, MAX_GENERATION_FAILURES + 1)).toEqual({
      kind: "end",
      reason: `question generation failed ${MAX_GENERATION_FAILURES + 1} times: no passage`,
    });
  });

  it("an unreachable examiner or any other error is not a generation failure: the job is retried", () => {
    expect(afterGenerationError(new ExaminerUnavailableError("HTTP 503", []), 1)).toEqual({ kind: "rethrow" });
    expect(afterGenerationError(new Error("database gone"), 1)).toEqual({ kind: "rethrow" });
  });

  const failed = (cls: "timeout" | "refused" = "timeout") => ({
    text: "",
    error: { class: cls, detail: "connection failed (http://127.0.0.1:8787/answer)" },
  });
  const answered = (text = "Lake Ohrid is 288 m deep [1].") => ({ text, error: null });

  it("a round is voided only when both agents failed (an error or an empty answer)", () => {
    expect(afterAnswers(failed(), failed())).toEqual({ kind: "void" });
    expect(afterAnswers(failed(), answered(" \n\t "))).toEqual({ kind: "void" });
    expect(afterAnswers(answered(""), answered(""))).toEqual({ kind: "void" });
    expect(afterAnswers(answered(), answered())).toEqual({ kind: "judge" });
  });

  it("one agent's error is a forfeit: the other seat wins MUCH_BETTER, the error class is the reason", () => {
    expect(afterAnswers(failed("refused"), answered())).toEqual({
      kind: "forfeit",
      forfeit: { seat: "A", reason: "refused" },
      verdict: {
        verdict: "[[B_MUCH_BETTER]]",
        tie_quality: "N/A",
        loser_failure_type: "BOTH",
        reasoning: "Forfeit: seat A's agent failed (refused); seat B wins the round without a judgement.",
      },
    });
    const b = afterAnswers(answered(), failed("timeout"));
    expect(b).toMatchObject({ kind: "forfeit", forfeit: { seat: "B", reason: "timeout" }, verdict: { verdict: "[[A_MUCH_BETTER]]" } });
  });

  it("an answer with no text once trimmed is a forfeit too, even without an error", () => {
    expect(afterAnswers(answered("   \n "), answered())).toMatchObject({
      kind: "forfeit",
      forfeit: { seat: "A", reason: "empty" },
      verdict: { verdict: "[[B_MUCH_BETTER]]" },
    });
    expect(afterAnswers(answered(), answered(""))).toMatchObject({
      kind: "forfeit",
      forfeit: { seat: "B", reason: "empty" },
      verdict: { verdict: "[[A_MUCH_BETTER]]" },
    });
    expect(forfeitVerdict({ seat: "B", reason: "empty" }).reasoning).toBe(
      "Forfeit: seat B's agent answered nothing; seat A wins the round without a judgement.",
    );
  });

  it("an error with some text left in the answer still forfeits: the error decides", () => {
    expect(failureOf({ text: "partial", error: { class: "oversized" } })).toBe("oversized");
    expect(failureOf({ text: "partial", error: null })).toBeNull();
  });

  it("whatever the agent call threw is the agent's failure (malformed), unless the match was cancelled", () => {
    expect(thrownByAgent(new RangeError("Invalid array length"))).toEqual({
      class: "malformed",
      detail: "the agent call threw RangeError: Invalid array length",
    });
    expect(thrownByAgent("a string")).toEqual({ class: "malformed", detail: "the agent call threw a string" });
    const cancelled = new AbortController();
    cancelled.abort();
    const abort = new DOMException("aborted", "AbortError");
    expect(() => thrownByAgent(abort, cancelled.signal)).toThrow(abort);
  });

  it("stored rounds are bounded at twice the round limit, voided and judge-error rounds included", () => {
    const loop = initialState(1, { maxRounds: 10 });
    expect(roundLimitReached({ loop, seq: 19, voided: 12, judgeErrors: 3 })).toBeNull();
    expect(roundLimitReached({ loop, seq: 20, voided: 12, judgeErrors: 3 })).toBe(
      "stopped after 20 stored rounds (12 voided, 3 judge errors)",
    );
  });

  it("a duplicate or unrunnable match stops this run quietly, whatever the attempt", () => {
    expect(afterRunError(new ConcurrentRunError("round 3 stored by another run"), 2, 3)).toEqual({
      kind: "stop_run",
      reason: "round 3 stored by another run",
    });
    expect(afterRunError(new MatchNotRunnableError("match m is cancelled"), 0, 3)).toEqual({
      kind: "stop_run",
      reason: "match m is cancelled",
    });
  });

  it("other errors are retried while attempts remain; the last attempt marks the match failed", () => {
    const err = new ExaminerUnavailableError("judge failed after 3 attempts: HTTP 500", []);
    expect(afterRunError(err, 0, 3)).toEqual({ kind: "retry" });
    expect(afterRunError(err, 1, 3)).toEqual({ kind: "retry" });
    expect(afterRunError(err, 2, 3)).toEqual({ kind: "fail", error: "judge failed after 3 attempts: HTTP 500" });
    expect(afterRunError("boom", 0, 1)).toEqual({ kind: "fail", error: "boom" });
  });
});
