/**
 * `npm run bench:web`: the web app under load. Builds the production app, seeds its own database
 * (arena_bench_web: a synthetic world, 20 agents, 5,000 completed matches with their rounds
 * inserted in bulk, among them one 10-round match with full rounds; the rating snapshot written
 * by the real refit), serves it with server/main.mjs (Next behind the page cache), and drives it
 * with autocannon (sending a browser's Accept-Encoding), 50 connections for 20 s each on `/`, `/api/leaderboard` and
 * `/matches/<the 10-round match>`: p50/p95/p99 and requests/s. Each page is also fetched one at
 * a time with `Cache-Control: no-cache`, which always renders: what a visitor waits after an event. Then 500 server-sent-event clients: the time from a round event being published to
 * its arrival at each client and at every client. Targets (2 cores): HTML p95 ≤ 100 ms, JSON p95
 * ≤ 50 ms, SSE p95 ≤ 1 s. Prints figures; asserts nothing.
 *
 * The rounds carry report scores (citations, claim F1) and answers of realistic length, so the
 * scope's scoreboard (report-score means with bootstraps, the controlled fit with 200 refits) is a
 * real computation. A worker process (`node apps/worker/bin/worker.mjs`, ARENA_SCOREBOARD_GAP_MS=0)
 * computes it first, then the leaderboard pages and JSON are measured again while that worker
 * recomputes the scoreboard back to back (the bench marks the scope stale and asks again as soon
 * as one computation is stored): cached (what visitors get; every stored scoreboard drops the
 * caches) and uncached (`Cache-Control: no-cache`, one at a time and under load). Printed with them:
 * how many computations ran, their durations, the share of the measurement they covered and the
 * worker's CPU time.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { request } from "node:http";
import { createRequire } from "node:module";
import type { Prisma } from "@arena/db";
import { createPrisma } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import { createQueue, createRedis, enqueue, publishEvent } from "@arena/jobs";
import { heuristicExaminerConfig } from "@arena/match";
import { markScoreboardsStale, scoreboardState, isFresh, type ScoreboardScope } from "@arena/scoring";
import { refitExaminerScope } from "@arena/tournament";
import { importWorld } from "@arena/trees";
import { startWeb } from "../tests/helpers/web";
import { startWorker, type WorkerProcess } from "../tests/helpers/processes";
import { useBenchDatabase } from "./database";

useBenchDatabase("arena_bench_web");
process.env.ARENA_QUEUE_PREFIX ||= `bench-web-${process.pid}`;

const AGENTS = 20;
const MATCHES = 5_000;
const CONNECTIONS = 50;
const DURATION_S = 20;
const SSE_CLIENTS = 500;
const SSE_EVENTS = 30;
const SSE_GAP_MS = 250;

// ---------------------------------------------------------------- seed

/** Deterministic uniform [0, 1) (mulberry32), so every run seeds the same arena. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const db = createPrisma();
const rand = rng(20261124);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

/** Answers of realistic length and form (~250 words of Markdown with citations), a few variants. */
const ANSWERS = Array.from({ length: 6 }, (_, v) =>
  [
    `## Findings (${v})`,
    ...Array.from(
      { length: 4 + v },
      (_, i) =>
        `- **Entity ${i}**: a description of about thirty words that names its founding year ${1900 + i * 7 + v}, its place and what it is known for, as a research answer would [${i + 1}].`,
    ),
    "",
    "Some entities could not be confirmed from the pages read; the evidence for the others is listed below with the pages that state it.",
    "",
    "## References",
    ...Array.from({ length: 4 + v }, (_, i) => `[${i + 1}] https://example.org/entity/${v}/${i}`),
  ].join("\n"),
);

