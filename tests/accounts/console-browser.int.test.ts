import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { PrismaClient } from "@arena/db";
import { heuristicExaminerConfig } from "@arena/match";
import { ensureSimulatedAgents } from "@arena/tournament";
import { freshDb } from "../helpers/arena";
import { hydrated, workerChromium, SCREENSHOTS } from "../web/browser";
import { accountsEnv, createUser, PASSWORD } from "./fixtures";
import { sharedWeb, type SharedWeb } from "../helpers/web";

const env = accountsEnv();
Object.assign(process.env, env);

/**
 * The operator console driven by its labelled forms: an admin generates a synthetic world, builds
 * a tournament from it, and sees only the lifecycle actions the tournament's status allows.
 */
describe("operator console in a browser", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;

  beforeAll(async () => {
    db = await freshDb();
    await createUser(db, "admin", "console@example.test");
    await ensureSimulatedAgents(db, "con", [
      { index: 0, p_depth: 0.7, p_width: 0.7 },
      { index: 1, p_depth: 0.4, p_width: 0.4 },
    ]);
    await heuristicExaminerConfig(db);
    web = await sharedWeb();
    browser = await workerChromium();
  }, 660_000);
  afterAll(async () => {
    await browser?.close();
    await db?.$disconnect();
  });

  const actions = (page: Page, name: string) => page.locator("tr", { hasText: name }).getByRole("button").allTextContents();

  it("generates a world, creates a tournament from it and offers only the actions its status allows", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${web.url}/console/trees`);
      await page.waitForURL(/\/signin/);
      await page.getByLabel("Email").fill("console@example.test");
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${web.url}/console/trees`);

      // The console's forms are React's: typed text before hydration is reset (three files at once make that likelier).
      await hydrated(page.getByRole("button", { name: "Generate" }));
      await page.getByLabel("World seed").fill("console-world");
      await page.getByRole("button", { name: "Generate" }).click();
      await page.getByRole("status").getByText("The synthetic world is generated: its trees are listed below.").waitFor();
      const trees = await db.tree.count();
      expect(trees).toBeGreaterThan(0);
      await expect.poll(() => page.locator('[data-testid="console-trees"] tr[data-tree]').count()).toBe(trees);
      await page.screenshot({ path: `${SCREENSHOTS}/console-trees.png`, fullPage: true });

      // Fresh trees on a schedule: a source and the schedule's settings, as `arena source add` / `arena schedule set`.
      await page.getByLabel("source kind").selectOption("feed");
      await page.getByLabel("URL or topic").fill("https://news.example/feed.xml");
      await page.getByRole("button", { name: "Add source" }).click();
      await page.getByTestId("sources").getByText("https://news.example/feed.xml").waitFor();
      expect(await db.topicSource.findMany({ select: { kind: true, value: true } })).toEqual([
        { kind: "feed", value: "https://news.example/feed.xml" },
      ]);
      await page.getByLabel("new trees per run").fill("3");
      await page.getByLabel("retire after (days)").fill("30");
      await page.getByRole("button", { name: "Save schedule" }).click();
      await page.getByText("The schedule is saved.").waitFor();
      expect(await db.treeSchedule.findUniqueOrThrow({ where: { id: "default" } })).toMatchObject({
        treesPerRun: 3,
        maxAgeDays: 30,
        enabled: false,
      });
      await page.screenshot({ path: `${SCREENSHOTS}/console-schedule.png`, fullPage: true });

      await page.goto(`${web.url}/console/tournaments`);
      await hydrated(page.getByRole("button", { name: "Estimate" }));
      await page.getByLabel("Name", { exact: true }).fill("console cup");
      const agents = page.getByRole("group", { name: "Agents" });
      const treeList = page.getByRole("group", { name: "Trees" });
      await expect.poll(() => agents.getByRole("checkbox").count()).toBe(2);
      await agents.getByRole("checkbox").first().check();
      await agents.getByRole("button", { name: "Select all" }).click();
      await expect.poll(() => page.getByTestId("agentIds-count").innerText()).toBe("2 of 2 selected");
      await treeList.getByRole("checkbox").first().check();
      await page.getByLabel("Rounds", { exact: true }).fill("2");
      await page.getByLabel("Pairing", { exact: true }).selectOption("info");
      await page.getByLabel("Cost cap (USD)").fill("5");
      // The estimate before creating, as a table: calls (2 matches × 4 rounds × 2 agents), USD, time.
      await page.getByRole("button", { name: "Estimate" }).click();
      const estimate = page.getByTestId("tournament-estimate");
      await estimate
        .getByRole("row", { name: /Agent calls/ })
        .getByText("about 16")
        .waitFor();
      expect(await estimate.innerText()).toContain("2 matches × 4.0 rounds per match × 2 agents (2 rounds, 2 agents)");
      await estimate
        .getByRole("row", { name: /Cost \(USD\)/ })
        .getByText(/^\$0\.00/)
        .waitFor();
      await estimate.getByRole("row", { name: /Time/ }).waitFor();
      await page.getByRole("button", { name: "Create (draft)" }).click();
      await page.getByRole("cell", { name: "console cup" }).waitFor();
      // After Create the form is blank again: nothing invites a second, identical create.
      await expect.poll(() => page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
      expect(await page.getByTestId("agentIds-count").innerText()).toBe("0 of 2 selected");
      expect(await page.getByTestId("treeIds-count").innerText()).toMatch(/^0 of \d+ selected$/);
      expect(await page.getByLabel("Pairing", { exact: true }).inputValue()).toBe("swiss");
      await page.screenshot({ path: `${SCREENSHOTS}/console-form-after-create-1280.png`, fullPage: true });
      // Both agents are entered: "add agent…" has nobody left to offer.
      await expect.poll(() => page.getByLabel("add agent to console cup").locator("option").allTextContents()).toEqual(["add agent…"]);
      expect(await db.tournament.findFirstOrThrow({ where: { name: "console cup" } })).toMatchObject({
        pairing: "info",
        costCapUsd: 5,
        agentCapUsd: null,
      });
      await expect.poll(() => actions(page, "console cup")).toEqual(["start", "cancel"]);

      await page.locator("tr", { hasText: "console cup" }).getByRole("button", { name: "start" }).click();
      await expect.poll(() => actions(page, "console cup")).toEqual(["pause", "cancel"]);
      expect((await db.tournament.findFirstOrThrow({ where: { name: "console cup" } })).status).toBe("running");
      await page.screenshot({ path: `${SCREENSHOTS}/console-tournaments.png`, fullPage: true });

      await page.locator("tr", { hasText: "console cup" }).getByRole("button", { name: "cancel" }).click();
      await expect.poll(() => actions(page, "console cup")).toEqual([]);

      // A continuous tournament from the same form: its estimate covers its first rounds only.
      await page.getByLabel("Name", { exact: true }).fill("console stream");
      await agents.getByRole("button", { name: "Select all" }).click();
      await treeList.getByRole("checkbox").first().check();
      await page.getByLabel("Pairing", { exact: true }).selectOption("info");
      await page.getByLabel("Mode", { exact: true }).selectOption("continuous");
      await page.getByRole("button", { name: "Estimate" }).click();
      await estimate.getByText(/the first \d+ rounds of a continuous tournament: only the caps bound it/).waitFor();
      await page.getByRole("button", { name: "Create (draft)" }).click();
      await page.getByRole("cell", { name: "console stream" }).waitFor();
      expect(await db.tournament.findFirstOrThrow({ where: { name: "console stream" } })).toMatchObject({
        mode: "continuous",
        pairing: "info",
      });
      await page.locator("tr", { hasText: "console stream" }).getByText("continuous, not started").waitFor();
    } finally {
      await page.close();
    }
  });
});
