import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { AGENT_ERROR_CLASSES, TRACE_LIMITS, wellFormed, type AgentAnswer, type AgentRequest } from "@arena/core";
import { startRawProvider, type RawProvider } from "../../../tests/servers/raw-provider-server";
import { MAX_ANSWER_BYTES } from "../src/answer";
import { ANSWER_CAPS } from "../src/protocols/structured-citations";
import {
  adapterAt,
  anthropicBody,
  chatBody,
  geminiBody,
  longestStall,
  outputMessage,
  responsesBody,
  type Protocol,
} from "./provider-bodies";

/**
 * Every provider adapter over hostile answer shapes (huge, deep, out of range, wrong types),
 * served over real HTTP: each outcome is a classified agent error or an answer within the caps,
 * never a throw, and no call blocks the event loop for more than 250 ms (a heartbeat on the loop,
 * read with performance.now(), inside the property). Seeded and bounded, so a run is repeatable;
 * the attacks that froze or crashed a worker are fixed examples.
 */
const req: AgentRequest = {
  question: "Which console did NEC sell in 1990?",
  wordLimitInstruction: "Answer length: 200-300 words.",
  history: [],
};
const STALL_LIMIT_MS = 250;
const RUNS = { seed: 29, numRuns: 30, endOnFailure: true, verbose: 0 } as const;

/** A placeholder for a nesting `depth` levels deep, spliced into the serialised body (JSON.stringify would recurse over it). */
const DEEP = /"__deep_(\d+)__"/g;
const serialise = (body: unknown) =>
  JSON.stringify(body).replace(DEEP, (_, d: string) => `${"[".repeat(Number(d))}0${"]".repeat(Number(d))}`);

// ---- hostile pieces (sizes kept to what fits the 5 MB body limit: a larger body is refused by the size cap)
const deep = fc.integer({ min: 50, max: 200_000 }).map((d) => `__deep_${d}__`);
const small = fc.anything({ maxDepth: 3, maxKeys: 4 });
/** Any value, or a nesting up to 200,000 levels deep: for single fields. */
const anything = fc.oneof(small, deep);
const shortText = fc.oneof(
  { arbitrary: fc.string({ maxLength: 300 }), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 300 }), weight: 2 },
  { arbitrary: small, weight: 1 },
);
/** Text: ordinary, with lone surrogates and NULs, huge (up to 160,000 characters), or not text at all. */
const text = fc.oneof(
  { arbitrary: shortText, weight: 3 },
  {
    arbitrary: fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 20_000 })).map(([unit, n]) => unit.repeat(n)),
    weight: 2,
  },
  { arbitrary: anything, weight: 1 },
);
/** An offset: in range, just past it, far out, fractional, negative, or not a number. */
const offset = fc.oneof(fc.integer({ min: -3, max: 70_000 }), fc.constantFrom(2 ** 31, 2 ** 53, 1.5, -1e300), small);
const url = fc.oneof(
  fc.webUrl(),
  fc.constantFrom("javascript:alert(1)", "https://vertexaisearch.cloud.google.com/grounding-api-redirect/x", ""),
  small,
);
/** A list of up to 5,000 copies of one entry (cheap to generate, as costly to read as distinct ones). */
const many = <T>(entry: fc.Arbitrary<T>, max = 5_000) =>
  fc.tuple(entry, fc.integer({ min: 0, max })).map(([e, n]) => new Array<T>(n).fill(e));
/** A list: a few entries (which may be huge), thousands of small ones, or not a list. */
const list = <T>(entry: fc.Arbitrary<T>, smallEntry: fc.Arbitrary<unknown> = small) =>
  fc.oneof(
    { arbitrary: fc.array(entry, { maxLength: 4 }), weight: 3 },
    { arbitrary: many(smallEntry), weight: 2 },
    { arbitrary: anything, weight: 1 },
  );
/** A body of the wire format (mostly), or anything at all. */
const bodyOr = (body: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: body, weight: 5 }, { arbitrary: anything, weight: 1 });

// ---- bodies per wire format
const chatAnnotation = fc.oneof(
  fc.record({
    type: fc.constant("url_citation"),
    url_citation: fc.record({ url, title: shortText, start_index: offset, end_index: offset }),
  }),
  small,
);
const openaiBody = bodyOr(
  fc
    .record({
      content: text,
      annotations: list(chatAnnotation, chatAnnotation),
      citations: list(url, url),
      search_results: list(fc.record({ url }), fc.record({ url })),
    })
    .map((b) => chatBody(b.content, { annotations: b.annotations }, { citations: b.citations, search_results: b.search_results })),
);

