import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceTable, type AgentRequest } from "@arena/core";
import { providerReply, startAnthropicTestServer } from "../../../tests/servers/anthropic-test-server";
import { startGeminiTestServer, type GeminiTestServer } from "../../../tests/servers/gemini-test-server";
import type { ProviderTestServer } from "../../../tests/servers/provider-test-server";
import { anthropicMessage, geminiResponse, type Source } from "../../../tests/servers/provider-fixtures";
import { anthropicAgent, anthropicHealth, type AnthropicAgentOptions } from "../src/protocols/anthropic-agent";
import { AnthropicConfigSchema, GeminiConfigSchema } from "../src/config";
import { geminiAgent, geminiHealth, isGroundingRedirect, REDIRECT_ORIGIN, type GeminiAgentOptions } from "../src/protocols/gemini-agent";
import { parseCitations } from "@arena/core/citations";
import { ANSWER_FORMAT_INSTRUCTIONS } from "../src/prompt";

const req: AgentRequest = {
  question: "Which company makes the ThinkPad?",
  wordLimitInstruction: "Answer length: 100-200 words.",
  history: [{ question: "Who designed the first ThinkPad?", answer: "Richard Sapper [1]." }],
};
const sources: Source[] = [
  { url: "https://www.lenovo.com/thinkpad", title: "ThinkPad laptops | Lenovo" },
  { url: "https://en.wikipedia.org/wiki/ThinkPad", title: "ThinkPad - Wikipedia" },
];
const claims = ["ThinkPads have been made by Lenovo since 2005.", "IBM introduced the line in 1992."];

describe("Anthropic Messages adapter (web search tool) against the local server", () => {
  let srv: ProviderTestServer;
  let opts: AnthropicAgentOptions;
  beforeAll(async () => {
    srv = await startAnthropicTestServer({ models: ["claude-haiku-4-5"] });
    opts = {
      name: "claude",
      baseUrl: srv.baseUrl,
      model: "claude-haiku-4-5",
      apiKey: "sk-ant-test",
      config: AnthropicConfigSchema.parse({ timeoutMs: 3_000, maxUses: 3 }),
      allow: [new URL(srv.baseUrl).host],
      prices: priceTable(),
    };
  });
  afterAll(() => srv.close());

  it("sends system prompt, conversation and the web search tool; citation blocks become markers and References, the search the trace", async () => {
    srv.enqueue(providerReply.body(anthropicMessage(claims, sources, { query: "ThinkPad maker" })));
    const a = await anthropicAgent(opts).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    const sent = srv.requests.at(-1)!;
    // SDK 1.x sends the key as a bearer token with its API version.
    expect(sent.headers.authorization).toBe("Bearer sk-ant-test");
    expect(sent.headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent.body).toMatchObject({
      model: "claude-haiku-4-5",
      max_tokens: 8192,
      system: ANSWER_FORMAT_INSTRUCTIONS,
      tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 3 }],
      messages: [
        { role: "user", content: req.history[0]!.question },
        { role: "assistant", content: req.history[0]!.answer },
        { role: "user", content: `${req.question}\n\n${req.wordLimitInstruction}` },
      ],
    });
    expect(a.text).toBe(
      `I'll search for this.Here is what the sources say.\n\nThinkPads have been made by Lenovo since 2005 [1]. IBM introduced the line in 1992 [2].\n\n## References\n[1] ${sources[0]!.url}\n[2] ${sources[1]!.url}`,
    );
    expect(parseCitations(a.text)).toMatchObject({ count: 2, inline: [1, 2], unresolved: [] });
    expect(a.tokens).toBe(6_039 + 931);
    // claude-haiku-4-5 list price: 1 / 5 USD per million tokens
    expect(a.costUsd).toBeCloseTo((6_039 * 1 + 931 * 5) / 1e6, 12);
    expect(a.trace?.steps).toEqual([{ type: "search", query: "ThinkPad maker", urls: sources.map((s) => s.url) }]);
  });

  it("a paused turn (pause_turn) is sent back and continued; usage adds up", async () => {
    const paused = anthropicMessage([], sources, { stopReason: "pause_turn" });
    srv.enqueue(providerReply.body(paused), providerReply.body(anthropicMessage(claims, sources)));
    const a = await anthropicAgent(opts).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    const second = srv.requests.at(-1)!.body as { messages: Array<{ role: string; content: unknown }> };
    expect(second.messages.at(-1)).toEqual({ role: "assistant", content: paused.content });
    expect(a.tokens).toBe(2 * (6_039 + 931));
    expect(a.citations.count).toBe(2);
  });

  it("a 429 with Anthropic's error body is retried; a 400 error body is http_status with its message", async () => {
    srv.enqueue(
      providerReply.status(429, { retryAfter: 0, message: "Number of request tokens has exceeded your per-minute rate limit" }),
      providerReply.body(anthropicMessage(claims, sources)),
    );
    expect((await anthropicAgent(opts).answer(req, { seed: "s" })).error).toBeNull();
    srv.enqueue(providerReply.status(400, { message: "tools.0: unknown tool type" }));
    const bad = await anthropicAgent(opts).answer(req, { seed: "s" });
    expect(bad.error?.class).toBe("http_status");
    expect(bad.error?.detail).toContain("tools.0: unknown tool type");
  });

  it("a message without text is malformed; the guard refuses a private base URL", async () => {
    srv.enqueue(providerReply.body({ ...anthropicMessage([], sources), content: [] }));
    expect((await anthropicAgent(opts).answer(req, { seed: "s" })).error).toEqual({
      class: "malformed",
      detail: "the message has no text",
    });
    const refused = await anthropicAgent({ ...opts, baseUrl: "http://192.168.1.10", allow: [] }).answer(req, { seed: "s" });
    expect(refused.error?.class).toBe("refused");
  });

  it("health: GET /v1/models/{model}", async () => {
    expect(await anthropicHealth(opts)).toEqual({ ok: true, detail: "model claude-haiku-4-5 available" });
    expect(srv.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/models/claude-haiku-4-5" });
    expect(await anthropicHealth({ ...opts, model: "claude-x" })).toEqual({
      ok: false,
      detail: "model claude-x not offered (HTTP 404)",
      failure: { class: "http_status", status: 404 },
    });
  });
});

