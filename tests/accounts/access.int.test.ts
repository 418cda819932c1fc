import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { addAllowedHost } from "@arena/db/accounts";
import { CONSOLE_API, CONSOLE_PAGES } from "../../apps/web/src/features/console/routes";
import { apiErrorSchema } from "../../apps/web/src/lib/api/http";
import { registerAgent, SUBMISSIONS_PER_HOUR } from "@arena/agents";
import { heuristicExaminerConfig } from "@arena/match";
import { ensureSimulatedAgents } from "@arena/tournament";
import { freshDb, importSharedTree, REPO_ROOT } from "../helpers/arena";
import { startFaultAgentServer, type FaultAgentServer } from "../servers/fault-agent-server";
import { accountsEnv, createUser, PASSWORD, serverEnv } from "./fixtures";
import { signIn, startWeb, type ArenaProcess } from "../helpers/web";

const env = accountsEnv();
// The servers below run with ARENA_AUTH_RATE_LIMIT=off: this file signs in three roles, probes a
// cross-site sign-in, a sign-in and a closed sign-up, then signs an admin in again, all within a
// minute from one address, past the limit of 5 a minute (tested on its own in rate-limit.int.test.ts).
Object.assign(process.env, env);
const APP = `${REPO_ROOT}apps/web/src/app`;

/** Every route file below `dir` as a URL path (route groups and file names dropped). */
function routeFiles(dir: string, name: "page.tsx" | "route.ts"): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...routeFiles(full, name));
    else if (entry === name) out.push(`/${relative(APP, dir)}`);
  }
  return out;
}

/** A concrete path for a table entry (`:id` → a made-up id: authorisation comes before lookup). */
const concrete = (path: string) => path.replace(/:\w+/g, "x0");

