import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { guardedFetch, NetError, sdkFetch } from "../src";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let base: string;
let allow: string[];
const hits = new Map<string, number>();
const seenHeaders = new Map<string, IncomingMessage["headers"]>();

const routes: Record<string, Handler> = {
  "/hello": (_q, r) => r.writeHead(200, { "content-type": "text/plain" }).end("hello world"),
  "/json": (_q, r) => r.writeHead(200, { "content-type": "application/json" }).end('{"a":[1,2]}'),
  "/hang": () => undefined,
  "/big-declared": (_q, r) => r.writeHead(200, { "content-length": "5000" }).end("x".repeat(5000)),
  "/big-stream": (_q, r) => {
    r.writeHead(200);
    for (let i = 0; i < 20; i++) r.write("y".repeat(1000));
    r.end();
  },
  "/flaky": (req, r) => {
    if (hits.get(req.url!) === 1) r.writeHead(503, { "retry-after": "0" }).end("busy");
    else r.writeHead(200).end("recovered");
  },
  "/always-503": (_q, r) => r.writeHead(503).end("down"),
  "/bad-request": (_q, r) => r.writeHead(400).end("no"),
  "/missing": (_q, r) => r.writeHead(404).end("not here"),
  "/slow-down": (_q, r) => r.writeHead(429, { "retry-after": "3600" }).end("later"),
  "/to-metadata": (_q, r) => r.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
  "/to-localhost": (_q, r) => r.writeHead(302, { location: `http://localhost:${port()}/hello` }).end(),
  "/to-file": (_q, r) => r.writeHead(302, { location: "file:///etc/passwd" }).end(),
  "/post-303": (_q, r) => r.writeHead(303, { location: "/echo-method" }).end(),
  "/echo-method": (req, r) => r.writeHead(200).end(req.method),
  "/headers": (req, r) => {
    seenHeaders.set("last", req.headers);
    r.writeHead(200).end("ok");
  },
  "/chat/completions": (_q, r) =>
    r.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: "c1",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Paris [1]" } }],
        usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      }),
    ),
};

function port(): number {
  return (server.address() as AddressInfo).port;
}

