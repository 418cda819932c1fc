import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache } from "../server/page-cache.mjs";

/** A real HTTP server whose "Next" counts renders and answers what the test says. */
async function serve(answer: (path: string, res: ServerResponse) => void | Promise<void>, clock = { t: 0 }) {
  const cache = createPageCache({ ttlMs: 1_000, now: () => clock.t });
  const renders: string[] = [];
  const arrived = { n: 0 };
  const server: Server = createServer((req, res) => {
    arrived.n++;
    void cache.handle(req, res, async () => {
      renders.push(req.url!);
      await answer(req.url!, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${url}${path}`, init);
    return { status: res.status, cache: res.headers.get("x-arena-cache"), body: await res.text(), type: res.headers.get("content-type") };
  };
  return { cache, renders, get, clock, arrived };
}

const servers: Server[] = [];

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setImmediate(r));
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

let counter = 0;
const html = (_path: string, res: ServerResponse) => {
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.write("<p>");
  res.end(`render ${++counter}</p>`);
};

describe("page cache", () => {
  it("serves a public page's second request from the first render, headers included", async () => {
    const s = await serve(html);
    const first = await s.get("/matches/m1");
    const second = await s.get("/matches/m1");
    expect(first.cache).toBeNull();
    expect(second).toEqual({ ...first, cache: "hit" });
    expect(second.type).toBe("text/html; charset=utf-8");
    expect(s.renders).toEqual(["/matches/m1"]);
  });

  it("renders again once the entry is older than its TTL, and after an event", async () => {
    const s = await serve(html);
    await s.get("/");
    s.clock.t = 999;
    expect((await s.get("/")).cache).toBe("hit");
    s.clock.t = 1_000;
    expect((await s.get("/")).cache).toBeNull();
    s.cache.invalidate();
    expect((await s.get("/")).cache).toBeNull();
    expect(s.renders).toHaveLength(3);
  });

  it("never caches signed-in visitors, private pages, client navigations, forms or a hard reload", async () => {
    const s = await serve(html);
    const cases: [string, RequestInit?][] = [
      ["/", { headers: { cookie: "theme=dark; better-auth.session_token=abc" } }],
      ["/", { headers: { cookie: "__Secure-better-auth.session_token=abc" } }],
      ["/", { headers: { rsc: "1" } }],
      ["/", { method: "POST", body: "x" }],
      ["/", { headers: { "cache-control": "no-cache" } }],
      ["/agents/new"],
      ["/console"],
      ["/me/agents"],
      ["/api/events"],
      ["/api/me/agents"],
      ["/matchesX"],
    ];
    for (const [path, init] of cases) {
      await s.get(path, init);
      expect((await s.get(path, init)).cache, `${init?.method ?? "GET"} ${path} ${JSON.stringify(init?.headers ?? {})}`).toBeNull();
    }
    // A hard reload refreshes the entry everyone else then gets.
    expect((await s.get("/")).cache).toBe("hit");
  });

  it("keeps only complete 200 responses without cookies", async () => {
    const s = await serve((path, res) => {
      if (path === "/trees/missing") res.writeHead(404).end("no");
      else if (path === "/trees/cookie") res.writeHead(200, { "set-cookie": "a=1" }).end("yes");
      else res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    for (const path of ["/trees/missing", "/trees/cookie"]) {
      await s.get(path);
      expect((await s.get(path)).cache).toBeNull();
    }
    await s.get("/api/trees");
    expect(await s.get("/api/trees")).toMatchObject({ cache: "hit", type: "application/json", body: "{}" });
  });

  it("keeps gzip and identity bodies apart", async () => {
    const s = await serve((_p, res) => void res.end(`enc ${++counter}`));
    await s.get("/about", { headers: { "accept-encoding": "gzip" } });
    expect((await s.get("/about", { headers: { "accept-encoding": "identity" } })).cache).toBeNull();
    expect(s.renders).toHaveLength(2);
  });

  it("lets concurrent requests for one URL wait for a single render", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const s = await serve(async (_p, res) => {
      await gate;
      res.end("slow page");
    });
    const all = Promise.all(Array.from({ length: 20 }, () => s.get("/tournaments")));
    await until(() => s.arrived.n === 20);
    release();
    const answers = await all;
    expect(s.renders).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(["slow page"]));
    expect(answers.filter((a) => a.cache === "hit")).toHaveLength(19);
  });

  it("answers from the expired render while one request refreshes it, within 5 s of expiry", async () => {
    let gate: Promise<void> = Promise.resolve();
    const s = await serve(async (_p, res) => {
      await gate;
      res.end(`version ${s.renders.length}`);
    });
    expect((await s.get("/")).body).toBe("version 1");
    let release!: () => void;
    gate = new Promise<void>((r) => (release = r));
    s.clock.t = 5_999;
    const refreshing = s.get("/");
    await until(() => s.renders.length === 2);
    expect(await s.get("/")).toMatchObject({ cache: "hit", body: "version 1" });
    s.clock.t = 6_000;
    const waiting = s.get("/");
    await until(() => s.arrived.n === 4);
    release();
    expect((await refreshing).body).toBe("version 2");
    expect(await waiting).toMatchObject({ cache: "hit", body: "version 2" });
  });

  it("does not store a render that was running when an event arrived", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const s = await serve(async (_p, res) => {
      await gate;
      res.end(`page ${++counter}`);
    });
    const first = s.get("/");
    await until(() => s.renders.length === 1);
    s.cache.invalidate();
    release();
    await first;
    expect((await s.get("/")).cache).toBeNull();
  });
});