describe("accounts: who may do what", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let srv: FaultAgentServer;
  const cookies: Record<"owner" | "auditor" | "admin", string> = { owner: "", auditor: "", admin: "" };

  beforeAll(async () => {
    db = await freshDb();
    srv = await startFaultAgentServer();
    await addAllowedHost(db, srv.hostPort, null);
    for (const role of ["owner", "auditor", "admin"] as const) await createUser(db, role, `${role}@example.test`);
    web = await startWeb({ env: { ...serverEnv(env), ARENA_AUTH_RATE_LIMIT: "off" } });
    for (const role of ["owner", "auditor", "admin"] as const) cookies[role] = await signIn(web.url, `${role}@example.test`, PASSWORD);
  }, 660_000);
  afterAll(async () => {
    await web?.stop();
    await srv?.close();
    await db?.$disconnect();
  });

  const as = (who: keyof typeof cookies | "anonymous", extra: Record<string, string> = {}) => ({
    ...(who === "anonymous" ? {} : { cookie: cookies[who] }),
    ...extra,
  });

  it("the route table lists every console page and the console API is one table-driven handler", () => {
    expect(routeFiles(`${APP}/console`, "page.tsx").sort()).toEqual(
      CONSOLE_PAGES.map((p) => p.href)
        .filter((h) => h !== "/console/queues")
        .sort(),
    );
    expect(routeFiles(`${APP}/console`, "route.ts")).toEqual(["/console/queues/[[...path]]"]);
    expect(routeFiles(`${APP}/api/console`, "route.ts")).toEqual(["/api/console/[...path]"]);
  });

  it("every console page refuses anonymous users, owners and auditors; admins get it", async () => {
    for (const { href } of CONSOLE_PAGES) {
      for (const who of ["anonymous", "owner", "auditor"] as const) {
        const res = await fetch(`${web.url}${href}`, { headers: as(who), redirect: "manual" });
        const location = res.headers.get("location") ?? "";
        // Anonymous: to sign in; a wrong role: to the one not-allowed page (a redirect, as every protected page does).
        const refused = res.status >= 300 && res.status < 400 && location.includes(who === "anonymous" ? "/signin" : "/not-allowed");
        expect(refused, `${who} ${href}: ${res.status} ${location}`).toBe(true);
      }
      const ok = await fetch(`${web.url}${href}`, { headers: as("admin"), redirect: "manual" });
      expect(ok.status, `admin ${href}`).toBe(200);
    }
  });

  it("every console API route refuses anonymous users (401), owners and auditors (403)", async () => {
    for (const key of CONSOLE_API) {
      const [method, path] = key.split(" ") as [string, string];
      const url = `${web.url}/api/console/${concrete(path)}`;
      const body = method === "POST" ? "{}" : undefined;
      for (const [who, status] of [
        ["anonymous", 401],
        ["owner", 403],
        ["auditor", 403],
      ] as const) {
        const res = await fetch(url, { method, headers: as(who, { "content-type": "application/json" }), ...(body ? { body } : {}) });
        expect(res.status, `${who} ${key}`).toBe(status);
      }
    }
    const settings = await fetch(`${web.url}/api/console/settings`, { headers: as("admin") });
    expect(await settings.json()).toEqual({ openSignUp: true, autoApproval: false });
  });

  const submission = (over: Record<string, unknown> = {}) => ({
    name: "api-agent",
    description: "d",
    protocol: "arena-http",
    endpoint: srv.url("/ok"),
    api_key: "sk-api-9",
    ...over,
  });
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${web.url}/api/agents`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

  it("POST /api/agents: 401 anonymous, 403 auditor, 403 cross-site, 413 oversized, 400 malformed, 422 guard, none written", async () => {
    const json = JSON.stringify(submission());
    expect((await post(json, as("anonymous"))).status).toBe(401);
    expect((await post(json, as("auditor"))).status).toBe(403);
    expect((await post(json, as("owner", { origin: "https://evil.example" }))).status).toBe(403);
    const big = JSON.stringify(submission({ description: "x".repeat(70 * 1024) }));
    expect((await post(big, as("owner"))).status).toBe(413);
    const malformed = await post('{"name": ', as("owner"));
    expect(malformed.status).toBe(400);
    expect((await post(JSON.stringify(submission({ protocol: "smtp" })), as("owner"))).status).toBe(400);
    const internal = await post(JSON.stringify(submission({ endpoint: "http://169.254.169.254/latest" })), as("owner"));
    expect(internal.status).toBe(422);
    expect(apiErrorSchema.parse(await internal.json()).error.message).toMatch(/address guard/);
    const unhealthy = await post(JSON.stringify(submission({ endpoint: srv.url("/nothing-here") })), as("owner"));
    expect([201, 422]).toContain(unhealthy.status);
    expect(await db.agent.count({ where: { name: "api-agent" } })).toBe(unhealthy.status === 201 ? 1 : 0);
  });

  it("the body limit counts the bytes read, not only the declared length", async () => {
    const res = await fetch(`${web.url}/api/agents`, {
      method: "POST",
      headers: as("owner", { "content-type": "application/json" }),
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(JSON.stringify(submission({ name: "chunked", description: "y".repeat(80 * 1024) }))));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await db.agent.count({ where: { name: "chunked" } })).toBe(0);
  });

  it("a personal API token submits (201, no key in the answer), duplicates get 409, revoked tokens 401", async () => {
    const created = await fetch(`${web.url}/api/tokens`, {
      method: "POST",
      headers: as("owner", { "content-type": "application/json" }),
      body: JSON.stringify({ name: "ci" }),
    });
    expect(created.status).toBe(201);
    const { token, id } = (await created.json()) as { token: string; id: string };
    expect(JSON.stringify(await db.apiToken.findMany())).not.toContain(token);
    const bearer = { authorization: `Bearer ${token}` };
    const ok = await post(JSON.stringify(submission({ name: "token-agent", api_key: "sk-token-secret-77" })), bearer);
    const text = await ok.text();
    expect(ok.status, text).toBe(201);
    expect(text).not.toContain("sk-token-secret-77");
    expect(JSON.parse(text)).toMatchObject({ agent: { name: "token-agent", approval: "pending", hasKey: true } });
    const dup = await post(JSON.stringify(submission({ name: "token-agent" })), bearer);
    expect(dup.status).toBe(409);
    expect(await db.agent.count({ where: { name: "token-agent" } })).toBe(1);
    expect((await fetch(`${web.url}/api/tokens/${id}`, { method: "DELETE", headers: as("owner") })).status).toBe(200);
    expect((await post(JSON.stringify(submission({ name: "after-revoke" })), bearer)).status).toBe(401);
  });

  it("Test endpoint stores nothing and is limited to 30 probes an hour", async () => {
    const probe = () =>
      fetch(`${web.url}/api/me/agents/probe`, {
        method: "POST",
        headers: as("owner", { "content-type": "application/json" }),
        body: JSON.stringify(submission({ name: "probe-only" })),
      });
    const first = await probe();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ error: null, citations: { count: 1 } });
    for (let i = 1; i < 30; i++) expect((await probe()).status).toBe(200);
    expect((await probe()).status).toBe(429);
    expect(await db.agent.count({ where: { name: "probe-only" } })).toBe(0);
  });

  it("POST /api/agents past the owner's hourly submissions: 429 with retry-after, nothing written", async () => {
    const owner = await db.user.findUniqueOrThrow({ where: { email: "owner@example.test" }, select: { id: true } });
    const recent = await db.agent.count({ where: { ownerId: owner.id, createdAt: { gte: new Date(Date.now() - 3_600_000) } } });
    const planted = Array.from({ length: Math.max(0, SUBMISSIONS_PER_HOUR - recent) }, (_, i) => `hourly-${i}`);
    await db.agent.createMany({
      data: planted.map((name) => ({ name, protocol: "arena_http" as const, endpoint: srv.url("/ok"), ownerId: owner.id })),
    });
    const refused = await post(JSON.stringify(submission({ name: "one-too-many" })), as("owner"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3600");
    expect(apiErrorSchema.parse(await refused.json()).error).toEqual({
      code: "rate_limited",
      message: `at most ${SUBMISSIONS_PER_HOUR} agent submissions an hour`,
    });
    expect(await db.agent.count({ where: { name: "one-too-many" } })).toBe(0);
    // Aged out of the hour, so the later tests submit as before.
    await db.agent.updateMany({ where: { ownerId: owner.id }, data: { createdAt: new Date(Date.now() - 2 * 3_600_000) } });
  });

  it("better-auth refuses a cross-site sign-in and closed sign-up", async () => {
    const cross = await fetch(`${web.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ email: "owner@example.test", password: PASSWORD }),
    });
    expect(cross.status).toBe(403);
    const close = await fetch(`${web.url}/api/console/settings`, {
      method: "POST",
      headers: as("admin", { "content-type": "application/json", origin: web.url }),
      body: JSON.stringify({ openSignUp: false }),
    });
    expect(close.status).toBe(200);
    const signup = await fetch(`${web.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: web.url },
      body: JSON.stringify({ name: "n", email: "new@example.test", password: PASSWORD }),
    });
    expect(signup.status).toBe(403);
    expect(await db.user.count({ where: { email: "new@example.test" } })).toBe(0);
  });

  it("session cookies are HttpOnly and SameSite=Lax", async () => {
    const res = await fetch(`${web.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: web.url },
      body: JSON.stringify({ email: "owner@example.test", password: PASSWORD }),
    });
    const session = res.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });
});

