import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AgentRequest } from "@arena/core";
import { startFaultAgentServer, type FaultAgentServer, FAULT_ERROR_CLASSES } from "../../../tests/servers/fault-agent-server";
import { ArenaHttpConfigSchema, type ArenaHttpConfig } from "../src/config";
import { ArenaAcceptedSchema, ArenaAnswerSchema, ArenaRequestSchema, arenaHttpAgent, arenaHttpHealth } from "../src/protocols/arena-http";

const req: AgentRequest = {
  question: "Which festival founded in 1947 hosts the Fringe?",
  wordLimitInstruction: "Answer length: 200-300 words.",
  history: [{ question: "Earlier question?", answer: "Earlier answer [1]." }],
};

describe("arena HTTP adapter against the fault-injecting agent server", () => {
  let srv: FaultAgentServer;
  let allow: string[];
  const config = (over: Partial<ArenaHttpConfig> = {}): ArenaHttpConfig =>
    ArenaHttpConfigSchema.parse({ timeoutMs: 400, deadlineMs: 5_000, pollIntervalMs: 50, maxBytes: 1_000_000, ...over });
  const agent = (endpoint: string, over: Partial<ArenaHttpConfig> = {}, bearer: string | null = null) =>
    arenaHttpAgent({ name: "fault", endpoint: srv.url(endpoint), bearer, config: config(over), allow });

  beforeAll(async () => {
    srv = await startFaultAgentServer({ slowMs: 1500 });
    // The server is on loopback: only its own host:port is allow-listed.
    allow = [srv.hostPort];
  });
  afterAll(() => srv.close());

  it("sync 200: sends the protocol body with history and bearer, records usage, cost and citations", async () => {
    const a = await agent("/ok", {}, "sk-agent-secret").answer(req, { seed: "s", matchId: "m1", round: 2 });
    expect(a.error).toBeNull();
    expect(a.text).toContain("Answer to: Which festival founded in 1947");
    expect(a.tokens).toBe(1234);
    expect(a.costUsd).toBeCloseTo(0.0123);
    expect(a.citations).toEqual({ count: 1, urls: ["https://example.org/source"] });
    const sent = srv.requests.findLast((r) => r.path === "/ok")!;
    expect(sent.headers.authorization).toBe("Bearer sk-agent-secret");
    expect(sent.body).toEqual({
      protocol: "dr-arena/1",
      question: req.question,
      word_limit_instruction: req.wordLimitInstruction,
      history: [{ question: "Earlier question?", answer: "Earlier answer [1]." }],
      match_id: "m1",
      round: 2,
    });
  });

  it("202 then poll: follows the relative poll URL until the answer", async () => {
    const a = await agent("/poll").answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    expect(a.text).toContain("Answer to: polled");
    expect(a.tokens).toBe(321);
    const polls = srv.requests.filter((r) => r.path.startsWith("/jobs/"));
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.every((r) => r.method === "GET")).toBe(true);
  });

  it.each(FAULT_ERROR_CLASSES)("%s → %s, with an empty answer and no throw", async (endpoint, cls) => {
    const a = await agent(endpoint).answer(req, { seed: "s" });
    expect(a.error?.class).toBe(cls);
    expect(a.text).toBe("");
    expect(a.citations).toEqual({ count: 0, urls: [] });
  });

  it("the redirect target at 10.0.0.1 is refused by the guard with the range named", async () => {
    const a = await agent("/redirect-private").answer(req, { seed: "s" });
    expect(a.error?.detail).toMatch(/10\.0\.0\.1/);
  });

  it("an endpoint that is not allow-listed is refused before any request", async () => {
    const before = srv.requests.length;
    const a = await arenaHttpAgent({ name: "x", endpoint: srv.url("/ok"), bearer: null, config: config() }).answer(req, { seed: "s" });
    expect(a.error?.class).toBe("refused");
    expect(srv.requests.length).toBe(before);
  });

  it("the total deadline bounds polling and answers timeout", async () => {
    const a = await agent("/hanging", { timeoutMs: 5_000, deadlineMs: 300 }).answer(req, { seed: "s" });
    expect(a.error).toMatchObject({ class: "timeout" });
    expect(a.error?.detail).toMatch(/deadline/);
  });

  it("a caller abort ends the call as a timeout", async () => {
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    const a = await agent("/hanging", { timeoutMs: 5_000 }).answer(req, { seed: "s", signal: ctl.signal });
    expect(a.error?.class).toBe("timeout");
  });

  it("an optional trace is stored bounded (strings cut, at most 64 KB); a trace of unknown steps is malformed", async () => {
    const a = await agent("/trace").answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    expect(a.trace?.steps.slice(0, 3)).toEqual([
      { type: "search", query: "festival founded 1947", urls: ["https://example.org/source"] },
      { type: "open_page", url: "https://example.org/source", title: "Source" },
      { type: "tool_call", name: "calculator", input: "2025-1947", output: "78" },
    ]);
    const kept = a.trace!.steps.length;
    expect(kept).toBeLessThan(253);
    expect(a.trace!.omitted).toBe(253 - kept);
    expect(JSON.stringify(a.trace!.steps).length).toBeLessThanOrEqual(64 * 1024);
    expect(a.trace!.steps[3]).toMatchObject({ type: "search", query: expect.stringMatching(/^q0 x+…$/) });
    expect((await agent("/bad-trace").answer(req, { seed: "s" })).error?.class).toBe("malformed");
  });

  it("background interface: a 202 leaves a pending run with its poll URL; cancel sends DELETE to it", async () => {
    const client = agent("/poll-long");
    const started = await client.background!.start(req, { seed: "s" });
    if (!("pending" in started)) throw new Error("expected a pending run");
    expect(started.pending.handle).toMatch(/\/jobs\/\d+$/);
    const polled = await client.background!.poll(started.pending, { seed: "s" });
    expect("pending" in polled && polled.pending.polls).toBe(1);
    await client.background!.cancel(started.pending);
    expect(srv.requests.at(-1)).toMatchObject({ method: "DELETE", path: new URL(started.pending.handle).pathname });
  });

  it("health: GET {endpoint}/health, refused when not allow-listed", async () => {
    expect(await arenaHttpHealth({ endpoint: srv.url("/ok"), bearer: null, allow })).toMatchObject({ ok: true });
    expect(srv.requests.at(-1)?.path).toBe("/ok/health");
    const refused = await arenaHttpHealth({ endpoint: srv.url("/ok"), bearer: null });
    expect(refused.ok).toBe(false);
    expect(refused.detail).toMatch(/^refused/);
  });
});

describe("docs/agent-protocol.md", () => {
  it("publishes exactly the JSON Schemas the adapter validates with", () => {
    const doc = readFileSync(new URL("../../../docs/agent-protocol.md", import.meta.url), "utf8");
    const block = (name: string) => JSON.parse(new RegExp(`\`\`\`json schema=${name}\\n([\\s\\S]*?)\`\`\``).exec(doc)![1]!);
    expect(block("request")).toEqual(z.toJSONSchema(ArenaRequestSchema, { io: "input" }));
    expect(block("answer")).toEqual(z.toJSONSchema(ArenaAnswerSchema, { io: "input" }));
    expect(block("accepted")).toEqual(z.toJSONSchema(ArenaAcceptedSchema, { io: "input" }));
  });
});
