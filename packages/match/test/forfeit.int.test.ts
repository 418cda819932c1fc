import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMINER_MODES, type ExaminerModeName } from "@arena/core";
import type { PrismaClient } from "@arena/db";
import type { Examiner } from "@arena/examiner";
import {
  createMatch,
  EXAMINER_MODE_TABLE,
  heuristicExaminerConfig,
  matchDeps,
  runMatch,
  type MatchDeps,
  type RoundReport,
} from "@arena/match";
import { readMatch, readMatches } from "@arena/match/read";
import { judgedRounds, ratedMatches } from "@arena/tournament";
import { freshDb, importSharedTree } from "../../../tests/helpers/arena";
import { createUser } from "../../../tests/accounts/fixtures";
import { reply, startOpenAITestServer, type ChatRequestBody, type OpenAITestServer } from "../../../tests/servers/openai-test-server";

/**
 * A round one agent did not answer is that agent's forfeit, decided before any judge is asked:
 * seat A's endpoint refuses connections (or its call throws), seat B really answers, and the
 * examiner's judge throws if it is called at all. Every round goes to B, MUCH_BETTER, the match
 * is B's and rated, and the public read names the error class only (the detail names the
 * endpoint: for the agent's owner and admins).
 */
describe("match runner: a round no agent answered is a forfeit", () => {
  let db: PrismaClient;
  let treeId: string;
  let examinerConfigId: string;
  let refusedPort: number;
  /** A real arena-HTTP endpoint that answers 200 with only whitespace: no error, no text. */
  let blank: Server;
  let blankPort: number;
  let judgeCalls = 0;
  /** The llm examiner's endpoint: it writes a question from the first pages of the material, and counts judge prompts. */
  let llm: OpenAITestServer;
  let llmJudgePrompts = 0;

  beforeAll(async () => {
    db = await freshDb();
    llm = await startOpenAITestServer();
    llm.setHandler((req) => {
      const schema = ((req.body as ChatRequestBody).response_format?.json_schema as { name?: string } | undefined)?.name;
      if (schema !== "arena_task") {
        llmJudgePrompts++;
        return reply.status(500);
      }
      return reply.json({
        question:
          "Starting from the overview page, which resource does it link to, and what term does that resource use for its collection?",
        word_limit_instruction: "Answer length: 200-300 words.",
        gold_answer: "The linked resource and its term.",
        checklist_depth: [{ entity: "the linked resource", aliases: [], logic: "linked from the overview", source_url: "C1" }],
        checklist_width: [{ attribute: "term for its collection", expected: "databases", source_url: "C1" }],
        rationale: "one hop, one fact",
      });
    });
    treeId = (await importSharedTree(db, "tree_0025.json")).id;
    examinerConfigId = (await heuristicExaminerConfig(db)).id;
    // A port that was just free and is closed again: connecting to it is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    refusedPort = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    blank = createHttpServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ answer: " \n\t  \n" }));
      });
    });
    await new Promise<void>((resolve) => blank.listen(0, "127.0.0.1", resolve));
    blankPort = (blank.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (blank ? blank.close(() => resolve()) : resolve()));
    await llm?.close();
    await db.$disconnect();
  });

  /** The match's examiner, except that asking it for a judgement fails the test. */
  function judgeForbidden(examiner: Examiner): Examiner {
    return {
      mode: examiner.mode,
      model: examiner.model,
      generateTask: (ctx, opts) => examiner.generateTask(ctx, opts),
      judge: async () => {
        judgeCalls++;
        throw new Error("the judge was asked about a round one agent did not answer");
      },
      ...(examiner.canTarget ? { canTarget: (node) => examiner.canTarget!(node) } : {}),
    };
  }

  let llmConfigId: string | undefined;
  /** The examiner configuration a match of each mode runs under (the llm one at the test endpoint). */
  const configOf: Record<ExaminerModeName, () => Promise<string>> = {
    heuristic: async () => examinerConfigId,
    // Created once: configurations are never edited, so a second create of the same one is refused.
    llm: async () =>
      (llmConfigId ??= (
        await EXAMINER_MODE_TABLE.llm.create(db, {
          mode: "llm",
          baseUrl: llm.baseUrl,
          model: "judge-1",
          generationTemperature: 0.7,
          judgeTemperature: 0.1,
          doubleJudge: false,
        })
      ).id),
  };

  async function play(seed: string, seatA: (deps: MatchDeps) => MatchDeps["a"], configId = examinerConfigId, port = refusedPort) {
    const owner = await createUser(db, "owner");
    const a = await db.agent.create({
      data: {
        name: `refused-${seed}`,
        protocol: "arena_http",
        endpoint: `http://127.0.0.1:${port}/answer`,
        config: { timeoutMs: 800, deadlineMs: 5000, pollIntervalMs: 100, maxBytes: 1_000_000 },
        status: "healthy",
        ownerId: owner.id,
      },
    });
    const b = await db.agent.create({
      data: { name: `flawless-${seed}`, protocol: "simulated", config: { p_depth: 1, p_width: 1 }, status: "healthy" },
    });
    const m = await createMatch(db, { treeId, agentAId: a.id, agentBId: b.id, examinerConfigId: configId, seed });
    const deps = await matchDeps(db, m.id, { allow: [`127.0.0.1:${port}`] });
    const reports: RoundReport[] = [];
    judgeCalls = 0;
    const result = await runMatch(db, m.id, { ...deps, examiner: judgeForbidden(deps.examiner), a: seatA(deps) }, (r) => reports.push(r));
    const rounds = await db.round.findMany({ where: { matchId: m.id }, orderBy: { number: "asc" } });
    return { result, rounds, reports, match: await db.match.findUniqueOrThrow({ where: { id: m.id } }), ownerId: owner.id };
  }

  it("seat A's refused endpoint forfeits every round to B, MUCH_BETTER, without a judge; the match is B's and rated", async () => {
    const { result, rounds, reports, match } = await play("forfeit-refused", (deps) => deps.a);
    expect(judgeCalls).toBe(0);
    expect(rounds.length).toBeGreaterThan(0);
    for (const r of rounds) {
      expect(r).toMatchObject({
        errorA: "refused",
        errorB: null,
        answerA: "",
        voided: false,
        forfeit: "A",
        verdictToken: "[[B_MUCH_BETTER]]",
        loserFailureType: "BOTH",
      });
      expect(r.errorDetailA).toContain(`127.0.0.1:${refusedPort}`);
      expect((r.verdict as { reasoning: string }).reasoning).toBe(
        "Forfeit: seat A's agent failed (refused); seat B wins the round without a judgement.",
      );
      // No judge prompt among the examiner's calls: only the question's generation.
      expect(JSON.stringify(r.examinerCalls)).not.toContain("the judge was asked");
    }
    expect(reports.every((r) => r.verdict === "[[B_MUCH_BETTER]]" && r.forfeit?.seat === "A" && r.forfeit.reason === "refused")).toBe(true);
    // The loop advances as for any MUCH_BETTER verdict: B's score grows, A's stays 0, the rules end the match.
    expect(match).toMatchObject({ status: "completed", winner: "B", scoreA: 0, voidedRounds: 0, rounds: rounds.length });
    expect(match.scoreB).toBeGreaterThan(0);
    expect(rounds.map((r) => r.scoreB)).toEqual([...rounds.map((r) => r.scoreB)].sort((x, y) => x - y));
    expect(result.winner).toBe("B");

    // Rated as a loss for the failing agent; the examiner's analyses leave the forfeits out.
    const rated = await ratedMatches(db, { examinerConfigId, ids: [match.id] });
    expect(rated.map((m) => m.winner)).toEqual(["B"]);
    expect(await judgedRounds(db, rated)).toEqual([]);
    const listed = await readMatches(db, { agent: match.agentAId });
    expect(listed.items.map((m) => m.wonByForfeit)).toEqual([true]);
  });

  it.each(EXAMINER_MODES)("the same in the %s examiner mode: the round is B's by forfeit and no judge is asked", async (mode) => {
    llmJudgePrompts = 0;
    const { rounds, match } = await play(`forfeit-mode-${mode}`, (deps) => deps.a, await configOf[mode]());
    expect(judgeCalls).toBe(0);
    expect(llmJudgePrompts).toBe(0);
    expect(rounds.length).toBeGreaterThan(0);
    expect(
      rounds.every((r) => r.examinerMode === mode && r.forfeit === "A" && r.verdictToken === "[[B_MUCH_BETTER]]" && r.judgeError === null),
    ).toBe(true);
    expect(match).toMatchObject({ status: "completed", winner: "B" });
  });

  it.each(EXAMINER_MODES)(
    "an answer of only whitespace (HTTP 200, no error) forfeits in the %s examiner mode: reason empty, no judge asked",
    async (mode) => {
      llmJudgePrompts = 0;
      const { rounds, reports, match } = await play(`forfeit-blank-${mode}`, (deps) => deps.a, await configOf[mode](), blankPort);
      expect(judgeCalls).toBe(0);
      expect(llmJudgePrompts).toBe(0);
      expect(rounds.length).toBeGreaterThan(0);
      for (const r of rounds) {
        expect(r).toMatchObject({ examinerMode: mode, errorA: null, forfeit: "A", verdictToken: "[[B_MUCH_BETTER]]", judgeError: null });
        expect(r.answerA?.trim()).toBe("");
        expect((r.verdict as { reasoning: string }).reasoning).toBe(
          "Forfeit: seat A's agent answered nothing; seat B wins the round without a judgement.",
        );
      }
      expect(reports.every((r) => r.forfeit?.seat === "A" && r.forfeit.reason === "empty")).toBe(true);
      expect(match).toMatchObject({ status: "completed", winner: "B", scoreA: 0 });
    },
  );

  it("the public read names the error class only; the owner and admins read the detail with the endpoint", async () => {
    const { match, ownerId } = await play("forfeit-read", (deps) => deps.a);
    const endpoint = `127.0.0.1:${refusedPort}`;
    const anonymous = (await readMatch(db, match.id))!;
    expect(JSON.stringify(anonymous)).not.toContain(endpoint);
    expect(anonymous.wonByForfeit).toBe(true);
    for (const r of anonymous.roundsList) {
      expect(r.forfeit).toEqual({ seat: "A", reason: "refused" });
      expect(r.a).toMatchObject({ error: "refused", errorDetail: null });
    }
    const stranger = (await readMatch(db, match.id, { errorDetailFor: { ownerId: (await createUser(db, "owner")).id } }))!;
    expect(JSON.stringify(stranger)).not.toContain(endpoint);
    const owner = (await readMatch(db, match.id, { errorDetailFor: { ownerId } }))!;
    expect(owner.roundsList[0]!.a.errorDetail).toContain(endpoint);
    const admin = (await readMatch(db, match.id, { errorDetailFor: "all" }))!;
    expect(admin.roundsList.every((r) => r.a.errorDetail?.includes(endpoint))).toBe(true);
  });

  it("an agent call that throws a plain RangeError is that agent's failure: a forfeit, not an arena error that ends the job", async () => {
    const { result, rounds, match } = await play("forfeit-throws", (deps) => ({
      ...deps.a,
      client: {
        name: deps.a.client.name,
        answer: async () => {
          throw new RangeError("Invalid array length");
        },
      },
    }));
    expect(judgeCalls).toBe(0);
    expect(rounds.length).toBeGreaterThan(0);
    for (const r of rounds) {
      expect(r).toMatchObject({
        errorA: "malformed",
        errorDetailA: "the agent call threw RangeError: Invalid array length",
        forfeit: "A",
        verdictToken: "[[B_MUCH_BETTER]]",
      });
    }
    expect(match).toMatchObject({ status: "completed", winner: "B", error: null });
    expect(result.winner).toBe("B");
  });
});
