import { writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { describeRating } from "@arena/core";
import { readLeaderboard, type LeaderboardView } from "@arena/tournament/read";
import { freshDb } from "../helpers/arena";
import { arenaCommand, sharedWeb, type SharedWeb } from "../helpers/web";
import { flushRedis } from "../tournament-fixtures";
import { plantUnbeaten } from "../unbeaten-fixture";
import { workerChromium, SCREENSHOTS } from "./browser";

/**
 * One unbeaten agent on every surface that shows its rating, in Chromium: the leaderboard (and its
 * legend), its agent page, the Analysis chart, the tournament page, and the CSV, JSON and CLI text
 * shown as a page. Each must say what core describeRating says — "unbeaten, ≥ R" with the same R —
 * and none the fit's penalty-limited number.
 */
describe("one rating shown one way", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let planted: Awaited<ReturnType<typeof plantUnbeaten>>;
  let board: LeaderboardView;
  let expected: string;
  let fitted: string;

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    planted = await plantUnbeaten(db);
    board = (await readLeaderboard(db, { tournament: planted.tournamentId }))!;
    const u = board.rows.find((r) => r.agentId === planted.agentIds[0])!;
    expected = describeRating(u).text;
    fitted = String(Math.round(u.rating));
    [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  async function open(path: string, width = 1280): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.setDefaultTimeout(20_000);
    await page.goto(`${web.url}${path}`);
    return page;
  }

  it("the same agent reads the same on every surface", () => {
    expect(expected).toMatch(/^unbeaten, ≥ \d+$/);
    expect(expected).not.toContain(fitted);
  });

  it("leaderboard: the cell, and a legend matching exactly the visible columns, with empty columns hidden", async () => {
    const page = await open(`/?tournament=${planted.tournamentId}`);
    try {
      const row = page.locator(`[data-testid="leaderboard-row"][data-agent="${planted.names[0]}"]`);
      expect(await row.getByTestId("rating").innerText()).toBe(expected);
      expect(await row.locator("[data-rating-flag]").getAttribute("data-rating-flag")).toBe("unbeaten");
      // No report score is stored for this scope: its columns are hidden and said to be.
      const shown = await Promise.all(
        (await page.locator('[data-testid="leaderboard-table"] th').all()).map((th) => th.getAttribute("data-column")),
      );
      expect(shown).toEqual(["rank", "name", "rating", "matches", "wlt", "winRate"]);
      const legend = page.getByTestId("leaderboard-table-legend");
      const described = await Promise.all((await legend.locator("[data-column]").all()).map((d) => d.getAttribute("data-column")));
      expect(described).toEqual(shown);
      const legendText = await legend.innerText();
      expect(legendText).toMatch(/1 \+ the number of agents whose 95 % lower bound is above this agent's upper bound[\s\S]*share a rank/);
      expect(legendText).toContain("unbeaten, ≥ R");
      expect(legendText).toContain("Ratings are relative: the mean of the agents fitted together is 1000");
      expect(await page.getByTestId("hidden-columns").innerText()).toMatch(/RACE \(not scored in this scope\)/);
      await page.getByTestId("leaderboard-table-legend").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/rating-display-leaderboard.png`, fullPage: true });

      // Choosing a column adds its line to the legend; the legend follows the chooser.
      const chooser = page.getByTestId("leaderboard-table-columns");
      await chooser.locator("summary").click();
      await chooser.locator('input[data-column="elo"]').check();
      await expect.poll(() => legend.locator('[data-column="elo"]').count()).toBe(1);
      expect(await legend.locator('[data-column="elo"]').innerText()).toContain("Online Elo");
    } finally {
      await page.close();
    }
  }, 120_000);

  it("agent page: the summary and the history chart's table say it, the chart draws it at its bound", async () => {
    const page = await open(`/agents/${planted.agentIds[0]}`);
    try {
      const summary = await page.getByTestId("rating-summary").innerText();
      expect(summary).toContain(expected);
      expect(summary).not.toContain(fitted);
      expect(await page.getByTestId("rating-note").innerText()).toMatch(/^unbeaten, ≥ \d+: No finite rating/);
      const history = page.getByTestId("agent-rating-history");
      await history.locator("summary").click();
      const cells = await history.locator("tbody tr td:nth-child(2)").allInnerTexts();
      expect(cells.length).toBeGreaterThanOrEqual(2);
      for (const c of cells) expect(c).toMatch(/^unbeaten, ≥ \d+$/);
      expect(cells.at(-1)).toBe(expected); // the examiner-wide scope holds the same matches, so the same bound
      // The chart draws on the client once it has measured its box: wait for the markers, as a reader would.
      await expect.poll(() => history.locator('polygon[data-rating-marker="atLeast"]').count()).toBeGreaterThanOrEqual(2);
      await history.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/rating-display-agent.png`, fullPage: true });
    } finally {
      await page.close();
    }
  }, 120_000);

  it("analysis: the forest plot draws it as ▶ at its bound and its table says it", async () => {
    const page = await open(`/analysis?tournament=${planted.tournamentId}`);
    try {
      const chart = page.getByTestId("chart-ratings");
      await chart.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/rating-display-analysis.png`, fullPage: false });
      await expect.poll(() => chart.locator('polygon[data-rating-marker="atLeast"]').count()).toBe(1);
      expect(await chart.locator('polygon[data-rating-marker="atMost"]').count()).toBe(1);
      await chart.locator("summary").click();
      const line = chart.locator("tbody tr", { hasText: planted.names[0]! });
      expect(await line.innerText()).toContain(expected);
      expect(await line.innerText()).toContain("unbeaten");
      expect(await line.innerText()).not.toContain(fitted);
      // The marker sits at the bound on the x axis: left of the far end the fit's number would need.
      const tip = (await chart.locator('polygon[data-rating-marker="atLeast"]').boundingBox())!;
      const plot = (await chart.locator("svg.recharts-surface").first().boundingBox())!;
      expect(tip.x).toBeLessThan(plot.x + plot.width);
      await chart.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/rating-display-analysis.png`, fullPage: false });
    } finally {
      await page.close();
    }
  }, 120_000);

  it("tournament page: standings and the rating history say it, the history draws it at its bound", async () => {
    const page = await open(`/tournaments/${planted.tournamentId}`);
    try {
      const standing = page.getByTestId("standings-table").locator(`tr[data-agent="${planted.names[0]}"]`);
      expect(await standing.innerText()).toContain(expected);
      expect(await standing.innerText()).not.toContain(fitted);
      const history = page.getByTestId("rating-history");
      // The chart draws on the client once it has measured its box: wait for the markers, as a reader would.
      await expect.poll(() => history.locator('polygon[data-rating-marker="atLeast"]').count()).toBeGreaterThanOrEqual(2);
      await history.locator("summary").click();
      expect(await history.locator("tbody tr").last().innerText()).toContain(expected);
      await page.getByTestId("standings-table").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/rating-display-tournament.png`, fullPage: true });
    } finally {
      await page.close();
    }
  }, 120_000);

  it("CSV, JSON API and arena leaderboard: the flag beside the number, the same words in the text", async () => {
    const csv = await (await fetch(`${web.url}/api/leaderboard.csv?tournament=${planted.tournamentId}`)).text();
    const head = csv.split("\r\n")[0]!.split(",");
    const mine = csv
      .split("\r\n")
      .find((l) => l.split(",")[1] === planted.names[0])!
      .split(",");
    expect(mine[head.indexOf("rating_flag")]).toBe("unbeaten");
    expect(head.indexOf("rating_flag")).toBe(head.indexOf("rating") + 1);
    const api = (await (await fetch(`${web.url}/api/leaderboard?tournament=${planted.tournamentId}`)).json()) as LeaderboardView;
    expect(api.rows.find((r) => r.agentId === planted.agentIds[0])!.ratingFlag).toBe("unbeaten");
    const cli = await arenaCommand(["leaderboard", "--tournament", planted.tournamentId]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout.split("\n").find((l) => l.includes(planted.names[0]!))).toContain(expected);

    // The text surfaces as a page, to be looked at beside the others.
    const asText = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
    const html = `<meta charset="utf-8"><body style="font:12px monospace"><h3>arena leaderboard --tournament …</h3><pre>${asText(cli.stdout)}</pre><h3>GET /api/leaderboard.csv</h3><pre>${asText(csv)}</pre></body>`;
    const file = `${SCREENSHOTS}/rating-display-text.html`;
    writeFileSync(file, html);
    const page = await browser.newPage({ viewport: { width: 1400, height: 700 } });
    try {
      await page.goto(`file://${file}`);
      await page.screenshot({ path: `${SCREENSHOTS}/rating-display-text.png`, fullPage: true });
    } finally {
      await page.close();
    }
  }, 120_000);
});