describe("Gemini adapter (Google Search grounding) against the local server", () => {
  let srv: GeminiTestServer;
  let opts: GeminiAgentOptions;
  beforeAll(async () => {
    srv = await startGeminiTestServer({ models: ["gemini-2.5-pro"] });
    opts = {
      name: "gemini",
      baseUrl: srv.baseUrl,
      model: "gemini-2.5-pro",
      apiKey: "gm-test",
      config: GeminiConfigSchema.parse({ timeoutMs: 3_000, tools: ["google_search", "url_context"] }),
      allow: [new URL(srv.baseUrl).host],
      prices: priceTable(),
      // The local server stands in for Google's redirect host.
      redirectOrigin: new URL(srv.baseUrl).origin,
    };
  });
  afterAll(() => srv.close());

  it("grounding supports (UTF-8 byte offsets) become markers, redirect links resolve to the pages, queries the trace", async () => {
    srv.enqueue(
      providerReply.body(
        geminiResponse(claims, sources, { redirect: (i) => srv.redirectTo(sources[i]!.url), queries: ["who makes thinkpad"] }),
      ),
    );
    const a = await geminiAgent(opts).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    const sent = srv.requests.find((r) => r.path.endsWith(":generateContent"))!;
    expect(sent.path).toBe("/v1beta/models/gemini-2.5-pro:generateContent");
    expect(sent.headers["x-goog-api-key"]).toBe("gm-test");
    expect(sent.body).toMatchObject({
      systemInstruction: { parts: [{ text: ANSWER_FORMAT_INSTRUCTIONS }] },
      tools: [{ googleSearch: {} }, { urlContext: {} }],
      contents: [
        { role: "user", parts: [{ text: req.history[0]!.question }] },
        { role: "model", parts: [{ text: req.history[0]!.answer }] },
        { role: "user", parts: [{ text: `${req.question}\n\n${req.wordLimitInstruction}` }] },
      ],
    });
    // The text starts with "Résumé": byte offsets differ from string offsets there.
    expect(a.text).toBe(
      `Résumé of the findings:\n\nThinkPads have been made by Lenovo since 2005 [1]. IBM introduced the line in 1992 [2].\n\n## References\n[1] ${sources[0]!.url}\n[2] ${sources[1]!.url}`,
    );
    expect(srv.requests.filter((r) => r.path.startsWith("/grounding-api-redirect/")).length).toBe(2);
    // prompt 820 + tool-use prompt 1,500 in; candidates 410 + thoughts 300 out, at 1.25 / 10 USD per million
    expect(a.tokens).toBe(3_030);
    expect(a.costUsd).toBeCloseTo(((820 + 1_500) * 1.25 + (410 + 300) * 10) / 1e6, 12);
    expect(a.trace?.steps).toEqual([{ type: "search", query: "who makes thinkpad" }]);
  });

  it("without redirect resolution the links stay as given", async () => {
    const link = srv.redirectTo(sources[0]!.url);
    srv.enqueue(providerReply.body(geminiResponse([claims[0]!], [sources[0]!], { redirect: () => link })));
    const a = await geminiAgent({ ...opts, config: { ...opts.config, resolveRedirects: false } }).answer(req, { seed: "s" });
    expect(a.citations.urls).toEqual([link]);
  });

  it("only Google's redirect origin is asked: a redirect path on any other host is a plain citation", async () => {
    const link = srv.redirectTo(sources[0]!.url);
    const before = srv.requests.length;
    srv.enqueue(providerReply.body(geminiResponse([claims[0]!], [sources[0]!], { redirect: () => link })));
    // Google's origin, the default: the agent's own server is no redirect host.
    const a = await geminiAgent({ ...opts, redirectOrigin: REDIRECT_ORIGIN }).answer(req, { seed: "s" });
    expect(a.citations.urls).toEqual([link]);
    expect(srv.requests.slice(before).filter((r) => r.path.startsWith("/grounding-api-redirect/"))).toEqual([]);
    expect(isGroundingRedirect("https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbC")).toBe(true);
    expect(isGroundingRedirect("https://evil.example/grounding-api-redirect/AbC")).toBe(false);
    expect(isGroundingRedirect("http://vertexaisearch.cloud.google.com/grounding-api-redirect/AbC")).toBe(false);
    expect(isGroundingRedirect("https://vertexaisearch.cloud.google.com:8443/grounding-api-redirect/AbC")).toBe(false);
  });

  it("a client built with resolveRedirects: false (the web process's probe) resolves nothing, whatever the agent's config says", async () => {
    const link = srv.redirectTo(sources[0]!.url);
    const before = srv.requests.length;
    srv.enqueue(providerReply.body(geminiResponse([claims[0]!], [sources[0]!], { redirect: () => link })));
    const a = await geminiAgent({ ...opts, resolveRedirects: false }).answer(req, { seed: "s" });
    expect(a.citations.urls).toEqual([link]);
    expect(srv.requests.slice(before).filter((r) => r.path.startsWith("/grounding-api-redirect/"))).toEqual([]);
  });

  it("a 429 (RESOURCE_EXHAUSTED) is retried by the SDK; a 400 error body is http_status with its message", async () => {
    srv.enqueue(
      providerReply.status(429, { message: "Resource has been exhausted (e.g. check quota)." }),
      providerReply.body(geminiResponse(claims, sources)),
    );
    expect((await geminiAgent(opts).answer(req, { seed: "s" })).error).toBeNull();
    srv.enqueue(providerReply.status(400, { message: "Search Grounding is not supported." }));
    const bad = await geminiAgent(opts).answer(req, { seed: "s" });
    expect(bad.error?.class).toBe("http_status");
    expect(bad.error?.detail).toContain("Search Grounding is not supported.");
  });

  it("a response without candidates is malformed", async () => {
    srv.enqueue(providerReply.body({ candidates: [], usageMetadata: { promptTokenCount: 3, totalTokenCount: 3 } }));
    expect((await geminiAgent(opts).answer(req, { seed: "s" })).error).toEqual({ class: "malformed", detail: "the response has no text" });
  });

  it("health: GET /v1beta/models/{model}", async () => {
    expect(await geminiHealth(opts)).toEqual({ ok: true, detail: "model models/gemini-2.5-pro available" });
    expect(await geminiHealth({ ...opts, model: "gemini-x" })).toEqual({
      ok: false,
      detail: "model gemini-x not offered (HTTP 404)",
      failure: { class: "http_status", status: 404 },
    });
  });
});
