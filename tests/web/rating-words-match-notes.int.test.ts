import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeRating } from "@arena/core/rating-display";
import type { PrismaClient } from "@arena/db";
import { LEADERBOARD_METRICS, type ComputedScoreboard } from "@arena/scoring/read";
import { refitExaminerScope, refitScope } from "@arena/tournament";
import { leaderboardViewSchema } from "@arena/tournament/read";
import { freshDb } from "../helpers/arena";
import { sharedWeb, type SharedWeb } from "../helpers/web";
import { draftTournament, flushRedis } from "../tournament-fixtures";
import { workerChromium, SCREENSHOTS } from "./browser";

/**
 * Ratings the site words through core's describeRating everywhere, now also the style- and
 * citation-controlled ratings (leaderboard column, Analysis table) and the predicted heatmap; and the
 * match page's notes on what a provider answer's caps dropped and which citations the page contradicts.
 * Planted, so the answer is known: agent 0 beats everyone (unbeaten), agent 3 loses to everyone
 * (winless), agents 1 and 2 split; a stored scoreboard whose controlled ratings are unbeaten
 * (bound 1100), wide (1000, 500–1600), ok (950, 900–1000) and winless (bound 700); one round whose A
 * answer's trace says 4 citations and 1 answer part were dropped, and whose citations are 1
 * supported and 2 unsupported, 1 of those contradicted.
 */
