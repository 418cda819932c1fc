// A short lock: the Responses API agent's background runs take longer than it. Not shorter than
// 2.5 s: on a loaded 2-core machine an event-loop pause of a second in this process (which runs the
// workers) would let a lock lapse and count as a stall that has nothing to do with background runs.
process.env.ARENA_LOCK_MS = "2500";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueueEvents } from "bullmq";
import { createRedis, keyPrefix } from "@arena/jobs";
import { heuristicExaminerConfig } from "@arena/match";
import { readMatch } from "@arena/match/read";
import { createTournament, waitForTournament } from "@arena/tournament";
import { readLeaderboard, readTournament } from "@arena/tournament/read";
import { registerAgent } from "@arena/agents";
import { reply, startOpenAITestServer, type OpenAITestServer } from "./servers/openai-test-server";
import { startAnthropicTestServer, providerReply } from "./servers/anthropic-test-server";
import { startGeminiTestServer, type GeminiTestServer } from "./servers/gemini-test-server";
import type { ProviderTestServer } from "./servers/provider-test-server";
import { startFaultAgentServer, type FaultAgentServer } from "./servers/fault-agent-server";
import { annotatedMessage, anthropicMessage, geminiResponse, responsesOutput, type Source } from "./servers/provider-fixtures";
import { tournamentHarness, worldTrees } from "./tournament-fixtures";
import { REPO_ROOT } from "./helpers/arena";
import { sharedWeb } from "./helpers/web";
import { workerChromium, SCREENSHOTS } from "./web/browser";

/**
 * One agent of each endpoint protocol, against local servers speaking each provider's wire format
 * through the official SDKs: registered with `arena agent add` (the three provider protocols) and
 * the registration command (the other two), then a Swiss tournament through the real queue and
 * workers. Every agent's citations are counted; the Responses API agent runs in background mode
 * for longer than the worker's lock, and its match waits in the delayed set, not in a worker slot.
 */
const { db, start, runWorkers } = tournamentHarness();
const RUN_MS = 3_000;
const sources: Source[] = [
  { url: "https://www.edfringe.com/about", title: "About the Fringe" },
  { url: "https://en.wikipedia.org/wiki/Edinburgh_Festival_Fringe", title: "Edinburgh Festival Fringe" },
];
const claims = ["The Fringe was founded in 1947.", "It is the largest arts festival in the world."];

let openai: OpenAITestServer;
let anthropic: ProviderTestServer;
let gemini: GeminiTestServer;
let agentSrv: FaultAgentServer;

async function arena(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)("node", ["apps/cli/bin/arena.mjs", ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 1 << 22,
  });
  return stdout;
}

beforeAll(async () => {
  openai = await startOpenAITestServer({ models: ["gpt-4o-search-preview", "o4-mini-deep-research"] });
  anthropic = await startAnthropicTestServer({ models: ["claude-haiku-4-5"] });
  gemini = await startGeminiTestServer({ models: ["gemini-2.5-pro"] });
  agentSrv = await startFaultAgentServer();
  const m = annotatedMessage(claims, sources);
  openai.setHandler(() => reply.content(m.content, { annotations: m.annotations }));
  openai.setRunHandler(() => ({ output: responsesOutput(claims, sources, { query: "fringe founded" }), runMs: RUN_MS }));
  anthropic.setHandler(() => providerReply.body(anthropicMessage(claims, sources, { query: "fringe founded" })));
  // Plain page URLs: grounding redirect links are resolved only at Google's redirect host, which a
  // local server cannot be (resolution itself is tested in packages/agents against a stand-in origin).
  gemini.setHandler(() => providerReply.body(geminiResponse(claims, sources, { queries: ["fringe founded"] })));
});
afterAll(async () => {
  await Promise.all([openai.close(), anthropic.close(), gemini.close(), agentSrv.close()]);
});

