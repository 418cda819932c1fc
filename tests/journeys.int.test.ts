process.env.ARENA_QUEUE_PREFIX = `journeys-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { swapSeatsInText } from "@arena/core";
import type { PrismaClient } from "@arena/db";
import { createAuditQueue } from "@arena/audit";
import { LABELS, winnerOf, type AuditVerdict } from "@arena/audit/read";
import { playTournament } from "./audit/fixtures";
import { freshDb, waitFor } from "./helpers/arena";
import { createAccount, startDemo, startWeb, type ArenaProcess } from "./helpers/web";
import { startFaultAgentServer, type FaultAgentServer } from "./servers/fault-agent-server";
import { flushRedis } from "./tournament-fixtures";
import { hydrated, workerChromium, SCREENSHOTS, signInThroughForm, signUp } from "./web/browser";

/**
 * The product as people start it (README: `arena demo`, `arena web`), driven in Chromium at the
 * address the command prints, with nothing configured beyond the services: a visitor, an owner
 * who signs up and submits an agent, the admin who approves it, and an auditor on an item shown
 * with its seats swapped. Accounts are made with `arena user create`, as the operator makes them.
 */
const PASSWORD = "journey-password-1";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/journey-${name}.png`, fullPage: true });

const signInAt = (page: Page, url: string, email: string, next: string) => signInThroughForm(page, url, email, PASSWORD, next);