/** /chain/N redirects N more times before landing on /hello. */
function chain(req: IncomingMessage, res: ServerResponse): boolean {
  const m = /^\/chain\/(\d+)$/.exec(req.url ?? "");
  if (!m) return false;
  const n = Number(m[1]);
  res.writeHead(302, { location: n > 1 ? `/chain/${n - 1}` : "/hello" }).end();
  return true;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (chain(req, res)) return;
    const route = routes[req.url!];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${port()}`;
  allow = [`127.0.0.1:${port()}`];
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});
beforeEach(() => hits.clear());

async function failure(p: Promise<unknown>): Promise<NetError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NetError);
  return err as NetError;
}

describe("guardedFetch", () => {
  it("refuses the loopback test server unless it is allow-listed", async () => {
    const err = await failure(guardedFetch(`${base}/hello`, { retries: 0 }));
    expect(err.kind).toBe("refused");
    expect(hits.size).toBe(0);
  });

  it("fetches text and JSON", async () => {
    const res = await guardedFetch(`${base}/hello`, { allow });
    expect(res.status).toBe(200);
    expect(res.text()).toBe("hello world");
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect((await guardedFetch(`${base}/json`, { allow })).json()).toEqual({ a: [1, 2] });
  });

  it("times out a request that never answers", async () => {
    const err = await failure(guardedFetch(`${base}/hang`, { allow, timeoutMs: 300, retries: 0 }));
    expect(err.kind).toBe("timeout");
    expect(err.message).toContain("/hang");
  });

  it("rejects with the caller's abort reason, not a NetError", async () => {
    const ctrl = new AbortController();
    const p = guardedFetch(`${base}/hang`, { allow, signal: ctrl.signal });
    setTimeout(() => ctrl.abort(new Error("stop now")), 50);
    await expect(p).rejects.toThrow("stop now");
  });

  it("caps declared and streamed bodies", async () => {
    expect((await failure(guardedFetch(`${base}/big-declared`, { allow, maxBytes: 1000 }))).kind).toBe("oversized");
    const streamed = await failure(guardedFetch(`${base}/big-stream`, { allow, maxBytes: 4096 }));
    expect(streamed.kind).toBe("oversized");
    expect((await guardedFetch(`${base}/big-stream`, { allow, maxBytes: 20_000 })).body.length).toBe(20_000);
  });

  it("follows redirects up to the limit and reports the final URL", async () => {
    const res = await guardedFetch(`${base}/chain/3`, { allow, maxRedirects: 3 });
    expect(res.url).toBe(`${base}/hello`);
    expect(res.text()).toBe("hello world");
    const err = await failure(guardedFetch(`${base}/chain/4`, { allow, maxRedirects: 3 }));
    expect(err.kind).toBe("http_status");
    expect(err.status).toBe(302);
    expect(err.message).toMatch(/more than 3 redirects/);
    expect(hits.get("/hello")).toBe(1);
  });

  it("re-checks every redirect hop with the guard", async () => {
    for (const path of ["/to-metadata", "/to-localhost", "/to-file"]) {
      const err = await failure(guardedFetch(`${base}${path}`, { allow, retries: 0 }));
      expect(err.kind).toBe("refused");
    }
    expect(hits.get("/hello")).toBeUndefined();
  });

  it("turns a 303 after POST into a GET", async () => {
    const res = await guardedFetch(`${base}/post-303`, { allow, method: "POST", body: "x=1" });
    expect(res.text()).toBe("GET");
  });

  it("retries a 503 and then succeeds", async () => {
    const res = await guardedFetch(`${base}/flaky`, { allow, retries: 2 });
    expect(res.text()).toBe("recovered");
    expect(hits.get("/flaky")).toBe(2);
  });

  it("retries GET by default but never repeats a POST unless asked", async () => {
    expect((await failure(guardedFetch(`${base}/always-503`, { allow }))).status).toBe(503);
    expect(hits.get("/always-503")).toBe(3);
    hits.clear();
    expect((await failure(guardedFetch(`${base}/always-503`, { allow, method: "POST", body: "{}" }))).status).toBe(503);
    expect(hits.get("/always-503")).toBe(1);
    hits.clear();
    await failure(guardedFetch(`${base}/always-503`, { allow, method: "post", body: "{}", retries: 1 }));
    expect(hits.get("/always-503")).toBe(2);
  });

  it("gives up after the retry budget with the last status", async () => {
    const err = await failure(guardedFetch(`${base}/always-503`, { allow, retries: 2 }));
    expect(err.status).toBe(503);
    expect(err.transient).toBe(true);
    expect(hits.get("/always-503")).toBe(3);
  });

  it("does not retry a 400, nor a Retry-After beyond the cap", async () => {
    const err = await failure(guardedFetch(`${base}/bad-request`, { allow, retries: 3 }));
    expect(err.kind).toBe("http_status");
    expect(err.status).toBe(400);
    expect(hits.get("/bad-request")).toBe(1);
    const limited = await failure(guardedFetch(`${base}/slow-down`, { allow, retries: 3, maxRetryAfterMs: 5000 }));
    expect(limited.status).toBe(429);
    expect(hits.get("/slow-down")).toBe(1);
  });

  it("returns non-2xx responses when asked to", async () => {
    const res = await guardedFetch(`${base}/missing`, { allow, throwOnHttpError: false });
    expect(res.status).toBe(404);
    expect(res.text()).toBe("not here");
  });

  it("reports a closed port as refused", async () => {
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, "127.0.0.1", ok));
    const p = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    const err = await failure(guardedFetch(`http://127.0.0.1:${p}/`, { allow: ["127.0.0.1"], retries: 0 }));
    expect(err.kind).toBe("refused");
    expect(err.message).toContain("ECONNREFUSED");
  });

  it("sends the caller's headers", async () => {
    await guardedFetch(`${base}/headers`, { allow, headers: { "user-agent": "DRArenaBot/0.1", "x-trace": "t1" } });
    expect(seenHeaders.get("last")?.["user-agent"]).toBe("DRArenaBot/0.1");
    expect(seenHeaders.get("last")?.["x-trace"]).toBe("t1");
  });
});

describe("sdkFetch", () => {
  it("returns a real Response for any status", async () => {
    const f = sdkFetch({ allow });
    const ok = await f(`${base}/json`);
    expect(ok).toBeInstanceOf(Response);
    expect(await ok.json()).toEqual({ a: [1, 2] });
    const missing = await f(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("not here");
  });

  it("applies the guard and the size cap while streaming", async () => {
    await expect(sdkFetch()(`${base}/hello`)).rejects.toMatchObject({ kind: "refused" });
    const res = await sdkFetch({ allow, maxBytes: 4096 })(`${base}/big-stream`);
    await expect(res.text()).rejects.toMatchObject({ kind: "oversized" });
  });

  it("serves the OpenAI SDK", async () => {
    const client = new OpenAI({ apiKey: "test-key", baseURL: base, fetch: sdkFetch({ allow }), maxRetries: 0 });
    const out = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "capital?" }] });
    expect(out.choices[0]?.message.content).toBe("Paris [1]");
    expect(out.usage?.total_tokens).toBe(5);
  });
});
