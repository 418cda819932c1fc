import { mkdirSync } from "node:fs";
import { chromium, type Browser, type Locator } from "playwright-core";
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
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
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
