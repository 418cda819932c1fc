import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ChecklistItem } from "@arena/core";
import { reply, startOpenAITestServer, type OpenAITestServer } from "../../../tests/servers/openai-test-server";
import { Judge, JudgeUnavailableError, judgeCitations, scoreTask, type PageSource, type RaceCriteria, type ScoreRow } from "../src/index";

const PAGES: Record<string, string> = {
  "https://a.example/bridge": "The Golden Gate Bridge opened in 1937.",
  "https://b.example/river": "The river is 200 km long.",
};
const pages: PageSource = async (url) => PAGES[url] ?? null;

const ANSWER =
  "The bridge opened in 1937 [1]. The river is 350 km long [2]. The tower is tall [3].\n\n## References\n1. https://a.example/bridge\n2. https://b.example/river\n3. https://c.example/missing";

const firstUser = (body: unknown) =>
  (body as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === "user")!.content;
const lastUser = (body: unknown) => {
  const messages = (body as { messages: { role: string; content: string }[] }).messages;
  return messages.filter((m) => m.role === "user").at(-1)!.content;
};

describe("llm scorers against the OpenAI-compatible test server", () => {
  let srv: OpenAITestServer;
  let judge: Judge;
  beforeAll(async () => {
    srv = await startOpenAITestServer({ models: ["judge"] });
  });
  afterAll(() => srv.close());
  beforeEach(() => {
    srv.setHandler(null);
    judge = new Judge({ baseUrl: srv.baseUrl, model: "judge", maxRetries: 0, maxAttempts: 3 });
  });

  it("FACT: the judge decides fetched pairs, a malformed reply is asked again, an unfetchable page stays unknown", async () => {
    let riverCalls = 0;
    srv.setHandler((req) => {
      const text = firstUser(req.body);
      if (text.includes("river"))
        return ++riverCalls === 1 ? reply.malformed("I think it is not supported") : reply.json({ result: "unsupported" });
      return reply.fenced({ result: "supported" });
    });
    const s = await judgeCitations(ANSWER, pages, judge);
    expect(s.pairs.map((p) => p.support)).toEqual(["supported", "unsupported", "unknown"]);
    expect(s.accuracy).toBe(0.5);
    expect(s.effective).toBe(1);
    // two pages judged, the river twice (malformed, then corrected); the missing page never reaches the judge
    expect(srv.chatRequests()).toHaveLength(3);
    const retry = srv.chatRequests().find((r) => (r.messages ?? []).some((m) => m.role === "assistant"));
    expect(lastUser(retry)).toMatch(/rejected/);
  });

  const DEPTH: ChecklistItem[] = [{ item: "Golden Gate Bridge", detail: "suspension bridge", sourceUrl: "https://a.example/bridge" }];
  const WIDTH: ChecklistItem[] = [{ item: "cities", detail: "San Francisco, Sausalito", sourceUrl: "https://a.example/bridge" }];
  const task = { question: "Which bridge?", wordLimitInstruction: null, checklistDepth: DEPTH, checklistWidth: WIDTH, sourceUrls: null };

  it("claims: the judge's count of the answer's claims and its per-claim judgement give P, R, F1 by Eq. 1", async () => {
    const seen: string[] = [];
    srv.setHandler((req) => {
      const text = lastUser(req.body);
      if (text.includes("Ground-truth claims")) {
        seen.push(text);
        // the answer puts forward two entities (the bridge and a wrong one); the bridge's two
        // subclaims: San Francisco right, Sausalito stated wrong
        return reply.json({ claims: 2, matches: [{ truth: 1, identified: true, right_parts: 1, wrong_parts: 1 }] });
      }
      return reply.status(500);
    });
    const rows = await scoreTask(
      { ...task, answers: { A: "The Golden Gate Bridge links San Francisco and Oakland. The Bay Bridge too." } },
      { mode: "llm", judge, pages },
    ).catch((e) => e);
    // InteScore needs source pages (none here), RACE two answers: only citations and claims ran
    expect(rows).not.toBeInstanceOf(Error);
    // one ground-truth claim, the bridge, with its two cities as subclaims
    expect(seen[0]).toMatch(/1\. entity: Golden Gate Bridge.*subclaims: cities: San Francisco \| cities: Sausalito/);
    const v = (m: string) => (rows as ScoreRow[]).find((r) => r.side === "A" && r.metric === m)?.value;
    // s = 1, Prec(A_1) = 1/2 (one right of two stated), Rec(A_1) = 1/2; |A| = 2, |A*| = 1
    expect(v("claim_precision")).toBeCloseTo(1 / 4, 12);
    expect(v("claim_recall")).toBeCloseTo(1 / 2, 12);
    expect(v("claim_f1")).toBeCloseTo((2 * (1 / 4) * (1 / 2)) / (1 / 4 + 1 / 2), 12);
    // strict: a claim put forward and matching no target is wrong, so the minimum precision is 0
    expect(v("claim_strict_f1")).toBe(0);
  });

  it("RACE: criteria generated once and frozen, answers scored side by side without citations", async () => {
    const criteria: RaceCriteria = {
      weights: { comprehensiveness: 0.5, insight: 0.2, instruction_following: 0.2, readability: 0.1 },
      criteria: {
        comprehensiveness: [{ criterion: "names the bridge", explanation: "", weight: 1 }],
        insight: [{ criterion: "explains", explanation: "", weight: 1 }],
        instruction_following: [{ criterion: "answers", explanation: "", weight: 1 }],
        readability: [{ criterion: "clear", explanation: "", weight: 1 }],
      },
    };
    const scored = {
      comprehensiveness: [{ a: 8, b: 4 }],
      insight: [{ a: 6, b: 6 }],
      instruction_following: [{ a: 10, b: 5 }],
      readability: [{ a: 5, b: 5 }],
    };
    const seen: string[] = [];
    srv.setHandler((req) => {
      const text = lastUser(req.body);
      seen.push(text);
      if (text.startsWith("Research question:") && !text.includes("<answer_a>")) return reply.json(criteria);
      if (text.includes("<answer_a>")) return reply.json(scored);
      return reply.status(500);
    });
    const two = {
      ...task,
      checklistDepth: null,
      checklistWidth: null,
      answers: { A: "Answer A [1].\n\n## References\n1. https://c.example/missing", B: "Answer B." },
    };
    const first = await scoreTask(two, { mode: "llm", judge, pages });
    const share = first.find((r) => r.metric === "race_share" && r.side === "A")!.value;
    // S_int(A) = .5·8 + .2·6 + .2·10 + .1·5 = 7.7; S_int(B) = .5·4 + .2·6 + .2·5 + .1·5 = 4.7
    expect(share).toBeCloseTo(7.7 / 12.4, 12);
    expect(seen.find((t) => t.includes("<answer_a>"))).not.toMatch(/\[1\]|References/);
    const frozen = first.filter((r) => r.side === "task");
    expect(frozen.map((r) => r.metric)).toEqual(["race_criteria"]);

    seen.length = 0;
    const again = await scoreTask(two, { mode: "llm", judge, pages }, frozen);
    expect(seen.filter((t) => !t.includes("<answer_a>"))).toHaveLength(0);
    expect(again.find((r) => r.metric === "race_share" && r.side === "A")!.value).toBeCloseTo(share, 12);
    expect(again.some((r) => r.side === "task")).toBe(false);
  });

  it("a reply that stays malformed stores nothing for that scorer; an unreachable judge is an outage", async () => {
    srv.setHandler(() => reply.malformed("no json here"));
    const rows = await scoreTask({ ...task, answers: { A: "The Golden Gate Bridge." } }, { mode: "llm", judge, pages });
    expect(rows.filter((r) => r.metric.startsWith("claim_"))).toEqual([]);

    srv.setHandler(() => reply.status(503));
    await expect(scoreTask({ ...task, answers: { A: "The Golden Gate Bridge." } }, { mode: "llm", judge, pages })).rejects.toBeInstanceOf(
      JudgeUnavailableError,
    );
  });
});
