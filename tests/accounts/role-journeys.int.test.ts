import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { PrismaClient } from "@arena/db";
import { freshDb } from "../helpers/arena";
import { workerChromium, SCREENSHOTS } from "../web/browser";
import { accountsEnv, createUser, PASSWORD, serverEnv } from "./fixtures";
import { startWeb, type ArenaProcess } from "../helpers/web";

const env = accountsEnv();
Object.assign(process.env, env);

/**
 * Signing in as each role would, in Chromium against `arena web` with its limits on: one account's
 * wrong passwords lock that account only (everyone here shares one address, as behind a proxy), and
 * each role lands on its own page unless the sign-in carried a return address.
 */
describe("signing in, per role", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let browser: Browser;

  beforeAll(async () => {
    db = await freshDb();
    await createUser(db, "owner", "olive@journey.test");
    await createUser(db, "owner", "oscar@journey.test");
    await createUser(db, "admin", "ada@journey.test");
    await createUser(db, "auditor", "aude@journey.test");
    web = await startWeb({ env: serverEnv(env) });
    browser = await workerChromium();
  }, 660_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await db?.$disconnect();
  });

  async function signIn(page: Page, email: string, password: string, path = "/signin"): Promise<void> {
    await page.goto(`${web.url}${path}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  it("five wrong passwords for one account lock that account, not the admin signing in from the same address", async () => {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        const victim = width === 1280 ? "olive@journey.test" : "oscar@journey.test";
        for (let i = 0; i < 5; i++) {
          await signIn(page, victim, `wrong-password-${i}`);
          await page
            .getByRole("alert")
            .getByText(/invalid email or password/i)
            .waitFor();
        }
        await signIn(page, victim, PASSWORD);
        await page.getByRole("alert").getByText("Too many failed sign-ins for this account: wait a minute and try again.").waitFor();
        await page.screenshot({ path: `${SCREENSHOTS}/signin-locked-account-${width}.png`, fullPage: true });
      } finally {
        await page.close();
      }
      const admin = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await admin.newPage();
        await signIn(page, "ada@journey.test", PASSWORD);
        await page.waitForURL(`${web.url}/console`);
      } finally {
        await admin.close();
      }
    }
  }, 180_000);

  it("each role lands on its own page; an explicit return address wins", async () => {
    const landings: Array<[string, string, string]> = [
      ["ada@journey.test", "/signin", "/console"],
      ["aude@journey.test", "/signin", "/audit"],
      ["ada@journey.test", "/signin?next=%2Ftrees", "/trees"],
      ["aude@journey.test", "/signin?next=%2Fmatches", "/matches"],
    ];
    // Oscar's account was locked by the test above for a minute: the owner's landing is shown by a third owner.
    await createUser(db, "owner", "otto@journey.test");
    landings.splice(2, 0, ["otto@journey.test", "/signin", "/me/agents"]);
    for (const [email, from, to] of landings) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        await signIn(page, email, PASSWORD, from);
        await page.waitForURL(`${web.url}${to}`);
        if (from === "/signin") await page.screenshot({ path: `${SCREENSHOTS}/landing-${to.replaceAll("/", "_")}-1280.png` });
      } finally {
        await context.close();
      }
    }
  }, 180_000);

  it("an owner's half-filled submission survives a reload (a draft in the browser, never the key)", async () => {
    await createUser(db, "owner", "ona@journey.test");
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    try {
      const page = await context.newPage();
      await signIn(page, "ona@journey.test", PASSWORD, "/signin?next=%2Fagents%2Fnew");
      await page.waitForURL(`${web.url}/agents/new`);
      const form = page.getByRole("form", { name: "Submit an agent" });
      await form.getByLabel("Name").fill("Ona Agent");
      await form.locator("textarea[name=description]").fill("Reads **everything**.");
      await form.getByLabel("Endpoint").fill("https://agent.example/research");
      await page.reload();
      await expect.poll(() => form.getByLabel("Name").inputValue()).toBe("Ona Agent");
      expect(await form.locator("textarea[name=description]").inputValue()).toBe("Reads **everything**.");
      expect(await form.getByLabel("Endpoint").inputValue()).toBe("https://agent.example/research");
      expect(await form.getByTestId("description-count").textContent()).toMatch(/^21 \//);
      await page.screenshot({ path: `${SCREENSHOTS}/owner-submission-draft-390.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 120_000);

  it("an owner's page renders the description as Markdown, asks before Withdraw and words a withdrawn agent as such", async () => {
    const owner = await createUser(db, "owner", "wanda@journey.test");
    await db.agent.create({
      data: {
        name: "Wanda Agent",
        protocol: "openai",
        endpoint: "https://agent.example/v1",
        model: "m",
        ownerId: owner.id,
        approval: "pending",
        description: "Reads **every** page.",
      },
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await signIn(page, "wanda@journey.test", PASSWORD);
      await page.waitForURL(`${web.url}/me/agents`);
      const mine = page.locator('[data-agent="Wanda Agent"]');
      await mine.getByTestId("description").locator("strong", { hasText: "every" }).waitFor();
      await mine.getByRole("button", { name: "Withdraw" }).click();
      await mine.getByRole("button", { name: "Keep it" }).click();
      expect(await mine.getByTestId("status").textContent()).toBe("pending");
      await mine.getByRole("button", { name: "Withdraw" }).click();
      await mine.getByRole("button", { name: "Yes, withdraw" }).click();
      await mine.getByText("Withdrawn: it will not be approved and stays off the public pages.").waitFor();
      expect(await mine.getByText("until an admin approves it").count()).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}/owner-withdrawn-1280.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 120_000);

  it("the About page lists examiner configurations at full width and links the OpenAPI document, as the footer does", async () => {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await page.goto(`${web.url}/about`);
        await page.getByTestId("openapi-link").waitFor();
        expect(
          await page
            .locator("footer")
            .getByRole("link", { name: /OpenAPI/ })
            .getAttribute("href"),
        ).toBe("/api/openapi.json");
        expect((await page.request.get(`${web.url}/api/openapi.json`)).status()).toBe(200);
        await page.screenshot({ path: `${SCREENSHOTS}/about-${width}.png`, fullPage: true });
      } finally {
        await page.close();
      }
    }
  }, 120_000);
});
