import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { PrismaClient } from "@arena/db";
import { addAllowedHost } from "@arena/db/accounts";
import type { startWorkers } from "@arena/runtime";
import { freshDb } from "../helpers/arena";
import { workerChromium, SCREENSHOTS, signUp } from "../web/browser";
import { runOpenTournament } from "../helpers/open-tournament";
import { accountsEnv, createUser, PASSWORD } from "./fixtures";
import { sharedWeb, type SharedWeb } from "../helpers/web";

/**
 * The browser journey of an owner whose agent breaks after approval: sign up, "Test endpoint"
 * flags an answer without readable citations and a refused address (with whom to ask), submit,
 * an admin approves, the endpoint goes down, the agent fails its rounds in the running tournament;
 * `/me/agents` shows "failing" with its errors by class and the latest detail, and the public
 * agent page shows "failing" without the endpoint.
 */
const env = accountsEnv();
Object.assign(process.env, env);

type Mode = "uncited" | "ok" | "down";

/** An arena-HTTP agent its test switches between answering uncited, answering cited and down (500, health 503). */
async function switchableAgent() {
  const state: { mode: Mode } = { mode: "uncited" };
  const server: Server = createServer((req, res) => {
    req.resume();
    const health = req.method === "GET" && (req.url ?? "").endsWith("/health");
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (state.mode === "down") return reply(health ? 503 : 500, { error: "down" });
    if (health) return reply(200, { status: "ok" });
    const answer =
      state.mode === "uncited"
        ? "The coast has six lighthouses, according to its page."
        : "The coast has six lighthouses [1].\n\n## References\n[1] https://example.org/coast";
    reply(200, { answer });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, server, hostPort, endpoint: `http://${hostPort}/answer` };
}

describe("an owner's agent that breaks", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let browser: Browser;
  let agent: Awaited<ReturnType<typeof switchableAgent>>;
  let workers: Awaited<ReturnType<typeof startWorkers>>;

  beforeAll(async () => {
    db = await freshDb();
    web = await sharedWeb();
    browser = await workerChromium();
    agent = await switchableAgent();
    await addAllowedHost(db, agent.hostPort, "the owner's local agent");
    // Many rounds: the tournament is still running when the owner's agent has failed three.
    workers = await runOpenTournament(db, { prefix: "fail", latencyMs: 1000, swissRounds: 40 });
    await createUser(db, "admin", "admin@example.test");
  }, 660_000);

  afterAll(async () => {
    await browser?.close();
    await workers?.close();
    await new Promise<void>((r) => (agent ? agent.server.close(() => r()) : r()));
    await db?.$disconnect();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/failing-agent-${name}.png`, fullPage: true });

  it("shows its owner the failure with errors by class, and the public page 'failing' without the endpoint", async () => {
    const owner = await (await browser.newContext()).newPage();
    await signUp(owner, web.url, { name: "Fay Owner", email: "fay@example.test", password: PASSWORD });

    // A private address the operator has not allow-listed: the refusal says whom to ask.
    await owner.getByLabel("Name").fill("fay-agent");
    await owner.getByLabel("Endpoint").fill("http://10.0.0.7/answer");
    await owner.getByRole("button", { name: "Test endpoint" }).click();
    const refusal = owner.getByRole("form", { name: "Submit an agent" }).getByRole("alert");
    await expect
      .poll(() => refusal.textContent())
      .toMatch(/ask the arena's operator to allow-list 10\.0\.0\.7 \(the ARENA_AGENT_ALLOW_HOSTS variable/);
    await shot(owner, "1-guard-refusal");

    // An answer without citations the arena reads is flagged, with the formats it reads.
    await owner.getByLabel("Endpoint").fill(agent.endpoint);
    await owner.getByRole("button", { name: "Test endpoint" }).click();
    const problem = owner.getByTestId("probe-problem");
    await expect.poll(() => problem.textContent()).toMatch(/no citation the arena can read.*\[1\] https:\/\//);
    await shot(owner, "2-uncited-probe");

    agent.state.mode = "ok";
    await owner.getByRole("button", { name: "Test endpoint" }).click();
    await expect.poll(() => owner.getByRole("region", { name: "Test result" }).textContent()).toMatch(/citations parsed: 1/);
    expect(await problem.count()).toBe(0);
    await owner.getByRole("button", { name: "Submit" }).click();
    await owner.waitForURL(`${web.url}/me/agents`);

    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`${web.url}/console/agents`);
    await admin.waitForURL(/\/signin/);
    await admin.getByLabel("Email").fill("admin@example.test");
    await admin.getByLabel("Password").fill(PASSWORD);
    await admin.getByRole("button", { name: "Sign in" }).click();
    await admin.waitForURL(`${web.url}/console/agents`);
    const adminRow = admin.locator('tr[data-agent="fay-agent"]');
    await adminRow.getByRole("button", { name: "Approve" }).click();
    await adminRow.getByText("active").waitFor();

    // The endpoint goes down once it plays.
    agent.state.mode = "down";
    const row = owner.locator('[data-agent="fay-agent"]');
    await row.locator('[data-testid="status"]', { hasText: /^failing$/ }).waitFor({ timeout: 240_000 });
    const errors = row.getByTestId("round-errors");
    await expect.poll(() => errors.textContent()).toMatch(/in a row: failing/);
    const httpStatus = errors.locator('[data-error-class="http_status"]');
    expect(await httpStatus.textContent()).toMatch(/http_status × \d+/);
    // The latest detail names the endpoint: this page is the owner's.
    expect(await httpStatus.textContent()).toContain(agent.hostPort);
    await shot(owner, "3-me-agents-failing");

    // Before its next pairing it is health-checked; the endpoint is down, so it sits the round out.
    const stored = await db.agent.findUniqueOrThrow({ where: { name: "fay-agent" } });
    await expect
      .poll(async () => (await db.agent.findUniqueOrThrow({ where: { id: stored.id } })).status, { timeout: 120_000 })
      .toBe("unhealthy");
    const checkedAt = (await db.agent.findUniqueOrThrow({ where: { id: stored.id } })).healthAt!;
    await expect.poll(() => db.tournamentRound.count({ where: { createdAt: { gt: checkedAt } } }), { timeout: 120_000 }).toBeGreaterThan(0);
    expect(
      await db.pairing.count({
        where: { round: { createdAt: { gt: checkedAt } }, agentBId: { not: null }, OR: [{ agentAId: stored.id }, { agentBId: stored.id }] },
      }),
    ).toBe(0);
    await row.getByTestId("health-failure").waitFor();
    expect(await row.getByTestId("health-failure").textContent()).toMatch(/Last health check failed.*http_status, HTTP 503/);
    expect(await row.getByTestId("status").textContent()).toBe("failing");
    await shot(owner, "4-me-agents-sat-out");

    const visitor = await (await browser.newContext()).newPage();
    const res = await visitor.goto(`${web.url}/agents/${stored.id}`);
    const html = (await res!.text()) + (await visitor.content());
    await visitor.getByText("failing", { exact: true }).first().waitFor();
    expect(html).not.toContain(agent.hostPort);
    expect(await visitor.getByText("healthy", { exact: true }).count()).toBe(0);
    await shot(visitor, "5-public-agent-failing");
  }, 420_000);
});
