import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SCORER_INFO, type ScorerInfo } from "../src/index";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));

/**
 * `knownAnswerTested` shows a report-score column on the leaderboard by default, so it must not be
 * a bare claim: a scorer that makes it names its known-answer test, and that file exists, runs
 * tests, and names the descriptor and every metric the scorer writes (so the test is the one that
 * checks this scorer's metrics, and a metric added later is not covered silently).
 */
describe("known-answer tested scorers", () => {
  const scorers = Object.entries(SCORER_INFO) as [string, ScorerInfo][];

  it("say so exactly when they name a known-answer test", () => {
    for (const [name, s] of scorers) expect(s.knownAnswerTest !== null, name).toBe(s.knownAnswerTested);
  });

  for (const [name, s] of scorers.filter(([, s]) => s.knownAnswerTested)) {
    it(`${name}: its test file exists, runs tests and names SCORER_INFO.${name} and each of its metrics`, () => {
      const path = `${PACKAGE}${s.knownAnswerTest}`;
      expect(s.knownAnswerTest, name).toMatch(/^test\/[\w-]+\.test\.ts$/);
      expect(existsSync(path), path).toBe(true);
      const text = readFileSync(path, "utf8");
      expect(text).toMatch(/\bit\(/);
      expect(text).toContain(`SCORER_INFO.${name}`);
      for (const metric of s.metrics) expect(text, metric).toContain(`"${metric}"`);
    });
  }
});
