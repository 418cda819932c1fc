import { mkdirSync } from "node:fs";
import { ChildProcess } from "node:child_process";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { REPO_ROOT } from "../helpers/arena";
import { forget, kept } from "../helpers/kept";

/** Where the browser tests leave a screenshot of each page they visit (looked at by people, not asserted). */
export const SCREENSHOTS = `${REPO_ROOT}var/screenshots`;

/** Debian's Chromium, headless, with everything that would reach the network switched off. Never `playwright install`. */
function launchChromium(): Promise<Browser> {
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
 * The test worker's Chromium (launched by the first file that asks, kept for the worker's later
 * files: tests/helpers/kept.ts), as this file's browser: its pages and contexts are this file's
 * own (each context starts without cookies or storage, as a launched browser's did), and `close()`
 * closes them, leaving the browser to the next file.
 */
export async function workerChromium(): Promise<Browser> {
  const shared = await kept("chromium", async () => {
    const before = new Set(activeHandles());
    const browser = await launchChromium();
    const launched = activeHandles().filter(
      (h): h is ChildProcess =>
        !before.has(h) && h instanceof ChildProcess && h.spawnfile === (process.env.CHROMIUM_PATH || "/usr/bin/chromium"),
    );
    if (launched.length !== 1) throw new Error(`expected one Chromium process from the launch, found ${launched.length}`);
    const child = launched[0]!;
    return {
      value: browser,
      group: child.pid!, // Playwright starts it detached: the leader of its own process group
      unref: () => {
        child.unref();
        for (const stream of child.stdio) (stream as { unref?: () => void } | null)?.unref?.();
      },
    };
  });
  if (!shared.isConnected()) {
    forget("chromium");
    return workerChromium();
  }
  return fileBrowser(shared);
}

/** `shared` seen through one file: new contexts and pages are tracked, `close` closes those. */
function fileBrowser(shared: Browser): Browser {
  const mine = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    mine.add(context);
    context.once("close", () => mine.delete(context));
    return context;
  };
  return new Proxy(shared, {
    get(target, prop, receiver) {
      if (prop === "newContext") return async (options?: BrowserContextOptions) => track(await target.newContext(options));
      if (prop === "newPage")
        // As Browser.newPage: a context of the page's own, closed with it.
        return async (options?: BrowserContextOptions) => {
          const context = track(await target.newContext(options));
          const page = await context.newPage();
          page.once("close", () => void context.close());
          return page;
        };
      if (prop === "close") return async () => void (await Promise.all([...mine].map((c) => c.close())));
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Node's handles keeping this process's event loop going (the documented API gives only their kinds). */
function activeHandles(): unknown[] {
  return (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
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
