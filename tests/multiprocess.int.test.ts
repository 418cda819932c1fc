import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
process.env.ARENA_QUEUE_PREFIX = `multi-${process.pid}`;
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { addAllowedHost } from "@arena/db/accounts";
import type { PrismaClient } from "@arena/db";
import { liveWorkers, webHealthSchema } from "@arena/jobs";
import { isFresh, scoreboardState } from "@arena/scoring";
import { API_ROUTES } from "../apps/web/src/lib/api/routes";
import { createUser, PASSWORD } from "./accounts/fixtures";
import { freshDb, waitFor } from "./helpers/arena";
import { startWorker, type WorkerProcess } from "./helpers/processes";
import { startWeb, type ArenaProcess } from "./helpers/web";
import { startBalancer, type Balancer } from "./servers/balancer";
import { startFaultAgentServer, type FaultAgentServer } from "./servers/fault-agent-server";
import { draftTournament, flushRedis } from "./tournament-fixtures";
import { openEventStream, type EventStream } from "./web/sse";

/**
 * Many processes, one arena: two web processes (`arena web`) and two workers
 * (`node apps/worker/bin/worker.mjs`) on one PostgreSQL database and one Redis, started as the
 * docs/deployment.md says, behind a round-robin balancer that gives them one public URL.
 * Both web processes are configured identically, as a real deployment would: the same
 * ARENA_PUBLIC_URL (the balancer's address, which sign-in checks request origins against), the same
 * ARENA_SECRET_KEY (secrets and session signing), the same database, Redis and key prefix. Mid-tournament
 * one worker and one web process are killed outright (SIGKILL): the tournament still completes.
 */
