import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { createTournament } from "@arena/tournament";
import { freshDb, REPO_ROOT, waitFor } from "./helpers/arena";

const run = promisify(execFile);

/** `arena demo` as `npm run demo` runs it, on a small world, to completion; twice. */
describe("arena demo", () => {
  let db: PrismaClient;
  const env = { ...process.env, ARENA_QUEUE_PREFIX: `demo-${process.pid}` };
  const demo = () =>
    run(
      process.execPath,
      ["apps/cli/bin/arena.mjs", "demo", "--hubs", "2", "--entities", "6", "--latency-ms", "100", "--no-web", "--exit-when-done"],
      {
        cwd: REPO_ROOT,
        env,
        maxBuffer: 64 * 1024 * 1024,
      },
    );

  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it("builds the world, registers agents, plays a Swiss tournament to completion and prints the leaderboard", async () => {
    const { stdout, stderr } = await demo();
    expect(stderr).toMatch(/\[demo\] world demo: 2 trees/);
    expect(stdout).toMatch(/ completed {2}Swiss round 4 of 4/);
    expect(stdout).toContain("not the LLM method");
    const t = await db.tournament.findFirstOrThrow({ where: { name: "demo" }, include: { _count: { select: { matches: true } } } });
    expect(t.status).toBe("completed");
    expect(await db.match.count({ where: { tournamentId: t.id, status: { not: "completed" } } })).toBe(0);
    expect(await db.ratingSnapshot.count({ where: { tournamentId: t.id } })).toBeGreaterThan(0);
  });

  it("a second run reuses the world and the agents instead of failing, and leaves other tournaments alone", async () => {
    const agents = await db.agent.count();
    const trees = await db.tree.count();
    // Someone else's draft whose name merely starts with "demo": not the demo's to start.
    const first = await db.tournament.findFirstOrThrow({ where: { name: "demo" } });
    const [a, b] = await db.agent.findMany({ take: 2, orderBy: { name: "asc" } });
    const tree = await db.tree.findFirstOrThrow();
    const theirs = await createTournament(db, {
      name: "demo-llm",
      agentIds: [a!.id, b!.id],
      treeIds: [tree.id],
      examinerConfigId: first.examinerConfigId,
      seed: "x",
    });
    const { stderr } = await demo();
    expect(stderr).toMatch(/world demo: 2 trees, \d+ pages \(reused\)/);
    expect(await db.agent.count()).toBe(agents);
    expect(await db.tree.count()).toBe(trees);
    expect(await db.tournament.count({ where: { name: { startsWith: "demo" }, status: "completed" } })).toBe(2);
    expect(await db.tournament.findFirstOrThrow({ where: { name: "demo #2" } })).toMatchObject({ status: "completed" });
    expect((await db.tournament.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe("draft");

    // Running a draft's workers would wait forever: the command says what to do instead.
    const failed = await run(process.execPath, ["apps/cli/bin/arena.mjs", "tournament", "run", theirs.id], { cwd: REPO_ROOT, env }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain(`tournament ${theirs.id} is draft: start it first`);
  });

  it("without --exit-when-done the arena stays live: a continuous tournament among the same agents, fed fresh synthetic trees", async () => {
    const child = spawn(
      process.execPath,
      [
        "apps/cli/bin/arena.mjs",
        "demo",
        "--seed",
        "alive",
        "--hubs",
        "2",
        "--entities",
        "6",
        "--latency-ms",
        "100",
        "--no-web",
        "--live-tree-minutes",
        "0.2",
      ],
      { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const live = await waitFor(
        () => db.tournament.findFirst({ where: { name: "demo live", mode: "continuous", status: "running" } }).then((t) => t ?? undefined),
        "the live tournament",
        300_000,
      );
      const agents = await db.tournamentParticipant.count({ where: { tournamentId: live.id } });
      // The same agents as the Swiss tournament: the 2 built-in researchers and the 4 planted-skill simulations.
      expect(agents).toBe(6);
      // Matches keep completing after the Swiss tournament, and a fresh tree joins and gets played.
      await waitFor(
        () => db.match.count({ where: { tournamentId: live.id, status: "completed" } }).then((n) => (n >= 3 ? n : undefined)),
        "live matches",
        300_000,
      );
      const fresh = await waitFor(
        () =>
          db.tournamentTree
            .findFirst({ where: { tournamentId: live.id, tree: { worldSeed: { startsWith: "alive-live-" } } } })
            .then((t) => t ?? undefined),
        "a fresh tree",
        120_000,
      );
      await waitFor(
        () => db.match.findFirst({ where: { tournamentId: live.id, treeId: fresh.treeId } }).then((m) => m ?? undefined),
        "a match on the fresh tree",
        300_000,
      );
      expect(stderr).toMatch(/\[demo\] live: continuous, round \d+, \d+ matches done/);
      expect(stderr).toContain("fresh synthetic tree for the live tournament");
    } finally {
      child.kill("SIGINT");
      await exited;
    }
  }, 900_000);
});
