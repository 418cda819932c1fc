import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import {
  cancelMatch,
  createMatch,
  heuristicExaminerConfig,
  loadMatchSetup,
  MatchDeferred,
  matchDeps,
  runMatch,
  abandonPendingRuns,
} from "@arena/match";
import { readMatch } from "@arena/match/read";
import { startOpenAITestServer, type OpenAITestServer } from "../../../tests/servers/openai-test-server";
import { responsesOutput, type Source } from "../../../tests/servers/provider-fixtures";
import { freshDb, importSharedTree } from "../../../tests/helpers/arena";

/**
 * A match whose agent runs in background mode, played by "jobs" that each end where a real one
 * would move to the delayed set: every run resumes from PostgreSQL alone (new dependencies, as in
 * another worker after a crash), polls the stored response id, and each round's run is created
 * exactly once. Cancelling the match cancels the run at the provider.
 */
describe("match runner: background research runs across jobs", () => {
  let db: PrismaClient;
  let srv: OpenAITestServer;
  let treeId: string;
  let examinerConfigId: string;
  const sources: Source[] = [{ url: "https://example.org/a", title: "A" }];

  beforeAll(async () => {
    db = await freshDb();
    srv = await startOpenAITestServer({ models: ["o4-mini-deep-research"] });
    treeId = (await importSharedTree(db, "tree_0025.json")).id;
    examinerConfigId = (await heuristicExaminerConfig(db)).id;
  });
  afterAll(async () => {
    await srv.close();
    await db.$disconnect();
  });

  async function setup(seed: string) {
    const dr = await db.agent.create({
      data: {
        name: `dr-${seed}`,
        protocol: "openai_responses",
        endpoint: srv.baseUrl,
        model: "o4-mini-deep-research",
        config: { pollIntervalMs: 100, tools: ["web_search_preview"] },
        status: "healthy",
      },
    });
    const sim = await db.agent.create({
      data: { name: `sim-${seed}`, protocol: "simulated", config: { p_depth: 0.5, p_width: 0.5 }, status: "healthy" },
    });
    return createMatch(db, { treeId, agentAId: dr.id, agentBId: sim.id, examinerConfigId, seed });
  }

  /** One job: runs until the match ends or defers; returns the deferral time, or null when finished. */
  async function job(matchId: string): Promise<number | null> {
    try {
      await runMatch(db, matchId, { ...(await matchDeps(db, matchId, { allow: [new URL(srv.baseUrl).host] })), defer: true });
      return null;
    } catch (err) {
      if (err instanceof MatchDeferred) return err.resumeAt;
      throw err;
    }
  }

  it("defers while the run goes on, resumes from the stored response id, and creates each round's run once", async () => {
    srv.setRunHandler(() => ({ output: responsesOutput(["A claim about the page."], sources), polls: 2 }));
    const m = await setup("bg1");
    const before = srv.runs.length;
    let jobs = 0;
    let waited = false;
    for (let resumeAt = await job(m.id); resumeAt !== null; resumeAt = await job(m.id)) {
      jobs++;
      const view = (await readMatch(db, m.id))!;
      if (view.waiting?.a) waited = true;
      await new Promise((r) => setTimeout(r, Math.max(0, resumeAt - Date.now())));
    }
    const rounds = await db.round.findMany({ where: { matchId: m.id }, orderBy: { number: "asc" } });
    const runs = srv.runs.slice(before);
    expect(waited).toBe(true);
    expect(jobs).toBeGreaterThanOrEqual(rounds.length * 2);
    expect(runs).toHaveLength(rounds.length);
    expect(runs.every((r) => r.looks === 3)).toBe(true);
    expect(rounds.every((r) => r.errorA === null && r.citationsA === 1 && r.traceA !== null)).toBe(true);
    expect((await db.match.findUniqueOrThrow({ where: { id: m.id } })).status).toBe("completed");
    expect((await readMatch(db, m.id))!.waiting).toBeNull();
  }, 300_000);

  it("a cancelled match's pending run is cancelled at the provider, once", async () => {
    srv.setRunHandler(() => ({ output: responsesOutput(["A claim."], sources), runMs: 60_000 }));
    const m = await setup("bg2");
    expect(await job(m.id)).not.toBeNull();
    const run = srv.runs.at(-1)!;
    expect((await readMatch(db, m.id))!.waiting).toMatchObject({ round: 1, a: { status: "queued", polls: 0 }, b: null });
    expect(await cancelMatch(db, m.id)).toEqual({ cancelled: true, tournamentId: null });
    const setupRow = (await loadMatchSetup(db, m.id))!;
    const deps = await matchDeps(db, m.id, { allow: [new URL(srv.baseUrl).host] });
    expect(await abandonPendingRuns(db, m.id, deps, setupRow.state)).toBe(1);
    expect(run.cancelled).toBe(true);
    expect(await abandonPendingRuns(db, m.id, deps, (await loadMatchSetup(db, m.id))!.state)).toBe(0);
    expect((await db.match.findUniqueOrThrow({ where: { id: m.id } })).status).toBe("cancelled");
  }, 120_000);
});