describe("journeys at the address `arena demo` prints", () => {
  let db: PrismaClient;
  let demo: ArenaProcess;
  let browser: Browser;
  let agentServer: FaultAgentServer;

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    await createAccount("admin@journey.test", "admin", PASSWORD);
    agentServer = await startFaultAgentServer();
    demo = await startDemo(["--seed", "journey", "--hubs", "2", "--entities", "6", "--latency-ms", "100"]);
    browser = await workerChromium();
  }, 660_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
    await agentServer?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  it("a visitor reads the leaderboard, a match with its references listed, and a cited page of the offline world", async () => {
    const page = await browser.newPage();
    await page.goto(demo.url);
    await page.getByTestId("leaderboard-row").first().waitFor({ timeout: 240_000 });
    await shot(page, "visitor-1-leaderboard");
    // A finished round with a built-in researcher's answer (it cites world pages).
    const round = await waitFor(
      () =>
        db.round
          .findFirst({
            where: { answerA: { contains: "## References" }, match: { agentA: { name: "builtin:researcher" } } },
            select: { matchId: true, number: true },
          })
          .then((r) => r ?? undefined),
      "a round answered by builtin:researcher",
      240_000,
    );
    await page.goto(`${demo.url}/matches/${round.matchId}`);
    const card = page.getByTestId(`round-${round.number}`);
    const references = card.getByTestId("answer-a").getByTestId("references");
    await references.waitFor();
    expect(await references.locator("li").count()).toBeGreaterThanOrEqual(1);
    await card.scrollIntoViewIfNeeded();
    await shot(page, "visitor-2-match-references");
    const cited = references.locator("a").first();
    const original = (await cited.textContent())!;
    expect(original).toMatch(/^https:\/\/world\.arena\.test\//);
    await cited.click();
    await page.waitForURL(/\/trees\/[^/]+\/nodes\/[^/]+$/);
    expect(await page.getByTestId("original-url").textContent()).toContain(original);
    expect((await page.getByTestId("node-content").textContent())!.length).toBeGreaterThan(50);
    await shot(page, "visitor-3-stored-page");
    await page.close();
  }, 600_000);

  it("an owner signs up, submits an agent and sees it pending; the admin approves it; the owner sees it approved", async () => {
    // The admin allows the owner's (local) agent server, as an operator running one would.
    const adminPage = await (await browser.newContext()).newPage();
    await signInAt(adminPage, demo.url, "admin@journey.test", "/console");
    await adminPage.getByLabel("Host pattern").fill(agentServer.hostPort);
    await adminPage.getByRole("button", { name: "Allow" }).click();
    await adminPage.getByText(agentServer.hostPort, { exact: true }).waitFor();

    const owner = await (await browser.newContext()).newPage();
    await signUp(owner, demo.url, { name: "Olive Owner", email: "olive@journey.test", password: PASSWORD });

    const form = owner.getByRole("form", { name: "Submit an agent" });
    await form.getByLabel("Name").fill("Olive Agent");
    // Pasting more than the limit keeps the text and says by how much it is over.
    await form.locator("textarea[name=description]").fill("x".repeat(2_100));
    await expect
      .poll(() => form.getByTestId("description-count").textContent())
      .toBe("2,100 / 2,000 — 100 characters over the limit: shorten it to submit");
    await form.getByLabel("Endpoint").fill(agentServer.url("/ok"));
    await form.getByRole("button", { name: "Submit" }).click();
    expect(await form.getByRole("alert").textContent()).toBe("description: description is at most 2,000 characters");
    await form.locator("textarea[name=description]").fill("Answers from **one** local search; cites every page it read.");
    await shot(owner, "owner-1-submit");
    await form.getByRole("button", { name: "Submit" }).click();
    await owner.waitForURL(`${demo.url}/me/agents`);
    const mine = owner.locator('[data-agent="Olive Agent"]');
    await mine.getByTestId("status").getByText("pending", { exact: true }).waitFor();
    // The owner's page renders the description from Markdown, as the public page does.
    await mine.getByTestId("description").locator("strong", { hasText: "one" }).waitFor();
    expect(await mine.getByTestId("description").textContent()).toBe("Answers from one local search; cites every page it read.");
    await shot(owner, "owner-2-pending");

    // A second agent of the same name, spelled otherwise, is refused by name.
    await owner.goto(`${demo.url}/agents/new`);
    await form.getByLabel("Name").fill("olive  AGENT");
    await form.getByLabel("Endpoint").fill(agentServer.url("/ok"));
    await form.getByRole("button", { name: "Submit" }).click();
    expect(await form.getByRole("alert").textContent()).toContain("an agent named Olive Agent already exists");

    // Pending, it is on no public page, and no public response names it or its endpoint.
    const agent = await db.agent.findFirstOrThrow({ where: { name: "Olive Agent" } });
    for (const path of ["/agents", "/api/agents"]) {
      const body = await (await fetch(`${demo.url}${path}`)).text();
      expect(body, path).not.toContain("Olive Agent");
      expect(body, path).not.toContain(agentServer.hostPort);
    }
    expect((await fetch(`${demo.url}/agents/${agent.id}`)).status).toBe(404);

    // Approved once the demo's Swiss tournament is over: the demo stays live with a continuous
    // tournament, which the approved agent joins (approved, then active there).
    await waitFor(
      () => db.tournament.findFirst({ where: { name: "demo", status: "completed" } }).then((t) => t ?? undefined),
      "the demo tournament to complete",
      420_000,
    );
    await adminPage.goto(`${demo.url}/console/agents`);
    const row = adminPage.locator('tr[data-agent="Olive Agent"]');
    await row.getByRole("button", { name: "Approve" }).click();
    await row.getByText(/^(approved|active)$/).waitFor();
    await shot(adminPage, "admin-approved");

    // The owner's page (not reloaded) follows.
    await owner.goto(`${demo.url}/me/agents`);
    await mine
      .getByTestId("status")
      .getByText(/^(approved|active)$/)
      .waitFor();
    await shot(owner, "owner-3-approved");

    // Now public: listed, its description rendered from Markdown, its endpoint nowhere.
    const visitor = await browser.newPage();
    await visitor.goto(`${demo.url}/agents`);
    await visitor.getByRole("link", { name: "Olive Agent" }).click();
    await visitor.getByTestId("agent-description").locator("strong", { hasText: "one" }).waitFor();
    expect(await visitor.content()).not.toContain(agentServer.hostPort);
    await shot(visitor, "visitor-4-approved-agent");
  }, 900_000);

  it("an owner edits a description, withdraws a pending agent and deletes it", async () => {
    const owner = await (await browser.newContext()).newPage();
    await signInAt(owner, demo.url, "olive@journey.test", "/agents/new");
    const form = owner.getByRole("form", { name: "Submit an agent" });
    await form.getByLabel("Name").fill("Olive Draft");
    await form.getByLabel("Endpoint").fill(agentServer.url("/ok"));
    await form.getByRole("button", { name: "Submit" }).click();
    await owner.waitForURL(`${demo.url}/me/agents`);
    const draft = owner.locator('[data-agent="Olive Draft"]');
    await draft.getByRole("button", { name: "Edit description" }).click();
    await draft.locator("textarea[name=description]").fill("A draft.");
    await draft.getByRole("button", { name: "Save description" }).click();
    await draft.getByTestId("description").getByText("A draft.").waitFor();
    // Withdraw asks first, as Delete does; withdrawn, the agent no longer waits for an admin.
    await draft.getByRole("button", { name: "Withdraw" }).click();
    await draft.getByRole("button", { name: "Keep it" }).click();
    expect(await draft.getByTestId("status").textContent()).toBe("pending");
    await draft.getByRole("button", { name: "Withdraw" }).click();
    await draft.getByRole("button", { name: "Yes, withdraw" }).click();
    await draft.getByTestId("status").getByText("withdrawn", { exact: true }).waitFor();
    await draft.getByText("Withdrawn: it will not be approved and stays off the public pages.").waitFor();
    expect(await draft.getByText("until an admin approves it").count()).toBe(0);
    await shot(owner, "owner-4-withdrawn");
    await draft.getByRole("button", { name: "Delete" }).click();
    await draft.getByRole("button", { name: "Yes, delete" }).click();
    await draft.waitFor({ state: "detached" });
    expect(await db.agent.count({ where: { name: "Olive Draft" } })).toBe(0);
  }, 300_000);
});

