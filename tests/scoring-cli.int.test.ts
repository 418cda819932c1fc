import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply, startOpenAITestServer, type OpenAITestServer } from "./servers/openai-test-server";
import { freshDb } from "./helpers/arena";

/** `arena score --report`: the real binary, its one JSON object, offline and against a judge. */
const REPO = fileURLToPath(new URL("../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "arena-score-cli-"));

async function arena(env: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)("node", ["apps/cli/bin/arena.mjs", ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    maxBuffer: 1 << 24,
  });
  return stdout;
}

describe("arena score --report", () => {
  let srv: OpenAITestServer;
  beforeAll(async () => {
    await (await freshDb()).$disconnect();
    srv = await startOpenAITestServer({ models: ["judge"] });
    writeFileSync(
      join(dir, "answer.md"),
      "# Curie\n\nMaria Skłodowska won Nobel prizes in 1903 and 1911 [1].\n\n## References\n1. https://x.example/curie\n",
    );
    writeFileSync(join(dir, "q.txt"), "Which physicist won two Nobel prizes?\n");
    writeFileSync(
      join(dir, "c.json"),
      JSON.stringify({
        checklist_depth: [
          { item: "Marie Curie", detail: "physicist", sourceUrl: "https://x.example/curie", aliases: ["Maria Skłodowska"] },
        ],
        checklist_width: ["1903 and 1911", "Warsaw"],
      }),
    );
  });
  afterAll(async () => {
    await srv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const args = () => [
    "score",
    "--report",
    join(dir, "answer.md"),
    "--question",
    join(dir, "q.txt"),
    "--checklist",
    join(dir, "c.json"),
    "--json",
  ];

  it("prints exactly one object; a page outside the corpus leaves its citation unknown", async () => {
    const out = JSON.parse(await arena({}, ...args()));
    expect(Object.keys(out)).toEqual(["mode", "citations", "claims", "race", "intescore", "dr3"]);
    expect(out.mode).toBe("offline");
    expect(out.citations).toEqual({
      count: 1,
      urls: ["https://x.example/curie"],
      supported: 0,
      unsupported: 0,
      contradicted: 0,
      unknown: 1,
      accuracy: null,
      effective: 0,
    });
    // one claim, Curie, with subclaims 1903, 1911 and Warsaw: two right, none wrong → P = 1, R = 2/3
    expect(out.claims.precision).toBe(1);
    expect(out.claims.recall).toBeCloseTo(2 / 3, 12);
    expect(out.race).toBeNull();
    expect(out.dr3).toEqual({ citation_coverage: 1, info_recall: 2 / 3 });
  }, 120_000);

  it("--mode llm asks the judge and records the mode", async () => {
    srv.setHandler(() =>
      reply.json({
        // Eq. 1: one claim (Curie) with three subclaims (1903, 1911, Warsaw); the answer puts one forward
        claims: 1,
        matches: [{ truth: 1, identified: true, right_parts: 2, wrong_parts: 0 }],
        qsr: [10, 10, 0],
        grr: [10, 10, 10, 10, 10],
      }),
    );
    const env = { ARENA_SCORING_BASE_URL: srv.baseUrl, ARENA_SCORING_MODEL: "judge" };
    const out = JSON.parse(await arena(env, ...args(), "--mode", "llm"));
    expect(out.mode).toBe("llm");
    expect(out.claims).toEqual({ precision: 1, recall: 2 / 3, f1: 0.8, strict_f1: 0.8 });
    // Quality = .5·(20/30) + .5·1; TBoost: 1 of 1 source cited → 1 + .2·(.7·1 + .3·0)
    expect(out.intescore.value).toBeCloseTo((0.5 * (20 / 30) + 0.5) * 1.14 * 100, 10);
  }, 120_000);
});

describe("arena tournament create --no-score-reports", () => {
  it("stores the per-tournament scoring setting: on by default, off with the flag", async () => {
    const db = await freshDb();
    try {
      const a = await db.agent.create({
        data: { name: "sim-a", protocol: "simulated", config: { p_depth: 0.5, p_width: 0.5 }, status: "healthy" },
      });
      const b = await db.agent.create({
        data: { name: "sim-b", protocol: "simulated", config: { p_depth: 0.5, p_width: 0.5 }, status: "healthy" },
      });
      const tree = await db.tree.create({ data: { rootUrl: "https://x.example/", source: "imported" } });
      const create = async (name: string, ...extra: string[]) =>
        JSON.parse(
          await arena(
            {},
            "tournament",
            "create",
            "--name",
            name,
            "--agents",
            `${a.name},${b.name}`,
            "--trees",
            tree.id,
            "--json",
            ...extra,
          ),
        ) as { id: string; scoreReports: boolean };
      expect((await create("scored")).scoreReports).toBe(true);
      const off = await create("unscored", "--no-score-reports");
      expect(off.scoreReports).toBe(false);
      expect((await db.tournament.findUniqueOrThrow({ where: { id: off.id } })).scoreReports).toBe(false);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
