import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAgent } from "@arena/agents";
import { heuristicExaminerConfig } from "@arena/match";
import { createTournament, resumeAndTick, setTournamentBudget } from "@arena/tournament";
import { readTournament, readTournamentEstimate } from "@arena/tournament/read";
import { reply, startOpenAITestServer, type OpenAITestServer } from "../../../tests/servers/openai-test-server";
import { tournamentHarness, worldTrees } from "../../../tests/tournament-fixtures";
import { waitFor } from "../../../tests/helpers/arena";
import { sharedWeb } from "../../../tests/helpers/web";
import { workerChromium, SCREENSHOTS } from "../../../tests/web/browser";

/**
 * A budgeted tournament through the real queue and workers: four OpenAI-compatible agents on a
 * local server, a priced model (gpt-4o-mini: $0.15 / $0.60 per million tokens) and a fixed usage
 * per call, so every research run costs a known $0.021. One match at a time: after the first match
 * the tournament has spent more than its $0.10 cap, the tick pauses it and says why, and the
 * other match of the round never starts.
 */
const { db, queues, start, runWorkers } = tournamentHarness();
const RUN_USD = (100_000 * 0.15 + 10_000 * 0.6) / 1e6; // 0.021
let openai: OpenAITestServer;

beforeAll(async () => {
  openai = await startOpenAITestServer({ models: ["gpt-4o-mini"] });
  openai.setHandler(() =>
    reply.content("## Answer\n\nThe sources do not settle it.", {
      usage: { prompt_tokens: 100_000, completion_tokens: 10_000, total_tokens: 110_000 },
    }),
  );
});
afterAll(() => openai.close());

describe("tournament budgets", () => {
  it("estimates before the start, pauses at the cost cap with the reason, shows the spending, and pauses again on resume while over it", async () => {
    await db.allowedHost.create({ data: { pattern: new URL(openai.baseUrl).host } });
    const agentIds: string[] = [];
    for (const name of ["p1", "p2", "p3", "p4"])
      agentIds.push((await registerAgent(db, { name, protocol: "openai", endpoint: openai.baseUrl, model: "gpt-4o-mini" })).id);
    const config = await heuristicExaminerConfig(db);
    const treeIds = await worldTrees(db, 1);

    // No run priced yet: the estimate counts matches and rounds and lists every agent as unpriced.
    const before = await readTournamentEstimate(db, { agentIds, rounds: 3, treesPerPairing: 1 });
    expect(before).toMatchObject({ agents: 4, rounds: 3, matches: 6, knownCostUsd: 0, unpriced: ["p1", "p2", "p3", "p4"] });

    const t = await createTournament(db, {
      name: "budget",
      agentIds,
      treeIds,
      swissRounds: 3,
      examinerConfigId: config.id,
      seed: "budget",
      costCapUsd: 0.1,
    });
    await runWorkers({ matchConcurrency: 1, reconcileEveryMs: 0 });
    await start(t.id);
    await waitFor(async () => (await db.tournament.findUniqueOrThrow({ where: { id: t.id } })).status === "paused", "the pause at the cap");

    const view = (await readTournament(db, t.id))!;
    expect(view.status).toBe("paused");
    expect(view.budget.pauseReason).toMatch(/^cost cap reached: \$\d+\.\d\d spent of \$0\.10$/);
    expect(view.budget.spentUsd).toBeGreaterThanOrEqual(0.1);
    // every run of the finished match was priced at the known figure
    const rounds = await db.round.findMany({ where: { match: { tournamentId: t.id } } });
    for (const r of rounds) expect([r.costA, r.costB]).toEqual([expect.closeTo(RUN_USD, 9), expect.closeTo(RUN_USD, 9)]);
    expect(view.budget.spentUsd).toBeCloseTo(rounds.length * 2 * RUN_USD, 9);
    expect(view.budget.perAgent.reduce((s, a) => s + a.costUsd, 0)).toBeCloseTo(view.budget.spentUsd, 9);
    // the round's other match never started, and no second round was paired
    const matches = await db.match.findMany({ where: { tournamentId: t.id } });
    expect(matches.map((m) => m.status).sort()).toEqual(["completed", "queued"]);
    expect(view.currentRound).toBe(1);

    // The tournament page shows why it paused and the spending against the cap (Chromium, production build).
    const [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${web.url}/tournaments/${t.id}`);
      const panel = page.getByTestId("budget");
      await expect.poll(() => panel.innerText()).toMatch(/Paused: cost cap reached: \$\d+\.\d\d spent of \$0\.10/);
      expect(await page.getByTestId("budget-spent").innerText()).toBe(`$${view.budget.spentUsd.toFixed(2)}`);
      expect(await panel.getByRole("meter").count()).toBe(1);
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/tournament-budget.png`, fullPage: true });
    } finally {
      await browser.close();
    }

    // Now the agents have prices: the estimate of the same field knows them.
    const after = await readTournamentEstimate(db, { agentIds, rounds: 3, treesPerPairing: 1 });
    expect(after.unpriced.length).toBeLessThan(4);
    expect(after.knownCostUsd).toBeGreaterThan(0);

    // Resuming while over the cap pauses again at the next tick; a higher cap lets it go on.
    await resumeAndTick(db, queues, t.id);
    await waitFor(
      async () => (await db.tournament.findUniqueOrThrow({ where: { id: t.id } })).pauseReason !== null,
      "the pause after resuming over the cap",
    );
    await setTournamentBudget(db, t.id, { costCapUsd: 1000 });
    await resumeAndTick(db, queues, t.id);
    await waitFor(
      async () => (await db.match.count({ where: { tournamentId: t.id, status: "completed" } })) >= 2,
      "the round's second match",
    );
    expect((await db.tournament.findUniqueOrThrow({ where: { id: t.id } })).pauseReason).toBeNull();
  });
});
