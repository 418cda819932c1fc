import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { freshDb } from "../helpers/arena";
import { sharedWeb, type SharedWeb } from "../helpers/web";
import { flushRedis } from "../tournament-fixtures";
import { workerChromium, SCREENSHOTS } from "./browser";
import { runTournament, type TournamentRun } from "./seed";

/**
 * The matches list (filters in the URL, pages, live updates) and a long match page (round
 * navigator, permalinks, answers at full height) in Chromium, on matches played by the real
 * pipeline plus planted failed matches so the list has more than one page.
 */
describe("matches list and match page", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let seeded: TournamentRun;
  const PLANTED = 55;

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    seeded = await runTournament(db, { agents: 4, trees: 2, rounds: 2, latencyMs: 5 });
    await seeded.finished();
    const config = await db.examinerConfig.findUniqueOrThrow({ where: { id: seeded.examinerConfigId } });
    for (let n = 0; n < PLANTED; n++) {
      await db.match.create({
        data: {
          treeId: seeded.treeIds[n % 2]!,
          agentAId: seeded.agentIds[n % 4]!,
          agentBId: seeded.agentIds[(n + 1) % 4]!,
          examinerConfigId: config.id,
          examinerMode: config.mode,
          seed: `planted-${n}`,
          status: "failed",
          error: "planted: the agent did not answer",
          createdAt: new Date(Date.now() - (n + 1) * 3_600_000),
        },
      });
    }
    [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await seeded?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  async function newPage(width: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.setDefaultTimeout(20_000);
    return page;
  }

  for (const width of [1280, 390]) {
    it(`at ${width} px: the matches list filters through the URL and pages through every match`, async () => {
      const page = await newPage(width);
      try {
        const total = await db.match.count();
        await page.goto(`${web.url}/matches`);
        expect(await page.getByTestId("match-count").innerText()).toContain(`${total} matches in all`);
        expect(await page.getByTestId("match-row").count()).toBe(50);
        await page.screenshot({ path: `${SCREENSHOTS}/matches-${width}.png`, fullPage: false });
        await page.getByTestId("older-matches").click();
        await page.waitForURL(/cursor=/);
        await expect.poll(() => page.getByTestId("match-row").count()).toBe(total - 50);

        // Status: the planted failed matches only.
        await page.goto(`${web.url}/matches`);
        await page.getByLabel("Status").selectOption("failed");
        await page.getByRole("button", { name: "Filter" }).click();
        await page.waitForURL(/status=failed/);
        expect(await page.getByTestId("match-count").innerText()).toContain(`${PLANTED} matches pass these filters`);
        const statuses = await Promise.all((await page.getByTestId("match-row").all()).map((r) => r.getAttribute("data-status")));
        expect(new Set(statuses)).toEqual(new Set(["failed"]));

        // Agent + tree + tournament + examiner: the tournament's matches of one agent on one tree.
        const agent = await db.agent.findUniqueOrThrow({ where: { id: seeded.agentIds[0] } });
        const filter = { agentId: agent.id, treeId: seeded.treeIds[0]!, tournamentId: seeded.tournamentId };
        await page.goto(`${web.url}/matches`);
        await page.getByLabel("Agent").selectOption(agent.id);
        await page.getByLabel("Tree").selectOption(filter.treeId);
        await page.getByLabel("Tournament").selectOption(filter.tournamentId);
        await page.getByLabel("Examiner").selectOption(seeded.examinerConfigId);
        await page.getByRole("button", { name: "Filter" }).click();
        await page.waitForURL(/agent=/);
        const url = new URL(page.url());
        expect([
          url.searchParams.get("agent"),
          url.searchParams.get("tree"),
          url.searchParams.get("tournament"),
          url.searchParams.get("examiner"),
        ]).toEqual([agent.id, filter.treeId, filter.tournamentId, seeded.examinerConfigId]);
        const expected = await db.match.count({
          where: { tournamentId: filter.tournamentId, treeId: filter.treeId, OR: [{ agentAId: agent.id }, { agentBId: agent.id }] },
        });
        expect(expected).toBeGreaterThan(0);
        await expect.poll(() => page.getByTestId("match-row").count()).toBe(expected);
        for (const text of await page.getByTestId("match-row").allInnerTexts()) expect(text).toContain(agent.name);
        expect(await page.getByRole("link", { name: "Clear 4 filters" }).count()).toBe(1);
        await page.screenshot({ path: `${SCREENSHOTS}/matches-filtered-${width}.png`, fullPage: true });

        // A malformed filter is a clear state, not an error page.
        await page.goto(`${web.url}/matches?status=exploded`);
        expect(await page.getByText("This page of matches does not exist.").count()).toBe(1);
      } finally {
        await page.close();
      }
    }, 120_000);
  }

  it("the matches list updates itself while a tournament plays", async () => {
    const page = await newPage(1280);
    let live: TournamentRun | undefined;
    try {
      await page.goto(`${web.url}/matches`);
      await expect.poll(() => page.getByTestId("live-status").getAttribute("data-state")).toBe("live");
      const before = await db.match.count();
      live = await runTournament(db, { agents: 2, trees: 1, rounds: 1, latencyMs: 300 });
      await live.finished();
      const after = await db.match.count();
      expect(after).toBeGreaterThan(before);
      await expect.poll(() => page.getByTestId("match-count").innerText(), { timeout: 30_000 }).toContain(`${after} matches in all`);
      await expect.poll(() => page.locator('[data-testid="match-row"][data-status="completed"]').first().innerText()).toMatch(/\d–\d/);
    } finally {
      await live?.close();
      await page.close();
    }
  }, 120_000);

  it("a long match page: round navigator, #round-N permalinks, answers at full height, transitions beside headings", async () => {
    const longest = await db.match.findFirstOrThrow({
      where: { status: "completed", tournamentId: seeded.tournamentId },
      orderBy: { rounds: "desc" },
    });
    expect(longest.rounds).toBeGreaterThanOrEqual(2);
    const n = longest.rounds;
    for (const width of [1280, 390]) {
      const page = await newPage(width);
      try {
        await page.goto(`${web.url}/matches/${longest.id}`);
        const nav = page.getByTestId("round-navigator");
        expect(await nav.locator("a").count()).toBe(n);
        await nav.locator(`a[href="#round-${n}"]`).click();
        await expect.poll(() => new URL(page.url()).hash).toBe(`#round-${n}`);
        await expect.poll(async () => (await page.getByTestId(`round-${n}`).boundingBox())!.y).toBeLessThan(200);
        // The navigator stays in view while reading round N.
        expect((await nav.boundingBox())!.y).toBeGreaterThanOrEqual(-1);
        await page.screenshot({ path: `${SCREENSHOTS}/match-round-${n}-${width}.png` });

        // A permalink opens at its round.
        await page.goto(`${web.url}/matches/${longest.id}#round-2`);
        await expect.poll(async () => Math.abs((await page.getByTestId("round-2").boundingBox())!.y)).toBeLessThan(200);

        // The first round shows its transition beside its heading, and its answers expand.
        const first = page.getByTestId("round-1");
        expect(await first.getByTestId("round-transition").innerText()).toMatch(/^then: /);
        const expand = first.getByRole("button", { name: "Show A's answer at full height" });
        await expand.click();
        expect(await first.getByRole("button", { name: "Show A's answer in a scroll box" }).getAttribute("aria-expanded")).toBe("true");
        expect(await first.locator('[data-expanded="true"]').count()).toBe(1);
        // At full height the box no longer scrolls: its content fits.
        const fits = `(() => { const el = document.querySelector('[data-testid="round-1"] [data-expanded="true"]'); return el.scrollHeight <= el.clientHeight + 1; })()`;
        expect(await page.evaluate(fits)).toBe(true);
        await first.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOTS}/match-expanded-${width}.png` });
      } finally {
        await page.close();
      }
    }
  }, 120_000);

  it("the tournament page's Swiss rounds write each score in the pairing's order", async () => {
    const page = await newPage(1280);
    try {
      await page.goto(`${web.url}/tournaments/${seeded.tournamentId}`);
      const pairings = await db.pairing.findMany({
        where: { round: { tournamentId: seeded.tournamentId }, agentBId: { not: null } },
        include: { agentA: true, agentB: true, matches: true },
      });
      const chips = page.getByTestId("pairing-match");
      expect(await chips.count()).toBe(pairings.reduce((s, p) => s + p.matches.length, 0));
      for (const p of pairings) {
        for (const m of p.matches) {
          const [mine, theirs] = m.agentAId === p.agentAId ? [m.scoreA, m.scoreB] : [m.scoreB, m.scoreA];
          const chip = page.locator(`[data-testid="pairing-match"]:has(a[href="/matches/${m.id}"])`);
          expect(await chip.innerText()).toContain(`${p.agentA.name} ${mine}–${theirs} ${p.agentB!.name}`);
        }
      }
      await page.getByTestId("swiss-round-1").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/tournament-swiss-order.png` });
    } finally {
      await page.close();
    }
  }, 60_000);
});