async function seed(): Promise<{ showcaseId: string; examinerConfigId: string }> {
  await truncateAll(db);
  const world = await importWorld(db, { seed: "bench-web", hubs: 4, entities: 8 });
  const config = await heuristicExaminerConfig(db);
  const treeIds = world.trees.map((t) => t.id);
  const skills = Array.from({ length: AGENTS }, (_, i) => 0.2 + (0.75 * i) / (AGENTS - 1));
  await db.agent.createMany({
    data: skills.map((p, i) => ({
      id: `bench-agent-${i}`,
      name: `sim:bench-${String(i).padStart(2, "0")}`,
      protocol: "simulated" as const,
      config: { p_depth: p, p_width: p },
      status: "healthy" as const,
    })),
  });
  const start = Date.UTC(2026, 10, 1);
  const matches: Prisma.MatchCreateManyInput[] = [];
  const rounds: Prisma.RoundCreateManyInput[] = [];
  for (let i = 0; i < MATCHES; i++) {
    const a = Math.floor(rand() * AGENTS);
    const b = (a + 1 + Math.floor(rand() * (AGENTS - 1))) % AGENTS;
    const pA = 1 / (1 + Math.exp(-4 * (skills[a]! - skills[b]!)));
    const r = rand();
    const winner = r < 0.1 ? ("tie" as const) : r < 0.1 + 0.9 * pA ? ("A" as const) : ("B" as const);
    const n = 1 + Math.floor(rand() * 4);
    const id = `bench-match-${i}`;
    const at = new Date(start + i * 60_000);
    matches.push({
      id,
      treeId: pick(treeIds),
      agentAId: `bench-agent-${a}`,
      agentBId: `bench-agent-${b}`,
      examinerConfigId: config.id,
      examinerMode: "heuristic",
      seed: id,
      status: "completed",
      winner,
      scoreA: winner === "A" ? 2 : winner === "tie" ? 1 : 0,
      scoreB: winner === "B" ? 2 : winner === "tie" ? 1 : 0,
      rounds: n,
      createdAt: at,
      startedAt: at,
      finishedAt: new Date(at.getTime() + 30_000),
    });
    for (let k = 1; k <= n; k++) rounds.push(briefRound(id, k, winner));
  }
  const showcase = await showcaseMatch(config.id, treeIds[0]!, start + MATCHES * 60_000);
  for (let i = 0; i < matches.length; i += 1000) await db.match.createMany({ data: matches.slice(i, i + 1000) });
  for (let i = 0; i < rounds.length; i += 2000) await db.round.createMany({ data: rounds.slice(i, i + 2000) });
  await db.match.create({ data: showcase.match });
  await db.round.createMany({ data: showcase.rounds });
  const scores = await seedScores();
  const refit = await refitExaminerScope(db, config.id);
  console.log(
    `seeded ${MATCHES + 1} matches, ${rounds.length + showcase.rounds.length} rounds, ${scores} report scores, ${AGENTS} agents; snapshot of ${refit.written?.matchesCounted} rated matches`,
  );
  return { showcaseId: showcase.match.id!, examinerConfigId: config.id };
}

/** Offline report scores of every round's answers: citation accuracy and count, claim F1 (what the scoreboard reads). */
async function seedScores(): Promise<number> {
  const ids = await db.round.findMany({ select: { id: true } });
  const data: Prisma.ReportScoreCreateManyInput[] = [];
  for (const { id: roundId } of ids) {
    for (const side of ["A", "B"]) {
      const count = 2 + Math.floor(rand() * 8);
      const supported = Math.floor(rand() * (count + 1));
      data.push(
        {
          roundId,
          side,
          metric: "citation_effective",
          value: supported,
          details: { count, supported, unsupported: count - supported, unknown: 0, truncated: 0, pairs: [] },
        },
        { roundId, side, metric: "citation_accuracy", value: supported / count },
        { roundId, side, metric: "claim_f1", value: rand() },
      );
    }
  }
  for (let i = 0; i < data.length; i += 5000) await db.reportScore.createMany({ data: data.slice(i, i + 5000) });
  return data.length;
}

