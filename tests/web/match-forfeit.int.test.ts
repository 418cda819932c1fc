import { createServer } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { createMatch, heuristicExaminerConfig, matchDeps, runMatch } from "@arena/match";
import { freshDb, importSharedTree } from "../helpers/arena";
import { signIn, sharedWeb, type SharedWeb } from "../helpers/web";
import { accountsEnv, createUser, PASSWORD } from "../accounts/fixtures";
import { workerChromium, SCREENSHOTS } from "./browser";

const env = accountsEnv();
Object.assign(process.env, env);

/**
 * An owner's agent whose endpoint refuses every connection plays a healthy agent: the match page
 * shows each round as a forfeit (not as the examiner's judgement) and the match as won by
 * forfeit, and neither the public page nor the public API names the failing endpoint; its owner
 * and an admin read the detail.
 */
describe("match page: a match won by forfeit", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let matchId: string;
  let agentAId: string;
  let endpoint: string;
  const cookies = { owner: "", admin: "" };

  beforeAll(async () => {
    db = await freshDb();
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    endpoint = `127.0.0.1:${(probe.address() as { port: number }).port}`;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const owner = await createUser(db, "owner", "forfeit-owner@example.test");
    await createUser(db, "admin", "forfeit-admin@example.test");
    const treeId = (await importSharedTree(db, "tree_0025.json")).id;
    const a = await db.agent.create({
      data: {
        name: "refusing-agent",
        protocol: "arena_http",
        endpoint: `http://${endpoint}/answer`,
        config: { timeoutMs: 800, deadlineMs: 5000, pollIntervalMs: 100, maxBytes: 1_000_000 },
        status: "healthy",
        ownerId: owner.id,
      },
    });
    const b = await db.agent.create({
      data: { name: "answering-agent", protocol: "simulated", config: { p_depth: 1, p_width: 1 }, status: "healthy" },
    });
    agentAId = a.id;
    const m = await createMatch(db, {
      treeId,
      agentAId: a.id,
      agentBId: b.id,
      examinerConfigId: (await heuristicExaminerConfig(db)).id,
      seed: "forfeit-page",
    });
    await runMatch(db, m.id, await matchDeps(db, m.id, { allow: [endpoint] }));
    matchId = m.id;

    [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
    cookies.owner = await signIn(web.url, "forfeit-owner@example.test", PASSWORD);
    cookies.admin = await signIn(web.url, "forfeit-admin@example.test", PASSWORD);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await db?.$disconnect();
  });

  it("the public page shows every round as a forfeit and the match as won by forfeit, without the endpoint", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
    page.setDefaultTimeout(20_000);
    try {
      await page.goto(`${web.url}/matches/${matchId}`);
      const rounds = await db.round.count({ where: { matchId } });
      expect(rounds).toBeGreaterThan(0);
      const badges = page.getByTestId("round-forfeit");
      expect(await badges.count()).toBe(rounds);
      expect(await badges.first().innerText()).toBe("Forfeit: seat A's agent refusing-agent failed (class refused)");
      // The verdict row is not the examiner's: the forfeit row says no judge was asked.
      const round1 = page.getByTestId("round-1");
      expect(await round1.innerText()).toContain("no judge was asked, so this is not the examiner's judgement");
      expect(await round1.innerText()).not.toMatch(/\nVerdict\n/);
      expect(await page.getByTestId("won-by-forfeit").innerText()).toBe("by forfeit");
      expect(await page.content()).not.toContain(endpoint);
      await page.screenshot({ path: `${SCREENSHOTS}/match-forfeit.png`, fullPage: false });
      await round1.screenshot({ path: `${SCREENSHOTS}/match-forfeit-round.png` });

      await page.goto(`${web.url}/matches?agent=${agentAId}`);
      expect(await page.getByTestId("match-row").first().innerText()).toContain("won by forfeit");
      await page.screenshot({ path: `${SCREENSHOTS}/matches-won-by-forfeit.png`, fullPage: false });
    } finally {
      await page.close();
    }
  });

  it("GET /api/matches/{id} gives anonymous readers the class only, the owner and admins the detail", async () => {
    const read = async (cookie?: string) => {
      const res = await fetch(`${web.url}/api/matches/${matchId}`, { headers: cookie ? { cookie } : {} });
      expect(res.status).toBe(200);
      return res.text();
    };
    const anonymous = await read();
    expect(anonymous).not.toContain(endpoint);
    const view = JSON.parse(anonymous) as {
      wonByForfeit: boolean;
      roundsList: { forfeit: unknown; a: { error: string; errorDetail: string | null } }[];
    };
    expect(view.wonByForfeit).toBe(true);
    expect(view.roundsList.every((r) => r.a.error === "refused" && r.a.errorDetail === null)).toBe(true);
    expect(view.roundsList[0]!.forfeit).toEqual({ seat: "A", reason: "refused" });
    expect(await read(cookies.admin)).toContain(endpoint);
    expect(await read(cookies.owner)).toContain(endpoint);
  });

  it("the owner signed in sees the detail on the match page", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1100 } });
    const pairs = cookies.owner
      .split("; ")
      .map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1), url: web.url }));
    await context.addCookies(pairs);
    const page = await context.newPage();
    try {
      await page.goto(`${web.url}/matches/${matchId}`);
      expect(await page.content()).toContain(endpoint);
      await page.screenshot({ path: `${SCREENSHOTS}/match-forfeit-owner.png`, fullPage: false });
    } finally {
      await context.close();
    }
  });
});
