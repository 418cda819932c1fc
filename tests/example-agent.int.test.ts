import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentClient, probeAgentEndpoint } from "@arena/agents";
import { parseCitations } from "@arena/core/citations";
import type { PrismaClient } from "@arena/db";
import { freshDb } from "./helpers/arena";

const run = promisify(execFile);
const ARENA = fileURLToPath(new URL("../apps/cli/bin/arena.mjs", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../examples/echo-agent/server.mjs", import.meta.url));
const KEY = randomBytes(32).toString("hex");

/** Starts the example agent as its README says, on a free port; resolves with the endpoint it prints. */
function startExample(): Promise<{ child: ChildProcess; endpoint: string }> {
  const child = spawn(process.execPath, [EXAMPLE], { env: { ...process.env, PORT: "0" }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve({ child, endpoint: m[1]! });
    });
    child.once("exit", (code) => reject(new Error(`the example agent exited (${code}) before listening`)));
  });
}

/** An arena-HTTP agent whose answers carry no citation the arena reads. */
async function uncitedAgent(): Promise<{ server: Server; endpoint: string }> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      req.method === "GET" ? '{"status":"ok"}' : JSON.stringify({ answer: "The coast has six lighthouses (source: the coast's page)." }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/answer` };
}

/**
 * The example agent shipped in examples/echo-agent, started as a child process and registered
 * through the real `arena agent add` (address guard and health check), then asked a question;
 * and what "Test endpoint" tells an owner about an answer without citations or a refused host.
 */
describe("the example agent and Test endpoint", () => {
  let db: PrismaClient;
  let example: { child: ChildProcess; endpoint: string };
  let uncited: { server: Server; endpoint: string };

  beforeAll(async () => {
    db = await freshDb();
    example = await startExample();
    uncited = await uncitedAgent();
  });
  afterAll(async () => {
    example?.child.kill("SIGTERM");
    await new Promise<void>((r) => (uncited ? uncited.server.close(() => r()) : r()));
    await db?.$disconnect();
  });

  it("registers with `arena agent add` once its host is allow-listed and answers with a cited report", async () => {
    const host = new URL(example.endpoint).host;
    const r = await run(
      process.execPath,
      [ARENA, "agent", "add", "--name", "echo-example", "--protocol", "arena-http", "--endpoint", example.endpoint, "--json"],
      {
        env: { ...process.env, ARENA_SECRET_KEY: KEY, ARENA_AGENT_ALLOW_HOSTS: host },
        timeout: 60_000,
      },
    );
    expect(JSON.parse(r.stdout)).toMatchObject({ name: "echo-example", protocol: "arena_http", status: "healthy" });

    const agent = await db.agent.findFirstOrThrow({ where: { name: "echo-example" } });
    const question = "How many lighthouses does the Wialogist Coast have? Its page is https://wialogist.example/coast";
    const answer = await createAgentClient(agent, { allow: [host] }).answer(
      { question, wordLimitInstruction: "Answer in at most 150 words.", history: [] },
      { seed: "t", signal: AbortSignal.timeout(30_000) },
    );
    expect(answer.error).toBeNull();
    expect(answer.citations).toEqual({ count: 1, urls: ["https://wialogist.example/coast"] });
    expect(parseCitations(answer.text).inline).toEqual([1]);
  });

  it("Test endpoint flags an answer with no citation it can read, naming the formats it reads", async () => {
    const host = new URL(uncited.endpoint).host;
    const probe = await probeAgentEndpoint(db, { name: "uncited", protocol: "arena_http", endpoint: uncited.endpoint }, { allow: [host] });
    expect(probe.answer.error).toBeNull();
    expect(probe.problems).toHaveLength(1);
    expect(probe.problems[0]).toMatch(/no citation the arena can read/);
    expect(probe.problems[0]).toContain("[1] https://");
    expect(probe.problems[0]).toContain("References");

    const cited = await probeAgentEndpoint(
      db,
      { name: "cited", protocol: "arena_http", endpoint: example.endpoint },
      { allow: [new URL(example.endpoint).host] },
    );
    expect(cited.problems).toEqual([]);
  });

  it("the address guard's refusal tells the owner to ask the operator to allow-list the host", async () => {
    const err = await probeAgentEndpoint(db, { name: "local", protocol: "arena_http", endpoint: uncited.endpoint }, { allow: [] }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ kind: "refused" });
    expect((err as Error).message).toContain(`ask the arena's operator to allow-list ${new URL(uncited.endpoint).host}`);
    expect((err as Error).message).toContain("ARENA_AGENT_ALLOW_HOSTS");
  });
});
