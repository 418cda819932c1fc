import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { priceTable, type AgentRequest } from "@arena/core";
import { reply, startOpenAITestServer, type OpenAITestServer } from "../../../tests/servers/openai-test-server";
import { OpenAIConfigSchema } from "../src/config";
import { openAIAgent, openAIHealth, type OpenAIAgentOptions } from "../src/protocols/openai-agent";
import { ANSWER_FORMAT_INSTRUCTIONS } from "../src/prompt";

const req: AgentRequest = {
  question: "Which stage of film production follows principal photography?",
  wordLimitInstruction: "Answer length: 200-300 words.",
  history: [
    { question: "What is pre-production?", answer: "Planning before shooting [1].\n\n## References\n[1] https://a.org" },
    { question: "Who writes the shooting script?", answer: "The screenwriter [1]." },
  ],
};

const ANSWER = "Post-production follows principal photography [1][2].\n\n## References\n[1] https://www.nyfa.edu/x\n[2] https://b.org/y";

describe("OpenAI-compatible adapter against the OpenAI test server", () => {
  let srv: OpenAITestServer;
  let opts: OpenAIAgentOptions;

  beforeAll(async () => {
    srv = await startOpenAITestServer({ models: ["gpt-4o-mini", "local-model"] });
    opts = {
      name: "oa",
      baseUrl: srv.baseUrl,
      model: "gpt-4o-mini",
      apiKey: "sk-test",
      config: OpenAIConfigSchema.parse({ timeoutMs: 2_000 }),
      allow: [new URL(srv.baseUrl).host],
      prices: priceTable(),
    };
  });
  afterEach(() => expect(srv.pending()).toBe(0));
  afterAll(() => srv.close());

  it("sends system prompt, history as user/assistant pairs and the question with the word limit", async () => {
    srv.enqueue(reply.content(ANSWER, { usage: { prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500 } }));
    const a = await openAIAgent(opts).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    expect(a.text).toBe(ANSWER);
    const body = srv.chatRequests().at(-1)!;
    expect(body.model).toBe("gpt-4o-mini");
    expect(body.messages).toEqual([
      { role: "system", content: ANSWER_FORMAT_INSTRUCTIONS },
      { role: "user", content: req.history[0]!.question },
      { role: "assistant", content: req.history[0]!.answer },
      { role: "user", content: req.history[1]!.question },
      { role: "assistant", content: req.history[1]!.answer },
      { role: "user", content: `${req.question}\n\nAnswer length: 200-300 words.` },
    ]);
    expect(srv.requests.at(-1)!.headers.authorization).toBe("Bearer sk-test");
    expect(a.tokens).toBe(1500);
    // gpt-4o-mini list price: 0.15 / 0.60 USD per million tokens
    expect(a.costUsd).toBeCloseTo((1000 * 0.15 + 500 * 0.6) / 1e6, 12);
    expect(a.citations).toEqual({ count: 2, urls: ["https://www.nyfa.edu/x", "https://b.org/y"] });
  });

  it("uses a configured price for an unknown model, and no cost without one", async () => {
    srv.enqueue(reply.content(ANSWER, { usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } }), reply.content(ANSWER));
    const priced = await openAIAgent({ ...opts, model: "local-model", config: { ...opts.config, price: { input: 1, output: 2 } } }).answer(
      req,
      { seed: "s" },
    );
    expect(priced.costUsd).toBeCloseTo(50 / 1e6, 12);
    const unpriced = await openAIAgent({ ...opts, model: "local-model" }).answer(req, { seed: "s" });
    expect(unpriced.costUsd).toBeNull();
    expect(unpriced.tokens).toBeGreaterThan(0);
  });

  it("prices from the operator's table (ARENA_MODEL_PRICES) reach the adapter; config.price still wins", async () => {
    const usage = { usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } };
    srv.enqueue(reply.content(ANSWER, usage), reply.content(ANSWER, usage));
    const prices = priceTable(JSON.stringify({ "local-model": { input: 3, output: 5 } }));
    const fromTable = await openAIAgent({ ...opts, model: "local-model", prices }).answer(req, { seed: "s" });
    expect(fromTable.costUsd).toBeCloseTo((10 * 3 + 20 * 5) / 1e6, 12);
    const overridden = await openAIAgent({
      ...opts,
      model: "local-model",
      prices,
      config: { ...opts.config, price: { input: 1, output: 2 } },
    }).answer(req, { seed: "s" });
    expect(overridden.costUsd).toBeCloseTo(50 / 1e6, 12);
  });

  it("retries a 429 and then answers", async () => {
    srv.enqueue(reply.status(429, { retryAfter: 0 }), reply.content(ANSWER));
    const before = srv.chatRequests().length;
    const a = await openAIAgent(opts).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    expect(srv.chatRequests().length - before).toBe(2);
  });

  it("HTTP 500 (after the SDK's retries) → http_status", async () => {
    srv.enqueue(reply.status(500), reply.status(500), reply.status(500));
    const a = await openAIAgent(opts).answer(req, { seed: "s" });
    expect(a.error?.class).toBe("http_status");
    expect(a.text).toBe("");
  });

  it("a body that is not a chat completion → malformed", async () => {
    srv.enqueue(reply.status(200, { body: { unexpected: "shape" } }));
    const a = await openAIAgent(opts).answer(req, { seed: "s" });
    expect(a.error?.class).toBe("malformed");
  });

  it("an empty message content → malformed", async () => {
    srv.enqueue(reply.content("   "));
    const a = await openAIAgent(opts).answer(req, { seed: "s" });
    expect(a.error).toMatchObject({ class: "malformed", detail: "completion has no message content" });
  });

  it("a reply slower than the timeout → timeout", async () => {
    // Every attempt is slow: the SDK retries timeouts.
    srv.setHandler(() => reply.delay(1_000, reply.content(ANSWER)));
    const a = await openAIAgent({ ...opts, config: { ...opts.config, timeoutMs: 300 } }).answer(req, { seed: "s" });
    srv.setHandler(null);
    expect(a.error?.class).toBe("timeout");
  });

  it("a base URL on a private address is refused by the guard", async () => {
    const a = await openAIAgent({ ...opts, baseUrl: "http://10.0.0.1/v1", allow: [] }).answer(req, { seed: "s" });
    expect(a.error?.class).toBe("refused");
    expect(a.error?.detail).toContain("10.0.0.1");
  });

  it("health lists models and checks the configured one", async () => {
    expect(await openAIHealth(opts)).toMatchObject({ ok: true });
    const missing = await openAIHealth({ ...opts, model: "absent-model" });
    expect(missing).toMatchObject({ ok: false });
    expect(missing.detail).toMatch(/absent-model/);
    // A wrong base URL fails: no models endpoint and no chat completions either.
    const wrong = await openAIHealth({ ...opts, baseUrl: srv.baseUrl.replace(/\/v1$/, "/none") });
    expect(wrong).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^http_status: .*\(chat completions; the models endpoint answered 404 too\)$/),
    });
  });

  it("health of a server without a models endpoint (Perplexity): its chat endpoint refuses an empty request, nothing is generated", async () => {
    const bare = await startOpenAITestServer({ noModelsEndpoint: true });
    try {
      expect(await openAIHealth({ ...opts, baseUrl: bare.baseUrl, allow: [new URL(bare.baseUrl).host] })).toEqual({
        ok: true,
        detail: "no models endpoint; chat completions answered (HTTP 400 to an empty request, nothing generated)",
      });
      expect(bare.chatRequests().at(-1)).toMatchObject({ messages: [], max_completion_tokens: 1 });
    } finally {
      await bare.close();
    }
  });
});
