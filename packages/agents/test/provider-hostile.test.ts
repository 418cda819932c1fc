import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { priceTable, type AgentRequest } from "@arena/core";
import { startRawProvider, type RawProvider } from "../../../tests/servers/raw-provider-server";
import { AgentCallError, readAnswer, sdkCall } from "../src/answer";
import { anthropicAgent } from "../src/protocols/anthropic-agent";
import { arenaHttpAgent } from "../src/protocols/arena-http";
import { AnthropicConfigSchema, ArenaHttpConfigSchema, GeminiConfigSchema, OpenAIConfigSchema } from "../src/config";
import { geminiAgent } from "../src/protocols/gemini-agent";
import { openAIAgent } from "../src/protocols/openai-agent";
import { ANSWER_CAPS } from "../src/protocols/structured-citations";
import { adapterAt, anthropicBody, chatBody, geminiBody, outputMessage, responsesBody } from "./provider-bodies";

/** Provider answers that froze a worker, threw past the adapters (voiding the match) or leaked the operator's settings. */
const req: AgentRequest = {
  question: "Which console did NEC sell in 1990?",
  wordLimitInstruction: "Answer length: 200-300 words.",
  history: [],
};

/** `n` url_citation annotations of a chat completion, at the given code point offsets. */
const chatAnnotations = (n: number, at: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({
    type: "url_citation",
    url_citation: { url: `https://s.example/${i}`, title: "t", start_index: at(i), end_index: at(i) + 9 },
  }));

let srv: RawProvider;
beforeAll(async () => {
  srv = await startRawProvider();
});
afterAll(() => srv.close());

