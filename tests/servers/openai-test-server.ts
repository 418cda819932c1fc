/**
 * OpenAI-compatible test server: real HTTP (node:http) on 127.0.0.1, ephemeral port, answering
 * from a per-test script. Shared by the examiner and agents test suites.
 *
 * API
 * ```ts
 * const srv = await startOpenAITestServer({ models: ["test-model"] });
 * srv.baseUrl            // "http://127.0.0.1:PORT/v1" — pass as the OpenAI SDK baseURL
 * srv.enqueue(reply.json({ verdict: "[[Tie]]" }), reply.status(429, { retryAfter: 0 }));
 * srv.setHandler((req) => reply.content("hi"));   // dynamic replies once the queue is empty
 * srv.requests           // every request received, in order: { method, path, headers, body }
 * srv.chatRequests()     // only the POST /v1/chat/completions bodies
 * srv.pending()          // scripted responses not consumed yet (assert 0 at the end of a test)
 * await srv.close();
 * ```
 * Routes: `POST /v1/chat/completions`, `GET /v1/models`. Anything else → 404.
 *
 * Scripted responses (`reply.*` builders):
 * - `content(text, opts?)` — a normal completion whose message content is `text` (finish_reason
 *   "stop" unless `opts.finishReason`; `opts.usage` overrides token counts).
 * - `json(value)` — content = JSON.stringify(value).
 * - `fenced(value)` — content = the JSON inside a ```json code fence with chatter around it.
 * - `malformed(text)` — alias of content, for readability: a body that is not valid JSON.
 * - `truncated(value, keepChars?)` — JSON cut in the middle, finish_reason "length".
 * - `status(code, { retryAfter?, body? })` — an HTTP error (429 with Retry-After seconds, 500,
 *   400 with an OpenAI-style error body...).
 * - `delay(ms, inner)` — waits, then sends `inner`.
 *
 * When the queue is empty and no handler is set the server answers 500 with
 * `{"error":{"message":"openai-test-server: no scripted response"}}`, so an unexpected extra
 * call fails loudly instead of hanging.
 *
 * No streaming and no tool calls: the arena's clients use neither.
 *
 * Usage: unless scripted, `prompt_tokens` = ceil(chars of all message contents / 4) and
 * `completion_tokens` = ceil(chars of the reply / 4) — deterministic, so tests can assert it.
 */
import { createServer, type ServerResponse } from "node:http";
import { readBody, sendJson } from "./http-body";
import type { AddressInfo } from "node:net";

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export type ScriptedResponse =
  | {
      kind: "content";
      content: string;
      finishReason?: "stop" | "length";
      usage?: Partial<Usage>;
      model?: string;
    }
  | { kind: "status"; status: number; retryAfter?: number; body?: unknown }
  | { kind: "delay"; ms: number; then: ScriptedResponse };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or the raw string when it was not JSON, or null when empty. */
  body: unknown;
}

export type Handler = (req: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>;

export interface OpenAITestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  enqueue(...responses: ScriptedResponse[]): void;
  setHandler(handler: Handler | null): void;
  chatRequests(): ChatRequestBody[];
  pending(): number;
  close(): Promise<void>;
}

/** The fields tests usually inspect on a recorded chat request. */
export interface ChatRequestBody {
  model?: string;
  messages?: Array<{ role: string; content: unknown }>;
  temperature?: number;
  response_format?: { type: string; json_schema?: unknown };
  [key: string]: unknown;
}

export const reply = {
  content(text: string, opts: Omit<Extract<ScriptedResponse, { kind: "content" }>, "kind" | "content"> = {}): ScriptedResponse {
    return { kind: "content", content: text, ...opts };
  },
  json(value: unknown, opts: { usage?: Partial<Usage> } = {}): ScriptedResponse {
    return { kind: "content", content: JSON.stringify(value), ...opts };
  },
  fenced(value: unknown): ScriptedResponse {
    return {
      kind: "content",
      content: `Here is the result:\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n`,
    };
  },
  malformed(text: string): ScriptedResponse {
    return { kind: "content", content: text };
  },
  truncated(value: unknown, keepChars?: number): ScriptedResponse {
    const full = JSON.stringify(value);
    return { kind: "content", content: full.slice(0, keepChars ?? Math.floor(full.length / 2)), finishReason: "length" };
  },
  status(status: number, opts: { retryAfter?: number; body?: unknown } = {}): ScriptedResponse {
    return { kind: "status", status, ...opts };
  },
  delay(ms: number, then: ScriptedResponse): ScriptedResponse {
    return { kind: "delay", ms, then };
  },
};

const approxTokens = (chars: number) => Math.ceil(chars / 4);

function promptChars(body: unknown): number {
  const messages = (body as ChatRequestBody | null)?.messages;
  if (!Array.isArray(messages)) return 0;
  return messages.reduce((n, m) => n + (typeof m.content === "string" ? m.content.length : JSON.stringify(m.content ?? "").length), 0);
}

let completionCounter = 0;

async function sendScripted(res: ServerResponse, req: RecordedRequest, r: ScriptedResponse): Promise<void> {
  if (r.kind === "delay") {
    await new Promise((resolve) => setTimeout(resolve, r.ms));
    return sendScripted(res, req, r.then);
  }
  if (r.kind === "status") {
    const headers: Record<string, string> = r.retryAfter !== undefined ? { "retry-after": String(r.retryAfter) } : {};
    const body = r.body ?? { error: { message: `scripted HTTP ${r.status}`, type: "test_error", code: r.status } };
    return sendJson(res, r.status, body, headers);
  }
  const body = req.body as ChatRequestBody | null;
  const promptTokens = r.usage?.prompt_tokens ?? approxTokens(promptChars(body));
  const completionTokens = r.usage?.completion_tokens ?? approxTokens(r.content.length);
  const usage: Usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: r.usage?.total_tokens ?? promptTokens + completionTokens,
  };
  const id = `chatcmpl-test-${++completionCounter}`;
  const model = r.model ?? body?.model ?? "test-model";
  const created = Math.floor(Date.now() / 1000);
  const finishReason = r.finishReason ?? "stop";
  sendJson(res, 200, {
    id,
    object: "chat.completion",
    created,
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: r.content, refusal: null },
        finish_reason: finishReason,
        logprobs: null,
      },
    ],
    usage,
  });
}

export async function startOpenAITestServer(opts: { models?: string[] } = {}): Promise<OpenAITestServer> {
  const queue: ScriptedResponse[] = [];
  const requests: RecordedRequest[] = [];
  let handler: Handler | null = null;
  const models = opts.models ?? ["test-model"];

  const server = createServer((req, res) => {
    void (async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: (req.url ?? "/").split("?")[0]!,
        headers: req.headers,
        body: await readBody(req),
      };
      requests.push(recorded);
      if (recorded.method === "GET" && recorded.path === "/v1/models") {
        return sendJson(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model", created: 0, owned_by: "test" })) });
      }
      if (recorded.method !== "POST" || recorded.path !== "/v1/chat/completions") {
        return sendJson(res, 404, { error: { message: `no route ${recorded.method} ${recorded.path}` } });
      }
      const next = queue.shift() ?? (handler ? await handler(recorded) : undefined);
      if (!next) return sendJson(res, 500, { error: { message: "openai-test-server: no scripted response" } });
      await sendScripted(res, recorded, next);
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `openai-test-server: ${String(err)}` } });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...responses) => void queue.push(...responses),
    setHandler: (h) => void (handler = h),
    chatRequests: () =>
      requests.filter((r) => r.method === "POST" && r.path === "/v1/chat/completions").map((r) => r.body as ChatRequestBody),
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
