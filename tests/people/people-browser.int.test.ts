process.env.ARENA_QUEUE_PREFIX = `people-browser-${process.pid}`;
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { PrismaClient } from "@arena/db";
import { startWorkers, type RunningWorkers } from "@arena/runtime";
import { castVote, nextVoteRound, refreshPeopleSnapshots } from "@arena/votes";
import { readPeopleLeaderboard, readVoters } from "@arena/votes/read";
import { createUser, PASSWORD } from "../accounts/fixtures";
import { freshDb, waitFor } from "../helpers/arena";
import { startWeb, type ArenaProcess } from "../helpers/web";
import { flushRedis } from "../tournament-fixtures";
import { hydrated, signInThroughForm, workerChromium, SCREENSHOTS } from "../web/browser";
import { plantJudgedRounds, type PlantedRounds } from "./planted-rounds";
import { runVoters, type VoteClient } from "./simulated-voters";

/**
 * The people's leaderboard in Chromium: the examiner leaderboard's header line and its link to
 * the people's view, the people's table worded as the examiner's (core's describeRating), and the
 * console's People & references page, where an admin stores a reference leaderboard and excludes
 * a voter (the people's board is recomputed by the workers, the line follows). Screenshots in
 * var/screenshots/people-*.png.
 */
describe("people's leaderboard in the browser", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let browser: Browser;
  let workers: RunningWorkers;
  let planted: PlantedRounds;

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    planted = await plantJudgedRounds(db, { agents: 5 });
    const client: VoteClient = {
      next: (voterId) => nextVoteRound(db, { voterId }),
      vote: async (voterId, roundId, verdict) => void (await castVote(db, { voterId, roundId, verdict })),
    };
    const ids: string[] = [];
    for (let k = 0; k < 10; k++) ids.push((await createUser(db, "owner", `voter-${k}@people.test`)).id);
    await runVoters(
      client,
      ids.map((id) => ({ id, kind: "careful" as const, votes: 8 })),
      3,
    );
    await refreshPeopleSnapshots(db);
    await createUser(db, "admin", "admin@people.test");
    web = await startWeb({ env: { ARENA_SECRET_KEY: randomBytes(32).toString("base64"), ARENA_AUTH_RATE_LIMIT: "off" } });
    workers = await startWorkers(db, { matchConcurrency: 1, reconcileEveryMs: 500 });
    browser = await workerChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await workers?.close();
    await web?.stop();
    await flushRedis();
    await db?.$disconnect();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/people-${name}.png`, fullPage: true });

  it("the examiner's header says how far people agree and leads to the people's table", async () => {
    const board = (await readPeopleLeaderboard(db, { examiner: planted.examinerConfigId }))!;
    expect(board.agreement!.enough).toBe(true);
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${web.url}/?examiner=${planted.examinerConfigId}`);
    await expect(page.getByTestId("people-agreement").textContent()).resolves.toContain(board.agreementLine);
    await shot(page, "examiner-header");
    await page.getByTestId("people-agreement").getByRole("link", { name: "people's leaderboard" }).click();
    await page.waitForURL(/\/leaderboard\?by=people/);
    const rows = page.getByTestId("people-row");
    await expect(rows.count()).resolves.toBe(planted.order.length);
    // The table words each rating as core's describeRating does, like the examiner's.
    const first = board.rows[0]!;
    await expect(page.locator(`[data-testid=people-row][data-agent="${first.name}"] [data-testid=rating]`).textContent()).resolves.toMatch(
      /^(\d+ \+\d+\/−\d+( \(wide\))?|unbeaten, ≥ \d+)$/,
    );
    await expect(page.getByTestId("people-agreement").textContent()).resolves.toBe(board.agreementLine);
    await shot(page, "leaderboard");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "leaderboard-390");
  });

  it("an admin stores a reference leaderboard and excludes a voter; the people's board is recomputed", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughForm(page, web.url, "admin@people.test", PASSWORD, "/console/references");
    const store = page.getByRole("button", { name: "Store" });
    await hydrated(store);
    const names = planted.order.map((id) => planted.names.get(id)!);
    await page.getByLabel("Name", { exact: true }).fill("Search Arena (test)");
    await page.getByLabel("Source link").fill("https://example.org/leaderboard");
    await page.getByLabel("name,score lines").fill(names.map((n, k) => `${n.toUpperCase()},${1300 - 40 * k}`).join("\n"));
    await store.click();
    const reference = page.getByRole("article", { name: "Reference leaderboard Search Arena (test)" });
    await expect(reference.getByTestId("reference-line").textContent()).resolves.toMatch(/^ρ -?\d\.\d\d \[.*\], τ .*, 5 agents against /);

    const before = (await readPeopleLeaderboard(db))!.snapshot!.votesCounted;
    // A voter whose votes count (not below the gold threshold), so leaving them out shows.
    const counted = (await readVoters(db)).find((v) => !v.belowThreshold && v.ownAgentVotes === 0)!;
    const voter = page.getByTestId("voter-row").filter({ hasText: counted.email });
    const votes = counted.votes;
    await voter.getByLabel(`Reason to exclude ${counted.email}`).fill("test exclusion");
    await voter.getByRole("button", { name: "Exclude" }).click();
    await voter.getByRole("button", { name: "Include again" }).waitFor();
    await waitFor(
      async () => (await readPeopleLeaderboard(db))!.snapshot!.votesCounted === before - votes || undefined,
      "the recomputed people's board",
    );
    await page.reload();
    await expect(page.getByTestId("people-line").textContent()).resolves.toBe((await readPeopleLeaderboard(db))!.agreementLine);
    await shot(page, "console");
    await page.getByTestId("voter-row").filter({ hasText: counted.email }).getByRole("button", { name: "Include again" }).click();
    await waitFor(
      async () => (await readPeopleLeaderboard(db))!.snapshot!.votesCounted === before || undefined,
      "the board with the voter again",
    );
  });
});
