process.env.ARENA_QUEUE_PREFIX = `web-axe-${process.pid}`;
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { freshDb } from "../helpers/arena";
import { startWeb, type ArenaProcess } from "../helpers/web";
import { flushRedis } from "../tournament-fixtures";
import { launchChromium } from "./browser";
import { runTournament, type TournamentRun } from "./seed";

/** The live-event stream a page keeps open (LiveRefresh): it never finishes, so it never counts as traffic. */
const EVENT_STREAM = /\/api\/events(\?|$)/;
/** True once no live status on the page still says "connecting" (its stream opened, or it fell back to polling). */
const LIVE_STATUS_SETTLED = `[...document.querySelectorAll('[data-testid="live-status"]')].every((el) => el.getAttribute("data-state") !== "connecting")`;
const QUIET_MS = 500;

/**
 * Opens `url` and returns once the page is what a reader sees: loaded, every request but the
 * live-event stream answered and none started for QUIET_MS (Playwright's "networkidle", which
 * a page holding its event stream open never reaches), and its live status past "connecting".
 */
async function settled(page: Page, url: string): Promise<void> {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const track = (started: boolean) => (req: Request) => {
    if (EVENT_STREAM.test(req.url())) return;
    if (started) open.add(req);
    else open.delete(req);
    lastChange = Date.now();
  };
  page.on("request", track(true));
  page.on("requestfinished", track(false));
  page.on("requestfailed", track(false));
  await page.goto(url);
  await expect.poll(() => open.size === 0 && Date.now() - lastChange >= QUIET_MS, { message: `${url}: requests still open` }).toBe(true);
  await page.waitForFunction(LIVE_STATUS_SETTLED);
}

/**
 * axe-core (WCAG 2 A and AA rules) on every public page with real data, at a desktop and a phone
 * width: no serious or critical violation. Moderate and minor findings are printed, not failed.
 */
describe("accessibility of the public pages", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let browser: Browser;
  let seeded: TournamentRun;
  let pages: string[];

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    seeded = await runTournament(db, { agents: 4, trees: 1, rounds: 2, latencyMs: 5 });
    await seeded.finished();
    const match = await db.match.findFirstOrThrow({ where: { tournamentId: seeded.tournamentId, status: "completed" }, orderBy: { rounds: "desc" } });
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
    [web, browser] = await Promise.all([startWeb(), launchChromium()]);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await seeded?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px: no serious or critical violation`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const found: string[] = [];
      try {
        for (const path of pages) {
          const page = await context.newPage();
          await settled(page, `${web.url}${path}`);
          const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
          for (const v of result.violations) {
            const line = `${path}: [${v.impact}] ${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`;
            if (v.impact === "serious" || v.impact === "critical") found.push(line);
            else console.log(line);
          }
          await page.close();
        }
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
    }, 180_000);
  }
});