describe("citation mapping is linear and capped, and the answer cap comes first", () => {
  it("the 2.7 MB answer (400,000 characters, 20,000 annotations past its end) is oversized before any mapping", async () => {
    const body = JSON.stringify(chatBody("word ".repeat(80_000), { annotations: chatAnnotations(20_000, (i) => 400_001 + i) }));
    expect(body.length).toBeGreaterThan(2_500_000);
    srv.answerWith(body);
    const a = await adapterAt("openai", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.error).toMatchObject({ class: "oversized" });
  }, 30_000);

  it("20,000 annotations on an answer within the cap: the first 500 are read, the rest dropped and counted with the stored answer", async () => {
    const text = "A claim about consoles. ".repeat(1_200);
    srv.answerWith(JSON.stringify(chatBody(text, { annotations: chatAnnotations(20_000, (i) => (i * 7) % 28_000) })));
    const a = await adapterAt("openai", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    expect(a.citations.count).toBe(ANSWER_CAPS.citations);
    expect(a.trace).toEqual({ steps: [], omitted: 0, dropped: { citations: 19_500, items: 0 } });
  }, 30_000);

  it("Gemini: 20,000 grounding supports whose text is nowhere in the answer are cut to 500, and searched once each at most", async () => {
    const text = "Grounded text. ".repeat(4_000);
    const supports = Array.from({ length: 20_000 }, (_, i) => ({
      segment: { startIndex: 70_000 + i, endIndex: 70_010 + i, text: `missing ${i}` },
      groundingChunkIndices: [0],
    }));
    srv.answerWith(
      JSON.stringify(
        geminiBody([{ text }], { groundingChunks: [{ web: { uri: "https://one.example/", title: "one" } }], groundingSupports: supports }),
      ),
    );
    const a = await adapterAt("gemini", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    expect(a.citations.urls).toEqual(["https://one.example/"]);
    expect(a.trace?.dropped).toEqual({ citations: 19_500, items: 0 });
  }, 30_000);
});

describe("no provider-sized list is spread into a call, and anything an answer makes go wrong is the agent's error", () => {
  it("Anthropic: one text block and a million zeros is malformed (too many values to parse), not a RangeError", async () => {
    const content: unknown[] = new Array(1_000_001).fill(0);
    content[0] = { type: "text", text: "NEC sold the PC Engine in 1990.", citations: [] };
    srv.answerWith(JSON.stringify(anthropicBody(content)));
    const a = await adapterAt("anthropic", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.error).toEqual({ class: "malformed", detail: "the answer's JSON holds more than 1000000 values" });
  }, 30_000);

  it("Anthropic: one text block and 500,000 zeros (under the body limits) is an answer, the first 2,000 blocks read, not a RangeError", async () => {
    const content: unknown[] = new Array(500_001).fill(0);
    content[0] = { type: "text", text: "NEC sold the PC Engine in 1990.", citations: [] };
    srv.answerWith(JSON.stringify(anthropicBody(content)));
    const a = await adapterAt("anthropic", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    expect(a.text).toBe("NEC sold the PC Engine in 1990.");
    expect(a.trace?.dropped).toEqual({ citations: 0, items: 500_001 - ANSWER_CAPS.items });
  }, 30_000);

  it("a body of 300,000 empty arrays is malformed before it is parsed", async () => {
    srv.answerWith(JSON.stringify(chatBody("Fine.", {}, { citations: new Array(300_000).fill([]) })));
    const a = await adapterAt("openai", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.error).toEqual({ class: "malformed", detail: "the answer's JSON holds more than 200000 arrays and objects" });
  }, 30_000);

  it("OpenAI: 130,000 reference lines beside an annotation is an agent error (over the cap), not a RangeError", async () => {
    const lines = Array.from({ length: 130_000 }, (_, i) => `[${i + 1}] https://r.example/${i}`).join("\n");
    srv.answerWith(JSON.stringify(chatBody(`Claim.\n\n## References\n${lines}`, { annotations: chatAnnotations(1, () => 0) })));
    const a = await adapterAt("openai", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.error).toMatchObject({ class: "oversized" });
  }, 30_000);

  it("Anthropic: a tool call input nested 50,000 levels deep is malformed (refused while the body streams in)", async () => {
    const input = `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`;
    const body = JSON.stringify(anthropicBody([{ type: "text", text: "ok" }])).replace(
      '"content":[',
      `"content":[{"type":"server_tool_use","id":"t1","name":"code","input":${input}},`,
    );
    srv.answerWith(body);
    const a = await adapterAt("anthropic", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.error).toEqual({ class: "malformed", detail: "the answer's JSON nests deeper than 100 levels" });
  }, 30_000);

  it("Responses: an output message whose content is not a list (the SDK itself throws a TypeError on it) is malformed", async () => {
    srv.answerWith(JSON.stringify(responsesBody([{ type: "message", content: 5 }])));
    const a = await adapterAt("openai_responses", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.error?.class).toBe("malformed");
    expect(a.error?.detail).toMatch(/^the provider SDK could not read the answer: TypeError/);
  });

  it("Responses: a message of text and 10,000 annotations of wrong types is read; the extra ones are counted", async () => {
    const annotations = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? { type: "url_citation", url: 5, start_index: "x" } : [i]));
    srv.answerWith(JSON.stringify(responsesBody([outputMessage("Text of the answer.", annotations)])));
    const a = await adapterAt("openai_responses", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    expect(a.trace?.dropped).toEqual({ citations: 9_500, items: 0 });
  });

  it("reading an answer turns any unforeseen throw into a malformed answer; an SDK's TypeError too, other SDK errors stay the arena's", async () => {
    expect(() => readAnswer(() => (null as unknown as { x: number }).x)).toThrow(AgentCallError);
    expect(() =>
      readAnswer(() => {
        throw new RangeError("Maximum call stack size exceeded");
      }),
    ).toThrow(
      expect.objectContaining({
        errorClass: "malformed",
        message: "the answer could not be read: RangeError: Maximum call stack size exceeded",
      }),
    );
    await expect(sdkCall(() => Promise.reject(new TypeError("x is not iterable")))).rejects.toMatchObject({ errorClass: "malformed" });
    const arenaBug = new Error("config missing");
    await expect(sdkCall(() => Promise.reject(arenaBug))).rejects.toBe(arenaBug);
  });
});

describe("arena-HTTP answers are held to the same JSON shape limits", () => {
  it("an answer whose trace is 300,000 empty arrays is malformed before it is parsed", async () => {
    srv.answerWith(JSON.stringify({ answer: "Fine.", trace: new Array(300_000).fill([]) }));
    const agent = arenaHttpAgent({
      name: "h",
      endpoint: `${srv.baseUrl}/answer`,
      bearer: null,
      config: ArenaHttpConfigSchema.parse({}),
      allow: [srv.host],
    });
    const a = await agent.answer(req, { seed: "s" });
    expect(a.error).toEqual({ class: "malformed", detail: "the answer's JSON holds more than 200000 arrays and objects" });
  });
});

describe("the operator's environment does not reach an agent's endpoint", () => {
  const names = [
    "OPENAI_CUSTOM_HEADERS",
    "ANTHROPIC_CUSTOM_HEADERS",
    "OPENAI_BASE_URL",
    "ANTHROPIC_BASE_URL",
    "ANTHROPIC_AUTH_TOKEN",
    "GOOGLE_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_GENAI_USE_VERTEXAI",
    "GOOGLE_GEMINI_BASE_URL",
  ];
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  beforeAll(() => {
    const headers = "X-Operator-Secret: operator-s3cret\nAuthorization: Bearer operator-key\nx-api-key: operator-key";
    Object.assign(process.env, {
      OPENAI_CUSTOM_HEADERS: headers,
      ANTHROPIC_CUSTOM_HEADERS: headers,
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
      ANTHROPIC_AUTH_TOKEN: "operator-token",
      GOOGLE_API_KEY: "operator-key",
      GEMINI_API_KEY: "operator-key",
      GOOGLE_GENAI_USE_VERTEXAI: "true",
      GOOGLE_GEMINI_BASE_URL: "http://127.0.0.1:9",
    });
  });
  beforeEach(() => {
    srv.headers.length = 0;
  });
  afterAll(() => {
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
  });

  const operatorValues = (h: Record<string, unknown>) => Object.entries(h).filter(([, v]) => String(v).includes("operator"));

  it("OpenAI-compatible: OPENAI_CUSTOM_HEADERS is not sent and does not replace the agent's key (and the operator still has it)", async () => {
    srv.answerWith(JSON.stringify(chatBody("Fine.")));
    const a = await openAIAgent({
      name: "o",
      baseUrl: `${srv.baseUrl}/v1`,
      model: "m",
      apiKey: "sk-agent",
      config: OpenAIConfigSchema.parse({}),
      allow: [srv.host],
      prices: priceTable(),
    }).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    const [h] = srv.headers;
    expect(h!["x-operator-secret"]).toBeUndefined();
    expect(h!.authorization).toBe("Bearer sk-agent");
    expect(operatorValues(h!)).toEqual([]);
    expect(process.env.OPENAI_CUSTOM_HEADERS).toContain("X-Operator-Secret");
  });

  it("Anthropic: ANTHROPIC_CUSTOM_HEADERS and the operator's auth token are not sent", async () => {
    srv.answerWith(JSON.stringify(anthropicBody([{ type: "text", text: "Fine." }])));
    const a = await anthropicAgent({
      name: "a",
      baseUrl: srv.baseUrl,
      model: "m",
      apiKey: "sk-agent",
      config: AnthropicConfigSchema.parse({}),
      allow: [srv.host],
      prices: priceTable(),
    }).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    const [h] = srv.headers;
    expect(h!["x-operator-secret"]).toBeUndefined();
    // This SDK sends the key as a bearer token; the operator's custom x-api-key is not sent beside it.
    expect(h!.authorization).toBe("Bearer sk-agent");
    expect(h!["x-api-key"]).toBeUndefined();
    expect(h!.traceparent).toBeUndefined();
    expect(operatorValues(h!)).toEqual([]);
  });

  it("Gemini: the operator's Google key, Vertex switch and base URL are not used", async () => {
    srv.answerWith(JSON.stringify(geminiBody([{ text: "Fine." }])));
    const a = await geminiAgent({
      name: "g",
      baseUrl: srv.baseUrl,
      model: "m",
      apiKey: "gm-agent",
      config: GeminiConfigSchema.parse({}),
      allow: [srv.host],
      prices: priceTable(),
    }).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    const [h] = srv.headers;
    expect(h!["x-goog-api-key"]).toBe("gm-agent");
    expect(operatorValues(h!)).toEqual([]);
  });
});