describe("an auditor at the address `arena web` prints, on an item shown with its seats swapped", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let browser: Browser;

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    const played = await playTournament(db);
    await createAccount("admin@audit-journey.test", "admin", PASSWORD);
    await createAccount("audrey@audit-journey.test", "auditor", PASSWORD);
    const admin = await db.user.findFirstOrThrow({ where: { email: "admin@audit-journey.test" } });
    // Two items: the sampler shows half of them (here one) with the seats swapped. A queue whose
    // swapped item has a decisive verdict, so the seats in its reasoning matter (the first seed that gives one).
    for (let k = 0; ; k++) {
      const q = await createAuditQueue(db, { name: "seats", size: 2, seed: `journey-${k}`, tournamentId: played.tournamentId }, admin.id);
      const swapped = await db.auditItem.findFirstOrThrow({ where: { queueId: q.id, seatsSwapped: true }, include: { round: true } });
      if (swapped.round.verdictToken !== "[[Tie]]") break;
      if (k === 20) throw new Error("no decisive round to audit among 20 samples");
      await db.auditQueue.delete({ where: { id: q.id } });
    }
    web = await startWeb();
    browser = await workerChromium();
  }, 660_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await flushRedis();
    await db?.$disconnect();
  });

  it("after C1 the examiner's verdict, reasoning, checklist marks and loser read in the seats shown", async () => {
    const queue = await db.auditQueue.findFirstOrThrow({
      where: { name: "seats" },
      include: { items: { include: { round: true }, orderBy: { ordinal: "asc" } } },
    });
    expect(queue.items.filter((i) => i.seatsSwapped)).toHaveLength(1);
    const page = await browser.newPage();
    await signInAt(page, web.url, "audrey@audit-journey.test", "/audit");
    await page.getByTestId("audit-queues").getByRole("button", { name: "Next item" }).click();
    for (let i = 0; i < queue.items.length; i++) {
      await page.waitForURL(/\/audit\/items\//);
      const item = queue.items.find((x) => x.id === page.url().split("/").pop())!;
      await hydrated(page.getByTestId("annotation-form"));
      // A1, A2, A3 (on a first round not applicable: its digit moves on), B1, then C1 "A better" as shown.
      for (const key of ["1", "1", "1", "1", "2"]) await page.keyboard.press(key);
      await page.keyboard.press("Enter");
      const verdict = page.getByTestId("examiner-verdict");
      await verdict.waitFor();

      const stored = item.round.verdict as { reasoning: string };
      const token = item.round.verdictToken!.slice(2, -2).replace("Tie", "TIE") as AuditVerdict;
      const shownVerdict = item.seatsSwapped ? (winnerOf(token) === "A" ? token.replace("A_", "B_") : token.replace("B_", "A_")) : token;
      const reasoning = (await page.getByTestId("examiner-reasoning").textContent())!.trim();
      expect(reasoning).toBe(item.seatsSwapped ? swapSeatsInText(stored.reasoning) : stored.reasoning);
      expect(await verdict.getByRole("heading").textContent()).toContain(LABELS.verdict[shownVerdict as AuditVerdict]);
      if (item.seatsSwapped) {
        // The marks the examiner gave the match's answer A are shown for the page's answer B.
        const marksOfA = /A: entities \d+\/\d+, facts \d+\/\d+/.exec(stored.reasoning)?.[0];
        if (marksOfA) expect(reasoning).toContain(marksOfA.replace("A:", "B:"));
        const winner = winnerOf(shownVerdict as AuditVerdict);
        expect(winner).not.toBe("tie");
        expect(await verdict.textContent()).toContain(`Failure type of the loser (Agent ${winner === "A" ? "B" : "A"})`);
        // The reasoning's decision names the winner as this page shows it.
        if (/decide: [AB] covers more/.test(stored.reasoning)) expect(reasoning).toContain(`decide: ${winner} covers more`);
        await shot(page, "auditor-swapped-item");
      }
      await page.locator('[data-stage="d"]').waitFor();
      await page.keyboard.press("1");
      if (await page.locator('[data-question="D2"]').count()) await page.keyboard.press("1");
      const url = page.url();
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.toString() !== url);
    }
  }, 300_000);
});
