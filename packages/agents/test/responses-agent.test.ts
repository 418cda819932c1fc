import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceTable, type AgentRequest } from "@arena/core";
import { reply, startOpenAITestServer, type OpenAITestServer } from "../../../tests/servers/openai-test-server";
import { annotatedMessage, perplexityCompletion, responsesOutput, type Source } from "../../../tests/servers/provider-fixtures";
import { OpenAIConfigSchema, OpenAIResponsesConfigSchema, type OpenAIResponsesConfig } from "../src/config";
import { openAIAgent } from "../src/protocols/openai-agent";
import { responsesAgent, responsesHealth, type ResponsesAgentOptions } from "../src/protocols/openai-responses";
import { parseCitations } from "@arena/core/citations";
import { ANSWER_FORMAT_INSTRUCTIONS } from "../src/prompt";

const req: AgentRequest = {
  question: "When was the Edinburgh Festival Fringe founded?",
  wordLimitInstruction: "Answer length: 100-200 words.",
  history: [{ question: "What is the Fringe?", answer: "An arts festival [1].\n\n## References\n[1] https://a.org" }],
};
const sources: Source[] = [
  { url: "https://www.edfringe.com/about", title: "About the Fringe" },
  { url: "https://en.wikipedia.org/wiki/Edinburgh_Festival_Fringe", title: "Edinburgh Festival Fringe - Wikipedia" },
];
const claims = ["The Fringe was founded in 1947 when eight companies turned up uninvited.", "It is the world's largest arts festival."];

describe("OpenAI Responses API adapter against the local server", () => {
  let srv: OpenAITestServer;
  let opts: ResponsesAgentOptions;
  const config = (over: Partial<OpenAIResponsesConfig> = {}) =>
    OpenAIResponsesConfigSchema.parse({
      timeoutMs: 2_000,
      pollIntervalMs: 100,
      deadlineMs: 10_000,
      tools: ["web_search_preview", "code_interpreter"],
      ...over,
    });

  beforeAll(async () => {
    srv = await startOpenAITestServer({ models: ["o4-mini-deep-research"] });
    opts = {
      name: "dr",
      baseUrl: srv.baseUrl,
      model: "o4-mini-deep-research",
      apiKey: "sk-dr",
      config: config(),
      allow: [new URL(srv.baseUrl).host],
      prices: priceTable(),
    };
  });
  afterAll(() => srv.close());

  it("background run: created queued, polled through in_progress to completed; annotations become markers and References, tool calls the trace", async () => {
    srv.enqueueRun({ output: responsesOutput(claims, sources, { query: "Edinburgh Fringe founded" }), polls: 3 });
    const a = await responsesAgent(opts).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    const run = srv.runs.at(-1)!;
    expect(run.looks).toBe(4);
    expect(run.body).toMatchObject({
      model: "o4-mini-deep-research",
      background: true,
      store: true,
      instructions: ANSWER_FORMAT_INSTRUCTIONS,
      tools: [{ type: "web_search_preview" }, { type: "code_interpreter", container: { type: "auto" } }],
      input: [
        { role: "user", content: req.history[0]!.question },
        { role: "assistant", content: req.history[0]!.answer },
        { role: "user", content: `${req.question}\n\n${req.wordLimitInstruction}` },
      ],
    });
    expect(a.text).toContain("- The Fringe was founded in 1947 when eight companies turned up uninvited [1].");
    expect(a.text).toContain("- It is the world's largest arts festival [2].");
    expect(a.text).toMatch(
      /## References\n\[1\] https:\/\/www\.edfringe\.com\/about\n\[2\] https:\/\/en\.wikipedia\.org\/wiki\/Edinburgh_Festival_Fringe\n?$/,
    );
    expect(a.citations).toEqual({ count: 2, urls: sources.map((s) => s.url) });
    expect(parseCitations(a.text).unresolved).toEqual([]);
    // usage of the fixture: 12,000 in, 3,000 out at o4-mini-deep-research's 2 / 8 USD per million
    expect(a.tokens).toBe(15_000);
    expect(a.costUsd).toBeCloseTo((12_000 * 2 + 3_000 * 8) / 1e6, 12);
    expect(a.trace?.steps).toEqual([
      { type: "search", query: "Edinburgh Fringe founded", urls: sources.map((s) => s.url) },
      { type: "open_page", url: sources[0]!.url },
      { type: "tool_call", name: "find_in_page", input: `founded @ ${sources[0]!.url}` },
      { type: "tool_call", name: "code_interpreter", input: "print(2025 - 1947)", output: "78" },
    ]);
  });

  it("the background interface leaves the run pending with its id, and a later poll finishes it", async () => {
    srv.enqueueRun({ output: responsesOutput(claims, sources), polls: 1 });
    const agent = responsesAgent(opts);
    const started = await agent.background!.start(req, { seed: "s" });
    expect("pending" in started && started.pending).toMatchObject({ handle: srv.runs.at(-1)!.id, polls: 0, status: "queued" });
    if (!("pending" in started)) throw new Error("expected a pending run");
    const first = await agent.background!.poll({ ...started.pending }, { seed: "s" });
    expect("pending" in first && first.pending).toMatchObject({ polls: 1, status: "queued" });
    if (!("pending" in first)) throw new Error("expected a pending run");
    const done = await agent.background!.poll(first.pending, { seed: "s" });
    expect("done" in done && done.done.citations.count).toBe(2);
  });

  it("a 429 on a poll keeps the run and the next look succeeds; a 429 on create is retried by the SDK", async () => {
    srv.enqueueRun(reply.status(429, { retryAfter: 0 }), {
      output: responsesOutput(claims, sources),
      polls: 1,
      pollErrors: [429, 429, 429],
    });
    const a = await responsesAgent(opts).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    expect(srv.runs.at(-1)!.looks).toBe(2);
  });

  it("a failed run records the provider's error; an incomplete run without text is malformed", async () => {
    srv.enqueueRun({ final: "failed", error: { code: "server_error", message: "The model had a problem." }, polls: 1 });
    const failed = await responsesAgent(opts).answer(req, { seed: "s" });
    expect(failed.error).toEqual({ class: "http_status", detail: "the run failed: server_error: The model had a problem." });
    srv.enqueueRun({ final: "incomplete", output: [], polls: 0 });
    const incomplete = await responsesAgent(opts).answer(req, { seed: "s" });
    expect(incomplete.error).toEqual({ class: "malformed", detail: "the run ended incomplete (max_output_tokens)" });
  });

  it("past the deadline the run is cancelled at the provider and the answer is a timeout", async () => {
    srv.enqueueRun({ output: responsesOutput(claims, sources), runMs: 60_000 });
    const a = await responsesAgent({ ...opts, config: config({ deadlineMs: 400 }) }).answer(req, { seed: "s" });
    expect(a.error).toEqual({ class: "timeout", detail: "no answer within the 400 ms deadline" });
    expect(srv.runs.at(-1)!.cancelled).toBe(true);
  });

  it("aborting the caller cancels the run at the provider", async () => {
    srv.enqueueRun({ output: responsesOutput(claims, sources), runMs: 60_000 });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 250);
    const a = await responsesAgent(opts).answer(req, { seed: "s", signal: ctl.signal });
    expect(a.error?.class).toBe("timeout");
    expect(srv.runs.at(-1)!.cancelled).toBe(true);
  });

  it("without background mode the create call answers the whole run", async () => {
    srv.enqueueRun({ output: responsesOutput(claims, sources) });
    const a = await responsesAgent({ ...opts, config: config({ background: false }) }).answer(req, { seed: "s" });
    expect(a.error).toBeNull();
    expect(srv.runs.at(-1)!.body.background).toBe(false);
    expect(a.citations.count).toBe(2);
  });

  it("an error body on create (400) is http_status; a private base URL is refused by the guard", async () => {
    srv.enqueueRun(
      reply.status(400, { body: { error: { message: "Unsupported tool", type: "invalid_request_error", param: "tools", code: null } } }),
    );
    const bad = await responsesAgent(opts).answer(req, { seed: "s" });
    expect(bad.error?.class).toBe("http_status");
    expect(bad.error?.detail).toContain("Unsupported tool");
    const refused = await responsesAgent({ ...opts, baseUrl: "http://10.0.0.1/v1", allow: [] }).answer(req, { seed: "s" });
    expect(refused.error?.class).toBe("refused");
  });

  it("health: GET /models/{model}; an unknown model fails with the reason", async () => {
    expect(await responsesHealth(opts)).toEqual({ ok: true, detail: "model o4-mini-deep-research available" });
    expect(srv.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/models/o4-mini-deep-research" });
    expect(await responsesHealth({ ...opts, model: "o3-deep-research" })).toEqual({
      ok: false,
      detail: "model o3-deep-research not offered (HTTP 404)",
      failure: { class: "http_status", status: 404 },
    });
  });
});