const responsesAnnotation = fc.oneof(fc.record({ type: fc.constant("url_citation"), url, start_index: offset, end_index: offset }), small);
const smallResponsesItem = fc.oneof(
  shortText.map((t) => outputMessage(t, [])),
  fc.record({
    type: fc.constant("web_search_call"),
    action: fc.record({ type: fc.constant("search"), query: shortText, sources: fc.array(fc.record({ url }), { maxLength: 3 }) }),
  }),
  small,
);
const responsesItem = fc.oneof(
  fc.record({ text, annotations: list(responsesAnnotation, responsesAnnotation) }).map((m) => outputMessage(m.text, m.annotations)),
  fc.record({ type: fc.constant("message"), content: anything }),
  fc.record({
    type: fc.constant("web_search_call"),
    action: fc.record({
      type: fc.constant("search"),
      query: text,
      queries: list(shortText, shortText),
      sources: list(fc.record({ url }), fc.record({ url })),
    }),
  }),
  fc.record({
    type: fc.constant("code_interpreter_call"),
    code: text,
    outputs: list(fc.record({ type: fc.constant("logs"), logs: shortText })),
  }),
  anything,
);
/** Mostly a readable text first (so the rest is read beside an answer), then hostile entries. */
const after = <T>(first: fc.Arbitrary<T>, rest: fc.Arbitrary<unknown>) =>
  fc.tuple(fc.option(first, { freq: 4 }), rest).map(([f, r]) => (f === null ? r : Array.isArray(r) ? [f, ...r] : [f, r]));
const responsesAnswer = bodyOr(
  after(
    fc
      .record({ text: fc.string({ maxLength: 2_000 }), annotations: list(responsesAnnotation, responsesAnnotation) })
      .map((m) => outputMessage(m.text, m.annotations)),
    list(responsesItem, smallResponsesItem),
  ).map((output) => responsesBody(output)),
);

const anthropicCitation = fc.oneof(fc.record({ type: fc.constant("web_search_result_location"), url, title: shortText }), small);
const smallAnthropicBlock = fc.oneof(
  fc.record({ type: fc.constant("text"), text: shortText, citations: fc.array(anthropicCitation, { maxLength: 3 }) }),
  fc.constant(0),
  small,
);
const anthropicBlock = fc.oneof(
  fc.record({ type: fc.constant("text"), text, citations: list(anthropicCitation, anthropicCitation) }),
  fc.record({
    type: fc.constant("server_tool_use"),
    id: fc.constantFrom("t1", "t2"),
    name: fc.constantFrom("web_search", "web_fetch", "code"),
    input: anything,
  }),
  fc.record({
    type: fc.constant("web_search_tool_result"),
    tool_use_id: fc.constantFrom("t1", "t2"),
    content: list(fc.record({ url }), fc.record({ url })),
  }),
  fc.constant(0),
  anything,
);
const anthropicAnswer = bodyOr(
  after(
    fc.record({ type: fc.constant("text"), text: fc.string({ maxLength: 2_000 }), citations: list(anthropicCitation, anthropicCitation) }),
    list(anthropicBlock, smallAnthropicBlock),
  ).map((content) => anthropicBody(content)),
);

const geminiPart = fc.oneof(
  fc.record({ text }),
  fc.record({ text, thought: fc.boolean() }),
  fc.record({ executableCode: fc.record({ code: text }) }),
  anything,
);
const smallPart = fc.oneof(fc.record({ text: shortText }), small);
const support = fc.oneof(
  fc.record({
    segment: fc.record({ startIndex: offset, endIndex: offset, partIndex: offset, text: shortText }),
    groundingChunkIndices: list(offset, offset),
  }),
  small,
);
const chunk = fc.oneof(fc.record({ web: fc.record({ uri: url, title: shortText }) }), small);
const geminiAnswer = bodyOr(
  fc
    .record({
      parts: list(geminiPart, smallPart),
      chunks: list(chunk, chunk),
      supports: list(support, support),
      queries: list(shortText, shortText),
    })
    .map((g) => geminiBody(g.parts, { groundingChunks: g.chunks, groundingSupports: g.supports, webSearchQueries: g.queries })),
);

