import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/arena";

/**
 * The built CLI and worker (apps/*\/dist, `npm run build`): what `npx arena` and the worker bin run
 * while the build is current. Built here first when it is missing or stale.
 */
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "arena-cli-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const check = await run(process.execPath, ["scripts/build-apps.mjs", "--check"], { cwd: REPO_ROOT }).then(
    () => 0,
    (err: { code: number }) => err.code,
  );
  if (check !== 0) await run(process.execPath, ["scripts/build-apps.mjs"], { cwd: REPO_ROOT });
});

const built = (...args: string[]) => run(process.execPath, ["apps/cli/dist/main.mjs", ...args], { cwd: REPO_ROOT, maxBuffer: 1 << 24 });

describe("the built arena command", () => {
  it("prints the help listing every command", async () => {
    const { stdout } = await built("--help");
    for (const name of [
      "demo",
      "leaderboard",
      "web",
      "tree",
      "sandbox",
      "world",
      "agent",
      "examiner",
      "match",
      "tournament",
      "ratings",
      "replay",
      "simulate",
      "user",
      "score",
    ]) {
      expect(stdout).toMatch(new RegExp(`^  ${name}\\b`, "m"));
    }
  });

  it("rates a battles file from the built JavaScript", async () => {
    // The Wikipedia Bradley–Terry example: D, B, C, A with strengths 2.27, 1.04, 0.66, 0.64.
    const wiki: [string, string, number][] = [
      ["A", "B", 2],
      ["B", "A", 3],
      ["A", "D", 1],
      ["D", "A", 4],
      ["B", "C", 5],
      ["C", "B", 3],
      ["C", "D", 1],
      ["D", "C", 3],
    ];
    const lines = wiki.flatMap(([w, l, n]) =>
      Array.from({ length: n }, () => JSON.stringify({ model_a: w, model_b: l, winner: "model_a" })),
    );
    writeFileSync(join(dir, "wiki.jsonl"), `${lines.join("\r\n")}\r\n`);
    const { stdout } = await built("ratings", "--input", join(dir, "wiki.jsonl"), "--seed", "3", "--bootstrap", "200", "--json");
    const out = JSON.parse(stdout) as { ratings: { model: string; rating: number; lower: number; upper: number; games: number }[] };
    expect(out.ratings.map((r) => r.model)).toEqual(["D", "B", "C", "A"]);
    expect(out.ratings[0]!.rating - out.ratings[3]!.rating).toBeCloseTo(400 * Math.log10(2.27 / 0.64), 0);
    expect(out.ratings.map((r) => r.games)).toEqual([9, 13, 12, 10]);
    for (const r of out.ratings) expect(r.lower < r.rating && r.rating < r.upper).toBe(true);
  });
});

describe("the built worker", () => {
  it("starts its queues on DATABASE_URL / REDIS_URL and stops cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, ["apps/worker/dist/main.mjs"], {
      cwd: REPO_ROOT,
      env: { ...process.env, ARENA_QUEUE_PREFIX: `build-${process.pid}`, ARENA_RECONCILE_MS: "0" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let log = "";
    await new Promise<void>((resolve, reject) => {
      child.stderr!.on("data", (d: Buffer) => {
        log += d.toString();
        if (log.includes('"message":"workers started"')) resolve();
      });
      child.once("exit", (code) => reject(new Error(`worker exited ${code}: ${log}`)));
    });
    const code = await new Promise<number | null>((resolve) => {
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
    expect(code).toBe(0);
  });
});