describe("deep research agents of every protocol in one tournament", () => {
  it("register with their health checks, play a Swiss tournament through the workers, and have citations counted", async () => {
    const hosts = [openai.baseUrl, anthropic.baseUrl, gemini.baseUrl, agentSrv.url("/")].map((u) => new URL(u).host);
    for (const pattern of hosts) await db.allowedHost.create({ data: { pattern } });

    // `arena agent add` for the provider protocols: address guard, health check, key encrypted.
    const env = { DR_KEY: "sk-provider-test" };
    const add = async (name: string, protocol: string, endpoint: string, model: string, tools: string, config = "{}") =>
      JSON.parse(
        await arena(
          [
            "agent",
            "add",
            "--name",
            name,
            "--protocol",
            protocol,
            "--endpoint",
            endpoint,
            "--model",
            model,
            "--tools",
            tools,
            "--secret-env",
            "DR_KEY",
            "--config",
            config,
            "--json",
          ],
          env,
        ),
      ) as { id: string; protocol: string; status: string };
    const responses = await add(
      "deep-research",
      "openai-responses",
      openai.baseUrl,
      "o4-mini-deep-research",
      "web_search_preview,code_interpreter",
      JSON.stringify({ pollIntervalMs: 300 }),
    );
    const claude = await add("claude-search", "anthropic", anthropic.baseUrl, "claude-haiku-4-5", "web_search");
    const gem = await add("gemini-grounded", "gemini", gemini.baseUrl, "gemini-2.5-pro", "google_search");
    expect([responses, claude, gem].map((a) => [a.protocol, a.status])).toEqual([
      ["openai_responses", "healthy"],
      ["anthropic", "healthy"],
      ["gemini", "healthy"],
    ]);
    expect(openai.requests.some((r) => r.path === "/v1/models/o4-mini-deep-research")).toBe(true);
    expect(anthropic.requests.some((r) => r.path === "/v1/models/claude-haiku-4-5")).toBe(true);
    expect(gemini.requests.some((r) => r.path === "/v1beta/models/gemini-2.5-pro")).toBe(true);
    await expect(
      arena(
        [
          "agent",
          "add",
          "--name",
          "bad-model",
          "--protocol",
          "anthropic",
          "--endpoint",
          anthropic.baseUrl,
          "--model",
          "claude-x",
          "--secret-env",
          "DR_KEY",
        ],
        env,
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/model claude-x not offered/),
    });
    const chat = await registerAgent(db, {
      name: "search-chat",
      protocol: "openai",
      endpoint: openai.baseUrl,
      model: "gpt-4o-search-preview",
    });
    const own = await registerAgent(db, {
      name: "own-agent",
      protocol: "arena_http",
      endpoint: agentSrv.url("/poll"),
      config: { pollIntervalMs: 100 },
    });
    const agents = { responses: responses.id, claude: claude.id, gemini: gem.id, chat: chat.id, own: own.id };

    const config = await heuristicExaminerConfig(db);
    const t = await createTournament(db, {
      name: "providers",
      agentIds: Object.values(agents),
      treeIds: await worldTrees(db, 1),
      swissRounds: 2,
      examinerConfigId: config.id,
      seed: "providers",
    });

    // BullMQ does not close a connection it was handed (it may be shared): the finally does.
    const connection = createRedis();
    const events = new QueueEvents("match", { connection, prefix: keyPrefix() });
    await events.waitUntilReady();
    let delayed = 0;
    let stalled = 0;
    events.on("delayed", () => void delayed++);
    events.on("stalled", () => void stalled++);
    try {
      // One match at a time per worker: a match waiting on a background run must free the slot.
      await runWorkers({ matchConcurrency: 1, reconcileEveryMs: 0 });
      await start(t.id);
      await waitForTournament(db, t.id, { pollMs: 200 });
    } finally {
      await events.close();
      await connection.quit();
    }

    const matches = await db.match.findMany({ where: { tournamentId: t.id }, include: { roundRows: true } });
    expect(matches.every((m) => m.status === "completed")).toBe(true);
    // Citations counted for every protocol: each agent answered with References the parser read.
    const seatRounds = (agentId: string) =>
      matches.flatMap((m) =>
        m.roundRows.flatMap((r) =>
          m.agentAId === agentId
            ? [{ citations: r.citationsA, error: r.errorA, trace: r.traceA, answer: r.answerA }]
            : m.agentBId === agentId
              ? [{ citations: r.citationsB, error: r.errorB, trace: r.traceB, answer: r.answerB }]
              : [],
        ),
      );
    for (const [name, id] of Object.entries(agents)) {
      const rounds = seatRounds(id);
      expect(rounds.length, `${name} played`).toBeGreaterThan(0);
      expect(
        rounds.every((r) => r.error === null),
        `${name} answered every round`,
      ).toBe(true);
      expect(
        rounds.every((r) => (r.citations ?? 0) >= 1),
        `${name}'s citations counted`,
      ).toBe(true);
    }
    expect(seatRounds(agents.responses)[0]!.answer).toMatch(/## References\n\[1\] https:\/\/www\.edfringe\.com\/about/);
    expect(seatRounds(agents.gemini)[0]!.answer).toContain(sources[1]!.url);
    for (const id of [agents.responses, agents.claude, agents.gemini])
      expect(seatRounds(id)[0]!.trace).toMatchObject({ steps: expect.arrayContaining([expect.objectContaining({ type: "search" })]) });

    // Background runs outlived the worker's lock, and the match jobs waited delayed, not active.
    const runs = openai.runs.filter((r) => r.body.background === true);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((r) => r.doneAt !== null && r.doneAt - r.createdAt >= RUN_MS && !r.cancelled)).toBe(true);
    expect(RUN_MS).toBeGreaterThan(Number(process.env.ARENA_LOCK_MS));
    expect(delayed).toBeGreaterThan(0);
    expect(stalled).toBe(0);
    // With one slot, another match stored rounds while a background run was in flight.
    const responsesMatches = new Set(
      matches.filter((m) => m.agentAId === agents.responses || m.agentBId === agents.responses).map((m) => m.id),
    );
    const others = matches.filter((m) => !responsesMatches.has(m.id)).flatMap((m) => m.roundRows.map((r) => r.createdAt.getTime()));
    expect(runs.some((run) => others.some((at) => at > run.createdAt && at < run.doneAt!))).toBe(true);
    const answered = seatRounds(agents.responses);
    expect(
      Math.min(
        ...matches
          .filter((m) => responsesMatches.has(m.id))
          .flatMap((m) => m.roundRows.map((r) => (m.agentAId === agents.responses ? r.latencyAMs! : r.latencyBMs!))),
      ),
    ).toBeGreaterThanOrEqual(RUN_MS);
    expect(answered.length).toBe(runs.length);

    // Cost per run on the leaderboard (priced model), the tournament's running cost, traces on the match page.
    const board = (await readLeaderboard(db, { tournament: t.id }))!;
    const row = board.rows.find((r) => r.agentId === agents.responses)!;
    expect(row.research).toMatchObject({
      runs: answered.length,
      pricedRuns: answered.length,
      meanCostUsd: expect.closeTo((12_000 * 2 + 3_000 * 8) / 1e6, 9),
    });
    const view = (await readTournament(db, t.id))!;
    expect(view.cost.runs).toBe(matches.reduce((n, m) => n + 2 * m.roundRows.length, 0));
    expect(view.cost.costUsd).toBeGreaterThan(0);
    const match = (await readMatch(db, [...responsesMatches][0]!))!;
    const seat = match.agentA.id === agents.responses ? "a" : "b";
    expect(match.roundsList[0]![seat].trace?.steps.length).toBe(4);
    expect(match.waiting).toBeNull();

    // The pages people read, in Chromium: the trace collapsed beside the answer, cost and time
    // per run on the leaderboard and the agent page, the tournament's running cost.
    const web = await sharedWeb();
    const browser = await workerChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await page.goto(`${web.url}/matches/${match.id}`);
      const trace = page.getByTestId(`trace-${seat}`).first();
      expect(await trace.getAttribute("open")).toBeNull();
      await trace.locator("summary").click();
      expect(await trace.textContent()).toMatch(
        /Research trace: 4 steps \(1 search, 1 page opened\)[\s\S]*fringe founded[\s\S]*find_in_page[\s\S]*print\(2025 - 1947\)/,
      );
      await trace.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/providers-match-trace.png` });
      // Cost and time per run are optional leaderboard columns: chosen through the URL.
      await page.goto(`${web.url}/?tournament=${t.id}&cols=rank,name,rating,costPerRun,timePerRun`);
      const rowCost = page.locator('tr[data-agent="deep-research"] [data-testid="cost-per-run"]');
      expect(await rowCost.textContent()).toBe("$0.05"); // 0.048 USD: 12,000 in and 3,000 out at 2 / 8 USD per million
      expect(await page.locator('tr[data-agent="search-chat"] [data-testid="cost-per-run"]').textContent()).toBe("—");
      await page.screenshot({ path: `${SCREENSHOTS}/providers-leaderboard.png`, fullPage: true });
      await page.goto(`${web.url}/agents/${agents.responses}`);
      expect(await page.getByTestId("research-cost").textContent()).toMatch(
        new RegExp(`${answered.length} \\(${answered.length} answered\\)`),
      );
      await page.getByTestId("research-cost").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/providers-agent-cost.png` });
      await page.goto(`${web.url}/tournaments/${t.id}`);
      expect(await page.getByTestId("cost-total").textContent()).toBe(`$${view.cost.costUsd.toFixed(2)}`);
      await page.screenshot({ path: `${SCREENSHOTS}/providers-tournament-cost.png` });
    } finally {
      await browser.close();
    }
  }, 900_000);
});