describe("two web processes and two workers on one database and Redis", () => {
  let db: PrismaClient;
  let agentServer: FaultAgentServer;
  let balancer: Balancer;
  let env: Record<string, string>;
  const webs: ArenaProcess[] = [];
  const workers: WorkerProcess[] = [];
  let tournamentId: string;
  let examinerConfigId: string;
  const cookies = { admin: "", owner: "" };

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    agentServer = await startFaultAgentServer();
    await addAllowedHost(db, agentServer.hostPort, null);
    await createUser(db, "admin", "admin@example.test");
    await createUser(db, "owner", "owner@example.test");
    // Simulated agents answer in ~300 ms: the tournament runs long enough to kill processes in it.
    const draft = await draftTournament(db, { agents: 6, trees: 2, rounds: 3, latencyMs: 300, treesPerPairing: 2 });
    tournamentId = draft.tournament.id;
    examinerConfigId = draft.config.id;
    balancer = await startBalancer();
    env = {
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      ARENA_QUEUE_PREFIX: process.env.ARENA_QUEUE_PREFIX!,
      ARENA_SECRET_KEY: randomBytes(32).toString("base64"),
      // One public URL for the deployment, as behind any balancer.
      ARENA_PUBLIC_URL: balancer.url,
      // A crashed worker's match is resumed by the other after 5 s instead of the default 30 s.
      ARENA_LOCK_MS: "5000",
      ARENA_RECONCILE_MS: "3000",
    };
    const [w1, w2, web1, web2] = await Promise.all([startWorker(env), startWorker(env), startWeb({ env }), startWeb({ env })]);
    workers.push(w1, w2);
    webs.push(web1, web2);
    balancer.backends.push(web1.url, web2.url);
  }, 600_000);

  afterAll(async () => {
    await Promise.all([...webs, ...workers].map((p) => p.stop()));
    await balancer?.close();
    await agentServer?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  it("every process reports ready: each web's /api/health (database, Redis, the same build, two live workers) and each worker's /readyz", async () => {
    const health = await Promise.all(webs.map(async (w) => webHealthSchema.parse(await (await fetch(`${w.url}/api/health`)).json())));
    for (const h of health) expect(h).toMatchObject({ status: "ok", checks: { database: { ok: true }, redis: { ok: true } }, workers: 2 });
    expect(health[0]!.build).toBeTruthy();
    expect(health[1]!.build).toBe(health[0]!.build);
    for (const w of workers) expect((await fetch(`${w.healthUrl}/readyz`)).status).toBe(200);
    const redis = new Redis(env.REDIS_URL!);
    expect((await liveWorkers(redis)).map((h) => h.id).sort()).toEqual(workers.map((w) => w.id).sort());
    redis.disconnect();
  });

  it("a sign-in on one web process is valid on the other", async () => {
    cookies.owner = await signInAt(webs[0]!.url, "owner@example.test");
    cookies.admin = await signInAt(webs[1]!.url, "admin@example.test");
    const mine = (url: string, cookie?: string) => fetch(`${url}/api/me/agents`, { headers: cookie ? { cookie } : {} });
    expect((await mine(webs[1]!.url, cookies.owner)).status).toBe(200);
    expect((await mine(webs[0]!.url, cookies.owner)).status).toBe(200);
    expect((await mine(webs[1]!.url)).status).toBe(401);
    const console = await fetch(`${webs[0]!.url}/api/console/settings`, { headers: { cookie: cookies.admin } });
    expect(console.status).toBe(200);
  });

  it("the Test-endpoint limit holds across both: 30 probes an hour in all, then 429 on either", async () => {
    const probe = (url: string) =>
      fetch(`${url}/api/me/agents/probe`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: cookies.owner, origin: balancer.url },
        body: JSON.stringify({ name: "probe-only", description: "d", protocol: "arena-http", endpoint: agentServer.url("/ok") }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await probe(webs[i % 2]!.url)).status);
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 200));
    for (const w of webs) {
      const refused = await probe(w.url);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    }
  });

  it("a tournament survives killing one worker and one web process mid-way: nothing lost, no round stored twice, the same events and leaderboard everywhere", {
    timeout: 900_000,
  }, async () => {
    const streams: EventStream[] = await Promise.all(webs.map((w) => openEventStream(`${w.url}/api/events?tournament=${tournamentId}`)));
    await Promise.all(streams.map((s) => s.opened));
    // Started by an admin through the balancer, with the session cookie from the other process.
    const start = await fetch(`${balancer.url}/api/console/tournaments/${tournamentId}/start`, {
      method: "POST",
      headers: { cookie: cookies.admin, origin: balancer.url, "content-type": "application/json" },
      body: "{}",
    });
    expect(start.status, await start.clone().text()).toBe(200);

    // Mid-tournament: both web processes serve the same leaderboard (the same stored snapshot).
    await waitFor(
      async () => (await db.match.count({ where: { tournamentId, status: "completed" } })) >= 4,
      "four finished matches",
      300_000,
    );
    // Read until both answers agree in full: the examiner's rated-match count is live (not part of the
    // snapshot), so a match finishing between the two reads makes one answer a match ahead, once.
    const read = () =>
      Promise.all(webs.map((w) => getJson(`${w.url}/api/leaderboard?tournament=${tournamentId}`, API_ROUTES.leaderboard.response.schema)));
    let boards: Awaited<ReturnType<typeof read>> = [];
    await waitFor(async () => {
      boards = await read();
      const [a, b] = boards;
      return a!.snapshot !== null && a!.snapshot.id === b!.snapshot?.id && isDeepStrictEqual(a, b);
    }, "both web processes on the same snapshot with the same leaderboard").catch(() => undefined); // the assertion below shows the difference
    expect(boards[1]).toEqual(boards[0]);

    // Crash: one worker, while it runs matches, and one web process die without cleaning up.
    const matchQueue = new Queue("match", { connection: { url: env.REDIS_URL }, prefix: env.ARENA_QUEUE_PREFIX });
    const held = await waitFor(
      async () => {
        const active = (await matchQueue.getJobs(["active"])).filter((j) => j.processedBy === workers[0]!.id);
        return active.length >= 2 ? active.map((j) => j.id!) : undefined;
      },
      "the first worker to hold running matches",
      300_000,
    );
    await Promise.all([workers[0]!.kill(), webs[0]!.kill()]);
    // A match may have finished in the moment between looking and killing: the others are orphaned.
    const orphaned: string[] = [];
    for (const jobId of held) if ((await (await matchQueue.getJob(jobId))!.getState()) === "active") orphaned.push(jobId);
    expect(orphaned.length, "matches the killed worker was running").toBeGreaterThan(0);
    const heard = [...streams[0]!.messages];
    streams[0]!.close();

    // The survivors finish it: the other worker resumes the dead one's matches after their lock expires.
    await waitFor(
      async () => (await db.tournament.findUniqueOrThrow({ where: { id: tournamentId } })).status === "completed",
      "the tournament to complete",
      600_000,
    );
    const matches = await db.match.findMany({
      where: { tournamentId },
      select: { id: true, status: true, rounds: true, voidedRounds: true, _count: { select: { roundRows: true } } },
    });
    expect(matches).toHaveLength(3 * 3 * 2); // 3 Swiss rounds × 3 pairings × 2 trees
    for (const m of matches) {
      expect(m.status).toBe("completed");
      expect(m._count.roundRows).toBe(m.rounds + m.voidedRounds);
    }
    // The dead worker's matches were taken over (their jobs stalled, then ran on the survivor). One
    // exception, seen once in a clean-clone run: a finish the dead worker had already written to its
    // socket can reach Redis after the look above, so its job completes there, on the dead worker,
    // without ever stalling. Any job that stalled must have been finished by the survivor.
    let takenOver = 0;
    for (const jobId of orphaned) {
      const job = (await matchQueue.getJob(jobId))!;
      expect(await job.getState(), jobId).toBe("completed");
      if (job.processedBy === workers[1]!.id) takenOver++;
      else {
        const finishedInFlight = { processedBy: workers[0]!.id, stalledCounter: 0 };
        expect({ processedBy: job.processedBy, stalledCounter: job.stalledCounter }, `${jobId} finished by the surviving worker`).toEqual(
          finishedInFlight,
        );
      }
    }
    expect(takenOver, "matches of the killed worker finished by the surviving one").toBeGreaterThan(0);
    await matchQueue.close();
    const duplicates = await db.$queryRaw<
      { matchId: string; number: number }[]
    >`SELECT "matchId", number FROM "Round" GROUP BY "matchId", number HAVING count(*) > 1`;
    expect(duplicates).toEqual([]);
    const gaps = await db.$queryRaw<{ matchId: string }[]>`SELECT "matchId" FROM "Round" GROUP BY "matchId" HAVING max(number) <> count(*)`;
    expect(gaps, "round numbers run 1..n in every match").toEqual([]);

    // Both web processes streamed the same live events while both were up.
    const kinds = new Set(heard.map((e) => (e as { type: string }).type));
    expect([...kinds]).toEqual(expect.arrayContaining(["round", "match", "snapshot"]));
    expect(streams[1]!.messages.slice(0, heard.length)).toEqual(heard);
    await streams[1]!.waitFor(
      (e) => (e as { type: string; kind?: string }).type === "tournament" && (e as { kind?: string }).kind === "completed",
      60_000,
    );
    streams[1]!.close();

    // A replacement web process (as an orchestrator restarts one) serves what the survivor serves,
    // once the workers stored the final scoreboard.
    const replacement = await startWeb({ env });
    webs[0] = replacement;
    await waitFor(
      async () => {
        const state = await scoreboardState(db, { examinerConfigId, tournamentId });
        return (
          state !== null &&
          isFresh(state) &&
          state.matchesCounted === (await db.match.count({ where: { tournamentId, rounds: { gt: 0 } } }))
        );
      },
      "the final scoreboard",
      300_000,
    );
    for (const path of [
      `/api/leaderboard?tournament=${tournamentId}`,
      `/api/scores?tournament=${tournamentId}`,
      `/api/tournaments/${tournamentId}`,
    ]) {
      const [a, b] = await Promise.all(
        [replacement, webs[1]!].map((w) => fetch(`${w.url}${path}`).then((r) => r.json() as Promise<unknown>)),
      );
      expect(a, path).toEqual(b);
    }
  });

  async function signInAt(url: string, email: string): Promise<string> {
    const res = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: balancer.url },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in of ${email} at ${url} failed: ${res.status} ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }
});

async function getJson<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return schema.parse(await res.json());
}
