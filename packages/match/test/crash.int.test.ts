import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient, Round } from "@arena/db";
import { createQueue, createRedis, enqueue } from "@arena/jobs";
import { createMatch, heuristicExaminerConfig, matchDeps, runMatch } from "@arena/match";
import { freshDb, importSharedTree, REPO_ROOT, waitFor } from "../../../tests/helpers/arena";

const PREFIX = `crash-${process.pid}`;
const env = {
  ...process.env,
  ARENA_QUEUE_PREFIX: PREFIX,
  // A short lock so the killed worker's job is declared stalled quickly.
  ARENA_LOCK_MS: "2000",
  ARENA_RECONCILE_MS: "0",
  ARENA_MATCH_CONCURRENCY: "1",
};

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ["apps/worker/bin/worker.mjs"], { cwd: REPO_ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr!.on("data", (d) => process.env.ARENA_TEST_VERBOSE && process.stderr.write(d)); // JSON log lines
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));
}

/**
 * Crash safety: the worker running a match is killed with SIGKILL in the middle of a round and a
 * new worker is started. The match resumes from its last committed round and completes, with
 * every round stored exactly once: the same rounds as the same match run without interruption.
 */
describe("match runner: SIGKILL mid-round", () => {
  let db: PrismaClient;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(async () => {
    for (const c of children) c.kill("SIGKILL");
    await db.$disconnect();
  });

  it("resumes and completes with no lost and no duplicated rounds", async () => {
    // Not expandable: a match's path then depends on its seed alone, so an uninterrupted run of
    // the same match is the reference the interrupted one must equal.
    const treeId = (await importSharedTree(db, "tree_0016.json", { expandable: false })).id;
    // Two flawless agents tie every round (Tie HIGH → pressure test) until max rounds, and each
    // answer is slow: a long match with a window to kill the worker inside a round.
    const sim = (name: string) =>
      db.agent.create({ data: { name, protocol: "simulated", config: { p_depth: 1, p_width: 1, latency_ms: 700 }, status: "healthy" } });
    const [a, b] = [await sim("crash-a"), await sim("crash-b")];
    const examinerConfigId = (await heuristicExaminerConfig(db)).id;
    const newMatch = () => createMatch(db, { treeId, agentAId: a.id, agentBId: b.id, examinerConfigId, seed: "crash" });
    const played = (rows: Round[]) =>
      rows.map((r) => [r.number, r.question, r.verdictToken, r.scoreA, r.scoreB, r.action, r.depth, r.width]);
    const stored = (matchId: string) => db.round.findMany({ where: { matchId }, orderBy: { number: "asc" } });

    const reference = await newMatch();
    await runMatch(db, reference.id, await matchDeps(db, reference.id));
    const expected = await stored(reference.id);
    // Enough rounds that the kill below falls inside the match, not after it.
    expect(expected.length).toBeGreaterThan(3);

    const match = await newMatch();
    const redis = createRedis();
    process.env.ARENA_QUEUE_PREFIX = PREFIX;
    const queue = createQueue("match", redis);
    await enqueue(queue, "match", { matchId: match.id });

    // While an agent answers, its call holds a slot of the cross-worker limiter (a Redis semaphore).
    const inFlight = () => redis.zcard(`semaphore:${PREFIX}:agent:${a.id}:slots`);
    const first = startWorker();
    children.push(first);
    // Kill inside a round after the second: once two rounds are committed and an answer (700 ms) is in flight.
    await waitFor(
      async () => (await db.round.count({ where: { matchId: match.id } })) >= 2 && (await inFlight()) > 0,
      "an answer in flight after two rounds",
    );
    first.kill("SIGKILL");
    await exited(first);
    const beforeRestart = await stored(match.id);
    const halfway = await db.match.findUniqueOrThrow({ where: { id: match.id } });
    expect(halfway.status).toBe("running");
    // Killed mid-match: the reference went on after the rounds stored so far.
    expect(beforeRestart.length).toBeLessThan(expected.length);
    // The match row's state is the one committed with its last stored round.
    expect(halfway.rounds).toBe(beforeRestart.length);
    expect([halfway.scoreA, halfway.scoreB]).toEqual([beforeRestart.at(-1)!.scoreA, beforeRestart.at(-1)!.scoreB]);

    const second = startWorker();
    children.push(second);
    const done = await waitFor(
      async () => {
        const m = await db.match.findUniqueOrThrow({ where: { id: match.id } });
        return m.status === "completed" ? m : undefined;
      },
      "the match to complete after restart",
      120_000,
    );
    second.kill("SIGTERM");
    await exited(second);
    await queue.close();
    redis.disconnect();

    const rounds = await stored(match.id);
    // Resumed, not restarted: the rows stored before the kill are the same rows.
    expect(rounds.slice(0, beforeRestart.length)).toEqual(beforeRestart);
    // No round lost, none played twice, the interrupted one played as it would have been: the
    // interrupted match stored exactly the rounds of the uninterrupted one.
    expect(played(rounds)).toEqual(played(expected));
    expect([done.rounds, done.scoreA, done.scoreB, done.winner]).toEqual([
      expected.length,
      expected.at(-1)!.scoreA,
      expected.at(-1)!.scoreB,
      (await db.match.findUniqueOrThrow({ where: { id: reference.id } })).winner,
    ]);
  });
});
