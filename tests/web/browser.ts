import { mkdirSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
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