describe("console commands (admin)", () => {
  let db: PrismaClient;
  let web: ArenaProcess;
  let admin = "";

  beforeAll(async () => {
    db = await freshDb();
    await createUser(db, "admin", "admin@example.test");
    web = await startWeb({ env: { ...serverEnv(env), ARENA_AUTH_RATE_LIMIT: "off" } });
    admin = await signIn(web.url, "admin@example.test", PASSWORD);
  }, 660_000);
  afterAll(async () => {
    await web?.stop();
    await db?.$disconnect();
  });

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${web.url}/api/console/${path}`, {
      method,
      headers: { cookie: admin, "content-type": "application/json", origin: web.url },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it("tree upload: the CLI's validation and limits, nothing stored on error", async () => {
    const leaf = (children: string) =>
      `{"url":"https://x.test/","domain":"x.test","title":"T","description":null,"content":"c","crawled":true,"depth":0,"error":null,"relationship_cluster":null,"link_contexts":[],"children":[${children}]}`;
    let deep = leaf("");
    for (let i = 0; i < 5000; i++) deep = leaf(deep);
    const tooDeep = await call("POST", "trees", { file: "deep.json", text: deep });
    expect(tooDeep.status).toBe(422);
    expect(apiErrorSchema.parse(await tooDeep.json()).error).toMatchObject({
      code: "unprocessable",
      message: expect.stringMatching(/deep\.json: .*nested deeper than 64 levels/),
    });
    const bad = await call("POST", "trees", { file: "bad.json", text: '{"url": 3}' });
    expect(bad.status).toBe(422);
    expect(apiErrorSchema.parse(await bad.json()).error).toMatchObject({ code: "unprocessable", message: expect.stringContaining("url") });
    expect(await db.tree.count()).toBe(0);
    const good = await call("POST", "trees", { file: "one.json", text: leaf(leaf("")) });
    expect(good.status).toBe(201);
    expect(await good.json()).toMatchObject({ nodes: 2 });
  });

  it("a crawl request becomes a queued CrawlJob that cancel stops", async () => {
    const created = await call("POST", "crawls", { rootUrl: "https://hub.example.org/", maxDepth: 1, fanOut: 2 });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await call("POST", `crawls/${id}/cancel`, {})).status).toBe(200);
    expect(await db.crawlJob.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "cancelled", cancelRequested: true });
    expect((await call("POST", "crawls", { rootUrl: "file:///etc/passwd" })).status).toBe(400);
  });

  it("examiner configurations are created once, never edited; tournaments refuse an invalid state change", async () => {
    const llm = { mode: "llm", baseUrl: "https://llm.example.org/v1", model: "m1", apiKey: "sk-examiner-secret", doubleJudge: true };
    const first = await call("POST", "examiners", llm);
    expect(first.status).toBe(201);
    expect((await call("POST", "examiners", llm)).status).toBe(409);
    const list = await (await call("GET", "examiners")).text();
    expect(list).not.toContain("sk-examiner-secret");
    expect(JSON.parse(list)).toEqual([expect.objectContaining({ name: "llm:m1@llm.example.org/v1:v3:g0.7:j0.1:double", hasKey: true })]);
    expect((await call("POST", "tournaments/nope/pause", {})).status).toBe(404);
  });

  it("approve, disable and re-check an owner's agent", async () => {
    const srv = await startFaultAgentServer();
    try {
      await addAllowedHost(db, srv.hostPort, null);
      const owner = await createUser(db, "owner", "o2@example.test");
      const agent = await registerAgent(db, {
        name: "to-review",
        protocol: "arena_http",
        endpoint: srv.url("/ok"),
        ownerId: owner.id,
        approval: "pending",
      });
      const status = async () =>
        ((await (await call("GET", "agents")).json()) as Array<{ id: string; status: string }>).find((a) => a.id === agent.id)!.status;
      expect(await status()).toBe("pending");
      expect(await (await call("POST", `agents/${agent.id}/approve`, {})).json()).toEqual({ joined: null });
      expect(await status()).toBe("approved");
      await call("POST", `agents/${agent.id}/disable`, {});
      expect(await status()).toBe("disabled");
      const choices = (await (await call("GET", "agent-choices")).json()) as Array<{ id: string }>;
      expect(choices.map((c) => c.id)).not.toContain(agent.id);
      expect(await (await call("POST", `agents/${agent.id}/recheck`, {})).json()).toMatchObject({ ok: true });
      expect(await status()).toBe("approved");
    } finally {
      await srv.close();
    }
  });

  it("creates a tournament from playable agents and starts it once", async () => {
    const sims = await ensureSimulatedAgents(db, "console", [
      { index: 0, p_depth: 0.5, p_width: 0.5 },
      { index: 1, p_depth: 0.5, p_width: 0.5 },
    ]);
    const tree = await importSharedTree(db, "tree_0003.json");
    const choices = (await (await call("GET", "agent-choices")).json()) as Array<{ id: string }>;
    expect(choices.map((c) => c.id)).toEqual(expect.arrayContaining(sims.map((x) => x.agentId)));
    const config = await heuristicExaminerConfig(db);
    const created = await call("POST", "tournaments", {
      name: "from console",
      agentIds: sims.map((x) => x.agentId),
      treeIds: [tree.id],
      examinerConfigId: config.id,
      swissRounds: 1,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await call("POST", `tournaments/${id}/start`, {})).status).toBe(200);
    expect((await call("POST", `tournaments/${id}/start`, {})).status).toBe(409);
    expect(await db.tournament.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "running" });
  });
});
