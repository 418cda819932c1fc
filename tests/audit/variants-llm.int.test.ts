process.env.ARENA_QUEUE_PREFIX ||= `audit-llm-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { createAuditQueue, itemVariants, nextVariantItem, variantOrder } from "@arena/audit";
import { VARIANTS } from "@arena/audit/options";
import { EXAMINER_DEFAULTS } from "@arena/examiner";
import { createUser } from "../accounts/fixtures";
import { freshDb } from "../helpers/arena";
import { reply, startOpenAITestServer, type OpenAITestServer } from "../servers/openai-test-server";
import { flushRedis, requireEnv } from "../tournament-fixtures";
import { playTournament, type Played } from "./fixtures";

/**
 * Instrument I with an llm examiner configuration: its own model (the OpenAI-compatible test
 * server, over real HTTP) generates the three variants once per item; every later auditor reads
 * the stored ones in their own blinded order.
 */
describe("Instrument I variants of an llm configuration", () => {
  let db: PrismaClient;
  let played: Played;
  let srv: OpenAITestServer;
  let admin: string;
  let llmConfigId: string;

  beforeAll(async () => {
    requireEnv();
    await flushRedis();
    db = await freshDb();
    played = await playTournament(db);
    admin = (await createUser(db, "admin")).id;
    srv = await startOpenAITestServer({ models: ["test-model"] });
    // A valid generation reply: sources by the material's tags (P1 is the first pool page), no pool title in the question.
    let n = 0;
    srv.setHandler(() => {
      n += 1;
      return reply.json({
        question: `Scripted model question number ${n}: which qualities connect the material described here?`,
        word_limit_instruction: "ignored",
        gold_answer: "a scripted gold answer",
        checklist_depth: [{ entity: `Scripted entity ${n}`, aliases: [], logic: "scripted logic", source_url: "P1" }],
        checklist_width: [{ attribute: `scripted attribute ${n}`, expected: "scripted value", source_url: "P1" }],
        rationale: "scripted",
      });
    });
    // The heuristic tournament's first judged match, re-pointed at an llm configuration on the test server.
    const llm = await db.examinerConfig.create({
      data: {
        name: "llm:test-model@instrument-i",
        mode: "llm",
        baseUrl: srv.baseUrl,
        model: "test-model",
        promptVersion: EXAMINER_DEFAULTS.promptVersion,
      },
    });
    llmConfigId = llm.id;
    const round = await db.round.findFirstOrThrow({
      where: { voided: false, verdictToken: { not: null }, match: { tournamentId: played.tournamentId, status: "completed" } },
      orderBy: { createdAt: "asc" },
    });
    await db.match.update({ where: { id: round.matchId }, data: { examinerConfigId: llm.id, examinerMode: "llm" } });
  });
  afterAll(async () => {
    await srv?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  it("the configuration's model generates the variants once; a second auditor reads the stored ones in their own order", async () => {
    const q = await createAuditQueue(db, { name: "llm instrument", size: 1, seed: "llm", examinerConfigId: llmConfigId }, admin);
    const alice = (await createUser(db, "auditor")).id;
    const bob = (await createUser(db, "auditor")).id;
    const itemId = (await nextVariantItem(db, q.id, alice))!;

    const first = await itemVariants(db, itemId, alice);
    expect(srv.chatRequests()).toHaveLength(3);
    expect(srv.chatRequests().every((r) => r.model === "test-model")).toBe(true);
    expect(first.order).toEqual(variantOrder(itemId, alice));
    const questions = first.options.map((o) => o!.question);
    expect([...questions].sort()).toEqual(
      [1, 2, 3].map((n) => `Scripted model question number ${n}: which qualities connect the material described here?`),
    );
    // Stored in configuration order; shown in the auditor's.
    const stored = (await db.auditItem.findUniqueOrThrow({ where: { id: itemId } })).variantOptions as { question: string }[];
    expect(first.order.map((v) => stored[VARIANTS.indexOf(v)]!.question)).toEqual(questions);
    const n = Number(/number (\d)/.exec(first.options[0]!.question)![1]);
    expect(first.options[0]).toEqual({
      question: questions[0],
      checklistDepth: [{ item: `Scripted entity ${n}`, detail: "scripted logic" }],
      checklistWidth: [{ item: `scripted attribute ${n}`, detail: "scripted value" }],
    });

    const second = await itemVariants(db, itemId, bob);
    expect(srv.chatRequests()).toHaveLength(3);
    expect(second.order).toEqual(variantOrder(itemId, bob));
    expect(second.options).toEqual(second.order.map((v) => first.options[first.order.indexOf(v)]));
  });

  it("a heuristic configuration's item still gets heuristic variants, without calling the model", async () => {
    const q = await createAuditQueue(
      db,
      { name: "heuristic instrument", size: 1, seed: "h", examinerConfigId: played.examinerConfigId },
      admin,
    );
    const carol = (await createUser(db, "auditor")).id;
    const itemId = (await nextVariantItem(db, q.id, carol))!;
    const before = srv.chatRequests().length;
    const { options } = await itemVariants(db, itemId, carol);
    expect(srv.chatRequests()).toHaveLength(before);
    expect(options.some((o) => o !== null)).toBe(true);
    expect(JSON.stringify(options)).not.toContain("Scripted");
  });
});
