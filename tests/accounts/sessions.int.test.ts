import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { PrismaClient } from "@arena/db";
import { freshDb } from "../helpers/arena";
import { workerChromium, SCREENSHOTS } from "../web/browser";
import { accountsEnv, createUser, PASSWORD, serverEnv } from "./fixtures";
import { signIn, startWeb, type ArenaProcess } from "../helpers/web";

const env = accountsEnv();
Object.assign(process.env, env);

/**
 * Sessions live in PostgreSQL and their owner can end them: an auditor signed in twice sees both
 * on /me/sessions (never their tokens), signs the other one out, and that cookie stops working.
 */
describe("accounts: sessions", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let browser: Browser;

  beforeAll(async () => {
    db = await freshDb();
    await createUser(db, "auditor", "sessions@example.test");
    web = await startWeb({ env: serverEnv(env) });
    browser = await workerChromium();
  }, 660_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await db?.$disconnect();
  });

  const cookieFor = (header: string) =>
    header.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: web.url };
    });
  const status = (cookie: string) => fetch(`${web.url}/me/sessions`, { headers: { cookie }, redirect: "manual" }).then((r) => r.status);

  it("lists the caller's sessions without their tokens and signs another one out", async () => {
    const laptop = await signIn(web.url, "sessions@example.test", PASSWORD);
    const phone = await signIn(web.url, "sessions@example.test", PASSWORD);
    expect(await status(phone)).toBe(200);
    expect(await fetch(`${web.url}/me/sessions`, { redirect: "manual" }).then((r) => r.status)).toBe(307);

    const context = await browser.newContext();
    await context.addCookies(cookieFor(laptop));
    const page = await context.newPage();
    try {
      await page.goto(`${web.url}/me/sessions`);
      const rows = page.locator('[data-testid="sessions"] tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await page.locator('tr[data-current="true"]').count()).toBe(1);
      const tokens = await db.session.findMany({ select: { token: true } });
      const html = await page.content();
      for (const { token } of tokens) expect(html).not.toContain(token);
      await page.screenshot({ path: `${SCREENSHOTS}/sessions.png`, fullPage: true });

      await page.locator('tr:not([data-current]) button:has-text("Sign out")').click();
      // The server action's round trip re-renders the list.
      await expect.poll(() => rows.count()).toBe(1);
      expect(await db.session.count()).toBe(1);
      expect(await status(phone)).toBe(307);
      expect(await status(laptop)).toBe(200);
    } finally {
      await context.close();
    }
  });
});
