/**
 * Response bodies in the providers' documented wire formats, written from their public API
 * references (OpenAI Responses API and chat completions, Perplexity chat completions, Anthropic
 * Messages with the web search tool, Gemini generateContent with Google Search grounding), for the
 * local test servers. Offsets are computed from the text, in each provider's unit: OpenAI counts
 * characters (code points), Gemini UTF-8 bytes of the part, Anthropic splits text into blocks.
 *
 * Each builder takes the sources so a test (or an integration run on a tree) can cite real pages.
 */

export interface Source {
  url: string;
  title: string;
}

const codePoints = (s: string) => [...s].length;
const bytes = (s: string) => Buffer.byteLength(s, "utf8");

/** Where `needle` sits in `text` (first occurrence), in code points. */
function cpSpan(text: string, needle: string): { start_index: number; end_index: number } {
  const at = text.indexOf(needle);
  if (at === -1) throw new Error(`fixture: "${needle}" not in text`);
  return { start_index: codePoints(text.slice(0, at)), end_index: codePoints(text.slice(0, at + needle.length)) };
}

// ------------------------------------------------------------------ OpenAI Responses API

/**
 * A completed deep-research response: reasoning, web searches (search with sources, open_page,
 * find_in_page), a code interpreter call, then the message whose `output_text` carries
 * `url_citation` annotations over the claims they support. `claims[i]` is cited by `sources[i]`.
 */
export function responsesOutput(claims: string[], sources: Source[], opts: { query?: string; preface?: string } = {}): unknown[] {
  const text = `${opts.preface ?? "Findings of the research:"}\n\n${claims.map((c) => `- ${c}`).join("\n")}\n\nThese sources agree on the dates.`;
  return [
    { id: "rs_001", type: "reasoning", summary: [{ type: "summary_text", text: "Planning the searches." }] },
    {
      id: "ws_001",
      type: "web_search_call",
      status: "completed",
      action: { type: "search", query: opts.query ?? "research question", sources: sources.map((s) => ({ type: "url", url: s.url })) },
    },
    { id: "ws_002", type: "web_search_call", status: "completed", action: { type: "open_page", url: sources[0]!.url } },
    {
      id: "ws_003",
      type: "web_search_call",
      status: "completed",
      action: { type: "find_in_page", url: sources[0]!.url, pattern: "founded" },
    },
    {
      id: "ci_001",
      type: "code_interpreter_call",
      status: "completed",
      container_id: "cntr_001",
      code: "print(2025 - 1947)",
      outputs: [{ type: "logs", logs: "78" }],
    },
    {
      id: "msg_001",
      type: "message",
      status: "completed",
      role: "assistant",
      content: [
        {
          type: "output_text",
          text,
          logprobs: [],
          annotations: claims.map((c, i) => ({
            type: "url_citation",
            ...cpSpan(text, c),
            url: `${sources[i % sources.length]!.url}?utm_source=openai`,
            title: sources[i % sources.length]!.title,
          })),
        },
      ],
    },
  ];
}

/** A Response object (`object: "response"`) around an output, with usage. */
export function responseObject(
  id: string,
  status: string,
  output: unknown[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const done = status === "completed" || status === "incomplete";
  return {
    id,
    object: "response",
    created_at: 1_767_000_000,
    status,
    background: true,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: "o4-mini-deep-research-2025-06-26",
    output: done ? output : [],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: "medium", summary: null },
    store: true,
    temperature: 1,
    text: { format: { type: "text" } },
    tool_choice: "auto",
    tools: [{ type: "web_search_preview" }],
    top_p: 1,
    truncation: "disabled",
    usage: done
      ? {
          input_tokens: 12_000,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 3_000,
          output_tokens_details: { reasoning_tokens: 2_000 },
          total_tokens: 15_000,
        }
      : null,
    user: null,
    metadata: {},
    ...extra,
  };
}

// ------------------------------------------------------------------ chat completions (OpenAI search models, Perplexity)

/**
 * An OpenAI search-model message: each claim followed by an inline link `([site](url))`, with a
 * `url_citation` annotation whose span is that link (as the search models return them).
 */
export function annotatedMessage(claims: string[], sources: Source[]): { content: string; annotations: unknown[] } {
  const links = claims.map((_, i) => {
    const s = sources[i % sources.length]!;
    return `[${new URL(s.url).hostname}](${s.url}?utm_source=openai)`;
  });
  const content = claims.map((c, i) => `${c.replace(/\.$/, "")} (${links[i]}).`).join(" ");
  return {
    content,
    annotations: claims.map((_, i) => {
      const s = sources[i % sources.length]!;
      const { start_index, end_index } = cpSpan(content, links[i]!);
      return { type: "url_citation", url_citation: { start_index, end_index, title: s.title, url: `${s.url}?utm_source=openai` } };
    }),
  };
}

/** A Perplexity answer: `[n]` markers in the text counting `citations` / `search_results` from 1. */
export function perplexityCompletion(
  claims: string[],
  sources: Source[],
): { content: string; citations: string[]; search_results: unknown[] } {
  return {
    content: claims.map((c, i) => `${c} [${(i % sources.length) + 1}].`).join(" "),
    citations: sources.map((s) => s.url),
    search_results: sources.map((s) => ({
      title: s.title,
      url: s.url,
      date: "2025-06-01",
      last_updated: "2025-06-02",
      snippet: `${s.title} …`,
    })),
  };
}

