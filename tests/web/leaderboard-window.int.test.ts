import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { plantWins, refitAfterMatches } from "../helpers/planted";
import { ratingHistorySchema } from "@arena/tournament/read";
import { freshDb } from "../helpers/arena";
import { sharedWeb, type SharedWeb } from "../helpers/web";
import { draftTournament, flushRedis } from "../tournament-fixtures";
import { apiErrorSchema } from "../../apps/web/src/lib/api/http";
import { windowedLeaderboardSchema } from "../../apps/web/src/lib/api/routes";
import { workerChromium, SCREENSHOTS } from "./browser";

/**
 * The leaderboard's time window and the tournament's rating history (docs/tournaments.md), in Chromium and
 * over the JSON API, on planted results whose answer is known:
 * - 60 days ago: agent 0 vs agent 1 six times (0 wins four), agent 0 beats agent 2 twice;
 * - 2 days ago: agent 1 vs agent 3 four times (1 wins three), agent 0 vs agent 3 twice and agent
 *   0 vs agent 1 twice (one each).
 * All time counts 16 matches and four agents; the last 30 days count 8 matches and agents 0, 1 and
 * 3 only (4, 6 and 6 matches). A snapshot is stored after each phase, so agent 3 (who joined late)
 * appears in the history from the second snapshot on.
 */
/** The all-time leader: the stored snapshot's highest rating. */
const plainTop = (rows: { name: string; rating: number }[]) => [...rows].sort((a, b) => b.rating - a.rating)[0]?.name;