describe("rating words and the match page's notes", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let tournamentId: string;
  let matchId: string;
  let names: string[];

  const controlled = [
    { rating: 2400, lower: 1800, upper: 3000, unbounded: { side: "unbeaten" as const, bound: 1100 }, plainRating: 2500 },
    { rating: 1000, lower: 500, upper: 1600, unbounded: null, plainRating: 1010 },
    { rating: 950, lower: 900, upper: 1000, unbounded: null, plainRating: 940 },
    { rating: -400, lower: -1000, upper: 200, unbounded: { side: "winless" as const, bound: 700 }, plainRating: -500 },
  ];

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    const { tournament, agentIds, treeIds, config } = await draftTournament(db, { agents: 4, trees: 1, rounds: 2 });
    tournamentId = tournament.id;
    const agents = await db.agent.findMany({ where: { id: { in: agentIds } } });
    names = agentIds.map((id) => agents.find((a) => a.id === id)!.name);
    const results: [number, number][] = [
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [2, 1],
      [1, 3],
      [2, 3],
    ];
    const ids: string[] = [];
    for (const [n, [w, l]] of results.entries()) {
      const m = await db.match.create({
        data: {
          tournamentId,
          treeId: treeIds[0]!,
          agentAId: agentIds[w]!,
          agentBId: agentIds[l]!,
          examinerConfigId: config.id,
          examinerMode: config.mode,
          seed: `words-${n}`,
          status: "completed",
          winner: "A",
          scoreA: 1,
          scoreB: 0,
          rounds: 1,
          finishedAt: new Date(Date.now() - (results.length - n) * 60_000),
        },
      });
      ids.push(m.id);
    }
    matchId = ids[3]!;
    const round = await db.round.create({
      data: {
        matchId,
        number: 1,
        depth: 1,
        width: 1,
        pathNodeIds: [],
        pathUrls: [],
        question: "Which lighthouse is the tallest?",
        answerA: "The Tall Light is 80 m [1]. It opened in 1901 [2]. It is red [3].",
        answerB: "I do not know.",
        traceA: { steps: [], omitted: 0, dropped: { citations: 4, items: 1 } },
        verdictToken: "[[A_BETTER]]",
        tieQuality: "N/A",
        loserFailureType: "DEEP",
        scoreA: 1,
        scoreB: 0,
        examinerMode: config.mode,
      },
    });
    const pairs = [
      { n: 1, statement: "The Tall Light is 80 m", url: "https://a.example/tall", support: "supported" },
      { n: 2, statement: "It opened in 1901", url: "https://a.example/opened", support: "unsupported", contradicted: true },
      { n: 3, statement: "It is red", url: "https://a.example/red", support: "unsupported" },
    ];
    await db.reportScore.create({
      data: {
        roundId: round.id,
        side: "A",
        metric: "citation_effective",
        value: 1,
        details: {
          count: 3,
          urls: pairs.map((p) => p.url),
          supported: 1,
          unsupported: 2,
          contradicted: 1,
          unknown: 0,
          truncated: 0,
          pairs,
        },
      },
    });
    await db.$transaction((tx) => refitScope(tx, { examinerConfigId: config.id, tournamentId }), { timeout: 60_000 });
    await refitExaminerScope(db, config.id);

    // The scoreboard a worker would store beside the tournament's snapshot, with known controlled ratings.
    const scoreboard: ComputedScoreboard = {
      metrics: LEADERBOARD_METRICS.map((metric) => ({ metric, mode: null })),
      agents: [],
      interval: "95 % bootstrap over matches",
      raceAgreement: { rounds: 0, agree: 0, rate: null },
      controlled: {
        battles: results.length,
        ratings: controlled.map((c, k) => ({ agentId: agentIds[k]!, name: names[k]!, ...c, rank: k + 1, plainRank: k + 1, rankChange: 0 })),
        coefficients: [{ name: "length", value: 0.1, lower: -0.2, upper: 0.4 }],
      },
    };
    const snapshot = await db.ratingSnapshot.findFirstOrThrow({
      where: { tournamentId },
      orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }],
    });
    await db.ratingSnapshot.update({ where: { id: snapshot.id }, data: { scoreboard, scoreboardAt: new Date(), scoreboardMs: 1 } });
    [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  const newPage = async (): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    return page;
  };
  const expectedText = (k: number) => describeRating(controlled[k]!).text;

  it("the controlled ratings read as describeRating words them, on the leaderboard and the Analysis page", async () => {
    const page = await newPage();
    try {
      await page.goto(`${web.url}/?tournament=${tournamentId}&cols=rank,name,rating,controlled`);
      await expect.poll(() => page.getByTestId("leaderboard-row").count()).toBe(4);
      const cell = (k: number) =>
        page.locator(`[data-testid="leaderboard-row"][data-agent="${names[k]}"]`).getByTestId("controlled-rating");
      expect(await cell(0).innerText()).toBe("unbeaten, ≥ 1100");
      expect(await cell(1).innerText()).toBe("1000 +600/−500 (wide)");
      expect(await cell(2).innerText()).toBe("950 +50/−50");
      expect(await cell(3).innerText()).toBe("winless, ≤ 700");
      for (const k of [0, 1, 2, 3]) expect(await cell(k).innerText()).toBe(expectedText(k));
      await page.screenshot({ path: `${SCREENSHOTS}/rating-words-leaderboard.png`, fullPage: true });

      await page.goto(`${web.url}/analysis?tournament=${tournamentId}`);
      const table = page.getByTestId("controlled-table");
      await table.waitFor();
      const cells = await table.getByTestId("controlled-rating").allInnerTexts();
      expect([...cells].sort()).toEqual([0, 1, 2, 3].map(expectedText).sort());
      const top = table.locator("tbody tr", { hasText: names[0]! });
      expect(await top.innerText()).toContain("unbeaten, ≥ 1100");
      expect(await top.innerText()).not.toMatch(/\b2[45]00\b/);
      // The predicted heatmap's tooltips word the all-time ratings likewise: the unbeaten agent by its bound.
      const board = leaderboardViewSchema
        .omit({ analysis: true })
        .parse(await (await fetch(`${web.url}/api/leaderboard?tournament=${tournamentId}`)).json());
      const unbeaten = board.rows.find((r) => r.name === names[0])!;
      expect(unbeaten.ratingFlag).toBe("unbeaten");
      const titles = await page
        .getByTestId("heatmap-predicted")
        .locator("td[title]")
        .evaluateAll((tds) =>
          (tds as unknown as { getAttribute(name: string): string | null }[]).map((td) => td.getAttribute("title") ?? ""),
        );
      const ofTop = titles.filter((t) => t.startsWith(`${names[0]} vs`));
      expect(ofTop.length).toBe(3);
      for (const t of ofTop) {
        expect(t).toContain(describeRating(unbeaten).text);
        expect(t).not.toContain(`from ratings ${Math.round(unbeaten.rating)} `);
      }
      await page.getByTestId("controlled-panel").screenshot({ path: `${SCREENSHOTS}/rating-words-analysis.png` });
    } finally {
      await page.close();
    }
  });

  it("the match page says what the answer caps dropped and which citations the page contradicts", async () => {
    const page = await newPage();
    try {
      await page.goto(`${web.url}/matches/${matchId}`);
      const dropped = page.getByTestId("trace-a-dropped");
      await dropped.waitFor();
      expect(await dropped.innerText()).toBe(
        "Not read: 4 citations and 1 answer part of the provider's answer over the arena's per-answer limits, so its References may be incomplete.",
      );
      expect(await page.getByTestId("trace-b-dropped").count()).toBe(0);
      const cites = page.getByTestId("round-scores-1").getByTestId("citations-a");
      expect(await cites.getByTestId("unsupported-count").innerText()).toBe("2 unsupported (1 contradicted)");
      expect(await cites.getByTestId("support-badge").allInnerTexts()).toEqual(["supported", "contradicted", "unsupported"]);
      await page.getByTestId("round-scores-1").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/match-notes.png`, fullPage: true });
    } finally {
      await page.close();
    }
  });
});
