import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { freshDb, waitFor } from "../helpers/arena";
import { flushRedis } from "../tournament-fixtures";
import { workerChromium, SCREENSHOTS } from "./browser";
import { HOSTILE_MARKER, startHostileAgentServer, type HostileAgentServer } from "./hostile-agent-server";
import { playHostileMatch, runTournament, type TournamentRun } from "./seed";
import { sharedWeb, type SharedWeb } from "../helpers/web";

/**
 * The pages in Debian's Chromium against a production build: a visitor's path through real data
 * (screenshots in var/screenshots/), a tournament page that updates itself while workers play, and
 * hostile agent answers rendered as inert text.
 */
describe("web pages in a browser", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let hostile: HostileAgentServer;
  let seeded: TournamentRun;
  let hostileMatchId: string;

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    hostile = await startHostileAgentServer();
    seeded = await runTournament(db, { agents: 4, trees: 2, rounds: 2, latencyMs: 5 });
    await seeded.finished();
    hostileMatchId = await playHostileMatch(db, hostile, seeded.treeIds[0]!);
    [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await seeded?.close();
    await hostile?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  async function newPage(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    return page;
  }

  it("a visitor goes leaderboard → agent → match → tree node, and no link in view asks the server to prefetch", async () => {
    const page = await newPage();
    // Every page is rendered per request; a prefetch per link in view cost the server a render each
    // (src/components/link.tsx). A click still loads the page it names.
    const prefetches: string[] = [];
    page.on("request", (r) => void (r.headers()["next-router-prefetch"] && prefetches.push(r.url())));
    try {
      await page.goto(`${web.url}/`);
      const rows = page.getByTestId("leaderboard-row");
      await expect.poll(() => rows.count()).toBe(4);
      await expect.poll(() => page.getByTestId("live-status").getAttribute("data-state")).toBe("live");
      await page.screenshot({ path: `${SCREENSHOTS}/leaderboard.png`, fullPage: true });

      const top = rows.first();
      const agentName = (await top.getAttribute("data-agent"))!;
      await top.getByRole("link", { name: agentName }).click();
      await page.waitForURL(/\/agents\/[^/?]+/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain(agentName);
      await page.screenshot({ path: `${SCREENSHOTS}/agent.png`, fullPage: true });

      await page.locator('a[href^="/matches/"]').first().click();
      await page.waitForURL(/\/matches\/[^/?]+$/);
      const matchId = new URL(page.url()).pathname.split("/").pop()!;
      const match = await db.match.findUniqueOrThrow({
        where: { id: matchId },
        include: { agentA: true, agentB: true, roundRows: { orderBy: { number: "asc" } } },
      });
      expect([match.agentA.name, match.agentB.name]).toContain(agentName);
      const first = page.getByTestId("round-1");
      await first.waitFor();
      expect(await first.getByTestId("answer-a").innerText()).toContain(firstWords(match.roundRows[0]!.answerA));
      expect(await first.getByTestId("answer-b").innerText()).toContain(firstWords(match.roundRows[0]!.answerB));
      await expect.poll(() => page.locator('article[data-testid^="round-"]').count()).toBe(match.roundRows.length);
      await page.screenshot({ path: `${SCREENSHOTS}/match.png`, fullPage: true });

      const nodeLink = first.locator(`a[href^="/trees/${match.treeId}/nodes/"]`).last();
      const nodeId = (await nodeLink.getAttribute("href"))!.split("/").pop()!;
      await nodeLink.click();
      await page.waitForURL(new RegExp(`/trees/${match.treeId}/nodes/${nodeId}`));
      const node = await db.node.findUniqueOrThrow({ where: { id: nodeId } });
      const content = page.getByTestId("node-content");
      await content.waitFor();
      expect(await content.innerText()).toContain(firstWords(node.content));
      await page.screenshot({ path: `${SCREENSHOTS}/tree-node.png`, fullPage: true });
      expect(prefetches).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("the analysis page draws its charts once hydrated", async () => {
    const page = await newPage();
    try {
      await page.goto(`${web.url}/analysis`);
      // Server HTML holds the figures' captions; the SVG charts exist only after React hydrates.
      await expect.poll(() => page.locator("svg.recharts-surface").count()).toBeGreaterThanOrEqual(5);
      await expect.poll(() => page.locator('[data-testid="heatmap-winrate"] td').count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${SCREENSHOTS}/analysis.png`, fullPage: true });
    } finally {
      await page.close();
    }
  });

  it("answers carrying scripts, event handlers, javascript: links, iframes and raw HTML render as text and run nothing", async () => {
    const page = await newPage();
    const dialogs: string[] = [];
    const console: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on("console", (m) => console.push(m.text()));
    try {
      await page.goto(`${web.url}/matches/${hostileMatchId}`);
      const answer = page.getByTestId("round-1").getByTestId("answer-a");
      await answer.waitFor();
      const text = await answer.innerText();
      expect(text).toContain(HOSTILE_MARKER);
      for (const shown of ["<script>", "onerror=", "<iframe", "<svg onload=", "<b onmouseover="]) expect(text).toContain(shown);
      await answer.hover(); // would fire onmouseover handlers, if any were attributes
      await page.waitForTimeout(500); // give any injected handler a chance to run before looking for its effects
      await page.screenshot({ path: `${SCREENSHOTS}/hostile-match.png`, fullPage: true });

      expect(dialogs).toEqual([]);
      expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
      const answers = page.locator('[data-testid="answer-a"], [data-testid="answer-b"]');
      expect(await answers.locator("script, iframe, svg, img, object, embed").count()).toBe(0);
      const injected = await answers.evaluateAll((els) =>
        (els as unknown as DomElement[]).flatMap((el) =>
          Array.from(el.querySelectorAll("*")).flatMap((e) =>
            Array.from(e.attributes)
              .filter((a) => /^on/i.test(a.name))
              .map((a) => `${e.tagName} ${a.name}`),
          ),
        ),
      );
      expect(injected).toEqual([]);
      const hrefs = await page
        .locator("a[href]")
        .evaluateAll((els) => (els as unknown as DomElement[]).map((a) => a.getAttribute("href")!));
      expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
      expect(console.filter((m) => /script|onerror|iframe|pwned/i.test(m))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("an open tournament page shows a match finishing without a reload", async () => {
    // A second tournament, slow enough to watch: 4 s answers.
    const live = await runTournament(db, { agents: 4, trees: 1, rounds: 1, latencyMs: 4000 });
    const page = await newPage();
    try {
      await waitFor(
        () => db.match.count({ where: { tournamentId: live.tournamentId } }).then((n) => n > 0),
        "the live tournament's first pairing",
      );
      await page.goto(`${web.url}/tournaments/${live.tournamentId}`);
      await page.evaluate(() => ((globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await expect.poll(() => page.getByTestId("live-status").getAttribute("data-state")).toBe("live");
      // A match the page shows unfinished; the page must show its result by itself.
      const unfinished = page
        .getByTestId("swiss-round-1")
        .locator("li li")
        .filter({ hasNotText: / won$|tie$/ })
        .first();
      const watchedId = (await unfinished.locator('a[href^="/matches/"]').getAttribute("href"))!.split("/").pop()!;
      const chip = page.locator(`li:has(> a[href="/matches/${watchedId}"])`);

      const done = await waitFor(
        () =>
          db.match
            .findFirst({ where: { id: watchedId, status: "completed" }, include: { agentA: true, agentB: true } })
            .then((m) => m ?? undefined),
        "the watched match to finish",
        120_000,
      );
      const result = done.winner === "A" ? `${done.agentA.name} won` : done.winner === "B" ? `${done.agentB.name} won` : "tie";
      await expect.poll(() => chip.innerText(), { timeout: 20_000 }).toContain(result);
      expect(await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}/tournament-live.png`, fullPage: true });
      await live.finished();
    } finally {
      await page.close();
      await live.close();
    }
  });
});

/** The part of the DOM the page checks touch (the tests compile without the DOM library). */
interface DomElement {
  tagName: string;
  attributes: ArrayLike<{ name: string }>;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}

/** The first words of a stored text, whitespace-collapsed as a browser renders them. */
function firstWords(text: string | null): string {
  return (text ?? "")
    .replace(/[#*_`>[\]]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 4)
    .join(" ");
}