describe("the leaderboard window and the rating history", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let tournamentId: string;
  let examinerId: string;
  let tournamentName: string;
  let names: string[];

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    const { tournament, agentIds, treeIds, config } = await draftTournament(db, { agents: 4, trees: 1, rounds: 3 });
    tournamentId = tournament.id;
    tournamentName = tournament.name;
    examinerId = config.id;
    const agents = await db.agent.findMany({ where: { id: { in: agentIds } } });
    names = agentIds.map((id) => agents.find((a) => a.id === id)!.name);
    const day = 86_400_000;
    const phases: { daysAgo: number; results: [number, number][] }[] = [
      {
        daysAgo: 60,
        results: [
          [0, 1],
          [0, 1],
          [0, 1],
          [0, 1],
          [1, 0],
          [1, 0],
          [0, 2],
          [0, 2],
        ],
      },
      {
        daysAgo: 2,
        results: [
          [1, 3],
          [1, 3],
          [1, 3],
          [3, 1],
          [0, 3],
          [3, 0],
          [0, 1],
          [1, 0],
        ],
      },
    ];
    const scope = { tournamentId, treeId: treeIds[0]!, agentIds, config };
    let before = 0; // matches planted by earlier phases: the n of a match counts from 1 across phases
    for (const { daysAgo, results } of phases) {
      const base = before;
      await plantWins(db, scope, results, {
        seed: (i) => `window-${base + i + 1}`,
        finishedAt: (i) => new Date(Date.now() - daysAgo * day + (base + i + 1) * 60_000),
      });
      await refitAfterMatches(db, scope);
      before += results.length;
    }
    [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  it("switches between all time and the last 30 days in the URL, with the window's rows and a sentence saying since when", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    await page.goto(`${web.url}/?examiner=${examinerId}`);
    const pills = page.getByTestId("window-pills");
    await expect(pills.getByRole("link", { name: "All time" }).getAttribute("aria-current")).resolves.toBe("page");
    expect(await page.locator('[data-testid="leaderboard-row"]').count()).toBe(4);

    await pills.getByRole("link", { name: "Last 30 days" }).click();
    await page.waitForURL(/window=30d/);
    expect(new URL(page.url()).searchParams.get("examiner")).toBe(examinerId);
    await expect(pills.getByRole("link", { name: "Last 30 days" }).getAttribute("aria-current")).resolves.toBe("page");
    const note = await page.getByTestId("window-note").innerText();
    expect(note).toContain("last 30 days");
    expect(note).toContain("8 rated matches");
    expect(note).toMatch(/since \d{4}-\d{2}-\d{2}/);
    const table = page.getByTestId("window-table");
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBe(3);
    const games = Object.fromEntries(
      await Promise.all(
        [0, 1, 3].map(async (k) => [k, (await table.locator(`tr[data-agent="${names[k]}"] td`).last().innerText()).trim()] as const),
      ),
    );
    expect(games).toEqual({ 0: "4", 1: "6", 3: "6" });
    expect(await table.locator(`tr[data-agent="${names[2]}"]`).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/leaderboard-window-30d.png`, fullPage: true });

    // The scope pills keep the window; the tournament scope links to its rating history.
    await page.getByRole("navigation", { name: "Scope" }).getByRole("link", { name: tournamentName }).click();
    await page.waitForURL(/tournament=/);
    expect(new URL(page.url()).searchParams.get("window")).toBe("30d");
    await page.getByTestId("history-link").click();
    await page.waitForURL(new RegExp(`/tournaments/${tournamentId}`));
    const figure = page.getByTestId("rating-history");
    await figure.locator(".recharts-line").first().waitFor();
    expect(await figure.locator(".recharts-legend-item").count()).toBe(4);
    await figure.locator("summary").click();
    const head = await figure.locator("thead th").allInnerTexts();
    expect(head.slice(0, 2)).toEqual(["snapshot", "rated matches"]);
    expect(head.slice(2).sort()).toEqual([...names].sort());
    const body = figure.locator("tbody tr");
    expect(await body.count()).toBe(2);
    const col = head.indexOf(names[3]!);
    expect((await body.nth(0).locator("td").nth(col).innerText()).trim()).toBe("–");
    expect((await body.nth(1).locator("td").nth(col).innerText()).trim()).toMatch(/^-?\d+ \+\d+\/−\d+( \(wide\))?$/);
    // Agent 2 lost both its matches: winless, so the word and its bound in the table, never the fit's number.
    const winless = head.indexOf(names[2]!);
    expect((await body.nth(0).locator("td").nth(winless).innerText()).trim()).toMatch(/^winless(, ≤ -?\d+| \(no bound\))$/);
    expect((await body.nth(1).locator("td").nth(winless).innerText()).trim()).toMatch(/^winless(, ≤ -?\d+| \(no bound\))$/);
    expect((await body.nth(0).locator("td").nth(1).innerText()).trim()).toBe("8");
    expect((await body.nth(1).locator("td").nth(1).innerText()).trim()).toBe("16");
    await figure.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/tournament-rating-history.png`, fullPage: true });
    await page.close();
  }, 120_000);

  it("answers both reads over the JSON API", async () => {
    const json = async (path: string) => windowedLeaderboardSchema.parse(await (await fetch(`${web.url}${path}`)).json());
    const windowed = await json(`/api/leaderboard?examiner=${examinerId}&window=30d`);
    expect(windowed.rows).toHaveLength(4);
    expect(windowed.window?.days).toBe(30);
    expect(windowed.window?.matches).toBe(8);
    const byName = Object.fromEntries((windowed.window?.rows ?? []).map((r) => [r.name, r]));
    expect(Object.fromEntries(Object.entries(byName).map(([k, r]) => [k, r.games]))).toEqual({
      [names[0]!]: 4,
      [names[1]!]: 6,
      [names[3]!]: 6,
    });
    // Recent records: agent 1 4-2, agent 0 2-2, agent 3 2-4, so the window orders them 1 > 0 > 3 (all time has agent 0 first).
    expect(byName[names[1]!]!.rating).toBeGreaterThan(byName[names[0]!]!.rating);
    expect(byName[names[0]!]!.rating).toBeGreaterThan(byName[names[3]!]!.rating);
    expect(plainTop(windowed.rows)).toBe(names[0]);
    const plain = await json(`/api/leaderboard?examiner=${examinerId}`);
    expect(plain.window).toBeUndefined();
    expect((await fetch(`${web.url}/api/leaderboard?window=7d`)).status).toBe(400);

    const history = ratingHistorySchema.parse(await (await fetch(`${web.url}/api/ratings/history?tournament=${tournamentId}`)).json());
    expect(history.map((s) => s.matchesCounted)).toEqual([8, 16]);
    expect(history[0]!.ratings.map((r) => r.name).sort()).toEqual([names[0], names[1], names[2]].sort());
    expect(history[1]!.ratings).toHaveLength(4);
    expect(history[1]!.ratings.find((r) => r.name === names[2])?.unbounded?.side).toBe("winless");
    const missing = await fetch(`${web.url}/api/ratings/history?tournament=nope`);
    expect(missing.status).toBe(404);
    expect(apiErrorSchema.parse(await missing.json()).error.code).toBe("not_found");
    expect((await fetch(`${web.url}/api/ratings/history`)).status).toBe(400);
  }, 60_000);
});
