import { readFile } from "node:fs/promises";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { roundInWords } from "@arena/core";
import { drArenaTreePath } from "@arena/dr-arena-trees";
import { createQueue, createRedis } from "@arena/jobs";
import { createMatch } from "@arena/match";
import { freshDb } from "../helpers/arena";
import { createAccount, sharedWeb, type SharedWeb } from "../helpers/web";
import { flushRedis } from "../tournament-fixtures";
import { hydrated, workerChromium, SCREENSHOTS } from "./browser";
import { runTournament, type TournamentRun } from "./seed";

const PASSWORD = "console-test-password-1";

/**
 * The console as an admin sees it, in Chromium: the overview at a glance, every agent (simulated
 * ones too) with its actions, tree upload feedback in sentences, a re-upload offered as keep or
 * replace, retiring a tree that has matches; and the one not-allowed page for an owner.
 */
describe("the console", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let seeded: TournamentRun;

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    seeded = await runTournament(db, { agents: 3, trees: 1, rounds: 1, latencyMs: 5 });
    await seeded.finished();
    await createAccount("admin@console.test", "admin", PASSWORD);
    await createAccount("owner@console.test", "owner", PASSWORD);
    [web, browser] = await Promise.all([sharedWeb(), workerChromium()]);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await seeded?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  // Sign-ins are rate-limited (5 a minute per address): each account signs in once, later pages reuse its cookies.
  const sessions = new Map<string, BrowserContextOptions["storageState"]>();
  async function signedIn(email: string, width = 1280): Promise<Page> {
    const saved = sessions.get(email);
    const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: saved });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    if (saved) return page;
    await page.goto(`${web.url}/signin?next=/`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${web.url}/`);
    sessions.set(email, await context.storageState());
    return page;
  }

  for (const width of [1280, 390]) {
    it(`at ${width} px: the overview shows the arena at a glance`, async () => {
      const page = await signedIn("admin@console.test", width);
      // A job set to run later (as the people's queue debounces its recomputations) is counted as such, not as a retry.
      const redis = createRedis();
      const people = createQueue("people", redis);
      await people.add("people", {}, { jobId: `console-later-${width}`, delay: 600_000 });
      try {
        await page.goto(`${web.url}/console`);
        expect(await page.getByTestId("overview-tournaments").innerText()).toContain("None is running");
        const queues = await page.getByTestId("overview-queues").innerText();
        for (const q of ["crawl", "match", "tournament", "scoring"]) expect(queues).toMatch(new RegExp(`${q}: \\d+ waiting, \\d+ running`));
        expect(queues).toMatch(/people: \d+ waiting, \d+ running, [1-9]\d* scheduled for later/);
        const matches = await db.match.count({ where: { status: "completed", rounds: { gt: 0 } } });
        expect(await page.getByTestId("overview-snapshot").innerText()).toMatch(new RegExp(`${matches} rated match(es)? under heuristic`));
        expect(await page.getByTestId("overview-failing").innerText()).toContain("Every agent passed its last health check");
        expect(await page.getByTestId("overview-audit").innerText()).toContain("No audit queue yet");
        await page.screenshot({ path: `${SCREENSHOTS}/console-overview-${width}.png`, fullPage: true });
      } finally {
        await people.remove(`console-later-${width}`);
        await people.close();
        redis.disconnect();
        await page.context().close();
      }
    }, 60_000);
  }

  it("Console › Agents lists every agent, simulated ones too, and says what an action did", async () => {
    const page = await signedIn("admin@console.test");
    try {
      // A submission waiting for approval: what the approver reads before clicking Approve.
      await db.agent.create({
        data: {
          name: "Pending Pat",
          protocol: "openai",
          endpoint: "https://pat.example:8443/v1/chat",
          model: "m",
          approval: "pending",
          description: "Answers from two searches.",
          healthError: "connection refused",
          healthAt: new Date("2026-11-01T10:00:00Z"),
        },
      });
      await page.goto(`${web.url}/console/agents`);
      const pending = page.locator('tr[data-agent="Pending Pat"]');
      await pending.getByRole("button", { name: "Approve" }).waitFor();
      expect(await pending.getByTestId("agent-host").textContent()).toBe("pat.example:8443");
      expect(await pending.getByTestId("agent-description").textContent()).toBe("Answers from two searches.");
      expect(await pending.getByTestId("agent-health").textContent()).toBe("failed at 2026-11-01 10:00 UTC");
      const agents = await db.agent.findMany({ where: { id: { in: seeded.agentIds } } });
      for (const a of agents) await page.locator(`tr[data-agent="${a.name}"]`).getByText("simulated (planted skill)").waitFor();
      const first = page.locator(`tr[data-agent="${agents[0]!.name}"]`);
      await first.getByRole("button", { name: "Disable" }).click();
      await page.getByRole("status").getByText("The agent is disabled: pairing leaves it out from the next round on.").waitFor();
      await first.getByText("disabled").waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/console-agents.png`, fullPage: true });
      await first.getByRole("button", { name: "Re-check health" }).click();
      await page
        .getByRole("status")
        .getByText(/health was checked again/)
        .waitFor();
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it("Console › Tournaments: loading before the first answer, names link to their pages, rounds in words, the searchable checkbox lists say how many are picked; the queue dashboard links back", async () => {
    const page = await signedIn("admin@console.test");
    try {
      // The list's first answer is held back: until it comes the table says it is loading, not that
      // there is no tournament.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      for (const list of ["tournaments", "examiners"])
        await page.route(
          `**/api/console/${list}`,
          async (route) => {
            await held;
            await route.continue();
          },
          { times: 1 },
        );
      await page.goto(`${web.url}/console/tournaments`);
      const table = page.getByTestId("console-tournaments");
      await page.getByText("Loading tournaments…").waitFor();
      expect(await page.getByText("No tournament yet").count()).toBe(0);
      // Without its examiner configurations the form cannot be sent yet.
      expect(await page.getByRole("button", { name: "Estimate" }).isDisabled()).toBe(true);
      release();
      await expect.poll(() => page.getByRole("button", { name: "Estimate" }).isEnabled()).toBe(true);
      const t = await db.tournament.findUniqueOrThrow({ where: { id: seeded.tournamentId } });
      const name = table.getByRole("link", { name: t.name });
      expect(await name.getAttribute("href")).toBe(`/tournaments/${t.id}`);
      expect(roundInWords(t)).toBe(`Swiss round ${t.currentRound} of ${t.swissRounds}`);
      await page.locator(`tr[data-tournament="${t.name}"]`).getByText(roundInWords(t)).waitFor();

      const agents = page.getByRole("group", { name: "Agents" });
      await expect.poll(() => agents.getByRole("checkbox").count()).toBeGreaterThan(1);
      const offered = await agents.getByRole("checkbox").count();
      expect(await page.getByTestId("agentIds-count").innerText()).toBe(`0 of ${offered} selected`);
      await agents.getByRole("checkbox").nth(0).check();
      await agents.getByRole("checkbox").nth(1).check();
      await expect.poll(() => page.getByTestId("agentIds-count").innerText()).toBe(`2 of ${offered} selected`);
      // The search narrows the list; ticked agents it hides stay ticked; none clears the shown ones.
      const first = (await agents.getByRole("checkbox").nth(0).locator("xpath=..").innerText()).trim();
      await agents.getByRole("searchbox", { name: "Find agents" }).fill(first);
      expect(await agents.getByRole("checkbox").count()).toBeLessThan(offered);
      expect(await page.getByTestId("agentIds-count").innerText()).toBe(`2 of ${offered} selected`);
      await agents.getByRole("button", { name: "Clear shown" }).click();
      await agents.getByRole("searchbox", { name: "Find agents" }).fill("");
      await expect.poll(() => page.getByTestId("agentIds-count").innerText()).toBe(`1 of ${offered} selected`);
      const trees = page.getByRole("group", { name: "Trees" });
      const treeOptions = await trees.getByRole("checkbox").count();
      await trees.getByRole("checkbox").first().check();
      await expect.poll(() => page.getByTestId("treeIds-count").innerText()).toBe(`1 of ${treeOptions} selected`);
      await page.screenshot({ path: `${SCREENSHOTS}/console-tournaments-panel.png`, fullPage: true });
      await name.click();
      await page.waitForURL(`${web.url}/tournaments/${t.id}`);

      await page.goto(`${web.url}/console/queues`);
      const back = page.getByTestId("queues-back");
      await back.waitFor();
      await page.getByText("tournament", { exact: false }).first().waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/console-queues-back.png` });
      await back.click();
      await page.waitForURL(`${web.url}/console`);
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it("Console › Tournaments: Create blanks the form and takes the estimate of the sent form away with it", async () => {
    const page = await signedIn("admin@console.test");
    try {
      await page.goto(`${web.url}/console/tournaments`);
      const name = page.getByLabel("Name", { exact: true });
      await hydrated(name);
      await name.fill("estimate cup");
      const agents = page.getByRole("group", { name: "Agents" });
      await expect.poll(() => agents.getByRole("checkbox").count()).toBeGreaterThan(1);
      await agents.getByRole("checkbox").nth(0).check();
      await agents.getByRole("checkbox").nth(1).check();
      await page.getByRole("group", { name: "Trees" }).getByRole("checkbox").first().check();
      await expect.poll(() => page.getByRole("button", { name: "Estimate" }).isEnabled()).toBe(true);
      await page.getByRole("button", { name: "Estimate" }).click();
      const estimate = page.getByTestId("tournament-estimate");
      await estimate.getByRole("row", { name: /Agent calls/ }).waitFor();
      await page.getByRole("button", { name: "Create (draft)" }).click();
      await page.getByRole("cell", { name: "estimate cup" }).waitFor();
      await expect.poll(() => name.inputValue()).toBe("");
      // The blank form has no estimate yet: the table of the one just sent is gone.
      expect(await estimate.count()).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}/console-tournaments-after-create.png`, fullPage: true });
      expect((await db.tournament.findFirstOrThrow({ where: { name: "estimate cup" } })).status).toBe("draft");
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it("trees: a rejected file says which field is wrong, a re-upload offers keep or replace, a tree with matches is retired, not deleted", async () => {
    const page = await signedIn("admin@console.test");
    try {
      await page.goto(`${web.url}/console/trees`);
      const input = page.getByLabel("tree files");
      const text = await readFile(await drArenaTreePath("tree_0025.json"), "utf8");
      const file = { name: "tree_0025.json", mimeType: "application/json", buffer: Buffer.from(text) };
      await input.setInputFiles(file);
      await page
        .getByRole("status")
        .getByText(/^Imported: tree_0025\.json, “.+”, \d+ nodes\.$/)
        .waitFor();
      const rootUrl = (JSON.parse(text) as { url: string }).url;
      expect(await db.tree.count({ where: { rootUrl } })).toBe(1);

      // The same file again: asked, nothing stored yet; "Keep" stores nothing.
      await input.setInputFiles(file);
      const asked = page.getByTestId("tree-duplicate");
      await asked.getByText(/stored already as “?.+”? \(imported \d{4}-\d\d-\d\d, same root page and same content\)/).waitFor();
      expect(await db.tree.count({ where: { rootUrl } })).toBe(1);
      // Asked once, in the choice box: no failure note repeats the question.
      expect(await page.getByText(/^Could not import the tree/).count()).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}/console-tree-duplicate.png`, fullPage: true });
      await asked.getByRole("button", { name: "Keep the stored one" }).click();
      await page
        .getByRole("status")
        .getByText(/^The stored copy is kept/)
        .waitFor();
      expect(await db.tree.count({ where: { rootUrl } })).toBe(1);

      // Again, replaced: the new copy is stored, the old one retired (not deleted).
      await input.setInputFiles(file);
      await page.getByTestId("tree-duplicate").getByRole("button", { name: "Replace it" }).click();
      await page
        .getByRole("status")
        .getByText(/^Imported; the stored copy is retired/)
        .waitFor();
      const copies = await db.tree.findMany({ where: { rootUrl }, orderBy: { createdAt: "asc" } });
      expect(copies.map((t) => t.retiredAt !== null)).toEqual([true, false]);

      // A malformed file: which node, which field, in words.
      const bad = JSON.parse(text) as { children: Array<Record<string, unknown>> };
      delete bad.children[0]!.url;
      await input.setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(bad)) });
      await page
        .getByRole("status")
        .getByText(
          'bad.json was not imported. The node at children[0] has no "url" field (the address of its page); every node needs one, as text.',
        )
        .waitFor();

      // Retire the tournament's tree, which has matches: they stay, and no new match may use it.
      const treeId = seeded.treeIds[0]!;
      const played = await db.match.count({ where: { treeId } });
      expect(played).toBeGreaterThan(0);
      const row = page.locator(`tr[data-tree="${treeId}"]`);
      await row.getByRole("button", { name: "Retire" }).click();
      await page.getByRole("status").getByText("The tree is retired: new matches no longer use it; its matches stay.").waitFor();
      await row.getByText(/^retired \d{4}-\d\d-\d\d$/).waitFor();
      expect(await db.match.count({ where: { treeId } })).toBe(played);
      expect((await db.tree.findUniqueOrThrow({ where: { id: treeId } })).retiredAt).not.toBeNull();
      await expect(
        createMatch(db, {
          treeId,
          agentAId: seeded.agentIds[0]!,
          agentBId: seeded.agentIds[1]!,
          examinerConfigId: seeded.examinerConfigId,
          seed: "after-retire",
        }),
      ).rejects.toThrow(/retired/);
      await page.screenshot({ path: `${SCREENSHOTS}/console-trees.png`, fullPage: true });
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it("an owner opening /console or /audit is sent to the one not-allowed page, the same way for both", async () => {
    const page = await signedIn("owner@console.test");
    try {
      const first = await page.request.get(`${web.url}/console`, { maxRedirects: 0 });
      expect(first.status()).toBe(307);
      expect(first.headers().location).toContain("/not-allowed?need=admin&next=%2Fconsole");
      await page.goto(`${web.url}/console`);
      expect(new URL(page.url()).pathname).toBe("/not-allowed");
      const shown = page.getByTestId("not-allowed");
      expect(await shown.innerText()).toMatch(
        /\/console is for administrators\. You are signed in as owner@console\.test, an account of the role owner\./,
      );
      await page.screenshot({ path: `${SCREENSHOTS}/not-allowed-console.png`, fullPage: true });
      await page.goto(`${web.url}/audit`);
      expect(new URL(page.url()).pathname).toBe("/not-allowed");
      expect(await page.getByTestId("not-allowed").innerText()).toMatch(/\/audit is for administrators and auditors\./);
      await page.getByRole("link", { name: "Sign in with another account" }).waitFor();
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
