import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma, disconnectPrisma } from "@arena/db";
import { importTreeFile } from "@arena/trees";
import { drArenaTreePath } from "@arena/dr-arena-trees";
import { startOpenAITestServer, reply, type OpenAITestServer } from "../../../tests/servers/openai-test-server";

/** `arena examiner generate` end to end: stored tree → loop start → context → examiner → JSON. */
const run = promisify(execFile);
const BIN = new URL("../../../apps/cli/bin/arena.mjs", import.meta.url).pathname;
const TREE = await drArenaTreePath("tree_0009.json");

let treeId: string;
let srv: OpenAITestServer;

beforeAll(async () => {
  // Each run imports its own copy (fresh tree id), so no table needs emptying.
  treeId = (await importTreeFile(prisma(), TREE)).id;
  srv = await startOpenAITestServer();
});
afterAll(async () => {
  await srv.close();
  await disconnectPrisma();
});

async function arena(args: string[], env: Record<string, string> = {}) {
  const { stdout } = await run(process.execPath, [BIN, "examiner", "generate", "--tree", treeId, ...args], {
    env: { ...process.env, ...env },
  });
  return JSON.parse(stdout) as {
    question: string;
    word_limit_instruction: string;
    checklist_depth: Array<{ item: string; source_url: string }>;
    checklist_width: Array<{ item: string; detail: string; source_url: string }>;
    source_urls: string[];
    mode: string;
  };
}

describe("arena examiner generate", () => {
  it("heuristic: deterministic task for a seed, traced to the stored pages", async () => {
    const a = await arena(["--width", "3", "--seed", "7", "--json"]);
    const b = await arena(["--width", "3", "--seed", "7", "--json"]);
    expect(b).toEqual(a);
    expect(Object.keys(a)).toEqual(["question", "word_limit_instruction", "checklist_depth", "checklist_width", "source_urls", "mode"]);
    expect(a.mode).toBe("heuristic");
    // D=3, W=3: the start is taken on the shallowest level where a pool of 3 pages the heuristic
    // can target is had (docs/examiners.md), here one level below the first
    expect(a.word_limit_instruction).toBe("Answer length: 250-350 words.");
    // the question has the width it announces: 3 distinct targets, each with a width fact
    expect(a.question).toContain("3 distinct entities are linked");
    expect(new Set(a.checklist_depth.map((d) => d.source_url)).size).toBe(3);
    expect(new Set(a.checklist_width.map((w) => w.item.split(":")[0]))).toEqual(new Set(["Entity 1", "Entity 2", "Entity 3"]));
    for (const item of [...a.checklist_depth, ...a.checklist_width]) expect(a.source_urls).toContain(item.source_url);
  });

  it("--node picks the current node; it leads the pool", async () => {
    const url = "https://gmgc.com/location/garden-city/";
    const t = await arena(["--node", url, "--width", "2", "--json"]);
    expect(t.checklist_depth[0]!.source_url).toBe(url);
    expect(t.word_limit_instruction).toBe("Answer length: 220-320 words."); // D=3, W=2
  });

  it("llm: reads the examiner endpoint from the environment", async () => {
    srv.setHandler((req) => {
      const messages = (req.body as { messages: Array<{ content: string }> }).messages;
      const url = /\[P1\][^\n]*\nURL: (\S+)/.exec(messages.map((m) => m.content).join("\n"))?.[1] ?? "missing";
      return reply.json({
        question: "Which gymnastics location, reached from the guide, offers recreational classes, and from what age?",
        word_limit_instruction: "x",
        checklist_depth: [{ entity: "Some location", aliases: [], logic: "first pool page", source_url: url }],
        checklist_width: [{ attribute: "youngest age", expected: "3 years", source_url: "P1" }],
        rationale: "test",
      });
    });
    const t = await arena(["--examiner", "llm", "--seed", "3", "--json"], {
      ARENA_EXAMINER_BASE_URL: srv.baseUrl,
      ARENA_EXAMINER_MODEL: "test-model",
    });
    expect(t.mode).toBe("llm");
    expect(t.checklist_depth[0]!.source_url).toMatch(/^https:\/\/gmgc\.com\//);
    expect(t.checklist_width[0]!.source_url).toBe(t.checklist_depth[0]!.source_url);
    expect(srv.chatRequests()).toHaveLength(1);
  });
});
