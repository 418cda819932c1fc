import { mkdirSync } from "node:fs";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { REPO_ROOT } from "../helpers/arena";

/** Where the browser tests leave a screenshot of each page they visit (looked at by people, not asserted). */
export const SCREENSHOTS = `${REPO_ROOT}var/screenshots`;

/** Debian's Chromium, headless, with everything that would reach the network switched off. Never `playwright install`. */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * Resolves once React has hydrated `target` (it carries React's props): server HTML is visible
 * before its handlers exist, and keys pressed or values typed before hydration are lost.
 */
export async function hydrated(target: Locator): Promise<void> {
  await target.waitFor();
  await expect.poll(() => target.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps")))).toBe(true);
}

/**
 * Signs a new account up through the /signup form at `url`, as a person would, and resolves once
 * the app has taken them to `landing` (an owner's first page: /agents/new). `filled` runs with the
 * form filled in, before it is sent (a test's screenshot).
 */
export async function signUp(
  page: Page,
  url: string,
  who: { name: string; email: string; password: string },
  opts: { landing?: string; filled?: () => Promise<unknown> } = {},
): Promise<void> {
  await page.goto(`${url}/signup`);
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await opts.filled?.();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${url}${opts.landing ?? "/agents/new"}`);
}

/** Signs in through the /signin form at `url` with a return address, and resolves once the app is there. */
export async function signInThroughForm(page: Page, url: string, email: string, password: string, next: string): Promise<void> {
  await page.goto(`${url}/signin?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${url}${next}`);
}
