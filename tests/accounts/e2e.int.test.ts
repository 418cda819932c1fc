import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { PrismaClient } from "@arena/db";
import { addAllowedHost } from "@arena/db/accounts";
import type { startWorkers } from "@arena/runtime";
import { freshDb, waitFor } from "../helpers/arena";
import { startFaultAgentServer, type FaultAgentServer } from "../servers/fault-agent-server";
import { workerChromium, SCREENSHOTS, signUp } from "../web/browser";
import { runOpenTournament } from "../helpers/open-tournament";
import { accountsEnv, createUser, PASSWORD } from "./fixtures";
import { sharedWeb, type SharedWeb } from "../helpers/web";

/**
 * The whole path of an agent owner, in two browsers: an owner signs up, tests and submits an
 * agent pointing at a local (allow-listed) test agent, an admin approves it, it enters the running
 * tournament as a late entrant and its first finished match appears on the owner's page without
 * a reload. Every HTML page and JSON response either browser receives is scanned for the key.
 */
const env = accountsEnv();
Object.assign(process.env, env);
const API_KEY = "sk-owner-secret-5be1c0ffee";

describe("owner submits, admin approves, the agent plays", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let agentSrv: FaultAgentServer;
  let browser: Browser;
  let workers: Awaited<ReturnType<typeof startWorkers>>;
  const scanned: string[] = [];
  const leaks: string[] = [];

  beforeAll(async () => {
    db = await freshDb();
    // The web app first: it may wait for a build another session is running.
    web = await sharedWeb();
    browser = await workerChromium();
    agentSrv = await startFaultAgentServer();
    await addAllowedHost(db, agentSrv.hostPort, "test agent server");
    // Simulated agents with realistic latency keep round 1 running while the owner submits.
    workers = await runOpenTournament(db, { prefix: "acc", latencyMs: 3000, swissRounds: 8 });
    await createUser(db, "admin", "admin@example.test");
  }, 660_000);

  afterAll(async () => {
    await browser?.close();
    await workers?.close();
    await agentSrv?.close();
    await db?.$disconnect();
  });

  /** Records every HTML and JSON body a page receives and notes any that contains the key. */
  function watch(context: BrowserContext) {
    context.on("response", async (res) => {
      const type = res.headers()["content-type"] ?? "";
      if (!/text\/html|application\/json|text\/x-component/.test(type)) return;
      const body = await res.text().catch(() => "");
      scanned.push(res.url());
      if (body.includes(API_KEY)) leaks.push(res.url());
    });
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/accounts-${name}.png`, fullPage: true });

  it("runs end to end without the key reaching any page or response", async () => {
    const ownerCtx = await browser.newContext();
    const adminCtx = await browser.newContext();
    watch(ownerCtx);
    watch(adminCtx);
    const owner = await ownerCtx.newPage();

    await signUp(
      owner,
      web.url,
      { name: "Olive Owner", email: "olive@example.test", password: PASSWORD },
      { filled: () => shot(owner, "1-signup") },
    );
    await owner.getByText("My agents").waitFor();

    // The guard's refusal of an internal address reaches the form.
    await owner.getByLabel("Name").fill("olive-agent");
    await owner.getByLabel("Endpoint").fill("http://10.0.0.1/answer");
    await owner.getByLabel("API key").fill(API_KEY);
    await owner.getByRole("button", { name: "Test endpoint" }).click();
    // Scoped to the form: Next's route announcer is an (empty) alert too.
    const refusal = owner.getByRole("form", { name: "Submit an agent" }).getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/refused by the address guard.*10\.0\.0\.1/);
    await shot(owner, "2-guard-refusal");

    await owner.getByLabel("Endpoint").fill(agentSrv.url("/ok"));
    await owner.getByRole("button", { name: "Test endpoint" }).click();
    const result = owner.getByRole("region", { name: "Test result" });
    await result.waitFor();
    expect(await result.textContent()).toMatch(/Latency: \d+ ms · citations parsed: \d+/);
    await shot(owner, "3-test-endpoint");

    await owner.getByRole("button", { name: "Submit" }).click();
    await owner.waitForURL(`${web.url}/me/agents`);
    const row = owner.locator('[data-agent="olive-agent"]');
    await row.locator('[data-testid="status"]', { hasText: "pending" }).waitFor();
    await shot(owner, "4-pending");
    const stored = await db.agent.findUniqueOrThrow({ where: { name: "olive-agent" } });
    expect(stored.secretEnc).not.toContain(API_KEY);
    expect(stored.approval).toBe("pending");

    const admin = await adminCtx.newPage();
    await admin.goto(`${web.url}/console/agents`);
    await admin.waitForURL(/\/signin/);
    await admin.getByLabel("Email").fill("admin@example.test");
    await admin.getByLabel("Password").fill(PASSWORD);
    await admin.getByRole("button", { name: "Sign in" }).click();
    await admin.waitForURL(`${web.url}/console/agents`);
    const adminRow = admin.locator('tr[data-agent="olive-agent"]');
    await adminRow.getByRole("button", { name: "Approve" }).click();
    await adminRow.getByText("active").waitFor();
    await shot(admin, "5-approved");

    const participant = await db.tournamentParticipant.findFirstOrThrow({ where: { agentId: stored.id } });
    expect(participant.joinedRound).toBeGreaterThan(1);

    // The owner's page (not reloaded) shows the first finished match.
    await row.locator('[data-testid="last-match"] a').waitFor({ timeout: 150_000 });
    expect(Number(await row.locator('[data-testid="finished"]').textContent())).toBeGreaterThanOrEqual(1);
    await shot(owner, "6-first-match");

    // The admin's live views: the tournament's progress, and bull-board behind the admin check.
    await admin.goto(`${web.url}/console/tournaments`);
    await admin.getByRole("cell", { name: "open" }).waitFor();
    await shot(admin, "7-console-tournaments");
    await admin.goto(`${web.url}/console/queues`);
    await admin.getByText("tournament", { exact: false }).first().waitFor();
    await shot(admin, "8-console-queues");

    await waitFor(async () => scanned.length > 10, "responses scanned");
    writeFileSync(`${SCREENSHOTS}/accounts-scanned.txt`, scanned.join("\n"));
    expect(leaks).toEqual([]);
  }, 300_000);
});
