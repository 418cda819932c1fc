import { describe, expect, it } from "vitest";
import { FAILING_AFTER, summariseRounds } from "../src/play-health";

/** Rounds newest first: `e` an error of class `cls`, `.` a round it answered; minute k ago for the k-th. */
function rounds(pattern: string, cls = "http_status") {
  const now = Date.parse("2026-01-01T12:00:00Z");
  return [...pattern].map((c, k) => ({
    matchId: `m${k}`,
    error: c === "e" ? cls : null,
    detail: c === "e" ? `HTTP 500 (http://127.0.0.1:9/answer) #${k}` : null,
    at: new Date(now - k * 60_000),
  }));
}
const healthy = { status: "healthy", healthAt: new Date("2025-12-31T00:00:00Z") };

describe("an agent's play health from its stored rounds", () => {
  it(`turns failing after ${FAILING_AFTER} errors in a row, not before`, () => {
    expect(FAILING_AFTER).toBe(3);
    expect(summariseRounds("a", rounds("ee.eee"), healthy)).toMatchObject({ consecutive: 2, failing: false, errors: 5, rounds: 6 });
    expect(summariseRounds("a", rounds("eee."), healthy)).toMatchObject({ consecutive: 3, failing: true });
    expect(summariseRounds("a", rounds(""), healthy)).toMatchObject({ consecutive: 0, failing: false, byClass: [] });
  });

  it("groups errors by class, most frequent first, with the newest detail of each", () => {
    const mixed = [...rounds("ee"), ...rounds("eee", "timeout").map((r) => ({ ...r, at: new Date(r.at.getTime() - 3_600_000) }))];
    const s = summariseRounds("a", mixed, healthy);
    expect(s.byClass.map((c) => [c.class, c.count])).toEqual([
      ["timeout", 3],
      ["http_status", 2],
    ]);
    expect(s.byClass[1]).toMatchObject({ latestDetail: "HTTP 500 (http://127.0.0.1:9/answer) #0", matchId: "m0" });
  });

  it("a health check that passed after the errors starts the count over; one that failed is failing", () => {
    const passedJustNow = { status: "healthy", healthAt: new Date("2026-01-01T11:58:30Z") };
    // Errors 0 and 1 minute ago came after the check; the one 2 minutes ago before it.
    expect(summariseRounds("a", rounds("eeee"), passedJustNow)).toMatchObject({ consecutive: 2, failing: false });
    expect(summariseRounds("a", rounds("...."), { status: "unhealthy", healthAt: new Date() })).toMatchObject({ failing: true });
  });
});
