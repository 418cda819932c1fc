process.env.ARENA_QUEUE_PREFIX = `tour-fault-${process.pid}`;
// Short job locks, so jobs of a killed worker are found stalled (and resumed) within seconds.
process.env.ARENA_LOCK_MS = "1500";
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createRedis, keyPrefix } from "@arena/jobs";
import { waitForTournament } from "@arena/tournament";
import { draftTournament, expectConsistent, flushRedis, tournamentHarness } from "../../../tests/tournament-fixtures";
import { waitFor } from "../../../tests/helpers/arena";

const { db, start, runWorkers, stopWorkers } = tournamentHarness();
let child: ChildProcess | null = null;
afterAll(() => void child?.kill("SIGKILL"));

const completed = () => db.match.count({ where: { status: "completed" } });

describe("tournament fault tolerance", () => {
  it("Redis emptied mid-round: the reconciler restores the work, nothing lost or duplicated", async () => {
    const { tournament } = await draftTournament(db, { agents: 4, trees: 4, rounds: 2, latencyMs: 40 });
    await runWorkers({ matchConcurrency: 2, reconcileEveryMs: 500 });
    await start(tournament.id);
    await waitFor(async () => (await completed()) >= 2, "two finished matches");
    expect((await db.tournament.findUniqueOrThrow({ where: { id: tournament.id } })).currentRound).toBe(1);
    expect(await completed()).toBeLessThan(8);
    const redis = createRedis();
    await redis.set(`${keyPrefix()}:probe`, "1");
    await redis.set(`other-${process.pid}:probe`, "1", "EX", 60); // another user of this Redis DB
    await flushRedis();
    expect(await redis.exists(`${keyPrefix()}:probe`, `other-${process.pid}:probe`)).toBe(1);
    expect(await redis.get(`other-${process.pid}:probe`)).toBe("1");
    redis.disconnect();
    await waitForTournament(db, tournament.id, { pollMs: 100 });
    await expectConsistent(db, tournament.id, { rounds: 2, matchesPerRound: 8 });
  });

  it("workers closed mid-round and started again: the tournament completes", async () => {
    const { tournament } = await draftTournament(db, { agents: 4, trees: 4, rounds: 2, latencyMs: 40 });
    await runWorkers({ matchConcurrency: 2, reconcileEveryMs: 500 });
    await start(tournament.id);
    await waitFor(async () => (await completed()) >= 1, "a finished match");
    await stopWorkers();
    const interrupted = await completed();
    expect(interrupted).toBeLessThan(8);
    await runWorkers({ matchConcurrency: 2, reconcileEveryMs: 500 });
    await waitForTournament(db, tournament.id, { pollMs: 100 });
    await expectConsistent(db, tournament.id, { rounds: 2, matchesPerRound: 8 });
  });

  it("a worker process killed with SIGKILL mid-match: another worker resumes, no duplicates", async () => {
    // Answers slow enough that a match seen running with a stored round is still running when the
    // kill lands (at 60 ms one finished in between on a loaded machine, leaving nothing stranded).
    const { tournament } = await draftTournament(db, { agents: 4, trees: 4, rounds: 2, latencyMs: 250 });
    const bin = fileURLToPath(new URL("../../../apps/worker/bin/worker.mjs", import.meta.url));
    child = spawn(process.execPath, [bin], {
      env: { ...process.env, ARENA_MATCH_CONCURRENCY: "3", ARENA_RECONCILE_MS: "500" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    await start(tournament.id);
    // Mid-match: a running match with a stored round, so resumption has something to keep.
    await waitFor(
      async () => (await completed()) >= 1 && (await db.round.count({ where: { match: { status: "running" } } })) >= 1,
      `the child worker to be mid-match (stderr: ${stderr})`,
    );
    child.kill("SIGKILL");
    await new Promise((r) => child!.once("exit", r));
    child = null;
    const stranded = await db.match.findMany({ where: { status: "running" }, select: { id: true } });
    expect(stranded.length).toBeGreaterThan(0);
    const storedRounds = () =>
      db.round.findMany({
        where: { matchId: { in: stranded.map((m) => m.id) } },
        select: { id: true, matchId: true, number: true, createdAt: true },
        orderBy: [{ matchId: "asc" }, { number: "asc" }],
      });
    const before = await storedRounds();
    expect(before.length).toBeGreaterThan(0);

    await runWorkers({ matchConcurrency: 3, reconcileEveryMs: 500 });
    await waitForTournament(db, tournament.id, { pollMs: 100 });
    await expectConsistent(db, tournament.id, { rounds: 2, matchesPerRound: 8 });
    // Stranded matches were resumed, not restarted: the rounds stored before the kill are the
    // same rows (ids, creation times), and the numbering went on from each match's old count.
    const after = await storedRounds();
    for (const m of stranded) {
      const kept = before.filter((r) => r.matchId === m.id);
      const now = after.filter((r) => r.matchId === m.id);
      expect(now.slice(0, kept.length)).toEqual(kept);
      expect(now.map((r) => r.number)).toEqual(now.map((_, i) => i + 1));
    }
  });
});