describe("chat completions with structured citations", () => {
  let srv: OpenAITestServer;
  const agent = () =>
    openAIAgent({
      name: "search",
      baseUrl: srv.baseUrl,
      model: "gpt-4o-search-preview",
      apiKey: null,
      config: OpenAIConfigSchema.parse({ timeoutMs: 2_000 }),
      allow: [new URL(srv.baseUrl).host],
      prices: priceTable(),
    });
  beforeAll(async () => {
    srv = await startOpenAITestServer();
  });
  afterAll(() => srv.close());

  it("message annotations (url_citation over inline links) become markers and References", async () => {
    const m = annotatedMessage(claims, sources);
    srv.enqueue(reply.content(m.content, { annotations: m.annotations }));
    const a = await agent().answer(req, { seed: "s" });
    expect(a.text).toBe(
      `${claims[0]!.slice(0, -1)} [1]. ${claims[1]!.slice(0, -1)} [2].\n\n## References\n[1] ${sources[0]!.url}\n[2] ${sources[1]!.url}`,
    );
    expect(a.citations.count).toBe(2);
  });

  it("Perplexity's citations list beside [n] markers becomes the References", async () => {
    const p = perplexityCompletion(claims, sources);
    srv.enqueue(reply.content(p.content, { citations: p.citations, searchResults: p.search_results }));
    const a = await agent().answer(req, { seed: "s" });
    expect(a.text).toBe(`${p.content}\n\n## References\n[1] ${sources[0]!.url}\n[2] ${sources[1]!.url}`);
    expect(a.citations).toEqual({ count: 2, urls: sources.map((s) => s.url) });
  });

  it("search_results alone (newer Perplexity) serve as the list; a text with its own References is merged", async () => {
    const p = perplexityCompletion(claims, sources);
    const own = `${p.content}\n\n## References\n[1] ${sources[0]!.url}`;
    srv.enqueue(reply.content(own, { searchResults: p.search_results }));
    const a = await agent().answer(req, { seed: "s" });
    expect(a.text).toBe(`${own}\n[2] ${sources[1]!.url}`);
  });
});
