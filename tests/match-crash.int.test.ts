import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { createQueue, createRedis, enqueue } from "@arena/jobs";
import { createMatch, heuristicExaminerConfig } from "@arena/match";
import { freshDb, importSharedTree, REPO_ROOT, waitFor } from "./helpers/arena";

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
 * every round stored exactly once.
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
    const treeId = (await importSharedTree(db, "tree_0016.json")).id;
    // Two flawless agents tie every round (Tie HIGH → pressure test) until max rounds, and each
    // answer is slow: a long match with a window to kill the worker inside a round.
    const sim = (name: string) =>
      db.agent.create({ data: { name, protocol: "simulated", config: { p_depth: 1, p_width: 1, latency_ms: 700 }, status: "healthy" } });
    const [a, b] = [await sim("crash-a"), await sim("crash-b")];
    const examinerConfigId = (await heuristicExaminerConfig(db)).id;
    const match = await createMatch(db, { treeId, agentAId: a.id, agentBId: b.id, examinerConfigId, seed: "crash" });

    const redis = createRedis();
    process.env.ARENA_QUEUE_PREFIX = PREFIX;
    const queue = createQueue("match", redis);
    await enqueue(queue, "match", { matchId: match.id });

    // While an agent answers, its call holds a slot of the cross-worker limiter (a Redis semaphore).
    const inFlight = () => redis.zcard(`semaphore:${PREFIX}:agent:${a.id}:slots`);
    const first = startWorker();
    children.push(first);
    // Kill inside a round after the second: once two rounds are committed and an answer (700 ms) is in flight.
    await waitFor(async () => (await db.round.count({ where: { matchId: match.id } })) >= 2 && (await inFlight()) > 0, "an answer in flight after two rounds");
    first.kill("SIGKILL");
    await exited(first);
    const killedAt = new Date();
    // The killed worker never released its slot: the kill hit an answer in flight, not a pause between rounds.
    expect(await inFlight()).toBeGreaterThan(0);
    const stored = () => db.round.findMany({ where: { matchId: match.id }, orderBy: { number: "asc" } });
    const beforeRestart = await stored();
    const halfway = await db.match.findUniqueOrThrow({ where: { id: match.id } });
    expect(halfway.status).toBe("running");
    // the match row's state is the one committed with its last stored round
    expect(halfway.rounds + halfway.voidedRounds).toBe(beforeRestart.filter((r) => !r.judgeError).length);
    expect(beforeRestart.at(-1)!.createdAt.getTime()).toBeLessThanOrEqual(killedAt.getTime());

    const second = startWorker();
    children.push(second);
    const done = await waitFor(async () => {
      const m = await db.match.findUniqueOrThrow({ where: { id: match.id } });
      return m.status === "completed" ? m : undefined;
    }, "the match to complete after restart", 120_000);
    second.kill("SIGTERM");
    await exited(second);
    await queue.close();
    redis.disconnect();

    const rounds = await stored();
    // Resumed, not restarted: the rounds stored before the kill are the same rows, and the new
    // worker numbered its rounds on from there.
    expect(rounds.slice(0, beforeRestart.length)).toEqual(beforeRestart);
    expect(rounds.length).toBeGreaterThan(beforeRestart.length);
    // the interrupted round was played again, by the second worker
    expect(rounds[beforeRestart.length]!.createdAt.getTime()).toBeGreaterThan(killedAt.getTime());
    expect(rounds.map((r) => r.number)).toEqual(rounds.map((_, i) => i + 1));
    expect(done.rounds + done.voidedRounds).toBe(rounds.filter((r) => !r.judgeError).length);
    const last = rounds[rounds.length - 1]!;
    expect([done.scoreA, done.scoreB]).toEqual([last.scoreA, last.scoreB]);
  });
});