function briefRound(matchId: string, number: number, winner: "A" | "B" | "tie"): Prisma.RoundCreateManyInput {
  const token = winner === "tie" ? "[[Tie]]" : `[[${winner}_${rand() < 0.4 ? "MUCH_" : ""}BETTER]]`;
  return {
    matchId,
    number,
    depth: 1 + Math.floor(rand() * 3),
    width: 2 + Math.floor(rand() * 3),
    pathNodeIds: [],
    pathUrls: [],
    question: "q",
    answerA: pick(ANSWERS),
    answerB: pick(ANSWERS),
    verdictToken: token,
    tieQuality: winner === "tie" ? "HIGH" : "N/A",
    loserFailureType: winner === "tie" ? "NONE" : pick(["DEEP", "WIDE", "BOTH"]),
    scoreA: 0,
    scoreB: 0,
    examinerMode: "heuristic",
  };
}

/** A 10-round match with everything a round page shows: path, question, checklists, long cited answers, verdicts, expansions. */
async function showcaseMatch(examinerConfigId: string, treeId: string, at: number) {
  const nodes = await db.node.findMany({
    where: { treeId, content: { not: null } },
    orderBy: [{ depth: "asc" }, { ordinal: "asc" }],
    take: 12,
    select: { id: true, url: true, title: true, content: true },
  });
  const id = "bench-match-showcase";
  const answer = (seat: string, k: number) =>
    [
      `## Findings (${seat}, round ${k})`,
      ...nodes.slice(0, 6).map((n, i) => `- **${n.title ?? n.url}**: ${(n.content ?? "").slice(0, 180).replace(/\s+/g, " ")} [${i + 1}]`),
      "",
      "| entity | fact |",
      "|---|---|",
      ...nodes.slice(0, 4).map((n) => `| ${n.title ?? "?"} | ${(n.content ?? "").slice(0, 40).replace(/[\s|]+/g, " ")} |`),
      "",
      "## References",
      ...nodes.slice(0, 6).map((n, i) => `[${i + 1}] ${n.url}`),
    ].join("\n");
  const checklist = (from: number) =>
    nodes.slice(from, from + 4).map((n) => ({ item: n.title ?? n.url, detail: (n.content ?? "").slice(0, 120), sourceUrl: n.url }));
  const rounds: Prisma.RoundCreateManyInput[] = Array.from({ length: 10 }, (_, i) => {
    const k = i + 1;
    const path = nodes.slice(0, 1 + (k % 3));
    return {
      matchId: id,
      number: k,
      depth: 1 + (k % 3),
      width: 2 + (k % 4),
      pathNodeIds: path.map((n) => n.id),
      pathUrls: path.map((n) => n.url),
      question: `Which entities linked from ${path.at(-1)!.title ?? "the page"} match every clue below, and what are their key facts? (round ${k})`,
      wordLimitInstruction: "Answer in at most 300 words.",
      checklistDepth: checklist(0),
      checklistWidth: checklist(4),
      sourceUrls: path.map((n) => n.url),
      rationale: "Targets hide two levels below the hub; width asks for one fact each.",
      answerA: answer("A", k),
      answerB: answer("B", k),
      latencyAMs: 1200 + k * 10,
      latencyBMs: 1500 + k * 10,
      tokensA: 900,
      tokensB: 1100,
      costA: 0.004,
      costB: 0.006,
      citationsA: 6,
      citationsB: 6,
      verdict: {
        verdict: k % 3 ? "[[A_BETTER]]" : "[[Tie]]",
        reasoning: "A found every target with sources; B missed one and cited a hub page only.",
      },
      verdictToken: k % 3 ? "[[A_BETTER]]" : "[[Tie]]",
      tieQuality: k % 3 ? "N/A" : "HIGH",
      loserFailureType: k % 3 ? "WIDE" : "NONE",
      scoreA: k,
      scoreB: k - 1,
      action: pick(["probe_depth", "probe_width", "pressure_test", "backtrack"]),
      expansions: [{ kind: "depth", nodeId: path.at(-1)!.id, requested: 3, found: 1, added: 2, failed: 0, reason: null }],
      examinerMode: "heuristic" as const,
    };
  });
  const match: Prisma.MatchCreateManyInput = {
    id,
    treeId,
    agentAId: "bench-agent-19",
    agentBId: "bench-agent-10",
    examinerConfigId,
    examinerMode: "heuristic",
    seed: id,
    status: "completed",
    winner: "A",
    scoreA: 7,
    scoreB: 3,
    rounds: 10,
    createdAt: new Date(at),
    startedAt: new Date(at),
    finishedAt: new Date(at + 600_000),
  };
  return { match, rounds };
}

