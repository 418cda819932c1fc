import { describe, expect, it } from "vitest";
import { workerChromium } from "./browser";

/**
 * The worker's kept Chromium as each file sees it (tests/helpers/kept.ts): what the browser tests
 * rely on when a later file drives the browser an earlier one used.
 */
describe("the worker's Chromium, one view per file", () => {
  it("starts each file's contexts without another's cookies and closes only that file's", async () => {
    const [first, second] = await Promise.all([workerChromium(), workerChromium()]);
    const kept = await first.newContext();
    await kept.addCookies([{ name: "session", value: "first-file", url: "http://127.0.0.1/" }]);
    const page = await second.newPage();
    expect(await page.context().cookies()).toEqual([]);

    await first.close();
    await expect(kept.newPage()).rejects.toThrow(/closed/);
    expect(second.isConnected()).toBe(true);
    await page.setContent("<p>still here</p>");
    expect(await page.textContent("p")).toBe("still here");

    await second.close();
    expect(page.isClosed()).toBe(true);
    const third = await workerChromium();
    expect(third.isConnected()).toBe(true); // the browser outlives the files
  });
});
