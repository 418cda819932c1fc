import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { freshDb, REPO_ROOT } from "./helpers/arena";

const run = promisify(execFile);

/** `arena demo` as `npm run demo` runs it, on a small world, to completion; twice. */
describe("arena demo", () => {
  let db: PrismaClient;
  const env = { ...process.env, ARENA_QUEUE_PREFIX: `demo-${process.pid}` };
  const demo = () =>
    run(process.execPath, ["apps/cli/bin/arena.mjs", "demo", "--hubs", "2", "--entities", "6", "--exit-when-done"], {
      cwd: REPO_ROOT,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });

  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it("builds the world, registers agents, plays a Swiss tournament to completion and prints the leaderboard", async () => {
    const { stdout, stderr } = await demo();
    expect(stderr).toMatch(/\[demo\] world demo: 2 trees/);
    expect(stdout).toMatch(/ completed  Swiss round 4\/4/);
    expect(stdout).toContain("not the LLM method");
    const t = await db.tournament.findFirstOrThrow({ where: { name: "demo" }, include: { _count: { select: { matches: true } } } });
    expect(t.status).toBe("completed");
    expect(await db.match.count({ where: { tournamentId: t.id, status: { not: "completed" } } })).toBe(0);
    expect(await db.ratingSnapshot.count({ where: { tournamentId: t.id } })).toBeGreaterThan(0);
  });

  it("a second run reuses the world and the agents instead of failing", async () => {
    const agents = await db.agent.count();
    const trees = await db.tree.count();
    const { stderr } = await demo();
    expect(stderr).toMatch(/world demo: 2 trees, \d+ pages \(reused\)/);
    expect(await db.agent.count()).toBe(agents);
    expect(await db.tree.count()).toBe(trees);
    expect(await db.tournament.count({ where: { name: { startsWith: "demo" }, status: "completed" } })).toBe(2);
  });
});