// ------------------------------------------------------------------ Anthropic Messages with web search

/**
 * A Messages API response with the web search tool: a text block, the `server_tool_use` search,
 * its `web_search_tool_result`, then the answer as alternating plain and cited text blocks
 * (`citations` of type `web_search_result_location`), and usage with `server_tool_use`.
 */
export function anthropicMessage(
  claims: string[],
  sources: Source[],
  opts: { query?: string; stopReason?: string; model?: string } = {},
): Record<string, unknown> {
  const blocks: unknown[] = [
    { type: "text", text: "I'll search for this.", citations: null },
    {
      type: "server_tool_use",
      id: "srvtoolu_01",
      name: "web_search",
      input: { query: opts.query ?? "research question" },
      caller: { type: "direct" },
    },
    {
      type: "web_search_tool_result",
      tool_use_id: "srvtoolu_01",
      caller: { type: "direct" },
      content: sources.map((s) => ({
        type: "web_search_result",
        url: s.url,
        title: s.title,
        encrypted_content: "EqgfCioIARgBIiQ3YTAw",
        page_age: "June 1, 2025",
      })),
    },
    { type: "text", text: "Here is what the sources say.\n\n", citations: null },
  ];
  claims.forEach((c, i) => {
    const s = sources[i % sources.length]!;
    blocks.push({
      type: "text",
      text: c,
      citations: [
        {
          type: "web_search_result_location",
          url: s.url,
          title: s.title,
          cited_text: c.slice(0, 60),
          encrypted_index: "Eo8BCioIAhgBIiQyYjQ0",
        },
      ],
    });
    blocks.push({ type: "text", text: i < claims.length - 1 ? " " : "", citations: null });
  });
  return {
    id: "msg_01XFDUDYJgAACzvnptvVoYEL",
    type: "message",
    role: "assistant",
    model: opts.model ?? "claude-haiku-4-5-20251001",
    content: blocks,
    stop_reason: opts.stopReason ?? "end_turn",
    stop_sequence: null,
    usage: {
      input_tokens: 6_039,
      output_tokens: 931,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 },
      service_tier: "standard",
    },
  };
}

// ------------------------------------------------------------------ Gemini generateContent with grounding

/**
 * A generateContent response grounded with Google Search: one text part, `groundingMetadata` with
 * the queries, one chunk per source (Google redirect URIs when `redirect` gives their base) and
 * one support per claim whose segment offsets count UTF-8 bytes of the part.
 */
export function geminiResponse(
  claims: string[],
  sources: Source[],
  opts: { redirect?: (i: number) => string; queries?: string[] } = {},
): Record<string, unknown> {
  const text = `Résumé of the findings:\n\n${claims.join(" ")}`;
  return {
    candidates: [
      {
        content: { role: "model", parts: [{ text }] },
        finishReason: "STOP",
        index: 0,
        groundingMetadata: {
          webSearchQueries: opts.queries ?? ["research question"],
          searchEntryPoint: { renderedContent: '<style></style><div class="container"></div>' },
          groundingChunks: sources.map((s, i) => ({
            web: { uri: opts.redirect ? opts.redirect(i) : s.url, title: new URL(s.url).hostname, domain: new URL(s.url).hostname },
          })),
          groundingSupports: claims.map((c, i) => {
            const at = text.indexOf(c);
            return {
              segment: { startIndex: bytes(text.slice(0, at)), endIndex: bytes(text.slice(0, at + c.length)), text: c },
              groundingChunkIndices: [i % sources.length],
              confidenceScores: [0.93],
            };
          }),
        },
      },
    ],
    usageMetadata: {
      promptTokenCount: 820,
      candidatesTokenCount: 410,
      thoughtsTokenCount: 300,
      toolUsePromptTokenCount: 1_500,
      totalTokenCount: 3_030,
    },
    modelVersion: "gemini-2.5-pro",
    responseId: "mDqGaYKqJsur0-kP2aL-sAw",
  };
}

// ------------------------------------------------------------------ error bodies

/** Each provider's documented error body for a status. */
export const errorBodies = {
  openai: (status: number, message: string) => ({
    error: {
      message,
      type: status === 429 ? "rate_limit_exceeded" : "invalid_request_error",
      param: null,
      code: status === 429 ? "rate_limit_exceeded" : null,
    },
  }),
  anthropic: (status: number, message: string) => ({
    type: "error",
    error: {
      type:
        status === 429
          ? "rate_limit_error"
          : status === 529
            ? "overloaded_error"
            : status === 404
              ? "not_found_error"
              : "invalid_request_error",
      message,
    },
    request_id: "req_011CSHoEeqs5C35K2UUqR7Fy",
  }),
  gemini: (status: number, message: string) => ({
    error: {
      code: status,
      message,
      status: status === 429 ? "RESOURCE_EXHAUSTED" : status === 404 ? "NOT_FOUND" : status === 400 ? "INVALID_ARGUMENT" : "INTERNAL",
    },
  }),
};
