import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { freshDb } from "../helpers/arena";
import { plantWins, refitAfterMatches } from "../helpers/planted";
import { unbeatenResults } from "../unbeaten-fixture";
import { sharedWeb, type SharedWeb } from "../helpers/web";
import { draftTournament, flushRedis } from "../tournament-fixtures";
import { workerChromium, SCREENSHOTS } from "./browser";

/**
 * The leaderboard on the one table component, in Chromium at a desktop and a phone width: every
 * column reachable (the agent column stays in view while the rest scroll), the column chooser,
 * sort and columns kept in the URL, and agents without a finite rating worded as unbeaten/winless.
 *
 * Results are planted so the answer is known: agent 0 wins every match (unbeaten), agent 7 loses
 * every match (winless), agents 1–5 beat each other in a circle (finite ratings), agent 6 played
 * two matches (preliminary, with one win and one loss).
 */
describe("the leaderboard table", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let tournamentId: string;
  let names: string[];
  let results: [number, number][];

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    const { tournament, agentIds, treeIds, config } = await draftTournament(db, { agents: 8, trees: 1, rounds: 3 });
    tournamentId = tournament.id;
    const agents = await db.agent.findMany({ where: { id: { in: agentIds } } });
    names = agentIds.map((id) => agents.find((a) => a.id === id)!.name);
    results = unbeatenResults(); // [winner, loser]
    await db.tree.update({ where: { id: treeIds[0]! }, data: { topic: "Lighthouses" } });
    await db.agent.update({
      where: { id: agentIds[0]! },
      data: { organisation: "Acme Research Lab", link: "https://acme.example/agent", model: "acme-deep-1" },
    });
    const start = Date.now() - results.length * 60_000;
    const scope = { tournamentId, treeId: treeIds[0]!, agentIds, config };
    await plantWins(db, scope, results, { seed: (n) => `planted-${n}`, finishedAt: (n) => new Date(start + n * 60_000) });
    await refitAfterMatches(db, scope);
    [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  const header = (page: Page, id: string) => page.locator(`[data-testid="leaderboard-table"] th[data-column="${id}"]`);
  const row = (page: Page, k: number) => page.locator(`[data-testid="leaderboard-row"][data-agent="${names[k]}"]`);

  for (const width of [1280, 390]) {
    it(`at ${width} px: default columns, unbounded ratings in words, every column reachable, chooser and sort in the URL`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      page.setDefaultTimeout(20_000);
      try {
        await page.goto(`${web.url}/?tournament=${tournamentId}`);
        await expect.poll(() => page.getByTestId("leaderboard-row").count()).toBe(8);
        const shown = await Promise.all(
          (await page.locator('[data-testid="leaderboard-table"] th').all()).map((th) => th.getAttribute("data-column")),
        );
        // No report score is stored for this scope, so its four score columns are hidden by default.
        expect(shown).toEqual(["rank", "name", "rating", "matches", "wlt", "winRate"]);
        expect(await page.getByTestId("scale-note").innerText()).toMatch(/400 points apart means 10:1 odds[\s\S]*share a rank/);

        // Unbeaten and winless agents: a word and the bound, never the fit's number.
        expect(await row(page, 0).getByTestId("rating").innerText()).toMatch(/^unbeaten, ≥ \d+$/);
        expect(await row(page, 7).getByTestId("rating").innerText()).toMatch(/^winless, ≤ -?\d+$/);
        expect(await row(page, 1).getByTestId("rating").innerText()).toMatch(/^-?\d+ \+\d+\/−\d+( \(wide\))?$/);
        const unbeatenBound = Number((await row(page, 0).getByTestId("rating").innerText()).split("≥ ")[1]);
        const finite = await Promise.all(
          [1, 2, 3, 4, 5].map(async (k) => Number((await row(page, k).getByTestId("rating").innerText()).split(" ")[0])),
        );
        expect(unbeatenBound).toBeLessThan(Math.max(...finite) + 1000);
        expect(await row(page, 6).innerText()).toContain("preliminary");

        // Every column is reachable: scrolled into view, each header lies inside the viewport,
        // and the agent column stays in view at the far right.
        for (const id of shown) {
          const th = header(page, id!);
          await th.scrollIntoViewIfNeeded();
          const box = (await th.boundingBox())!;
          expect(box.x, id!).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, id!).toBeLessThanOrEqual(width + 1);
        }
        const agentCell = row(page, 1).locator("td").nth(1);
        const agentBox = (await agentCell.boundingBox())!;
        expect(agentBox.x).toBeGreaterThanOrEqual(0);
        expect(agentBox.x + agentBox.width).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SCREENSHOTS}/leaderboard-table-${width}-scrolled.png`, fullPage: true });
        await page.evaluate(`document.querySelector('[data-testid="leaderboard-table"] section').scrollTo({ left: 0 })`);

        // Sort by win rate: in the URL, rows in that order, kept on reload.
        await header(page, "winRate").getByRole("button").click();
        await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("-winRate");
        expect(await page.getByTestId("leaderboard-row").first().getAttribute("data-agent")).toBe(names[0]);
        expect(await page.getByTestId("leaderboard-row").last().getAttribute("data-agent")).toBe(names[7]);
        await header(page, "winRate").getByRole("button").click();
        await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("winRate");
        await page.reload();
        expect(await header(page, "winRate").getAttribute("aria-sort")).toBe("ascending");
        expect(await page.getByTestId("leaderboard-row").first().getAttribute("data-agent")).toBe(names[7]);

        // The chooser: the optional columns (the flagged-passages one among them), Elo added, kept in the URL.
        const chooser = page.getByTestId("leaderboard-table-columns");
        expect(await chooser.locator("summary").innerText()).toBe("Columns: 4 of 20 shown");
        await chooser.locator("summary").click();
        await chooser.locator('input[data-column="elo"]').check();
        await expect.poll(() => new URL(page.url()).searchParams.get("cols") ?? "").toContain("elo");
        expect(await header(page, "elo").count()).toBe(1);
        expect(await chooser.locator("summary").innerText()).toBe("Columns: 5 of 20 shown");
        await page.screenshot({ path: `${SCREENSHOTS}/leaderboard-table-${width}-chooser.png`, fullPage: true });
        await page.reload();
        expect(await header(page, "elo").count()).toBe(1);

        // Every optional column can be shown and reached too.
        await chooser.locator("summary").click();
        for (const box of await chooser.locator("input[type=checkbox]").all()) await box.check();
        expect(await page.locator('[data-testid="leaderboard-table"] th').count()).toBe(22);
        const last = header(page, "profile");
        await last.scrollIntoViewIfNeeded();
        expect((await last.boundingBox())!.x).toBeLessThan(width);

        // The text filter, also in the URL.
        await page.getByTestId("leaderboard-table-filter").fill(names[3]!);
        await expect.poll(() => page.getByTestId("leaderboard-row").count()).toBe(1);
        expect(new URL(page.url()).searchParams.get("q")).toBe(names[3]);
        await page.goto(`${web.url}/?tournament=${tournamentId}`);
        await page.screenshot({ path: `${SCREENSHOTS}/leaderboard-table-${width}.png`, fullPage: true });

        // The topic leaderboard (the trees' category), chosen through the URL.
        await page
          .getByTestId("topic-chips")
          .getByRole("link", { name: /Lighthouses/ })
          .click();
        await page.waitForURL(/topic=Lighthouses/);
        await expect.poll(() => page.getByTestId("category-row").count()).toBe(8);
        expect(await page.getByTestId("category-note").innerText()).toContain(
          `the ${results.length} rated matches played on trees of the topic Lighthouses`,
        );
        expect(await page.locator(`[data-testid="category-row"][data-agent="${names[0]}"] [data-testid="rating"]`).innerText()).toMatch(
          /^unbeaten, ≥ \d+$/,
        );
        expect(await page.getByTestId("last-updated").innerText()).toMatch(
          /^Last updated \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)? UTC: the first snapshot of this scope\.$/,
        );
        await page.screenshot({ path: `${SCREENSHOTS}/leaderboard-topic-${width}.png`, fullPage: true });

        // Agent metadata: optional columns, and the agent page.
        await page.goto(`${web.url}/?tournament=${tournamentId}&cols=rank,name,organisation,model,submitted`);
        const meta = await row(page, 0).innerText();
        expect(meta).toContain("Acme Research Lab");
        expect(meta).toContain("acme-deep-1");
        expect(meta).toMatch(/\d{4}-\d\d-\d\d/);
        await row(page, 0).getByRole("link", { name: names[0] }).click();
        await page.waitForURL(/\/agents\//);
        expect(await page.getByTestId("agent-metadata").innerText()).toMatch(
          /^by Acme Research Lab · submitted \d{4}-\d\d-\d\d · https:\/\/acme\.example\/agent$/,
        );

        // The tournament's standings mark the preliminary agent and word the unbounded ones too.
        await page.goto(`${web.url}/tournaments/${tournamentId}`);
        const standings = page.getByTestId("standings-table");
        expect(await standings.locator(`tr[data-agent="${names[6]}"]`).innerText()).toContain("preliminary");
        expect(await standings.locator(`tr[data-agent="${names[0]}"]`).innerText()).toMatch(/unbeaten, ≥ \d+/);
        await standings.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOTS}/standings-${width}.png` });
      } finally {
        await page.close();
      }
    }, 120_000);
  }
});