// ---------------------------------------------------------------- load

interface AutocannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => {
  on(event: "response", fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
} & PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

/** CPU time (user + system, ms) a process has used: /proc/<pid>/stat fields 14 and 15, in 10 ms clock ticks. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One autocannon run. Besides latency it prints the server's CPU time per request, which other
 * work on a shared machine does not inflate, and the load average, which says how shared it was.
 */
async function load(
  url: string,
  label: string,
  targetP95: number | null,
  serverPid: number,
  opts: { headers?: Record<string, string>; durationS?: number } = {},
): Promise<void> {
  const times: number[] = [];
  const cpuBefore = cpuMs(serverPid);
  const run = autocannon({
    url,
    connections: CONNECTIONS,
    duration: opts.durationS ?? DURATION_S,
    headers: { ...BROWSER_HEADERS, ...opts.headers },
  });
  run.on("response", (_c, _s, _b, ms) => times.push(ms));
  const result = await run;
  await drain(url);
  const cpuPerRequest = (cpuMs(serverPid) - cpuBefore) / Math.max(1, result.requests.total);
  times.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
  console.log(
    `${label.padEnd(34)} p50 ${p50!.toFixed(1)} ms  p95 ${p95!.toFixed(1)} ms  p99 ${p99!.toFixed(1)} ms  ${result.requests.average.toFixed(0)} req/s  (${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors)  server CPU ${cpuPerRequest.toFixed(2)} ms/request  load avg ${loadavg()[0]!.toFixed(1)}${targetP95 === null ? "  (no target)" : `  target p95 ≤ ${targetP95} ms ${p95! <= targetP95 ? "met" : "MISSED"}`}`,
  );
}

/**
 * What every browser sends: compressed bodies. A 10-round match page is 533 KB of HTML and inline
 * page data, 18 KB gzipped; uncompressed, the load generator's own parsing of it was the bottleneck.
 */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

/** Sequential requests that bypass the page cache: the cost of one render, without contention. */
async function uncached(url: string, label: string, n = 30): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fetch(url, { headers: { "cache-control": "no-cache" } }).then((r) => r.arrayBuffer());
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} uncached, one at a time: p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
}

/** Waits until requests autocannon gave up on have left the server, so they do not slow the next run. */
async function drain(url: string): Promise<void> {
  const origin = new URL(url).origin;
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    await fetch(`${origin}/api/openapi.json`).then((r) => r.arrayBuffer());
    if (performance.now() - t0 < 20) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

// ---------------------------------------------------------------- server-sent events

/** Opens one SSE client that records when each round event (by round number) arrived; resolves once subscribed. */
function sseClient(url: string, arrivals: Map<number, number>[]): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const seen = new Map<number, number>();
    arrivals.push(seen);
    const req = request(url, { headers: { accept: "text/event-stream" }, agent: false }, (res) => {
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(": connected")) resolve(() => req.destroy());
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) seen.set((JSON.parse(data) as { round: number }).round, performance.now());
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
}

async function sse(base: string, matchId: string): Promise<void> {
  const arrivals: Map<number, number>[] = [];
  const closers: (() => void)[] = [];
  for (let i = 0; i < SSE_CLIENTS; i += 50)
    closers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, SSE_CLIENTS - i) }, () => sseClient(`${base}/api/events?match=${matchId}`, arrivals)),
      )),
    );
  const redis = createRedis();
  const published = new Map<number, number>();
  for (let k = 1; k <= SSE_EVENTS; k++) {
    published.set(k, performance.now());
    await publishEvent(redis, { type: "round", matchId, tournamentId: null, round: k, scoreA: k, scoreB: 0 });
    await new Promise((r) => setTimeout(r, SSE_GAP_MS));
  }
  await new Promise((r) => setTimeout(r, 2000));
  redis.disconnect();
  for (const close of closers) close();
  const perClient: number[] = [];
  const toEvery: number[] = [];
  let missing = 0;
  for (const [k, at] of published) {
    let last = 0;
    for (const seen of arrivals) {
      const t = seen.get(k);
      if (t === undefined) missing++;
      else {
        perClient.push(t - at);
        last = Math.max(last, t - at);
      }
    }
    toEvery.push(last);
  }
  perClient.sort((a, b) => a - b);
  toEvery.sort((a, b) => a - b);
  const f = (xs: number[], p: number) => percentile(xs, p).toFixed(1);
  console.log(
    `SSE ${SSE_CLIENTS} clients, ${SSE_EVENTS} round events: publish → a client p50 ${f(perClient, 50)} ms p95 ${f(perClient, 95)} ms p99 ${f(perClient, 99)} ms; publish → every client p50 ${f(toEvery, 50)} ms p95 ${f(toEvery, 95)} ms max ${f(toEvery, 100)} ms; ${missing} missed deliveries; target p95 ≤ 1000 ms ${percentile(toEvery, 95) <= 1000 && missing === 0 ? "met" : "MISSED"}`,
  );
}

