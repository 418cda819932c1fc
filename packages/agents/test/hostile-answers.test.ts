import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { priceTable, type AgentRequest } from "@arena/core";
import { reply, startOpenAITestServer, type OpenAITestServer } from "../../../tests/servers/openai-test-server";
import { answerOf, MAX_ANSWER_BYTES } from "../src/answer";
import { parseCitations, referencesOf } from "@arena/core/citations";
import { ArenaHttpConfigSchema, BuiltinConfigSchema, OpenAIConfigSchema, SimulatedConfigSchema } from "../src/config";
import { openAIAgent, type OpenAIAgentOptions } from "../src/protocols/openai-agent";

/** Answers an agent owner can send to freeze a worker or make its round unstorable (docs/security.md). */
const req: AgentRequest = {
  question: "Which console did NEC sell in 1990?",
  wordLimitInstruction: "Answer length: 200-300 words.",
  history: [],
};
const usage = { tokens: null, costUsd: null };
const isWellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

describe("hostile answers are classified, never thrown or stored unreadable", () => {
  it("an answer over the size cap is oversized before any parsing (160 KB of `_a` froze a worker for 26 s)", () => {
    const a = answerOf("_a".repeat(80_000), performance.now(), usage);
    expect(a.error).toMatchObject({ class: "oversized" });
    expect(a.text).toBe("");
    expect(a.citations).toEqual({ count: 0, urls: [] });
  });

  it("an answer just under the cap is read: the citation reader is linear, not a Markdown parser", () => {
    const text = `${"_a".repeat(MAX_ANSWER_BYTES / 2 - 100)}\n\n## References\n1. https://one.org`;
    const a = answerOf(text, performance.now(), usage);
    expect(a.error).toBeNull();
    expect(a.citations).toEqual({ count: 1, urls: ["https://one.org"] });
  });

  it("5,000 `>` characters (a stack overflow in the Markdown parser) are an ordinary answer", () => {
    const a = answerOf(`${">".repeat(5_000)} claim [1]\n\n[1] https://one.org`, performance.now(), usage);
    expect(a.error).toBeNull();
    expect(a.citations.count).toBe(1);
    expect(parseCitations(`${">".repeat(5_000)} claim [1]`).inline).toEqual([1]);
    expect(() => referencesOf(`${"> ".repeat(20_000)}- [x](https://a.org)`)).not.toThrow();
  });

  it("lone surrogates are replaced and NUL dropped, so the round's jsonb can be stored", () => {
    const a = answerOf("Claim \ud800 and \udfff\u0000 [1].\n\n## References\n1. https://one.org/\ud83d", performance.now(), usage);
    expect(a.error).toBeNull();
    expect(a.text).toBe("Claim \ufffd and \ufffd [1].\n\n## References\n1. https://one.org/\ufffd");
    expect(isWellFormed(a.text)).toBe(true);
  });

  it("a pair of surrogates (an emoji) is kept as it is", () => {
    expect(answerOf("Sun \u2600 and moon \ud83c\udf19.", performance.now(), usage).text).toBe("Sun \u2600 and moon \ud83c\udf19.");
  });
});

describe("agent config has upper bounds", () => {
  it("refuses timers beyond what Node's timers accept, and absurd sizes", () => {
    expect(OpenAIConfigSchema.safeParse({ timeoutMs: 2 ** 32 + 1 }).success).toBe(false);
    expect(OpenAIConfigSchema.safeParse({ maxBytes: 2 ** 40 }).success).toBe(false);
    expect(OpenAIConfigSchema.safeParse({ maxTokens: 2 ** 31 }).success).toBe(false);
    expect(ArenaHttpConfigSchema.safeParse({ deadlineMs: 2 ** 32 }).success).toBe(false);
    expect(ArenaHttpConfigSchema.safeParse({ pollIntervalMs: 2 ** 31 }).success).toBe(false);
    expect(BuiltinConfigSchema.safeParse({ strategy: "extractive", timeoutMs: 2 ** 32 }).success).toBe(false);
    expect(SimulatedConfigSchema.safeParse({ p_depth: 1, p_width: 1, latency_ms: 2 ** 32 }).success).toBe(false);
    expect(ArenaHttpConfigSchema.parse({})).toMatchObject({ timeoutMs: 60_000, deadlineMs: 900_000 });
  });
});

describe("the OpenAI adapter with hostile answers and the operator's OpenAI environment", () => {
  let srv: OpenAITestServer;
  let opts: OpenAIAgentOptions;
  const saved = { org: process.env.OPENAI_ORG_ID, project: process.env.OPENAI_PROJECT_ID };

  beforeAll(async () => {
    srv = await startOpenAITestServer({ models: ["local-model"] });
    opts = {
      name: "hostile",
      baseUrl: srv.baseUrl,
      model: "local-model",
      apiKey: "sk-agent",
      config: OpenAIConfigSchema.parse({ timeoutMs: 5_000 }),
      allow: [new URL(srv.baseUrl).host],
      prices: priceTable(),
    };
  });
  afterEach(() => expect(srv.pending()).toBe(0));
  afterAll(async () => {
    for (const [name, value] of [
      ["OPENAI_ORG_ID", saved.org],
      ["OPENAI_PROJECT_ID", saved.project],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await srv.close();
  });

  it("does not send the operator's OPENAI_ORG_ID / OPENAI_PROJECT_ID to an agent", async () => {
    process.env.OPENAI_ORG_ID = "org-operator-secret";
    process.env.OPENAI_PROJECT_ID = "proj-operator-secret";
    srv.enqueue(reply.content("Fine [1].\n\n[1] https://one.org"));
    const a = await openAIAgent(opts).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    const headers = srv.requests.at(-1)!.headers;
    expect(headers["openai-organization"]).toBeUndefined();
    expect(headers["openai-project"]).toBeUndefined();
  });

  it("records an oversized answer and a lone surrogate as the classes above, end to end", async () => {
    srv.enqueue(reply.content("_a".repeat(80_000)), reply.content("Claim \ud800 [1].\n\n[1] https://one.org"));
    const big = await openAIAgent(opts).answer(req, { seed: "s" });
    expect(big.error).toMatchObject({ class: "oversized" });
    const odd = await openAIAgent(opts).answer(req, { seed: "s" });
    expect(odd).toMatchObject({ error: null, text: "Claim \ufffd [1].\n\n[1] https://one.org" });
  });
});
