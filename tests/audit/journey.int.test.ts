process.env.ARENA_QUEUE_PREFIX ||= `audit-journey-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { PrismaClient } from "@arena/db";
import { createUser, PASSWORD } from "../accounts/fixtures";
import { freshDb } from "../helpers/arena";
import { hydrated, workerChromium, SCREENSHOTS } from "../web/browser";
import { flushRedis, requireEnv } from "../tournament-fixtures";
import { playTournament } from "./fixtures";
import { signIn, startWeb, type ArenaProcess } from "../helpers/web";

/**
 * An auditor's journey as people make it: the same digits answer the same questions on a match's
 * first round and on later ones, the key list opens where the auditor is, a reload keeps unsent
 * answers, the queue's "Next item" is on screen on a phone, and the report names the other
 * auditor "Auditor n" (an admin sees who).
 */
describe("an auditor's journey", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let browser: Browser;
  let queueId: string;
  let firstRound: string;
  let laterRound: string;

  beforeAll(async () => {
    requireEnv();
    await flushRedis();
    db = await freshDb();
    const played = await playTournament(db);
    for (const [role, email] of [
      ["admin", "ada@journey.test"],
      ["auditor", "alice@journey.test"],
      ["auditor", "bob@journey.test"],
    ] as const)
      await createUser(db, role, email);
    web = await startWeb();
    browser = await workerChromium();
    const cookie = await signIn(web.url, "ada@journey.test", PASSWORD);
    const res = await fetch(`${web.url}/api/audit/queues`, {
      method: "POST",
      headers: { cookie, origin: web.url, "content-type": "application/json" },
      body: JSON.stringify({ name: "journey", size: 200, seed: "journey", tournamentId: played.tournamentId, annotatorsPerItem: 2 }),
    });
    expect(res.status).toBe(201);
    queueId = ((await res.json()) as { id: string }).id;
    const items = await db.auditItem.findMany({ where: { queueId }, include: { round: true }, orderBy: { ordinal: "asc" } });
    firstRound = items.find((i) => i.round.number === 1)!.id;
    laterRound = items.find((i) => i.round.number > 1)!.id;
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await flushRedis();
    await db?.$disconnect();
  });

  async function auditor(email: string, width: number): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    await page.goto(`${web.url}/signin`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${web.url}/audit`);
    return page;
  }
  const checked = (page: Page, code: string) =>
    page
      .locator(`[data-question="${code}"] input[type=radio]:checked`)
      .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
  const inView = async (page: Page, testOrRole: ReturnType<Page["getByRole"]>) => {
    const box = (await testOrRole.boundingBox())!;
    const viewport = page.viewportSize()!;
    return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  };

  it("at 390 px the queue's Next item is on screen", async () => {
    const page = await auditor("alice@journey.test", 390);
    try {
      const next = page.getByTestId("audit-queues").getByRole("button", { name: "Next item" });
      await next.waitFor();
      expect(await inView(page, next)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}/audit-journey-home-390.png`, fullPage: true });
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it("the same digits answer the same questions on a first and a later round; ? opens the keys where the auditor is", async () => {
    const page = await auditor("alice@journey.test", 1280);
    try {
      for (const [itemId, first] of [
        [firstRound, true],
        [laterRound, false],
      ] as const) {
        await page.goto(`${web.url}/audit/items/${itemId}`);
        await hydrated(page.getByTestId("annotation-form"));
        for (const key of ["1", "2", "2", "2"]) await page.keyboard.press(key);
        expect(await checked(page, "A1")).toEqual(["yes"]);
        expect(await checked(page, "A2")).toEqual(["no"]);
        expect(await checked(page, "A3")).toEqual(first ? [] : ["no"]);
        expect((await checked(page, "B1")).length).toBe(1);
        expect(await checked(page, "C1")).toEqual([]);
        if (first) await page.locator('[data-question="A3"]').getByText("Not applicable").waitFor();
        await page.evaluate("window.scrollTo(0, 0)");
        await page.keyboard.press("?");
        const keys = page.getByRole("dialog", { name: "Keyboard shortcuts" });
        await keys.waitFor();
        expect(await inView(page, keys)).toBe(true);
        await page.screenshot({ path: `${SCREENSHOTS}/audit-journey-item-${first ? "first" : "later"}-round-1280.png` });
        await page.keyboard.press("Escape");
      }
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it("a reload keeps the unsent answers and the comment; submitting clears the draft", async () => {
    const page = await auditor("alice@journey.test", 390);
    try {
      await page.goto(`${web.url}/audit/items/${laterRound}`);
      await hydrated(page.getByTestId("annotation-form"));
      for (const key of ["1", "2", "2", "2"]) await page.keyboard.press(key);
      await page.keyboard.press("c");
      await page.keyboard.type("sources checked twice");
      await page.keyboard.press("Escape");
      await page.reload();
      await hydrated(page.getByTestId("annotation-form"));
      expect(await checked(page, "A1")).toEqual(["yes"]);
      expect(await checked(page, "B1")).toHaveLength(1);
      expect(await page.locator("#audit-comment").inputValue()).toBe("sources checked twice");
      await page.screenshot({ path: `${SCREENSHOTS}/audit-journey-draft-390.png`, fullPage: true });
      await page.locator('[data-question="C1"] input[type=radio]').first().check();
      await page.keyboard.press("Enter");
      await page.locator('[data-stage="d"]').waitFor();
      expect(await page.evaluate(`localStorage.getItem(${JSON.stringify(`arena:audit-draft:${laterRound}`)})`)).toBeNull();
      const stored = await db.annotation.findFirstOrThrow({ where: { itemId: laterRound } });
      expect(stored.comment).toBe("sources checked twice");
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it("the report names the other auditor 'Auditor n' to an auditor; an admin sees who", async () => {
    const bob = await auditor("bob@journey.test", 1280);
    try {
      await bob.goto(`${web.url}/audit/items/${laterRound}`);
      await hydrated(bob.getByTestId("annotation-form"));
      for (const key of ["1", "1", "1", "1", "3"]) await bob.keyboard.press(key);
      await bob.keyboard.press("Enter");
      await bob.locator('[data-stage="d"]').waitFor();
      await bob.goto(`${web.url}/audit/report?queue=${queueId}`);
      const kappa = bob.getByTestId("audit-kappa");
      await kappa.waitFor();
      const text = await bob.locator("main").innerText();
      expect(text).toMatch(/examiner · Auditor 1/);
      expect(text).toMatch(/examiner · You/);
      expect(await bob.content()).not.toContain("alice@journey.test");
      await bob.screenshot({ path: `${SCREENSHOTS}/audit-journey-report-auditor-1280.png`, fullPage: true });
    } finally {
      await bob.context().close();
    }
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    try {
      await admin.goto(`${web.url}/signin?next=${encodeURIComponent(`/audit/report?queue=${queueId}`)}`);
      await admin.getByLabel("Email").fill("ada@journey.test");
      await admin.getByLabel("Password").fill(PASSWORD);
      await admin.getByRole("button", { name: "Sign in" }).click();
      await admin.getByTestId("audit-kappa").waitFor();
      expect(await admin.locator("main").innerText()).toContain("alice@journey.test");
    } finally {
      await admin.context().close();
    }
  }, 120_000);
});
