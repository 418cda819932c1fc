import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/arena";
import { testWorkers } from "../vitest.config";
import { databaseName, withDatabase, workerDatabase, workerDatabaseRun } from "./helpers/workers";

describe("the test run's workers", () => {
  it("run ARENA_TEST_WORKERS files at a time, 3 when unset, and refuse anything but a whole number from 1 to 16", () => {
    expect([testWorkers(undefined), testWorkers(""), testWorkers("1"), testWorkers(" 2 "), testWorkers("16")]).toEqual([3, 3, 1, 2, 16]);
    for (const bad of ["0", "17", "2.5", "two", "-1"])
      expect(() => testWorkers(bad), bad).toThrow(/ARENA_TEST_WORKERS must be a whole number from 1 to 16/);
  });

  it("name each worker's database after the test database and the run, keeping the rest of the URL", () => {
    const url = "postgresql://postgres:pw@127.0.0.1:5433/arena_test?schema=public";
    expect(withDatabase(url, workerDatabase(databaseName(url), 4242, 2))).toBe(
      "postgresql://postgres:pw@127.0.0.1:5433/arena_test_p4242_w2?schema=public",
    );
  });

  it("recognise only their own test database's clones when clearing a killed run's leftovers", () => {
    expect(workerDatabaseRun("arena_test", "arena_test_p4242_w2")).toBe(4242);
    for (const other of [
      "arena_test",
      "arena_test_fast",
      "arena_test_fast_p4242_w1",
      "arena_test_p4242",
      "arena_test_p42x_w1",
      "arena_test_w1",
    ]) {
      expect(workerDatabaseRun("arena_test", other), other).toBeNull();
    }
  });
});

describe("the end of npm test's output", () => {
  it("lists the ten slowest files, slowest first, then the closing line last", () => {
    const files = Array.from({ length: 12 }, (_, i) => ({
      name: `${REPO_ROOT}tests/f${i}.int.test.ts`,
      startTime: 1_000,
      endTime: 1_000 + (i + 1) * 1_500,
    }));
    const report = { startTime: 1_000, numPassedTests: 40, numFailedTests: 1, numPendingTests: 2, numTodoTests: 0, testResults: files };
    const path = join(mkdtempSync(join(tmpdir(), "arena-report-")), "report.json");
    writeFileSync(path, JSON.stringify(report));
    const lines = execFileSync(process.execPath, ["scripts/test-report.mjs", path], { cwd: REPO_ROOT, encoding: "utf8" })
      .trimEnd()
      .split("\n");
    const listed = lines.filter((l) => / s {2}tests\//.test(l));
    expect(listed.map((l) => l.trim())).toEqual(
      Array.from({ length: 10 }, (_, k) => `${(18 - k * 1.5).toFixed(1)} s  tests/f${11 - k}.int.test.ts`),
    );
    expect(lines).toContain("12 files, 117 s of file time in 18 s");
    expect(lines.at(-1)).toBe("40 passed, 1 failed, 2 skipped");
  });
});
