import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWorldUrl } from "@arena/core/url";
import type { z } from "zod";
import type { PrismaClient } from "@arena/db";
import { markScoreboardsStale, refreshScoreboard, scorableRounds } from "@arena/scoring";
import { API_ROUTES } from "../../apps/web/src/lib/api/routes";
import { freshDb, waitFor } from "../helpers/arena";
import { flushRedis } from "../tournament-fixtures";
import { workerChromium, SCREENSHOTS } from "./browser";
import { runTournament, type TournamentRun } from "./seed";
import { sharedWeb, type SharedWeb } from "../helpers/web";

/**
 * The report-score surfaces against a production build: a Swiss tournament played and scored
 * offline by real workers, then one round's scores replaced by planted ones whose display is
 * known (three citations, one of each verdict, the supported one citing a page of the match's
 * tree; a RACE share in llm mode beside the verdict). The leaderboard's columns must equal means
 * recomputed here from the stored rows; the match page must show the planted citations linked to
 * the cited text; an interval from a single match must read — (unbounded), never +0/−0.
 */
describe("report scores on the web", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let seeded: TournamentRun;
  let matchId: string;
  let roundId: string;
  let treeId: string;
  let nodeId: string;
  let nodeUrl: string;
  let verdict: "A" | "B" | null;

  const getJson = async <S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> => {
    const res = await fetch(`${web.url}${path}`);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return schema.parse(await res.json());
  };

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    seeded = await runTournament(db, { agents: 4, trees: 1, rounds: 2, latencyMs: 5 });
    await seeded.finished();
    // Every scorable round of every match scored by the workers' scoring queue (enqueued by the match worker).
    const matches = await db.match.findMany({ where: { tournamentId: seeded.tournamentId, status: "completed" }, select: { id: true } });
    const rounds = (await Promise.all(matches.map((m) => scorableRounds(db, m.id)))).flat();
    await waitFor(
      async () =>
        (await db.reportScore.groupBy({ by: ["roundId"], where: { roundId: { in: rounds }, metric: "citation_effective" } })).length ===
        rounds.length,
      "every round to be scored",
    );
    await seeded.close();

    const match = await db.match.findFirstOrThrow({
      where: { tournamentId: seeded.tournamentId, status: "completed", rounds: { gt: 0 } },
      orderBy: { id: "asc" },
      include: { roundRows: { where: { voided: false, question: { not: null } }, orderBy: { number: "asc" }, take: 1 } },
    });
    matchId = match.id;
    treeId = match.treeId;
    const round = match.roundRows[0]!;
    roundId = round.id;
    verdict = round.verdictToken?.startsWith("[[A_") ? "A" : round.verdictToken?.startsWith("[[B_") ? "B" : null;
    const node = await db.node.findFirstOrThrow({ where: { treeId, parentId: { not: null } }, orderBy: { id: "asc" } });
    nodeId = node.id;
    nodeUrl = node.url;
    const pairs = [
      { n: 1, statement: "Planted statement that the page backs.", url: nodeUrl, support: "supported" },
      { n: 2, statement: "Planted statement the page does not back.", url: "https://unsupported.example/page", support: "unsupported" },
      {
        n: 3,
        statement: "Planted statement citing a page that could not be read.",
        url: "https://unreachable.example/page",
        support: "unknown",
      },
    ];
    const where = (side: string, metric: string) => ({ roundId_side_metric: { roundId, side, metric } });
    await db.reportScore.update({
      where: where("A", "citation_effective"),
      data: {
        value: 1,
        details: { count: 3, urls: pairs.map((p) => p.url), supported: 1, unsupported: 1, unknown: 1, truncated: 0, pairs },
      },
    });
    await db.reportScore.upsert({
      where: where("A", "citation_accuracy"),
      create: { roundId, side: "A", metric: "citation_accuracy", value: 0.5 },
      update: { value: 0.5 },
    });
    // RACE in llm mode on this one round only: its column is llm, and from one match its interval is unbounded.
    for (const [side, value] of [
      ["A", 0.7],
      ["B", 0.3],
    ] as const) {
      await db.reportScore.create({
        data: { roundId, side, metric: "race_share", value, mode: "llm", model: "judge-test", details: { total: 1 } },
      });
    }
    // The workers have stopped: the planted scores' scoreboards are computed here as a worker does
    // (marked stale, then computed on the scoreboard thread and stored beside the snapshots).
    for (const scope of await markScoreboardsStale(db, { matchId })) await refreshScoreboard(db, scope);
    [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  /** Each agent's mean claim F1 over its scored answers in the tournament, straight from the rows. */
  async function claimF1Means(): Promise<Map<string, number>> {
    const rows = await db.reportScore.findMany({
      where: { metric: "claim_f1", round: { match: { tournamentId: seeded.tournamentId, status: "completed" } } },
      select: { side: true, value: true, round: { select: { match: { select: { agentAId: true, agentBId: true } } } } },
    });
    const sums = new Map<string, number[]>();
    for (const r of rows) {
      const agent = r.side === "A" ? r.round.match.agentAId : r.round.match.agentBId;
      sums.set(agent, [...(sums.get(agent) ?? []), r.value]);
    }
    return new Map([...sums].map(([a, v]) => [a, v.reduce((x, y) => x + y, 0) / v.length]));
  }

  it("the JSON API serves the columns, the controlled fit, the round panels and an agent's breakdown", async () => {
    const board = await getJson(`/api/scores?tournament=${seeded.tournamentId}`, API_ROUTES.scores.response.schema);
    expect(board.metrics).toEqual([
      { metric: "citation_accuracy", mode: "offline" },
      { metric: "citation_effective", mode: "offline" },
      { metric: "claim_f1", mode: "offline" },
      { metric: "race_share", mode: "llm" },
    ]);
    const expected = await claimF1Means();
    expect(board.agents).toHaveLength(4);
    for (const a of board.agents) {
      expect(a.scores.claim_f1!.mean).toBeCloseTo(expected.get(a.agentId)!, 12);
      expect(a.scores.claim_f1!.matches).toBe(2);
    }
    const race = board.agents.filter((a) => a.scores.race_share);
    expect(race).toHaveLength(2);
    for (const a of race) expect([a.scores.race_share!.lower, a.scores.race_share!.upper]).toEqual([null, null]);
    expect(board.raceAgreement).toEqual(
      verdict ? { rounds: 1, agree: verdict === "A" ? 1 : 0, rate: verdict === "A" ? 1 : 0 } : { rounds: 0, agree: 0, rate: null },
    );
    expect(board.computed).toMatchObject({ stale: false, matchesCounted: board.controlled.battles });
    expect(board.controlled.battles).toBe(
      await db.match.count({ where: { tournamentId: seeded.tournamentId, status: "completed", winner: { not: null }, rounds: { gt: 0 } } }),
    );
    expect(board.controlled.ratings).toHaveLength(4);
    expect(board.controlled.coefficients.map((c) => c.name)).toEqual(["length", "citations", "supported_share", "markdown_density"]);
    for (const r of board.controlled.ratings) expect(r.rankChange).toBe(r.plainRank - r.rank);

    const panel = await getJson(`/api/matches/${matchId}/scores`, API_ROUTES.matchScores.response.schema);
    const planted = panel.rounds.find((r) => r.roundId === roundId)!;
    expect(planted.citations.A).toMatchObject({ mode: "offline", count: 3, supported: 1, unsupported: 1, unknown: 1, accuracy: 0.5 });
    expect(planted.citations.A!.pairs.map((p) => [p.support, p.nodeId])).toEqual([
      ["supported", nodeId],
      ["unsupported", null],
      ["unknown", null],
    ]);
    expect(planted.race).toEqual({ shareA: 0.7, mode: "llm", agrees: verdict === null ? null : verdict === "A" });

    const agent = await getJson(`/api/agents/${seeded.agentIds[0]}/scores`, API_ROUTES.agentScores.response.schema);
    const f1 = agent.agents.find((s) => s.metric === "claim_f1" && s.mode === "offline")!;
    expect(f1.mean).toBeCloseTo(expected.get(seeded.agentIds[0]!)!, 12);
    expect((await fetch(`${web.url}/api/matches/nope/scores`)).status).toBe(404);
    expect((await fetch(`${web.url}/api/scores?tournament=nope`)).status).toBe(404);
  });

  async function newPage(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(20_000);
    return page;
  }

  it("the leaderboard shows each agent's score columns with their modes, the controlled rating and Δ rank", async () => {
    const page = await newPage();
    try {
      // The controlled rating and Δ rank are optional columns: chosen through the URL.
      const cols = "rank,name,rating,citation_accuracy,citation_effective,claim_f1,race_share,controlled,rankChange";
      await page.goto(`${web.url}/?tournament=${seeded.tournamentId}&cols=${cols}`);
      const rows = page.getByTestId("leaderboard-row");
      await expect.poll(() => rows.count()).toBe(4);
      expect(await page.getByTestId("mode-claim_f1").innerText()).toBe("offline");
      expect(await page.getByTestId("mode-race_share").innerText()).toBe("llm");
      const expected = await claimF1Means();
      const agents = await db.agent.findMany({ where: { id: { in: seeded.agentIds } } });
      for (const a of agents) {
        const row = page.locator(`[data-testid="leaderboard-row"][data-agent="${a.name}"]`);
        const f1 = (await row.locator('[data-metric="claim_f1"]').innerText()).trim();
        expect(f1.startsWith(`${(expected.get(a.id)! * 100).toFixed(0)} %`), `${a.name}: ${f1}`).toBe(true);
        // Worded as every rating is (core's describeRating): the number and its interval, flagged when wide, or unbeaten/winless with a bound.
        expect(await row.getByTestId("controlled-rating").innerText()).toMatch(
          /^(-?\d+ \+\d+\/−\d+( \(wide\))?|(unbeaten|winless)(, [≥≤] -?\d+| \(no bound\)))$/,
        );
        expect(await row.getByTestId("rank-change").innerText()).toMatch(/^(0|▲\d+|▼\d+)$/);
      }
      // RACE comes from one match: its interval is unbounded, shown as —, never +0/−0.
      // Every row has the cell; the two agents without a RACE score show —.
      const raceCells = (await page.locator('[data-metric="race_share"]').allInnerTexts()).filter((t) => t !== "—");
      expect(raceCells).toHaveLength(2);
      for (const t of raceCells) expect(t).toMatch(/^(70|30) % —$/);
      expect(await page.getByTestId("leaderboard-table").innerText()).not.toContain("+0/−0");
      // 4 matches for 8 parameters (4 agents, 4 coefficients): said to be preliminary.
      expect(await page.getByTestId("controlled-preliminary").count()).toBe(1);
      await page.screenshot({ path: `${SCREENSHOTS}/scoring-leaderboard.png`, fullPage: true });

      await page.goto(`${web.url}/analysis?tournament=${seeded.tournamentId}`);
      await page.getByTestId("chart-coefficients").waitFor();
      expect(await page.getByTestId("rating-history-link").getAttribute("href")).toBe(`/tournaments/${seeded.tournamentId}#history`);
      expect(await page.getByTestId("coefficients-table").locator("[data-coefficient]").count()).toBe(4);
      expect(await page.getByTestId("controlled-table").locator("tbody tr").count()).toBe(4);
      expect(await page.getByTestId("race-agreement").innerText()).toContain(
        verdict ? `${verdict === "A" ? 100 : 0} % (${verdict === "A" ? 1 : 0} of 1 rounds` : "no round",
      );
      await page.getByTestId("controlled-panel").screenshot({ path: `${SCREENSHOTS}/scoring-analysis.png` });
    } finally {
      await page.close();
    }
  });

  it("the match page shows which citations held, linked to the cited page and the tree's stored text, with the mode", async () => {
    const page = await newPage();
    try {
      await page.goto(`${web.url}/matches/${matchId}`);
      const number = (await db.round.findUniqueOrThrow({ where: { id: roundId } })).number;
      const panel = page.getByTestId(`round-scores-${number}`);
      await panel.waitFor();
      const cites = panel.getByTestId("citations-a");
      expect(await cites.getByTestId("citation-accuracy").innerText()).toBe("accuracy 50 %");
      expect(await cites.getByTestId("citation-mode").innerText()).toBe("offline");
      const pairs = cites.getByTestId("citation-pair");
      expect(
        await pairs.evaluateAll((els) =>
          (els as unknown as { getAttribute(name: string): string | null }[]).map((e) => e.getAttribute("data-support")),
        ),
      ).toEqual(["supported", "unsupported", "unknown"]);
      // The cited URL is shown as it was cited; a page of the offline world (the seeded trees'; it never resolves) opens its stored text.
      expect(isWorldUrl(nodeUrl)).toBe(true);
      const cited = pairs.first().locator("a", { hasText: nodeUrl });
      expect(await cited.getAttribute("href")).toBe(`/sandbox/page?url=${encodeURIComponent(nodeUrl)}`);
      // A cited URL on the web stays a link to it.
      expect(await pairs.nth(1).locator('a[href="https://unsupported.example/page"]').count()).toBe(1);
      expect(await pairs.first().getByTestId("cited-node").getAttribute("href")).toBe(`/trees/${treeId}/nodes/${nodeId}`);
      expect(await pairs.nth(1).getByTestId("cited-node").count()).toBe(0);
      expect(await panel.getByTestId("race-verdict").innerText()).toContain("RACE share of A 0.700 (llm): favours A");
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: `${SCREENSHOTS}/scoring-match.png` });

      await pairs.first().getByTestId("cited-node").click();
      await page.waitForURL(new RegExp(`/trees/${treeId}/nodes/${nodeId}$`));
      await page.getByTestId("node-content").waitFor();
    } finally {
      await page.close();
    }
  });

  it("the agent page breaks the scores down per metric and mode", async () => {
    const page = await newPage();
    try {
      const agentId = seeded.agentIds[0]!;
      await page.goto(`${web.url}/agents/${agentId}`);
      const table = page.getByTestId("agent-scores");
      await table.waitFor();
      const f1 = table.locator('tr[data-metric="claim_f1"][data-mode="offline"]');
      expect(await f1.innerText()).toContain(`${((await claimF1Means()).get(agentId)! * 100).toFixed(0)} %`);
      expect(await table.locator("tbody tr").count()).toBeGreaterThanOrEqual(8);
      await page.locator("#scores").screenshot({ path: `${SCREENSHOTS}/scoring-agent.png` });
    } finally {
      await page.close();
    }
  });
});
