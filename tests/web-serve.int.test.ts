process.env.ARENA_QUEUE_PREFIX = `web-serve-${process.pid}`;
import { createServer, request } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { freshDb } from "./helpers/arena";
import { arenaCommand, createAccount, freePort, signIn, startDemo, startWeb } from "./helpers/web";
import { flushRedis } from "./tournament-fixtures";

const PASSWORD = "served-password-1";

/** A sign-in post with any Host header (fetch may not set one): what a DNS-rebinding page's browser sends. */
function postAs(url: string, host: string, origin: string): Promise<number> {
  const body = JSON.stringify({ email: "ada@serve.test", password: PASSWORD });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/auth/sign-in/email`,
      { method: "POST", headers: { host, origin, "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.once("error", reject);
    req.end(body);
  });
}

/**
 * The serving paths of the README and docs/deployment.md: `arena web` and `arena demo` put the production build on the given
 * port, and sign-in works at the address they print with no further configuration (both loopback
 * names), while cross-site posts stay refused.
 */
describe("serving the web app", () => {
  let db: PrismaClient;
  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    await createAccount("ada@serve.test", "owner", PASSWORD);
  });
  afterAll(async () => {
    await flushRedis();
    await db.$disconnect();
  });
  // Each test starts with the sign-in limiter's window empty, as a new minute would: together they
  // sign in (or are refused) more than 5 times a minute from this address.
  beforeEach(async () => {
    await db.rateLimit.deleteMany();
  });

  const post = (base: string, headers: Record<string, string>) =>
    fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ email: "ada@serve.test", password: PASSWORD }),
    });

  it("arena web serves the build at the printed address, signs in there and at localhost, refuses cross-site posts", async () => {
    const web = await startWeb();
    try {
      expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${web.url}/about`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("DR Arena");

      // The printed address, and the same server by its other loopback name.
      const cookie = await signIn(web.url, "ada@serve.test", PASSWORD);
      expect(cookie).toMatch(/session_token=/);
      const localhost = web.url.replace("127.0.0.1", "localhost");
      expect((await post(localhost, { origin: localhost })).status).toBe(200);

      // A page elsewhere posting here, and a rebinding page addressing this server by its own name.
      expect((await post(web.url, { origin: "http://evil.example" })).status).toBe(403);
      const port = new URL(web.url).port;
      expect(await postAs(web.url, `evil.example:${port}`, `http://evil.example:${port}`)).toBe(403);
      // Our own routes follow the same policy.
      expect(
        (
          await fetch(`${web.url}/api/tokens`, {
            method: "POST",
            headers: { cookie, origin: "http://evil.example", "content-type": "application/json" },
            body: "{}",
          })
        ).status,
      ).toBe(403);
      // A protected page redirects to the sign-in page on the host the browser asked.
      const gated = await fetch(`${web.url}/me/agents`, { redirect: "manual" });
      expect(gated.status).toBe(307);
      expect(new URL(gated.headers.get("location")!, web.url).href).toBe(`${web.url}/signin?next=%2Fme%2Fagents`);
      const viaLocalhost = await fetch(`${localhost}/me/agents`, { redirect: "manual" });
      expect(new URL(viaLocalhost.headers.get("location")!, localhost).href).toBe(`${localhost}/signin?next=%2Fme%2Fagents`);
    } finally {
      expect(await web.stop()).toBe(0);
    }
  });

  it("arena web --host localhost prints that address and signs in there", async () => {
    const web = await startWeb({ host: "localhost" });
    try {
      expect(web.url).toMatch(/^http:\/\/localhost:\d+$/);
      expect(await signIn(web.url, "ada@serve.test", PASSWORD)).toMatch(/session_token=/);
    } finally {
      await web.stop();
    }
  });

  it("arena web on a port that is taken says so and exits, instead of waiting for a server that never comes", async () => {
    const port = await freePort();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    try {
      const r = await arenaCommand(["web", "--port", String(port)]);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(
        `web: 127.0.0.1:${port} is already in use (another \`arena web\` or \`arena demo\`?): stop it, or choose another port with --port`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it("arena demo prints the URL of the live arena, serves the tournament it plays and signs in there", async () => {
    const demo = await startDemo(["--hubs", "2", "--entities", "6", "--latency-ms", "50", "--exit-when-done"]);
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await signIn(demo.url, "ada@serve.test", PASSWORD)).toMatch(/session_token=/);
    const page = await fetch(demo.tournamentUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("demo");
    expect(await demo.exited, demo.output()).toBe(0);
    const t = await db.tournament.findFirstOrThrow({ where: { name: "demo" } });
    expect(t.status).toBe("completed");
  });
});
