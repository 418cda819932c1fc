import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgentRequest } from "@arena/core";
import { createPrisma, type PrismaClient } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import { importTreeFile, startSandboxServer, type SandboxServer } from "@arena/trees";
import { startFaultAgentServer, type FaultAgentServer } from "../../../tests/servers/fault-agent-server";
import { parseCitations } from "@arena/core/citations";
import { createAgentClient } from "../src/client";
import { wordCount } from "../src/builtin/text";
import { ensureBuiltinAgents } from "../src/registry";
import { decryptSecret, secretContext } from "../src/secrets";
import { drArenaTreePath } from "@arena/dr-arena-trees";

const run = promisify(execFile);
const ARENA = fileURLToPath(new URL("../../../apps/cli/bin/arena.mjs", import.meta.url));
const KEY = randomBytes(32);
const TREE_0016 = await drArenaTreePath("tree_0016.json");

/** Runs the real `arena` CLI in a child process (async, so this process's test server keeps serving). */
async function arena(args: string[], env: Record<string, string> = {}) {
  try {
    const r = await run(process.execPath, [ARENA, ...args], {
      env: { ...process.env, ARENA_SECRET_KEY: KEY.toString("hex"), ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

describe("agents with the database and the arena CLI", () => {
  let db: PrismaClient;
  let srv: FaultAgentServer;

  beforeAll(async () => {
    db = createPrisma();
    srv = await startFaultAgentServer();
  });
  beforeEach(() => truncateAll(db));
  afterAll(async () => {
    await srv.close();
    await db.$disconnect();
  });

  it("agent add refuses an endpoint at 10.0.0.1 with a non-zero exit and stores nothing", async () => {
    const r = await arena(["agent", "add", "--name", "private", "--protocol", "arena-http", "--endpoint", "http://10.0.0.1/answer"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/refused: .*10\.0\.0\.1.*private/);
    expect(await db.agent.count()).toBe(0);
  });

  it("agent add refuses the loopback fault server unless it is allow-listed", async () => {
    const r = await arena(["agent", "add", "--name", "loop", "--protocol", "arena-http", "--endpoint", srv.url("/ok")]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/refused/);
  });

  it("agent add health-checks an allow-listed endpoint and stores the secret encrypted", async () => {
    const secret = "sk-fault-agent-7f3a";
    const r = await arena(
      [
        "agent",
        "add",
        "--name",
        "fault-ok",
        "--protocol",
        "arena-http",
        "--endpoint",
        srv.url("/ok"),
        "--secret-env",
        "FAULT_AGENT_KEY",
        "--json",
      ],
      { ARENA_ALLOW_HOSTS: srv.hostPort, FAULT_AGENT_KEY: secret },
    );
    expect(r.stderr).not.toMatch(/arena:/);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: "fault-ok", protocol: "arena_http", status: "healthy", builtin: false });
    const health = srv.requests.findLast((q) => q.path === "/ok/health")!;
    expect(health.headers.authorization).toBe(`Bearer ${secret}`);

    const row = await db.agent.findUniqueOrThrow({ where: { name: "fault-ok" } });
    expect(row.secretEnv).toBe("FAULT_AGENT_KEY");
    expect(row.secretEnc).not.toContain(secret);
    expect(decryptSecret(row.secretEnc!, KEY, secretContext("agent", "fault-ok", "secretEnc"))).toBe(secret);
    expect(row.healthAt).not.toBeNull();

    // The stored row is directly usable: the client decrypts the bearer token when calling.
    const client = createAgentClient(row, { allow: [srv.hostPort], secretKey: KEY });
    const a = await client.answer({ question: "Q?", wordLimitInstruction: "Answer length: 100-200 words.", history: [] }, { seed: "s" });
    expect(a.error).toBeNull();
    expect(srv.requests.findLast((q) => q.path === "/ok")!.headers.authorization).toBe(`Bearer ${secret}`);

    const list = await arena(["agent", "list", "--json"]);
    expect(JSON.parse(list.stdout)).toEqual([
      { id: row.id, name: "fault-ok", protocol: "arena_http", endpoint: srv.url("/ok"), builtin: false, status: "healthy" },
    ]);
  });

  it("agent add fails when the health check fails or the secret variable is unset", async () => {
    const bad = await arena(
      ["agent", "add", "--name", "dead", "--protocol", "openai", "--model", "m", "--endpoint", `${srv.origin}/nothing/v1`],
      {
        ARENA_ALLOW_HOSTS: srv.hostPort,
      },
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/health check failed: http_status/);
    const unset = await arena(
      ["agent", "add", "--name", "x", "--protocol", "arena-http", "--endpoint", srv.url("/ok"), "--secret-env", "ARENA_TEST_UNSET_VAR"],
      {
        ARENA_ALLOW_HOSTS: srv.hostPort,
      },
    );
    expect(unset.code).not.toBe(0);
    expect(unset.stderr).toMatch(/ARENA_TEST_UNSET_VAR is not set/);
    expect(await db.agent.count()).toBe(0);
  });

  it("ensureBuiltinAgents and `agent builtin` are idempotent", async () => {
    const first = await ensureBuiltinAgents(db);
    const r = await arena(["agent", "builtin", "--json"]);
    expect(r.code).toBe(0);
    const second = JSON.parse(r.stdout) as Array<{ id: string; name: string }>;
    expect(second.map((x) => x.id)).toEqual(first.map((x) => x.id));
    const rows = await db.agent.findMany({ orderBy: { name: "asc" } });
    expect(rows.map((x) => [x.name, x.protocol, x.builtin, x.config])).toEqual([
      ["builtin:extractive", "builtin", true, { strategy: "extractive" }],
      ["builtin:researcher", "builtin", true, { strategy: "researcher" }],
    ]);
  });
});

/** Wide question over two pages of the BLS tree (tree_0016); both facts are in those pages' stored text. */
const WIDE: AgentRequest = {
  question:
    "What was the median annual wage for software developers in May 2024, and how many total nonfarm job openings were reported in August 2025?",
  wordLimitInstruction: "Answer length: 160-260 words.",
  history: [],
};

describe("built-in agents over the storage package's sandbox server with an imported tree", () => {
  let db: PrismaClient;
  let sandbox: SandboxServer;
  const allow = () => [new URL(sandbox.url).host];
  const builtin = (strategy: string) =>
    createAgentClient(
      { name: `builtin:${strategy}`, protocol: "builtin", endpoint: null, model: null, secretEnc: null, config: { strategy } },
      { sandboxUrl: sandbox.url, allow: allow() },
    );

  beforeAll(async () => {
    db = createPrisma();
    sandbox = await startSandboxServer(db, { port: 0 });
  });
  beforeEach(async () => {
    await truncateAll(db);
    await importTreeFile(db, TREE_0016);
  });
  afterAll(async () => {
    await sandbox.close();
    await db.$disconnect();
  });

  /** The stored content of a page, by original URL (any node with that URL and content). */
  async function pageText(url: string): Promise<string> {
    const nodes = await db.node.findMany({ where: { url }, select: { content: true } });
    return nodes.map((n) => n.content ?? "").join("\n");
  }

  /** Cited URLs are stored pages; every fact stated is in a cited page's stored text. */
  async function assertGrounded(text: string, facts: string[]) {
    const c = parseCitations(text);
    expect(c.count).toBeGreaterThan(0);
    expect(c.unresolved).toEqual([]);
    const texts = await Promise.all(c.urls.map(pageText));
    for (const t of texts) expect(t.length).toBeGreaterThan(0);
    for (const fact of facts) {
      expect(text).toContain(fact);
      expect(texts.some((t) => t.includes(fact))).toBe(true);
    }
  }

  it("researcher: both parts of a wide question, cited to the pages holding them, within the word limit", async () => {
    const a = await builtin("researcher").answer(WIDE, { seed: "s" });
    expect(a.error).toBeNull();
    await assertGrounded(a.text, ["$133,080", "7.2 million"]);
    expect(wordCount(a.text.split("## References")[0]!)).toBeLessThanOrEqual(260 + 10);
    expect(a.citations.urls).toContain("https://www.bls.gov/ooh/computer-and-information-technology/software-developers.htm");
  });

  it("extractive: cited snippets of real pages", async () => {
    const a = await builtin("extractive").answer(WIDE, { seed: "s" });
    expect(a.error).toBeNull();
    await assertGrounded(a.text, []);
    expect(a.citations.count).toBeGreaterThanOrEqual(3);
  });

  it("is deterministic", async () => {
    const r = builtin("researcher");
    expect((await r.answer(WIDE, { seed: "a" })).text).toBe((await r.answer(WIDE, { seed: "b" })).text);
  });

  it("a sandbox that is not allow-listed → refused, not a throw", async () => {
    const a = await createAgentClient(
      { name: "b", protocol: "builtin", endpoint: null, model: null, secretEnc: null, config: { strategy: "extractive" } },
      { sandboxUrl: sandbox.url },
    ).answer(WIDE, { seed: "s" });
    expect(a.error?.class).toBe("refused");
  });
});