// ---- the attacks of the issue, as fixed examples
const annotationsPastEnd = Array.from({ length: 20_000 }, (_, i) => ({
  type: "url_citation",
  url_citation: { url: `https://s.example/${i}`, title: "t", start_index: 400_001 + i, end_index: 400_010 + i },
}));
/** 2.7 MB: 400,000 characters and 20,000 annotations whose offsets lie past the text's end. */
const twoPointSevenMb = chatBody("word ".repeat(80_000), { annotations: annotationsPastEnd });
const withinCapManyAnnotations = chatBody("A claim about consoles. ".repeat(1_200), {
  annotations: annotationsPastEnd.map((a, i) => ({
    ...a,
    url_citation: { ...a.url_citation, start_index: i % 28_000, end_index: (i % 28_000) + 9 },
  })),
});
const referenceLines = chatBody(
  `Claim.\n\n## References\n${Array.from({ length: 130_000 }, (_, i) => `[${i + 1}] https://r.example/${i}`).join("\n")}`,
  { annotations: annotationsPastEnd.slice(0, 1) },
);
const millionZeros = anthropicBody([{ type: "text", text: "NEC sold the PC Engine in 1990." }, ...new Array(1_000_000).fill(0)]);
const manyZeros = anthropicBody([{ type: "text", text: "NEC sold the PC Engine in 1990." }, ...new Array(500_000).fill(0)]);
const supportsNowhere = geminiBody([{ text: "Grounded text. ".repeat(4_300) }], {
  groundingChunks: [{ web: { uri: "https://one.example/" } }],
  groundingSupports: Array.from({ length: 20_000 }, (_, i) => ({
    segment: { startIndex: 70_000 + i, endIndex: 70_010 + i, text: `Grounded text. Grounded text. missing ${i}` },
    groundingChunkIndices: [0, 0, 0],
  })),
});
const responsesMany = responsesBody([
  outputMessage(
    "Text. ".repeat(10_000),
    annotationsPastEnd.map((a) => ({ type: "url_citation", ...a.url_citation })),
  ),
]);

/** What an answer may be: a classified failure with no text, or text within the caps that the database can store. */
function expectWithinCaps(a: AgentAnswer): void {
  if (a.error) {
    expect(AGENT_ERROR_CLASSES).toContain(a.error.class);
    expect(a.text).toBe("");
    return;
  }
  expect(Buffer.byteLength(a.text, "utf8")).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
  expect(a.text.includes("\u0000")).toBe(false);
  expect(wellFormed(a.text)).toBe(a.text);
  expect(a.trace?.steps.length ?? 0).toBeLessThanOrEqual(TRACE_LIMITS.steps);
  expect(JSON.stringify(a.trace ?? null).length).toBeLessThanOrEqual(TRACE_LIMITS.totalChars + 200);
}

let srv: RawProvider;
beforeAll(async () => {
  srv = await startRawProvider();
});
afterAll(() => srv.close());

const cases: Array<[Protocol, fc.Arbitrary<unknown>, unknown[]]> = [
  ["openai", openaiBody, [twoPointSevenMb, withinCapManyAnnotations, referenceLines]],
  ["openai_responses", responsesAnswer, [responsesMany]],
  ["anthropic", anthropicAnswer, [millionZeros, manyZeros]],
  ["gemini", geminiAnswer, [supportsNowhere]],
];

describe("provider adapters over hostile answers (property-based, seeded)", () => {
  for (const [protocol, body, examples] of cases) {
    it(`${protocol}: a classified error or an answer within the caps, never a throw, never a stall over ${STALL_LIMIT_MS} ms`, async () => {
      const client = adapterAt(protocol, srv.baseUrl, srv.host);
      const run = await fc.check(
        fc.asyncProperty(body, async (b) => {
          const served = serialise(b);
          // The size cap refuses larger bodies before anything reads them (tested with the guarded client).
          fc.pre(served.length <= 5_000_000);
          srv.answerWith(served);
          const { value, stallMs, wallGapMs } = await longestStall(() => client.answer(req, { seed: "property" }));
          expectWithinCaps(value);
          if (process.env.PROVIDER_PROPERTY_LOG)
            console.log(
              `${protocol} ${(served.length / 1e6).toFixed(2)} MB blocked ${stallMs.toFixed(0)} ms (longest wall gap ${wallGapMs.toFixed(0)} ms) ${value.error ? `${value.error.class}: ${value.error.detail.slice(0, 80)}` : "answered"}`,
            );
          expect(stallMs).toBeLessThan(STALL_LIMIT_MS);
        }),
        { ...RUNS, examples: examples.map((e) => [e]) },
      );
      // Bodies run to megabytes: the report names the failing body by its size and start, not in full.
      const failure = run.failed
        ? `${run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance)} on a body of ${serialise(run.counterexample?.[0]).length} bytes: ${serialise(run.counterexample?.[0]).slice(0, 300)}`
        : null;
      expect(failure).toBeNull();
    }, 180_000);
  }

  it("the caps hold on the fixed examples: what is dropped is counted", async () => {
    srv.answerWith(serialise(withinCapManyAnnotations));
    const a = await adapterAt("openai", srv.baseUrl, srv.host).answer(req, { seed: "s" });
    expect(a.trace?.dropped?.citations).toBe(20_000 - ANSWER_CAPS.citations);
  }, 30_000);
});