// ---------------------------------------------------------------- scoreboard recomputation in a worker process

interface Recomputation {
  /** Durations (ms) of the computations the worker stored while it ran. */
  computations: number[];
  /** Stops asking; resolves with the time it kept the worker asked (ms). */
  stop(): Promise<number>;
}

/**
 * Keeps the worker recomputing the scope's scoreboard back to back: marks the scope stale (as a
 * stored score does) and asks for a computation, waits until the worker stored one, and again.
 */
function keepRecomputing(scope: ScoreboardScope, matchId: string): Recomputation {
  const redis = createRedis();
  const queue = createQueue("scoreboard", redis);
  const computations: number[] = [];
  let stopping = false;
  const t0 = performance.now();
  const loop = (async () => {
    while (!stopping) {
      const before = (await scoreboardState(db, scope))!.at?.getTime() ?? 0;
      await markScoreboardsStale(db, { matchId });
      await enqueue(queue, "scoreboard", scope);
      for (;;) {
        const state = (await scoreboardState(db, scope))!;
        if ((state.at?.getTime() ?? 0) > before && isFresh(state)) {
          computations.push(state.ms ?? 0);
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  })();
  return {
    computations,
    stop: async () => {
      stopping = true;
      await loop;
      await queue.close();
      redis.disconnect();
      return performance.now() - t0;
    },
  };
}

/** Runs `measure` while the worker recomputes, and prints what the recomputation did meanwhile. */
async function whileRecomputing(
  label: string,
  scope: ScoreboardScope,
  matchId: string,
  worker: WorkerProcess,
  measure: () => Promise<void>,
): Promise<void> {
  const cpuBefore = cpuMs(worker.pid);
  const recompute = keepRecomputing(scope, matchId);
  // The first computation starts at once: wait until the worker holds it before measuring.
  await new Promise((r) => setTimeout(r, 500));
  const t0 = performance.now();
  await measure();
  const measured = performance.now() - t0;
  await recompute.stop();
  const ms = recompute.computations;
  const busy = ms.reduce((a, b) => a + b, 0);
  console.log(
    `  ↳ ${label}: the worker stored ${ms.length} scoreboards meanwhile (${ms.map((x) => (x / 1000).toFixed(1)).join(", ")} s each), computing ${Math.min(100, (100 * busy) / measured).toFixed(0)} % of the ${(measured / 1000).toFixed(1)} s measured; worker CPU ${((cpuMs(worker.pid) - cpuBefore) / 1000).toFixed(1)} s`,
  );
}

// ---------------------------------------------------------------- main

/** `next build` of apps/web, waiting its turn while someone else's build holds Next's build lock. */
async function build(): Promise<void> {
  console.log("building the web app (next build)…");
  for (let attempt = 0; ; attempt++) {
    try {
      execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build", "apps/web"], {
        cwd: new URL("..", import.meta.url).pathname,
        stdio: ["ignore", "ignore", "pipe"],
      });
      return;
    } catch (err) {
      const stderr = String((err as { stderr?: Buffer }).stderr ?? "");
      if (!stderr.includes("Another next build process is already running") || attempt >= 60)
        throw new Error(`next build failed:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 10_000));
    }
  }
}

const { showcaseId, examinerConfigId } = await seed();
// Build last and serve at once: apps/web/.next is shared with whoever else builds on this
// machine, and a started server keeps the route code it has loaded.
await build();
execFileSync(process.execPath, ["scripts/build-apps.mjs"], { cwd: new URL("..", import.meta.url).pathname, stdio: "ignore" });
const web = await startWeb();
let worker: WorkerProcess | undefined;
try {
  // One warm-up pass per page so JIT and first-render costs stay out of the figures.
  for (const path of ["/", "/api/leaderboard", `/matches/${showcaseId}`])
    for (let i = 0; i < 20; i++) await fetch(`${web.url}${path}`).then((r) => r.arrayBuffer());
  console.log(`${CONNECTIONS} connections, ${DURATION_S} s each, against ${web.url}`);
  await uncached(`${web.url}/`, "GET / (leaderboard HTML)");
  await uncached(`${web.url}/api/leaderboard`, "GET /api/leaderboard (JSON)");
  await uncached(`${web.url}/matches/${showcaseId}`, "GET /matches/<10 rounds> (HTML)");
  await load(`${web.url}/`, "GET / (leaderboard HTML)", 100, web.serverPid());
  await load(`${web.url}/api/leaderboard`, "GET /api/leaderboard (JSON)", 50, web.serverPid());
  await load(`${web.url}/matches/${showcaseId}`, "GET /matches/<10 rounds> (HTML)", 100, web.serverPid());
  await sse(web.url, showcaseId);

  // The scoreboard: a worker process computes it (its first computation waited for here), then
  // recomputes it back to back while the leaderboard is measured again.
  const scope = { examinerConfigId, tournamentId: null };
  worker = await startWorker({ ARENA_SCOREBOARD_GAP_MS: "0" });
  const t0 = performance.now();
  for (;;) {
    const state = await scoreboardState(db, scope);
    if (state && isFresh(state)) {
      console.log(
        `\nscoreboard of ${MATCHES + 1} matches computed by the worker process in ${((state.ms ?? 0) / 1000).toFixed(1)} s (stored ${((performance.now() - t0) / 1000).toFixed(1)} s after the worker started); load avg ${loadavg()[0]!.toFixed(1)}`,
      );
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log("while the worker recomputes the scoreboard back to back (each stored one drops the page and API caches):");
  for (const path of ["/", "/api/leaderboard", "/api/scores"]) await fetch(`${web.url}${path}`).then((r) => r.arrayBuffer());
  await whileRecomputing("/ cached", scope, showcaseId, worker, () =>
    load(`${web.url}/`, "GET / (leaderboard HTML)", 100, web.serverPid()),
  );
  await whileRecomputing("JSON cached", scope, showcaseId, worker, () =>
    load(`${web.url}/api/leaderboard`, "GET /api/leaderboard (JSON)", 50, web.serverPid()),
  );
  await whileRecomputing("scores cached", scope, showcaseId, worker, () =>
    load(`${web.url}/api/scores`, "GET /api/scores (JSON)", 50, web.serverPid()),
  );
  await whileRecomputing("uncached, one at a time", scope, showcaseId, worker, async () => {
    await uncached(`${web.url}/`, "GET / (leaderboard HTML)", 60);
    await uncached(`${web.url}/api/leaderboard`, "GET /api/leaderboard (JSON)", 60);
    await uncached(`${web.url}/api/scores`, "GET /api/scores (JSON)", 60);
  });
  const noCache = { headers: { "cache-control": "no-cache" }, durationS: 10 };
  await whileRecomputing("/ uncached", scope, showcaseId, worker, () =>
    load(`${web.url}/`, "GET / uncached, 50 at once", null, web.serverPid(), noCache),
  );
  await whileRecomputing("JSON uncached", scope, showcaseId, worker, () =>
    load(`${web.url}/api/leaderboard`, "GET /api/leaderboard uncached, 50 at once", null, web.serverPid(), noCache),
  );
} finally {
  await worker?.stop();
  await web.stop();
  await db.$disconnect();
}
