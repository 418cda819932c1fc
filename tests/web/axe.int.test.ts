import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { freshDb } from "../helpers/arena";
import { sharedWeb, type SharedWeb } from "../helpers/web";
import { flushRedis } from "../tournament-fixtures";
import { workerChromium } from "./browser";
import { runTournament, type TournamentRun } from "./seed";

/**
 * axe-core (WCAG 2 A and AA rules) on every public page with real data, at a desktop and a phone
 * width: no serious or critical violation. Moderate and minor findings are printed, not failed.
 */
describe("accessibility of the public pages", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let seeded: TournamentRun;
  let pages: string[];

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    seeded = await runTournament(db, { agents: 4, trees: 1, rounds: 2, latencyMs: 5 });
    await seeded.finished();
    const match = await db.match.findFirstOrThrow({
      where: { tournamentId: seeded.tournamentId, status: "completed" },
      orderBy: { rounds: "desc" },
    });
    const node = await db.node.findFirstOrThrow({ where: { treeId: seeded.treeIds[0]! } });
    pages = [
      "/",
      `/?tournament=${seeded.tournamentId}`,
      "/analysis",
      "/matches",
      `/matches/${match.id}`,
      "/tournaments",
      `/tournaments/${seeded.tournamentId}`,
      "/agents",
      `/agents/${seeded.agentIds[0]}`,
      "/trees",
      `/trees/${seeded.treeIds[0]}`,
      `/trees/${seeded.treeIds[0]}/nodes/${node.id}`,
      "/about",
      "/signin",
      "/signup",
    ];
    [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await seeded?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  /**
   * The page as a visitor sees it: loaded (goto waits for the load event) and every chart drawn, which
   * recharts does on the client once it has measured its box. Not "network idle": the live pages
   * keep an event stream open, so that state comes only when its timeout gives up on it.
   */
  const drawn = (page: Page) =>
    page.waitForFunction('[...document.querySelectorAll(".recharts-responsive-container")].every((c) => c.querySelector("svg"))');

  for (const width of [1280, 390]) {
    it(`at ${width} px: no serious or critical violation`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const found: string[] = [];
      try {
        const page = await context.newPage();
        for (const path of pages) {
          await page.goto(`${web.url}${path}`);
          await drawn(page);
          // Legacy mode runs axe in the page itself. The default opens a blank page per analysis to
          // merge the results of each frame (a new renderer, about 1 s of CPU on this machine); the
          // arena's pages have no frames (asserted), so both modes check the same rules on the same nodes.
          expect(page.frames(), path).toHaveLength(1);
          const result = await new AxeBuilder({ page })
            .setLegacyMode(true)
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
            // Every rule still runs on every node and every violation is reported in full; passes,
            // incomplete and inapplicable results (which the test does not read) keep one node each
            // instead of all of them (axe's documented option for large pages).
            .options({ resultTypes: ["violations"] })
            .analyze();
          for (const v of result.violations) {
            const line = `${path}: [${v.impact}] ${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(" "))
              .join(" | ")}`;
            if (v.impact === "serious" || v.impact === "critical") found.push(line);
            else console.log(line);
          }
        }
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
    }, 300_000); // fifteen axe runs, while another test file runs beside this one on a two-core machine
  }
});
