import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { scheduledRunSchema, storedScheduleSchema } from "@arena/trees/sources";
import { freshDb } from "../helpers/arena";
import { signIn, startWeb, type ArenaProcess } from "../helpers/web";
import { createUser, PASSWORD } from "../accounts/fixtures";
import { workerChromium, SCREENSHOTS } from "./browser";

/**
 * The console's "Run now" runs the schedule in the web server: feeds and sitemaps are read on the
 * server's parsing thread (a sitemap nested 200,000 deep is refused there), a candidate URL over
 * 2,000 characters is skipped and counted, and the run's outcome per source is stored and served.
 */
describe("console: a scheduled run on the web server", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let site: Server;
  let base = "";
  let admin = "";

  beforeAll(async () => {
    site = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const body =
        path === "/feed.xml"
          ? `<rss><channel><item><link>${base}/hub/${"x".repeat(2_100)}</link></item><item><link>${base}/hub/ok.html</link></item></channel></rss>`
          : path === "/deep.xml"
            ? `<urlset><url><loc>${base}/deep</loc></url>${"<u>".repeat(200_000)}</urlset>`
            : null;
      res.writeHead(body ? 200 : 404, { "content-type": "application/xml" }).end(body ?? "");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    db = await freshDb();
    await createUser(db, "admin", "sched-admin@example.test");
    await db.allowedHost.create({ data: { pattern: new URL(base).host } });
    web = await startWeb({ env: { ARENA_SECRET_KEY: randomBytes(32).toString("base64"), ARENA_AUTH_RATE_LIMIT: "off" } });
    admin = await signIn(web.url, "sched-admin@example.test", PASSWORD);
  }, 660_000);
  afterAll(async () => {
    await web?.stop();
    await new Promise((resolve) => site?.close(resolve));
    await db?.$disconnect();
  });

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${web.url}/api/console/${path}`, {
      method,
      headers: { cookie: admin, "content-type": "application/json", origin: web.url },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it("runs, skipping the bad candidate and noting the too-deep sitemap, and shows each source's outcome", async () => {
    expect((await call("POST", "sources", { kind: "feed", value: `${base}/feed.xml` })).status).toBe(201);
    expect((await call("POST", "sources", { kind: "sitemap", value: `${base}/deep.xml` })).status).toBe(201);
    const res = await call("POST", "schedule/run", {});
    expect(res.status, await res.clone().text()).toBe(200);
    const run = scheduledRunSchema.parse(await res.json());
    expect(run.rootUrls).toEqual([`${base}/hub/ok.html`]);
    const expected = [
      { kind: "feed", value: `${base}/feed.xml`, found: 2, taken: 1, invalid: 1, error: null },
      {
        kind: "sitemap",
        value: `${base}/deep.xml`,
        found: 0,
        taken: 0,
        invalid: 0,
        error: expect.stringContaining("nests more than 64 elements deep"),
      },
    ];
    expect(run.sources).toMatchObject(expected);
    const shown = storedScheduleSchema.pick({ lastRunSources: true }).parse(await (await call("GET", "schedule")).json());
    expect(shown.lastRunSources).toMatchObject(expected);

    // The console's Trees page lists the last run by source.
    const browser = await workerChromium();
    try {
      const context = await browser.newContext();
      await context.addCookies(
        admin.split("; ").map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1), url: web.url })),
      );
      const page = await context.newPage();
      await page.goto(`${web.url}/console/trees`);
      const outcomes = page.getByRole("list", { name: "Last run by source" });
      await outcomes.waitFor();
      expect(await outcomes.getByRole("listitem").allInnerTexts()).toEqual([
        `feed ${base}/feed.xml: 2 found, 1 taken, 1 invalid skipped`,
        `sitemap ${base}/deep.xml: failed: the document nests more than 64 elements deep`,
      ]);
      await outcomes.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/console-schedule-outcomes.png`, fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
