import { describe, expect, it } from "vitest";
import { initialState } from "@arena/core";
import { ExaminerUnavailableError, GenerationError } from "@arena/examiner";
import {
  afterAnswers,
  afterGenerationError,
  afterRunError,
  ConcurrentRunError,
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

  it("a round is voided only when both agents failed", () => {
    const failed = { error: { class: "timeout", detail: "t" } };
    const answered = { error: null };
    expect(afterAnswers(failed, failed)).toBe("void");
    expect(afterAnswers(failed, answered)).toBe("judge");
    expect(afterAnswers(answered, failed)).toBe("judge");
    expect(afterAnswers(answered, answered)).toBe("judge");
  });

  it("stored rounds are bounded at twice the round limit, voided and judge-error rounds included", () => {
    const loop = initialState(1, { maxRounds: 10 });
    expect(roundLimitReached({ loop, seq: 19, voided: 12, judgeErrors: 3 })).toBeNull();
    expect(roundLimitReached({ loop, seq: 20, voided: 12, judgeErrors: 3 })).toBe("stopped after 20 stored rounds (12 voided, 3 judge errors)");
  });

  it("a duplicate or unrunnable match stops this run quietly, whatever the attempt", () => {
    expect(afterRunError(new ConcurrentRunError("round 3 stored by another run"), 2, 3)).toEqual({ kind: "stop_run", reason: "round 3 stored by another run" });
    expect(afterRunError(new MatchNotRunnableError("match m is cancelled"), 0, 3)).toEqual({ kind: "stop_run", reason: "match m is cancelled" });
  });

  it("other errors are retried while attempts remain; the last attempt marks the match failed", () => {
    const err = new ExaminerUnavailableError("judge failed after 3 attempts: HTTP 500", []);
    expect(afterRunError(err, 0, 3)).toEqual({ kind: "retry" });
    expect(afterRunError(err, 1, 3)).toEqual({ kind: "retry" });
    expect(afterRunError(err, 2, 3)).toEqual({ kind: "fail", error: "judge failed after 3 attempts: HTTP 500" });
    expect(afterRunError("boom", 0, 1)).toEqual({ kind: "fail", error: "boom" });
  });
});
